"""The judge's inputs and outputs: a card's answer fields, heard alternatives, a verdict."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

VERDICTS = ("accept", "prompt", "reject")
KINDS = ("text", "person", "place", "title", "number", "year", "true_false")
STRICTNESS = ("strict", "normal", "lenient")


def _as_list(value: Any) -> tuple[str, ...]:
    """A deck field may hold one string, a list, or nothing."""
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(item) for item in value if str(item).strip())


@dataclass(frozen=True)
class AnswerFields:
    """What a card says about its answer (decks/FORMAT.md, docs/judge.md)."""

    answer: str
    accept: tuple[str, ...] = ()
    prompt: tuple[str, ...] = ()
    reject: tuple[str, ...] = ()
    kind: str = "text"

    def __post_init__(self) -> None:
        if not str(self.answer).strip():
            raise ValueError("the answer is empty")
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind {self.kind!r} (expected one of {', '.join(KINDS)})")
        for name in ("accept", "prompt", "reject"):
            object.__setattr__(self, name, _as_list(getattr(self, name)))

    def listen_for(self) -> tuple[str, ...]:
        """What an answer to this card may be heard as: its entries, the
        answer first, and on a True/False card both values, so that a
        recognizer prompted with them hears "true" as well on a False card
        as on a True one (prompted with the answer alone, flite's "true"
        came out "3" on a False card and "true" on a True one)."""
        heard = (self.answer, *self.accept, *self.prompt, *self.reject)
        if self.kind == "true_false":
            heard += tuple(v for v in ("True", "False") if v.casefold() != self.answer.casefold())
        return heard

    @classmethod
    def from_mapping(cls, question: Mapping[str, Any]) -> AnswerFields:
        """Build from a deck question (answer, accept, prompt, reject, kind, true_false)."""
        kind = question.get("kind") or "text"
        if question.get("true_false"):
            kind = "true_false"
        answer = question.get("answer")
        if answer is None:
            raise ValueError("the question has no answer")
        if isinstance(answer, bool):  # YAML reads an unquoted True as a bool
            answer = "True" if answer else "False"
        return cls(
            answer=str(answer),
            accept=_as_list(question.get("accept")),
            prompt=_as_list(question.get("prompt")),
            reject=_as_list(question.get("reject")),
            kind=str(kind),
        )


@dataclass(frozen=True)
class Alternative:
    """One thing the recognizer may have heard; confidence in 0..1 when known."""

    text: str
    confidence: float | None = None


def as_alternatives(heard: str | Sequence[Any]) -> list[Alternative]:
    """Accept a plain string, a list of strings, or a list of (text, confidence)."""
    if isinstance(heard, str):
        return [Alternative(heard)]
    out = []
    for item in heard:
        if isinstance(item, Alternative):
            out.append(item)
        elif isinstance(item, str):
            out.append(Alternative(item))
        else:
            text, confidence = item
            out.append(Alternative(str(text), None if confidence is None else float(confidence)))
    return out


@dataclass(frozen=True)
class Verdict:
    """The judge's decision and why."""

    verdict: str  # accept | prompt | reject
    reason: str  # one sentence for the host to say or log
    heard: str = ""  # the alternative that decided
    alternative: int | None = None  # its index among the alternatives (0 = best)
    matched: str | None = None  # the card entry it matched, if any
    matched_field: str | None = None  # answer | accept | prompt | reject | override
    rule: str = ""  # short id of the rule that decided
    details: tuple[str, ...] = field(default_factory=tuple)  # one line per alternative

    def as_json(self) -> dict[str, str]:
        """The batch interface's object: exactly verdict and reason."""
        return {"verdict": self.verdict, "reason": self.reason}
