"""Vosk (Kaldi) recognizer: n-best free decoding and runtime grammars.

Facts this module is built around (measured with the small Vosk models):
- a runtime grammar works only with small/lgraph models (graph/HCLr.fst);
- Vosk silently drops grammar words missing from the model vocabulary, so
  every word is checked first and phrases with unknown words are left out
  (a half-phrase in the grammar would be worse than none);
- out-of-grammar speech comes back as grammar words with full confidence, so
  a grammar result alone never makes an answer (see guided.py).
Free decoding returns n-best alternatives (scores turned into shares by a
softmax); a grammar pass returns the 1-best with word confidences, which
Vosk gives only when alternatives are off.
"""

from __future__ import annotations

import atexit
import itertools
import json
import math
import weakref
from pathlib import Path

import numpy as np

from host.speech.phrases import grammar_phrases
from host.speech.recognition import (
    CLOSED,
    FREE,
    Expectation,
    Hypothesis,
    Recognition,
    RecognitionStream,
    Word,
)

UNKNOWN = "[unk]"
_LOADED: weakref.WeakSet[VoskRecognizer] = weakref.WeakSet()


@atexit.register
def _free_models() -> None:
    # Freed while the vosk module still exists; at interpreter teardown its
    # Model.__del__ would fail noisily.
    for recognizer in list(_LOADED):
        recognizer.model = None


class VoskRecognizer:
    name = "vosk"
    sample_rate = 16000

    def __init__(self, model_path: str | Path, max_alternatives: int = 5) -> None:
        import vosk

        vosk.SetLogLevel(-1)
        self._vosk = vosk
        self.model_path = Path(model_path)
        self.max_alternatives = max_alternatives
        self.model = vosk.Model(str(self.model_path))
        graph = self.model_path / "graph"
        self.supports_grammar = (graph / "HCLr.fst").exists() and (graph / "Gr.fst").exists()
        self.has_unknown_word = self.model.vosk_model_find_word(UNKNOWN) >= 0
        _LOADED.add(self)

    def missing_words(self, phrase: str) -> list[str]:
        return [w for w in phrase.split() if self.model.vosk_model_find_word(w) < 0]

    def grammar_for(self, phrases) -> tuple[list[str], list[str]]:
        """(grammar phrases the model can say, original phrases it cannot)."""
        return grammar_phrases(phrases, self.missing_words)

    def stream(self, expectation: Expectation) -> RecognitionStream:
        if expectation.kind == FREE:
            return VoskStream(self, grammar=None)
        if expectation.kind == CLOSED:
            return VoskStream(self, grammar=list(expectation.phrases))
        from host.speech.guided import GuidedStream

        return GuidedStream(self, expectation)


class VoskStream:
    def __init__(self, engine: VoskRecognizer, grammar: list[str] | None) -> None:
        self.engine = engine
        self.notes: list[str] = []
        self.dropped: list[str] = []
        kaldi = engine._vosk.KaldiRecognizer
        if grammar is not None and not engine.supports_grammar:
            self.notes.append("this Vosk model has no runtime grammars; decoded freely")
            grammar = None
        if grammar is not None:
            kept, self.dropped = engine.grammar_for(grammar)
            if not kept:
                self.notes.append("no grammar phrase is in the model's vocabulary; decoded freely")
                grammar = None
            else:
                if engine.has_unknown_word:
                    kept.append(UNKNOWN)
                # Vosk does not decode \u escapes: keep the words as they are.
                self.recognizer = kaldi(
                    engine.model, engine.sample_rate, json.dumps(kept, ensure_ascii=False)
                )
        if grammar is None:
            self.recognizer = kaldi(engine.model, engine.sample_rate)
        self.mode = "grammar" if grammar is not None else "free"
        # Vosk gives word confidences only with alternatives off.
        self.recognizer.SetMaxAlternatives(0 if self.mode == "grammar" else engine.max_alternatives)
        self.recognizer.SetWords(True)
        self.segments: list[dict] = []

    def accept(self, samples: np.ndarray) -> None:
        # Vosk ends a segment at its own endpoint; keep them all, the host's
        # endpointer decides when the utterance is over.
        if self.recognizer.AcceptWaveform(np.asarray(samples, np.int16).tobytes()):
            self.segments.append(json.loads(self.recognizer.Result()))

    def partial(self) -> str:
        """The best text of the finished segments, then the current one's partial."""
        done = [_best_text(segment) for segment in self.segments]
        now = json.loads(self.recognizer.PartialResult()).get("partial", "")
        return " ".join(t for t in (*done, _clean(now)) if t)

    def finish(self) -> Recognition:
        self.segments.append(json.loads(self.recognizer.FinalResult()))
        if self.mode == "grammar":
            alternatives, words = _one_best(self.segments)
        else:
            alternatives, words = _n_best(self.segments, self.engine.max_alternatives), []
        return Recognition(
            tuple(alternatives),
            engine=self.engine.name,
            mode=self.mode,
            words=tuple(words),
            dropped_phrases=tuple(self.dropped),
            notes=tuple(self.notes),
        )


def _clean(text: str) -> str:
    return " ".join(w for w in text.split() if w != UNKNOWN)


def _best_text(segment: dict) -> str:
    if "alternatives" in segment:
        options = segment["alternatives"]
        return _clean(options[0].get("text", "")) if options else ""
    return _clean(segment.get("text", ""))


def _one_best(segments: list[dict]) -> tuple[list[Hypothesis], list[Word]]:
    words = [
        Word(w["word"], float(w["conf"]), float(w["start"]), float(w["end"]))
        for segment in segments
        for w in segment.get("result", [])
        if w["word"] != UNKNOWN
    ]
    if not words:
        return [], []
    text = " ".join(w.text for w in words)
    confidence = sum(w.confidence for w in words) / len(words)
    return [Hypothesis(text, round(confidence, 4))], words


def _n_best(segments: list[dict], limit: int) -> list[Hypothesis]:
    """Alternatives over all segments: every combination, best total score first."""
    per_segment = []
    for segment in segments:
        options = [
            (_clean(a.get("text", "")), float(a.get("confidence", 0.0)))
            for a in segment.get("alternatives", [])
        ]
        options = [o for o in options if o[0]] if any(o[0] for o in options) else []
        if options:
            per_segment.append(options)
    if not per_segment:
        return []
    combined: dict[str, float] = {}
    for choice in itertools.product(*per_segment):
        text = " ".join(t for t, _ in choice)
        score = sum(s for _, s in choice)
        combined[text] = max(score, combined.get(text, -math.inf))
    ranked = sorted(combined.items(), key=lambda item: -item[1])[: max(1, limit)]
    top = ranked[0][1]
    weights = [math.exp(score - top) for _, score in ranked]
    total = sum(weights)
    return [
        Hypothesis(text, round(weight / total, 4)) for (text, _), weight in zip(ranked, weights)
    ]
