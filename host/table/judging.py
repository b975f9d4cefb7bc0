"""The answer judge as the table uses it, and the table's overrides that
teach it. Without the judge package the table judges: the host reads the
answer and asks whether it was right.

A spoken answer may also carry what the recognizer's pass guided by the
card heard (`card_guess`); when free decoding heard nothing the card knows,
the judge's confirm layer (host.judge.confirm) may then rule "confirm": the
host asks "Did you say ...?" rather than rule a right answer wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from host.judge.competitors import CompetitorPool
from host.judge.model import AnswerFields
from host.judge.numbers import number_words

if TYPE_CHECKING:
    from host.speech.background import BackgroundLoad


@dataclass(frozen=True)
class Ruling:
    verdict: str  # accept | prompt | reject | confirm
    reason: str
    heard: str  # the alternative that decided
    confidence: float = 1.0  # how sure the host is of the verdict (0..1)
    ask_about: str | None = None  # confirm: the card's entry to ask about


class Judging:
    def __init__(self, overrides_path: Path | None = None, warn=None):
        from host.judge import OverrideBook, QuestionKey, judge
        from host.judge.caches import forget_cards

        forget_cards()  # a new game: the last one's cards would fill the caches up (caches.py)
        self._judge, self._key = judge, QuestionKey
        self.book = OverrideBook.load(overrides_path)
        if self.book.warning and warn:
            warn(self.book.warning)
        # the game's cards and their answers by kind, read once a game
        self._pool: tuple[object, CompetitorPool] | None = None
        self._preparing: tuple[object, BackgroundLoad[CompetitorPool]] | None = None

    def rule(
        self,
        question,
        deck: str,
        card: str,
        alternatives: list[str],
        strictness: str,
        card_guess: str | None = None,
        cards=None,
        spoken: bool = False,
    ) -> Ruling:
        """The ruling on what was heard; the override book decides first.
        `cards` (the game's cards by id) give the competitors of a card guess;
        `spoken`: heard by the recognizer, so what it sounds like may be asked about."""
        from host.judge.confirm import decide

        fields = heard_fields(question)
        key = self._key(deck, card, question.category)
        verdict = self._judge(
            fields, list(alternatives), strictness, overrides=self.book, question_key=key
        )
        heard = verdict.heard or (alternatives or [""])[0]
        if not spoken or verdict.rule == "override":
            return Ruling(verdict.verdict, verdict.reason, heard)
        # by voice every ruling goes to `decide`, accepts too: it asks about an
        # answer only a lower reading finished or named, a number right only
        # lower down, a True/False heard as neither ("truly": "Did you say
        # True?"), and weighs the card guess against a reject
        rivals = self._competitors(fields, cards) if card_guess and cards is not None else ()
        # the ruling is the override-free judge's here (an override returned above)
        decision = decide(fields, list(alternatives), card_guess, strictness, rivals, verdict)
        if (decision.verdict, decision.reason) == (verdict.verdict, verdict.reason):
            return Ruling(verdict.verdict, verdict.reason, heard)  # nothing weighed or asked
        return Ruling(
            decision.verdict,
            decision.reason,
            heard,
            round(decision.confidence, 3),
            decision.ask_about,
        )

    def prepare(self, cards) -> None:
        """Read the decks' answers (a third of a second) on a helper thread
        once `start_preparing` is called (after the welcome: a thread started
        before it would delay it), not at the first answer."""
        from host.speech.background import BackgroundLoad  # voice games only: host.speech is big

        load = BackgroundLoad("the decks' answers", lambda: CompetitorPool(answer_fields_of(cards)))
        self._preparing = (cards, load)

    def start_preparing(self) -> None:
        if self._preparing is not None:
            self._preparing[1].start()

    def _competitor_pool(self, cards) -> CompetitorPool:
        if self._pool is None or self._pool[0] is not cards:
            if self._preparing is not None and self._preparing[0] is cards:
                self._pool = (cards, self._preparing[1].result())
            else:
                self._pool = (cards, CompetitorPool(answer_fields_of(cards)))
            self._preparing = None
        return self._pool[1]

    def other_answers(self, question, cards) -> tuple[str, ...]:
        """The decks' answers of the question's kinds: said alone, each is a
        whole answer, so the host need not wait for more (turn_end.py)."""
        fields = AnswerFields.from_mapping(question.answer_fields())
        return self._competitor_pool(cards).whole_answers(fields)

    def _competitors(self, fields: AnswerFields, cards) -> tuple[str, ...]:
        return self._competitor_pool(cards).competitors(fields)

    def teach(self, question, deck: str, card: str, heard: str, right: bool) -> str | None:
        """Remember the table's ruling; returns a problem to log, or None."""
        if not heard.strip():
            return None
        try:
            self.book.record(
                self._key(deck, card, question.category), heard, "accept" if right else "reject"
            )
        except (OSError, ValueError) as exc:
            return f"could not remember the ruling: {exc}"
        return None


def heard_fields(question) -> AnswerFields:
    """The card's answer fields, with the answer as the host says it
    (`say_answer`: "Neeper" for Dnieper) accepted too: a player who says it
    so is heard so ("naeper"), and no recognizer spells it as the card does.
    A respelling's syllables are one word as well ("Ay-ro" as "ayro"): a
    recognizer writes the word it hears ("aero"), not its syllables."""
    fields = AnswerFields.from_mapping(question.answer_fields())
    said = (getattr(question, "say_answer", None) or "").strip()
    known = {e.casefold() for e in (fields.answer, *fields.accept)}
    extra = [form for form in dict.fromkeys((said, syllables_joined(said))) if form]
    extra = [form for form in extra if form.casefold() not in known]
    if not extra:
        return fields
    return replace(fields, accept=(*fields.accept, *extra))


SYLLABLE_HYPHEN = re.compile(r"(?<=[^\W\d])-(?=[^\W\d])")


def syllables_joined(respelling: str) -> str:
    """ "Ay-ro Sah-ri-nen" -> "Ayro Sahrinen"; number words keep their hyphen
    ("twenty-two" is a number, not a word "twentytwo")."""
    numbers = number_words("en")

    def join(word: str) -> str:
        if all(part.casefold() in numbers for part in word.split("-")):
            return word
        return SYLLABLE_HYPHEN.sub("", word)

    return " ".join(join(word) for word in respelling.split())


def whole_answers(cards, fields: AnswerFields) -> tuple[str, ...]:
    """Every answer among `cards` (by id) of the kinds of the card with
    these answer fields (`CompetitorPool.kinds_of`)."""
    return CompetitorPool(answer_fields_of(cards)).whole_answers(fields)


def answer_fields_of(cards) -> list[AnswerFields]:
    """Every question's answer in the game's decks (a card with a malformed
    answer is left out: it cannot be a competitor)."""
    answers = []
    for card in cards.values():
        for question in card.questions.values():
            try:
                answers.append(AnswerFields.from_mapping(question.answer_fields()))
            except ValueError:
                continue
    return answers
