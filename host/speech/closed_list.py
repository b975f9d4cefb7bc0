"""A closed list (commands, choices, names, yes or no) heard by PocketSphinx's
grammar and by Whisper together (see ClosedListStream): the grammar always
picks some phrase and ends the turn at no cost; Whisper writes the words
themselves, checks the grammar's pick, and decides when it wrote a phrase
of the list exactly.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from host.speech.ahead import PauseDecoding
from host.speech.guided import closest_in_sound, roughly_alike, sound_of, sounds_most_like
from host.speech.phrases import first_spoken_form
from host.speech.recognition import Expectation, GrammarStream, Hypothesis, Recognition
from host.speech.turn_end import (
    after_the_lead_in,
    begins_a_phrase,
    cut_short,
    is_hesitation,
    only_hesitation,
)

if TYPE_CHECKING:
    from host.speech.whisper_engine import WhisperRecognizer

# Seconds of a pause kept before speech resumed after "um" (the VAD starts
# late); an answer keeps less, after silence (whisper_engine.RESUMED_LEAD_SECONDS)
HESITATION_LEAD = 0.5
# What the end of turn reads, where a reply is awaited, for words that begin
# no reply and that Whisper and the grammar hear differently: a player
# thinking aloud (a hesitation: the long pause, and the words left out).
THINKING = "um"
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
# a reply scored by forced decoding (ClosedListStream._likeliest_reply):
# taken when its log-probability is at least this (p = 0.05) and this much
# above any other reply's (p 7 times higher)
LIKELY_REPLY, REPLY_MARGIN = math.log(0.05), 2.0
# ... scored after a prompt (a names prompt's players): "Ann", "Ben" and "Cy"
# said alone in five flite voices scored -0.3 to -5.5, the next reply 1.2 to
# 7.6 lower (14 of 15 at least 3); the prompt lends every name some
# likelihood, so room noise scored "no" -5.5 and a name within 1, and
# "steal" in noise scored "no" -5.4 to -5.8
LIKELY_PROMPTED_REPLY, PROMPTED_REPLY_MARGIN = -5.0, 3.0
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
# Stop 63: from three words ("where am i", "science counter clockwise"),
# not four: on commands_bench.py's 702 utterances, those phrases' finish
# 122 -> 71 ms at the median, the same commands carried out.
LONG_PHRASE_WORDS, CHECK_FLOOR, CHECK_MARGIN = 3, -3.0, 1.5
# Where no reply is awaited and neither pass heard a phrase, one the host
# suggested is taken when Whisper finds it this likely (log p) and this much
# likelier than any other suggested (ClosedListStream._suggested_instead).
# On commands_bench.py's roll prompt, the command said scored -5.0 to -10.1
# with margins 1.7 to 8; fillers, table talk, an answer and noise at most
# -8.5, and 2.8 above the next suggestion
LIKELY_SUGGESTION, SUGGESTION_MARGIN = -9.0, 3.5
# ... of the suggestions whose first token Whisper finds likeliest, so many:
# a roll prompt suggests some 20, and forcing each costs about 10 ms (the
# five: 30-70 ms, paid only where nothing was heard)
SUGGESTIONS_SCORED = 5


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
        self.suggested = tuple(
            dict.fromkeys(f for f in map(first_spoken_form, expectation.likely) if f)
        )
        self.meaning = expectation.meaning
        # the phrases the host suggested as Whisper's prompt: flite kal's
        # "score" in room noise was written "power" without it
        prompt = engine.prompt(expectation.likely, in_order=True)
        self._prompt = prompt
        self._decode = lambda samples: engine.decode(
            samples,
            prompt,
            tokens_per_second=CLOSED_LIST_TOKENS_PER_SECOND,
            first_tokens_per_second=CLOSED_LIST_FIRST_TOKENS_PER_SECOND,
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

    def hesitated(self) -> None:
        """The words before this pause were only fillers: Whisper hears the
        reply from where the player went on (flite awb's "hmm ... no" was
        written "h n n no", slt's "um ... no" "n n o"). The grammar hears it
        all: it cannot leave audio out."""
        self.audio.hesitated(round(HESITATION_LEAD * self.engine.sample_rate))

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
        """At a pause: the grammar's path when it is a whole phrase (unless
        it is no reply where one is awaited, and Whisper wrote a filler or a
        phrase of the list; or, where none is, lead-ins alone, "what", and
        Whisper wrote another phrase), else the phrase Whisper wrote, else
        the phrase the path begins with that Whisper's words sound like
        ("roll" of the path "roll for", Whisper writing flite's "roll" as
        "row off": the turn ends on "roll" rather than waiting for "me"),
        else the path; None when nothing was heard (no telling: not a
        hesitation, whose pause is long)."""
        heard = self.grammar.partial()
        if heard is not None and first_spoken_form(heard) in self.spoken:
            # unless, at a prompt that awaits a reply, the path is no reply
            # and Whisper wrote a filler: flite slt's "hmm" before "no", the
            # grammar's path "again", ended the turn before the reply. Not a
            # lone letter: Whisper wrote flite rms's "Ann" as "n". Nor words
            # unlike the path, none of the list's: flite kal's "hmm", "hey
            # tell me i", the path "wait a minute" (piper's "no", the path
            # "films", is Whisper's "no"). (Where the path is a reply or a
            # command prompt's phrase, waiting on let the grammar settle on
            # it for a filler said alone: "um" heard "ann".) Only then, and
            # below, is Whisper's decoding waited for here.
            if not self._other_than_a_reply(heard):
                # a path of lead-ins ("what", which begins "what does ben
                # need") waits the command's full silence: where Whisper
                # wrote another phrase, that one was said (flite awb's and
                # piper's "one" in noise, the path "what", were decided
                # 0.5 s after the word; Whisper's "one" ends at once). Not
                # where a reply is awaited: the path "yeah" is one, and the
                # filler Whisper wrote before it ("uh") no answer
                lead_ins = not self.replies and only_hesitation(heard)
                return (self._written() or heard) if lead_ins else heard
            thinking = self._filler_written()
            if thinking and len(thinking) > 1:
                return thinking
            written = self._written()
            if written is not None:
                # a phrase of the list Whisper wrote, which the turn ends on
                # (`finish`): a filler lower down (hibari's "uh" before
                # "yeah" was "a", "u", "uh", the grammar's path "pass", and
                # the turn ended before the reply), or a reply where the
                # path was a command that goes on (flite's "no" in noise, the
                # path "what": it waited the half second of "what does ...")
                return written
            return THINKING if self._written_unlike(heard) else heard
        begun = self._begun_phrase(heard)
        found = self._written() or self._completed(heard) or (begun[0] if begun else None)
        filler = self._filler_written()
        if found is None and filler is not None:
            # hibari's "um" before "yes", written "m", the grammar's path "end"
            # (of "end the game"): taken for half a command, the turn ended
            # at the command's short pause, before the reply
            return filler
        if found is None and self.replies and not only_hesitation(heard or ""):
            # flite awb's "yes", Whisper's "us", the grammar's "he was" (of
            # "he was right"): the turn ends on the likeliest reply as soon as
            # on a phrase heard, not after the full silence
            likeliest = self._likeliest_reply_scored()
            found = likeliest[0] if likeliest else None
            if (
                found is None
                and heard
                and not self._begins_a_reply(heard)
                and self._written_unlike(heard)
            ):
                # flite awb's "um" before "yes", written "tongue", the path
                # "come" (of "come again"): no reply begun, and half a command
                # ended the turn at the command's short pause
                return THINKING
        return found or heard or None

    def _begins_a_reply(self, path: str | None) -> bool:
        return begins_a_phrase(first_spoken_form(path or "").split(), self._ways_to_reply())

    def _written_unlike(self, path: str | None, alike=roughly_alike) -> bool:
        """Whisper wrote words, and none of its readings sounds like the path
        (as `alike` hears it)."""
        readings = [h.text for h in self.audio.decoded() if h.text.strip()]
        return bool(readings) and not any(alike(text, path or "") for text in readings)

    def _filler_written(self) -> str | None:
        """Whisper's first reading, when it is only fillers ("m", "hmmm")."""
        readings = self.audio.decoded()[:1]
        return next((first_spoken_form(r.text) for r in readings if only_hesitation(r.text)), None)

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

    def _completed(self, path: str | None) -> str | None:
        """The phrase of the list the grammar's path is the start of, when
        Whisper's first reading has its words and sounds most like it: the
        grammar's path stopped at "what does ben", Whisper wrote "what does
        ben mean" (hibari's "what does Ben need" in noise), and the phrase the
        path begins with ("what") was taken for it."""
        words = first_spoken_form(path or "").split()
        readings = self.audio.decoded()[:1]
        if not words or not readings:
            return None
        reading = first_spoken_form(readings[0].text)
        size = len(reading.split())
        longer = [
            p
            for p in self.spoken
            if len(p.split()) == size > len(words) and p.split()[: len(words)] == words
        ]
        return sounds_most_like(reading, longer)

    def _cut_short(self, picked: Recognition, path: str | None) -> Recognition | None:
        """The grammar's path as the partial results saw it, or the longest
        phrase it begins with ("roll" of "roll for"), when the lattice pass
        ended inside a phrase but Whisper wrote something that sounds like
        it ("row off" for "roll"). Noise Whisper writes as nothing stays
        nothing: the lattice pass is the guard against forced picks."""
        completed = self._completed(path)
        begun = (completed, self.audio.decoded()[0].text) if completed else self._begun_phrase(path)
        if begun is None:
            return None
        phrase, like = begun
        note = f"the grammar's path was '{path}'; '{phrase}', as Whisper's '{like}' sounds"
        return replace(picked, alternatives=(Hypothesis(phrase, 0.5),), notes=(*picked.notes, note))

    def _likeliest_reply(
        self, picked: Recognition, heard: str = "no phrase heard"
    ) -> Recognition | None:
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
            f"{heard}; Whisper finds '{phrase}' the likeliest reply "
            f"(log p {best:.1f}, any other reply {runner_up:.1f} at most)"
        )
        return _heard_as(picked, phrase, best, note)

    def _suggested_instead(self, picked: Recognition) -> Recognition | None:
        """Where no reply is awaited and Whisper wrote no phrase: the phrase
        the host suggested that Whisper finds clearly likeliest
        (`_clearest_suggestion`), when the grammar picked nothing, or a
        phrase the host did not suggest and Whisper wrote nothing like.
        Flite slt's "help", clean, was written "bells", the grammar's path
        "tell" (of "tell me ..."), and nothing was heard; in noise, its "two"
        was written "deal" and the grammar picked "fifth"."""
        if picked.text:
            readings = [h.text for h in self.audio.decoded()]
            # a suggested phrase, or one that says the same ("throw" at the
            # roll prompt, which suggests "roll")
            if any(self._means_the_same(picked.text, s) for s in self.suggested):
                return None
            if any(_sounds_like(text, picked.text) for text in readings):
                return None
        found = self._clearest_suggestion(also=picked.text)
        if found is None:
            return None
        phrase, best, runner_up, reading = found
        heard = f"the grammar picked '{picked.text}'" if picked.text else "no phrase heard"
        note = (
            f"{heard}; Whisper wrote {reading!r} and finds '{phrase}' the likeliest "
            f"of the phrases suggested (log p {best:.1f}, any other {runner_up:.1f} at most)"
        )
        return _heard_as(picked, phrase, best, note, words=(), disputed=True)

    def _clearest_suggestion(self, also: str = "") -> tuple[str, float, float, str] | None:
        """The phrase the host suggested that Whisper finds likeliest, its log
        p, the next one's, and Whisper's reading: when it is likely
        (LIKELY_SUGGESTION) and clearly likelier (SUGGESTION_MARGIN) than any
        other suggested and than `also` (the grammar's pick) by PICK_MARGIN.
        Not where a reply is awaited (the replies are scored instead), nor a
        phrase Whisper's reading is more than a word longer than ("i need a
        drink" is no "repeat"). Only the suggestions whose first token
        Whisper finds likeliest are scored (SUGGESTIONS_SCORED)."""
        readings = [h.text for h in self.audio.decoded() if h.text.strip()]
        if self.replies or not readings or len(self.suggested) < 2:
            return None
        samples = self.audio.samples()
        likeliest = self.engine.likeliest_starts(samples, list(self.suggested), SUGGESTIONS_SCORED)
        if len(likeliest) < 2:
            return None
        scores = self.engine.phrase_scores(samples, [*likeliest, *([also] if also else [])])
        if not scores:
            return None
        ranked = sorted(((scores[p], p) for p in likeliest), reverse=True)
        (best, phrase), (runner_up, _) = ranked[:2]
        if best < LIKELY_SUGGESTION or best - runner_up < SUGGESTION_MARGIN:
            return None
        if also and best - scores[also] < PICK_MARGIN:
            return None
        if len(first_spoken_form(readings[0]).split()) > len(phrase.split()) + 1:
            return None
        return phrase, best, max(runner_up, scores.get(also, -math.inf)), readings[0]

    def _other_reply(self, picked: Recognition) -> Recognition | None:
        """At a question with few replies, when Whisper wrote no phrase and
        nothing like the grammar's pick: the likeliest reply, when it is
        another than the pick's. flite rms's "Ann" was written "and end",
        and the grammar picked "ben" (a steal credited to the wrong player)."""
        readings = [h.text for h in self.audio.decoded()]
        if any(roughly_alike(text, picked.text) for text in readings):
            return None
        other = self._likeliest_reply(picked, f"the grammar picked '{picked.text}'")
        if other is None or self._says_reply(picked.text, other.text):
            return None
        return replace(other, words=(), disputed=True)

    def _says_reply(self, phrase: str, said: str) -> bool:
        """The phrase says the reply `said` is one way of saying, in so many
        words ("steal ann" says "ann"; "no thanks" says "no", as "nope" does)."""
        words = f" {first_spoken_form(phrase)} "
        return any(f" {first_spoken_form(p)} " in words for p in self._reply_of(said))

    def _means_the_same(self, phrase: str, other: str) -> bool:
        """The two phrases are one, or say the same thing: the same meanings,
        not just one shared ("no" and "pass" both say nobody at a steal, but
        not at "Did you say ...?")."""
        if first_spoken_form(phrase) == first_spoken_form(other):
            return True
        if self.meaning is None:
            return False
        meanings = self.meaning(phrase)
        return bool(meanings) and meanings == self.meaning(other)

    def _ways_to_reply(self) -> frozenset[str]:
        return frozenset(first_spoken_form(way) for reply in self.replies for way in reply)

    def _other_than_a_reply(self, phrase: str) -> bool:
        """The prompt awaits replies, and the phrase is none of them."""
        return bool(self.replies) and first_spoken_form(phrase) not in self._ways_to_reply()

    def _reply_of(self, phrase: str) -> tuple[str, ...]:
        """The reply the phrase is one way of saying (the phrase alone if none)."""
        return next((reply for reply in self.replies if phrase in reply), (phrase,))

    def _as_short_as(self, reply: tuple[str, ...]) -> bool:
        """Whisper's reading is no more than a word longer than the reply's
        longest way of saying it: it wrote "marine and tom" for "Maria and
        Tom", of which "maria" (a reply, likely) is only half; "and end" for
        "Ann" is all of it."""
        readings = self.audio.decoded()
        words = len(first_spoken_form(readings[0].text).split()) if readings else 0
        return words <= max(len(first_spoken_form(p).split()) for p in reply) + 1

    def _likeliest_reply_scored(self) -> tuple[str, float, float] | None:
        """The likeliest reply's phrase, its log p and the best other reply's,
        when it is likely and clearly likelier; scored once per audio (the
        pause's and the end's are the same when the turn ends in that pause)."""
        phrases = list(dict.fromkeys(p for reply in self.replies for p in reply))
        if not phrases or not self._as_short_as(tuple(phrases)):
            return None  # no reply is as long as Whisper's reading: nothing to score
        samples = self.audio.samples()
        audio = (self.audio.start, len(samples))  # after a hesitation, the audio starts later
        if self._reply_scores is None or self._reply_scores[0] != audio:
            # with the prompt: flite's "Ann", forced along "Ann" after "Ann, Ben,
            # Cy", log p -1.8 (next best "Ben" -4.1); without it -5.6, as "and" -1.8
            scores = self.engine.phrase_scores(samples, phrases, prompt=self._prompt)
            self._reply_scores = (audio, scores)
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
        likely, margin = (
            (LIKELY_PROMPTED_REPLY, PROMPTED_REPLY_MARGIN)
            if self._prompt
            else (LIKELY_REPLY, REPLY_MARGIN)
        )
        if best < likely or best - runner_up < margin:
            return None
        if not self._as_short_as(self._reply_of(phrase)):
            return None
        return phrase, best, runner_up

    def _written(self) -> str | None:
        """The list's phrase Whisper wrote for the words so far, if any, after
        the fillers it began with ("um yes": the player thought first). Not a
        lower reading that stops short of the first: it says nothing of the
        last words (flite awb's "what does Ben need", in noise, was written
        "what does", "what does then" and "what": not "what", the command)."""
        readings = [first_spoken_form(h.text) for h in self.audio.decoded()]
        spellings = (r.split() for r in readings if not cut_short(r, readings[0]))
        for words in spellings:
            while len(words) > 1 and is_hesitation(words[0]) and " ".join(words) not in self.spoken:
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
        begun = self._phrase_begun_by(readings[0])
        if begun is not None and self._means_the_same(begun, picked.text):
            return None  # "roll off" for the pick "throw": both roll the die
        rivals = {p for text in readings for p in closest_in_sound(text, self.spoken, RIVALS)}
        rivals.discard(first_spoken_form(picked.text))
        # nor a phrase Whisper wrote more than ("what" of "what does")
        rivals = {p for p in rivals if not cut_short(p, readings[0])}
        if all(self._means_the_same(p, picked.text) for p in rivals):
            return None  # none would change what is done (empty: none at all)
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

    def _phrase_begun_by(self, reading: str) -> str | None:
        """The longest phrase of the list the reading begins with, when at
        most one word follows it: flite's "roll", said alone, was written
        "roll off" (its release heard as a word)."""
        words = first_spoken_form(reading).split()
        for size in range(len(words), max(0, len(words) - 2), -1):
            phrase = " ".join(words[:size])
            if phrase in self.spoken:
                return phrase
        return None

    def _unconfirmed(self, picked: Recognition) -> Recognition:
        """The grammar's pick, in dispute when Whisper wrote words and none
        of them sounds like it: a game-changing command is then asked about
        first. commands_bench.py's "i need a drink", written so, was picked
        "i was right" (flite kal16 at 15 dB) and "undo the move" (flite rms):
        the last ruling overturned, a move taken back, on words nobody meant."""
        if not self._written_unlike(picked.text, alike=_sounds_like):
            return picked
        written = next(h.text for h in self.audio.decoded() if h.text.strip())
        note = f"Whisper wrote {written!r}, nothing like the grammar's '{picked.text}'"
        return replace(picked, notes=(*picked.notes, note), disputed=True)

    def discard(self) -> None:
        """Nobody spoke: the grammar is freed, the noise not decoded."""
        self.grammar.finish(lattice=False)

    def finish(self) -> Recognition:
        written = self._written()
        path = self.grammar.partial() if written is None else None  # before it finishes
        # the lattice's best-path pass (up to 150 ms on the game's 300-phrase
        # lists) only when the grammar's pick decides: with it, speech that is
        # no phrase of the list more often ends on no phrase than a wrong one
        picked = self.grammar.finish(lattice=written is None)
        if written is None and not picked.text:
            return (
                self._cut_short(picked, path)
                or self._likeliest_reply(picked)
                or self._suggested_instead(picked)
                or picked
            )
        if written is None:
            return (
                self._likelier_than_the_pick(picked)
                or self._suggested_instead(picked)
                or self._other_reply(picked)
                or self._unconfirmed(picked)
            )
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


def _sounds_like(reading: str, phrase: str) -> bool:
    """Whisper's reading sounds like the phrase, an article apart or not
    ("the wild space" for "a wild space")."""
    return roughly_alike(reading, phrase) or roughly_alike(
        after_the_lead_in(reading), after_the_lead_in(phrase)
    )


def _heard_as(picked: Recognition, phrase: str, log_p: float, note: str, **changes) -> Recognition:
    """The grammar's recognition, with the phrase Whisper scored (log p) as
    what was heard and the note that says why."""
    return replace(
        picked,
        alternatives=(Hypothesis(phrase, round(math.exp(log_p), 4)),),
        notes=(*picked.notes, note),
        **changes,
    )
