"""Chances of a right answer, per category: from the command line, and checked."""

from __future__ import annotations

from host.errors import UserError
from host.rules.board import CATEGORIES

LOWEST_P = 0.05  # below this the expected game is thousands of turns: refuse


def parse_p(text: str) -> tuple[float, ...]:
    """'0.7' (every category) or 'history=0.8,science=0.6' (the rest 0.5 unless a bare
    number is among them: 'history=0.8,0.6')."""
    default = None
    given: dict[str, float] = {}
    for part in (x.strip() for x in text.split(",") if x.strip()):
        name, eq, number = part.rpartition("=")
        try:
            value = float(number)
        except ValueError:
            raise UserError(
                f"--p: {number!r} is not a number (write 0.7 or history=0.8,...)"
            ) from None
        if not eq:
            default = value
        elif name.strip() in CATEGORIES:
            given[name.strip()] = value
        else:
            raise UserError(
                f"--p: unknown category {name.strip()!r} (categories: {', '.join(CATEGORIES)})"
            )
    if default is None and not given:
        raise UserError("--p needs a chance of a right answer, e.g. 0.7")
    p = tuple(given.get(c, 0.5 if default is None else default) for c in CATEGORIES)
    return check_p(p)


def check_p(p) -> tuple[float, ...]:
    p = tuple(float(x) for x in p)
    if len(p) != len(CATEGORIES):
        raise UserError(f"need one chance per category ({len(CATEGORIES)}), got {len(p)}")
    for category, value in zip(CATEGORIES, p):
        if not LOWEST_P <= value <= 1:
            raise UserError(
                f"chance of a right answer in {category} must be between "
                f"{LOWEST_P} and 1, not {value}"
            )
    return p
