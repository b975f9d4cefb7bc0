"""The answer judge as the table uses it, and the table's overrides that
teach it. Without the judge package the table judges: the host reads the
answer and asks whether it was right."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Ruling:
    verdict: str  # accept | prompt | reject
    reason: str
    heard: str  # the alternative that decided


class Judging:
    def __init__(self, overrides_path: Path | None = None, warn=None):
        from host.judge import OverrideBook, QuestionKey, judge

        self.available = True
        self._judge, self._key = judge, QuestionKey
        self.book = OverrideBook.load(overrides_path)
        if self.book.warning and warn:
            warn(self.book.warning)

    def rule(
        self, question, deck: str, card: str, alternatives: list[str], strictness: str
    ) -> Ruling:
        key = self._key(deck, card, question.category)
        verdict = self._judge(
            question.answer_fields(),
            list(alternatives),
            strictness,
            overrides=self.book,
            question_key=key,
        )
        return Ruling(verdict.verdict, verdict.reason, verdict.heard or (alternatives or [""])[0])

    def teach(self, question, deck: str, card: str, heard: str, right: bool) -> str | None:
        """Remember the table's ruling; returns a problem to log, or None."""
        if not self.available or not heard.strip():
            return None
        try:
            self.book.record(
                self._key(deck, card, question.category), heard, "accept" if right else "reject"
            )
        except (OSError, ValueError) as exc:
            return f"could not remember the ruling: {exc}"
        return None
