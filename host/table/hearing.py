"""What the table listens for, in the terms the listening path needs.

The game's voice channel and `trivia-host listen` both turn a `Listening`
into the same three things here: the recognizer's expectation, the endpoint
policy (silences and time limit from the settings), and the end-of-turn
test (what counts as a complete utterance: a form on the card, judged as the
judge would, or a whole phrase of the closed list).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from host.judge.confirm import true_or_false_by_sound
from host.judge.core import judge
from host.judge.model import AnswerFields
from host.judge.truefalse import read_true_false
from host.speech.endpoint import EndpointPolicy
from host.speech.recognition import Expectation
from host.speech.settings import SpeechSettings
from host.speech.sound_alike import CARD, SoundAlike, sound_alike
from host.speech.turn_end import (
    TurnEnd,
    closed_list_test,
    longer_than_a_beat,
    one_beat_after_a_hesitation,
    one_beat_drawn_out_after_a_hesitation,
)
from host.table import understanding as und
from host.table.channels import Listening
from host.word_sounds import beats

# Rulings that mean the words heard are a whole form on the card: a listed
# near miss or prompt, or a person's surname alone (the judge asks for the
# rest; piper's "Marie ... Curie", its "Marie" misheard and left out, had
# waited the full silence as a lone word after a hesitation)
_WHOLE_FORM_RULES = frozenset({"reject-list", "prompt-list", "surname"})


@dataclass(frozen=True)
class Plan:
    expectation: Expectation
    policy: EndpointPolicy
    turn_end: TurnEnd | None


def plan_for(listening: Listening, settings: SpeechSettings) -> Plan:
    """An answer's end of turn reads the listening's card as the judge does
    (else its phrases stand for the card)."""
    from host.table.voice import expectation_for

    expectation = expectation_for(listening)
    if listening.kind == "answer":
        policy = settings.answer_policy(listening.time_limit)
        fields = listening.card
        if fields is None and listening.phrases:
            fields = AnswerFields(listening.phrases[0], tuple(listening.phrases[1:]))
        on_the_card = _card_test(fields)
        sounds_like_the_card = _sounds_like_the_card(fields)
        turn_end = TurnEnd(
            _answer_test(on_the_card, expectation.commands, listening.also),
            expectation.phrases,
            expectation.commands,
            sounds_whole=_sounds_like_an_answer(sounds_like_the_card, fields, listening.also),
            sounds_like_the_card=sounds_like_the_card,
            on_the_card=on_the_card,
            right_answers=(fields.answer, *fields.accept) if fields else (),
            listed=(*fields.prompt, *fields.reject) if fields else (),
        )
    else:
        # a list of names may go on after a comma's pause ("Ann, ... Ben"),
        # unless no longer phrase begins with it ("Ben and Ann" of two players)
        names = listening.kind == "names"
        complete = settings.complete_silence if names else settings.command_complete_silence
        policy = settings.command_policy().with_early_end(
            complete, settings.command_silence, final_silence=settings.command_complete_silence
        )
        # "um ... yes": a player thinking before a reply waits as long as
        # before an answer (cut off at the command's 0.5 s, "um" was read "no")
        policy = policy.with_hesitation(settings.answer_silence)
        turn_end = None
        if expectation.kind == "closed":
            phrases = expectation.phrases
            # the choices read out, said with their commas' pauses; not the
            # vocabulary of other prompts ("roll" of "roll for me")
            offered = listening.phrases if listening.kind == "choice" else ()
            turn_end = TurnEnd(
                closed_list_test(phrases),
                _may_go_on(listening, phrases) if names else phrases,
                closed=True,
                offered=offered,
                meaning=und.meanings_of,
            )
    return Plan(expectation, policy, turn_end)


def _may_go_on(listening: Listening, phrases: tuple[str, ...]) -> tuple[str, ...]:
    """A list of names goes on only to those who may claim or steal (the
    listening's `also`, when it says): "steal ann" of a two-player game,
    where Ben answered, is whole at once. Anyone may still be named."""
    from host.table.voice import name_sequences

    if not listening.also:
        return phrases
    sequences = set(name_sequences(listening.phrases))
    return (
        *(p for p in phrases if p not in sequences),
        *name_sequences(listening.also),
    )


def _answer_test(
    on_the_card: Callable[[str], bool], commands: tuple[str, ...], others: tuple[str, ...]
):
    """Complete: a command, "pass", what is whole `on_the_card` (`_card_test`), or
    another answer of the card's kind from the decks ("melbourne", "hmm
    melbourne"), unless it is one word of one beat: that is as often a
    filler Whisper wrote as a word ("uh" as "earth" before "... the Pacific
    Ocean"); of the fillers Whisper wrote as words on the dev sets, all but
    one ("hmm" as "thomas", no answer) were one beat long. After a
    hesitation, though, such a word is the answer ("um mars" on a Venus
    card), unless Whisper writes fillers so (`one_beat_after_a_hesitation`),
    and so is a word that sounds like such an answer drawn out ("um maris":
    `one_beat_drawn_out_after_a_hesitation`)."""
    is_command = closed_list_test(commands)
    is_other = closed_list_test(others)

    def is_complete(text: str) -> bool:
        if is_command(text):
            return True
        if is_other(text) and (
            longer_than_a_beat(text) or one_beat_after_a_hesitation(text, others)
        ):
            return True
        if one_beat_drawn_out_after_a_hesitation(text, others):
            return True
        return on_the_card(text)

    return is_complete


def _card_test(fields: AnswerFields | None):
    """Whole by the card itself: what the judge accepts or finds a whole
    form on it (on a True/False card, any way of saying true, false or a
    hedge)."""

    def on_the_card(text: str) -> bool:
        if fields is None:
            return False
        if fields.kind == "true_false":  # "no way", "that's wrong", "true or false"
            # not a word that only sounds like one ("truly"): on True/False
            # cards Whisper wrote fillers said alone as "turn", "term", "der"
            return read_true_false(text) is not None
        verdict = judge(fields, [text])
        return verdict.verdict == "accept" or verdict.rule in _WHOLE_FORM_RULES

    return on_the_card


def _sounds_like_an_answer(
    sounds_like_the_card, fields: AnswerFields | None, others: tuple[str, ...]
):
    """The words sound like the card's answer (heard loosely: "nickov" for
    Nickel), another of its entries or, in more than one word, another
    answer of its kind (sound_alike.py; a lone word that only sounds like
    one is as often a filler: piper's "erm" in noise was "current", which
    sounds like Granite, and the turn ended before "... Mercury"); on a
    True/False card like just one of the values and longer than one beat
    ("truly"; Whisper wrote fillers said alone as "turn", "term", "der").
    `sounds_like_the_card`: `_sounds_like_the_card(fields)`, built once for both."""
    if fields is not None and fields.kind == "true_false":
        return sounds_like_the_card
    decks = sound_alike(tuple(others))
    return lambda words: (
        sounds_like_the_card(words) or (len(words) > 1 and decks.phrase_for(words) is not None)
    )


def _sounds_like_the_card(fields: AnswerFields | None):
    """The words sound like the card's answer or another of its entries (as
    `_sounds_like_an_answer`, without the decks' other answers)."""
    if fields is not None and fields.kind == "true_false":
        return lambda words: (
            beats(words) > 1 and true_or_false_by_sound(" ".join(words)) is not None
        )
    right = SoundAlike((fields.answer, *fields.accept) if fields else (), CARD)
    listed = SoundAlike((*fields.prompt, *fields.reject) if fields else ())
    return lambda words: any(s.phrase_for(words) for s in (right, listed))
