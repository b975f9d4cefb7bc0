"""The judge: what was heard against what the card says -> accept / prompt / reject.

For each alternative the recognizer returned (best first) we find the card
form it reads as most cheaply; the first alternative that matches anything on
the card decides (rule 8). A listed near miss wins a tie (rule 2).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from host.judge import forms as F
from host.judge import truefalse
from host.judge.lexicon import lexicon
from host.judge.match import EXACT, best_form, generic_left_out, readings
from host.judge.model import STRICTNESS, AnswerFields, Verdict, as_alternatives
from host.judge.normalise import card_tokens, heard_variants
from host.judge.numbers import any_roman_value, is_number, point_restored

if TYPE_CHECKING:
    from host.judge.overrides import OverrideBook, QuestionKey


@dataclass(frozen=True)
class Outcome:
    """How one alternative reads against the card."""

    verdict: str
    decisive: bool  # matched something on the card (rule 8)
    reason: str
    rule: str
    form: F.Form | None = None


def _quote(text: str) -> str:
    return "'" + " ".join(text.split()) + "'"


def _role_outcome(
    form: F.Form, said: str, fields: AnswerFields, strictness: str, exact: bool
) -> Outcome:
    answer = fields.answer
    entry = form.entry
    if form.role == F.FULL:
        if form.field == "reject":
            return Outcome(
                "reject",
                True,
                f"rejected: {said} is {entry}, a listed near miss",
                "reject-list",
                form,
            )
        if form.field == "prompt":
            return Outcome(
                "prompt",
                True,
                f"prompt: {said} is right but not specific enough for {answer}",
                "prompt-list",
                form,
            )
        how = "is" if exact else "reads as"
        return Outcome("accept", True, f"accepted: {said} {how} {entry}", "match", form)
    if form.role == F.SURNAME:
        verdict = {"lenient": "accept", "normal": "prompt", "strict": "reject"}[strictness]
        text = {
            "accept": f"accepted: the surname {said} is enough under lenient judging ({entry})",
            "prompt": f"prompt: {said} is only the surname of {entry}",
            "reject": f"rejected: the surname {said} alone is not enough under strict judging; the answer is {answer}",
        }[verdict]
        return Outcome(verdict, True, text, "surname", form)
    if form.role == F.FIRST_NAME:
        return Outcome(
            "reject",
            False,
            f"rejected: {said} is only a first name; the answer is {answer}",
            "first-name",
            form,
        )
    if form.role in (F.NO_MIDDLE_INITIAL, F.NO_MIDDLE_NAME):
        lenient_only = form.role == F.NO_MIDDLE_NAME
        if strictness == "lenient" or (strictness == "normal" and not lenient_only):
            return Outcome(
                "accept",
                True,
                f"accepted: {said} is {entry} without the middle name",
                "middle-name",
                form,
            )
        return Outcome(
            "prompt", True, f"prompt: {said} leaves out part of {entry}", "middle-name", form
        )
    if form.role == F.KNOWN_AS:
        return Outcome(*_known_as_outcome(form, said), form)
    if form.role == F.INITIALS:
        verdict = "reject" if form.field == "reject" else "accept"
        return Outcome(
            verdict, True, f"{verdict}ed: {said} is the initials of {entry}", "initials", form
        )
    if form.role == F.SERIES:
        return Outcome(
            "prompt", True, f"prompt: {said} is only part of the title {entry}", "series", form
        )
    return Outcome(
        "accept", True, f"accepted: {said} is the distinctive part of {entry}", "subtitle", form
    )


def _known_as_outcome(form: F.Form, said: str) -> tuple[str, bool, str, str]:
    """A well-known other name counts as the entry it names (a near miss stays one)."""
    if form.field == "reject":
        text = f"rejected: {said} is another name for {form.entry}, a listed near miss"
        return "reject", True, text, "known-as"
    return "accept", True, f"accepted: {said} is a well-known name for {form.entry}", "known-as"


def _number_outcome(text: str, fields: AnswerFields, said: str) -> Outcome | None:
    """Number and year questions: the number said decides, whatever words surround it."""
    card = _roman_as_digits(card_tokens(fields.answer).tokens)
    expected = {t for t in card if is_number(t)}
    # the point put back first ("minus 273 15"), then as heard
    texts = dict.fromkeys((point_restored(text, expected), text))
    for reading in (reading for said in texts for reading in heard_variants(said)):
        tokens = _roman_as_digits(reading.tokens)
        spoken = {t for t in tokens if is_number(t)}
        if spoken and expected and _number_then_unit(tokens):
            unit = tokens[1] if len(tokens) == 2 else None
            if spoken == expected and not _another_unit(unit, card):
                return Outcome("accept", True, f"accepted: {said} is {fields.answer}", "number")
            if spoken == expected:
                return Outcome(
                    "reject", True, f"rejected: {said} is not {fields.answer}", "number-unit"
                )
            heard_number = " ".join(sorted(spoken))
            return Outcome(
                "reject", True, f"rejected: {said} is {heard_number}, not {fields.answer}", "number"
            )
    return None


def _roman_as_digits(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """A number written in Roman numerals, alone or before a unit ("xii" for
    12, "mcmlxix" for 1969): rule 3's any form, where a number is the answer."""
    value = any_roman_value(tokens[0]) if 1 <= len(tokens) <= 2 else None
    return (str(value), *tokens[1:]) if value else tokens


def _another_unit(unit: str | None, card: tuple[str, ...]) -> bool:
    """Whether the unit or era said after the right number names another
    quantity than the card's answer (its tokens): "44 ad" for 44 BC, "1776
    bc" for 1776, "12 miles" for 12 km. A unit the card leaves open is no
    contradiction."""
    groups = lexicon().unit_groups
    said = groups.get(unit or "")
    if said is None:
        return False
    named = {groups[t] for t in card if t in groups}
    if said in ("bc", "ad") and not named & {"bc", "ad"}:
        named.add("ad")  # a year without an era is AD
    return bool(named) and said not in named


def _number_then_unit(tokens: tuple[str, ...]) -> bool:
    """'12 apostles', '1969 ad': a number and at most one word after it, nothing before.
    ('toy story 2' or 'world war 2' name something else; 'n1' of "12 n1",
    Whisper's "a dozen and one", is no word.)"""
    return is_number(tokens[0]) and (len(tokens) == 1 or (len(tokens) == 2 and tokens[1].isalpha()))


def _another_number(text: str, fields: AnswerFields) -> F.Form | None:
    """The card's answer (or an accept entry) said with a number after it
    that is nowhere on the card ("toy story 2" for Toy Story, "apollo 13"
    for Apollo 11): another title, and it decides, as a near miss would,
    rather than leave the ruling to a lower alternative (rule 8). A number
    the card has may be Whisper's, lent by the card as its prompt ("the
    second world war ii"); one before the words, its slip ("3 republic of
    ireland")."""
    forms = F.card_forms(fields)
    on_the_card = {t for form in forms for t in form.tokens.tokens if is_number(t)}
    for reading in readings(text, fields.kind):
        words = tuple(itertools.takewhile(lambda t: not is_number(t), reading.tokens))
        numbers = reading.tokens[len(words) :]
        if not words or not numbers or not all(map(is_number, numbers)):
            continue
        if on_the_card & set(numbers):
            continue
        for form in forms:
            card_words = tuple(t for t in form.tokens.tokens if not is_number(t))
            if form.role == F.FULL and form.field in ("answer", "accept") and words == card_words:
                return form
    return None


def _true_false_outcome(text: str, fields: AnswerFields, said: str) -> Outcome:
    truth = truefalse.card_truth(fields.answer)
    reading = truefalse.read_true_false(text)
    if reading is None:
        return Outcome("reject", False, f"rejected: {said} is neither true nor false", "true-false")
    if reading == truefalse.HEDGE:
        return Outcome("reject", True, f"rejected: {said} is a hedge, not an answer", "true-false")
    if reading == truth:
        return Outcome("accept", True, f"accepted: {said} means {fields.answer}", "true-false")
    return Outcome(
        "reject",
        True,
        f"rejected: {said} means {reading}; the answer is {fields.answer}",
        "true-false",
    )


def judge_alternative(text: str, fields: AnswerFields, strictness: str = "normal") -> Outcome:
    """One alternative against the card."""
    said = _quote(text)
    if not heard_variants(text):
        return Outcome("reject", False, "rejected: nothing usable was heard", "nothing")
    if fields.kind == "true_false" and truefalse.card_truth(fields.answer):
        return _true_false_outcome(text, fields, said)
    found = best_form(text, fields)
    if found is not None:
        cost, form, reading = found
        if form.role == F.FULL and form.field in ("answer", "accept"):
            left_out = generic_left_out(reading.tokens, form.tokens.tokens)
            if left_out:
                return Outcome(
                    "prompt",
                    True,
                    f"prompt: {said} leaves out '{left_out}' of {form.entry}",
                    "generic",
                    form,
                )
        return _role_outcome(form, said, fields, strictness, exact=cost <= EXACT)
    if fields.kind in ("number", "year"):
        outcome = _number_outcome(text, fields, said)
        if outcome is not None:
            return outcome
    else:
        numbered = _another_number(text, fields)
        if numbered is not None:
            return Outcome(
                "reject",
                True,
                f"rejected: {said} is not {numbered.entry}: it has another number",
                "number",
                numbered,
            )
    return Outcome("reject", False, f"rejected: {said} does not match {fields.answer}", "no-match")


def judge(
    fields: AnswerFields | dict[str, Any],
    heard: str | Sequence[Any],
    strictness: str = "normal",
    overrides: OverrideBook | None = None,
    question_key: QuestionKey | None = None,
) -> Verdict:
    """Judge what was heard (a string, or alternatives best first) against a card.

    `overrides` (an OverrideBook) and `question_key` let a ruling the table
    made earlier on this question decide first.
    """
    if not isinstance(fields, AnswerFields):
        fields = AnswerFields.from_mapping(fields)
    strictness = strictness or "normal"
    if strictness not in STRICTNESS:
        raise ValueError(
            f"unknown strictness {strictness!r} (expected one of {', '.join(STRICTNESS)})"
        )
    alternatives = as_alternatives(heard)
    if overrides is not None and question_key is not None:
        for index, alternative in enumerate(alternatives):
            ruled = overrides.lookup(question_key, alternative.text)
            if ruled is not None:
                opening = {"accept": "accepted", "prompt": "prompt", "reject": "rejected"}[ruled]
                reason = f"{opening}: the table ruled on {_quote(alternative.text)} for this question before"
                return Verdict(ruled, reason, alternative.text, index, None, "override", "override")
    outcomes = [judge_alternative(a.text, fields, strictness) for a in alternatives]
    details = tuple(f"{a.text!r}: {o.reason}" for a, o in zip(alternatives, outcomes))
    for index, (alternative, outcome) in enumerate(zip(alternatives, outcomes)):
        if outcome.decisive:
            reason = outcome.reason
            if index > 0:
                reason += f" (alternative {index + 1}; the better ones matched nothing)"
            form = outcome.form
            return Verdict(
                outcome.verdict,
                reason,
                alternative.text,
                index,
                form.entry if form else None,
                form.field if form else None,
                outcome.rule,
                details,
            )
    if not outcomes:
        return Verdict("reject", "rejected: nothing was heard", rule="nothing")
    first = outcomes[0]
    reason = (
        first.reason
        if len(outcomes) == 1
        else first.reason + f" (nor did the other {len(outcomes) - 1} alternatives)"
    )
    return Verdict("reject", reason, alternatives[0].text, 0, None, None, first.rule, details)
