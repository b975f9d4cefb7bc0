"""PocketSphinx recognizer: the English model inside the wheel, no download.

Free decoding uses the bundled n-gram model (weak on open answers); closed
choices use a JSGF grammar, which recognizes short commands well and often
returns nothing at all for speech outside the grammar. Two decoders, one
per kind, so a guided answer can run both passes over the same audio as it
arrives. A decoder serves one stream at a time.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from typing import Any

import numpy as np

from host.speech.phrases import grammar_phrases
from host.speech.recognition import CLOSED, FREE, Expectation, Hypothesis, Recognition, Word

# Compiled grammar searches kept: each holds about 4 MB for a list of the
# game's ~300 commands. In a game of 40 questions (145 lists, 86 of them
# distinct: a move's options and a card's phrases are new every turn) the 4
# most recent were asked for again 49 times, the 16 most recent 51 times.
MAX_GRAMMARS = 4
# Words whose place in the dictionary is remembered: the binding's lookup_word
# never frees the pronunciation it is handed (about 80 bytes a word found), and
# every closed list asks about all its words, so each word is asked once. Far
# more than a game's commands and a few games' cards; a word forgotten is asked again.
WORDS_REMEMBERED = 20_000
_FILLER = re.compile(r"^(<.*>|\[.*\]|\+\+.*\+\+)$")
_VARIANT = re.compile(r"\(\d+\)$")


def _words(text: str) -> list[str]:
    return [_VARIANT.sub("", w) for w in text.split() if not _FILLER.match(w)]


def jsgf(phrases: list[str]) -> str:
    body = " | ".join(phrases)
    return f"#JSGF V1.0;\ngrammar choices;\npublic <choice> = {body} ;\n"


class PocketSphinxRecognizer:
    name = "pocketsphinx"
    sample_rate = 16000

    def __init__(
        self, max_alternatives: int = 5, adapt: bool = True, free_decoding: bool = True
    ) -> None:
        """`adapt` (live use): decode while the audio arrives, adapting the
        cepstral mean (the microphone's colour) from one utterance to the next. Otherwise
        (files, tests) each utterance is decoded whole when it ends, with its
        own mean: slower to answer, far more accurate on a first utterance
        (125 of 196 spoken dev rows exactly right against 100), and
        independent of what was decoded before."""
        from pocketsphinx import Decoder

        self.max_alternatives = max_alternatives
        self.adapt = adapt
        # Live, the reply waits for end_utt: its second (flat lexicon) pass
        # cost 182 ms CPU at p50 and 833 ms at p95 on the end-of-turn dev set,
        # 35 and 71 ms without it, with much the same words (bench/listen_bench.py).
        # free_decoding=False: closed lists only (beside an open-vocabulary
        # engine that hears the answers); saves the language model's memory.
        self._free = Decoder(loglevel="FATAL", fwdflat=not adapt) if free_decoding else None
        self._grammar = Decoder(lm=None, loglevel="FATAL")
        self._initial_cmn = self._grammar.get_cmn()
        self._searches: dict[str, bool] = {}  # grammar searches, least recently used first
        self._holders: dict[int, SphinxStream] = {}  # decoder -> its unfinished stream
        grammar = self._grammar

        @lru_cache(maxsize=WORDS_REMEMBERED)
        def in_dictionary(word: str) -> bool:
            return grammar.lookup_word(word) is not None

        self.in_dictionary = in_dictionary

    def _claim(self, decoder) -> None:
        """Close an utterance a forgotten stream left open (a search cannot
        change inside one): a new stream always takes the decoder."""
        holder = self._holders.pop(id(decoder), None)
        if holder is not None and not holder.finished:
            holder.finished = True
            try:
                decoder.end_utt()
            except RuntimeError:
                pass

    def missing_words(self, phrase: str) -> list[str]:
        return [w for w in phrase.split() if not self.in_dictionary(w)]

    def grammar_for(self, phrases) -> tuple[list[str], list[str]]:
        """(grammar phrases the dictionary can say, original phrases it cannot)."""
        return grammar_phrases(phrases, self.missing_words)

    def _activate(self, phrases: list[str]) -> None:
        name = "g" + hashlib.sha1("|".join(phrases).encode()).hexdigest()[:12]
        if name in self._searches:
            self._searches[name] = self._searches.pop(name)  # most recently used last
        else:
            self._grammar.add_jsgf_string(name, jsgf(phrases))
            self._searches[name] = True
        self._grammar.activate_search(name)
        # The move options and the card make a new grammar nearly every turn:
        # keep only the recent ones (MAX_GRAMMARS).
        while len(self._searches) > MAX_GRAMMARS:
            oldest = next(iter(self._searches))
            self._grammar.remove_search(oldest)
            del self._searches[oldest]

    def _free_decoder(self):
        if self._free is None:
            raise RuntimeError("this PocketSphinx recognizer hears closed lists only")
        return self._free

    def stream(self, expectation: Expectation):
        if expectation.kind == FREE:
            self._claim(self._free_decoder())
            return SphinxStream(self, self._free_decoder(), "free", [], [], [])
        if expectation.kind == CLOSED:
            kept, dropped = self.grammar_for(expectation.phrases)
            if not kept:
                self._claim(self._free_decoder())
                return SphinxStream(
                    self,
                    self._free_decoder(),
                    "free",
                    [],
                    dropped,
                    ["no grammar phrase is in the dictionary; decoded freely"],
                )
            self._claim(self._grammar)
            self._activate(kept)
            return SphinxStream(self, self._grammar, "grammar", kept, dropped, [])
        from host.speech.guided import GuidedStream

        return GuidedStream(self, expectation)


class SphinxStream:
    def __init__(
        self,
        engine: PocketSphinxRecognizer,
        decoder,
        mode: str,
        phrases: list[str],
        dropped: list[str],
        notes: list[str],
    ) -> None:
        self.engine, self.decoder, self.mode = engine, decoder, mode
        self.phrases, self.dropped, self.notes = set(phrases), dropped, list(notes)
        self.buffered: list[bytes] | None = None if engine.adapt else []
        if not engine.adapt:
            decoder.set_cmn(engine._initial_cmn)
        decoder.start_utt()
        self.finished = False
        engine._holders[id(decoder)] = self

    def accept(self, samples: np.ndarray) -> None:
        data = np.asarray(samples, np.int16).tobytes()
        if self.buffered is None:
            self.decoder.process_raw(data, False, False)
        else:
            self.buffered.append(data)

    def partial(self) -> str | None:
        """The best path so far; live decoding only (buffered audio is decoded at the end)."""
        if self.buffered is not None or self.finished:
            return None
        hyp = self.decoder.hyp()
        return " ".join(_words(hyp.hypstr)) if hyp is not None else ""

    def finish(self, lattice: bool = True) -> Recognition:
        """`lattice=False`: the best path as the partial results see it,
        without the lattice's best-path pass, which costs 144 ms after a
        2.4 s answer against a card's phrases and the 158 commands; enough
        for a guess, and with it more utterances end on some phrase."""
        if self.finished:
            raise RuntimeError("this recognition stream was already finished or taken over")
        self.finished = True
        if self.buffered:
            self.decoder.process_raw(b"".join(self.buffered), False, True)
        path: Any = None if lattice else self.decoder.hyp()  # before end_utt: no lattice
        self.decoder.end_utt()
        hyp: Any = self.decoder.hyp() if lattice else path
        alternatives: list[Hypothesis] = []
        words: list[Word] = []
        best = " ".join(_words(hyp.hypstr)) if hyp is not None else ""
        if best and self.mode == "grammar" and best not in self.phrases:
            # A search that never reached the grammar's end returns a partial
            # path ("i don't" of "i don't know"): that is not a choice.
            self.notes.append(f"partial grammar path '{best}' ignored")
            best = ""
        if best:
            alternatives.append(Hypothesis(best, round(float(hyp.prob), 4)))
        if best and lattice:
            frame = 0.01  # pocketsphinx counts 10 ms frames
            words = [
                Word(
                    _VARIANT.sub("", s.word),
                    round(float(s.prob), 4),
                    s.start_frame * frame,
                    s.end_frame * frame,
                )
                for s in self.decoder.seg()
                if not _FILLER.match(s.word)
            ]
            if self.mode == "free":
                others = self._n_best(best, float(hyp.prob))
                alternatives += sorted(others, key=lambda a: -a.confidence)
        return Recognition(
            tuple(alternatives),
            engine=self.engine.name,
            mode=self.mode,
            words=tuple(words),
            dropped_phrases=tuple(self.dropped),
            notes=tuple(self.notes),
        )

    def _n_best(self, best: str, best_confidence: float) -> list[Hypothesis]:
        """Other lattice paths, scaled against the best path's score."""
        found: list[Hypothesis] = []
        top_score = None
        for i, entry in enumerate(self.decoder.nbest()):
            if i >= 50 or len(found) >= self.engine.max_alternatives - 1:
                break
            if entry is None or entry.hypstr is None:  # pocketsphinx yields None for a dead path
                continue
            text = " ".join(_words(entry.hypstr))
            top_score = top_score or entry.score or 1.0
            if text and text != best and text not in (a.text for a in found):
                share = min(1.0, entry.score / top_score) if top_score else 0.0
                found.append(Hypothesis(text, round(best_confidence * share, 4)))
        return found
