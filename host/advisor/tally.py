"""Each side's answers so far, per category: what the advisor learns a player's strength from.

Kept apart from the solver (numpy) so that the game loop can count answers
without loading it.
"""

from __future__ import annotations

from host.rules.board import CATEGORIES


def record_answers(tally: dict, events) -> dict:
    """Add the "answered" events to `tally` (side -> category -> [right, asked]; JSON-ready)."""
    for event in events:
        if event.get("type") == "answered" and event.get("category") in CATEGORIES:
            counts = tally.setdefault(event["side"], {}).setdefault(event["category"], [0, 0])
            counts[0] += bool(event["correct"])
            counts[1] += 1
    return tally
