"""A classic game by sound: every roll, move, answer and command is spoken by
a flite voice into the host's microphone, and the game comes out exactly as
the same script typed at the keyboard."""

from __future__ import annotations

from e2e_support import needs_flite

pytestmark = needs_flite

CLASSIC = [
    ("Ann", "roll"),
    ("Ann", "first"),  # a Science and Nature space
    ("Ben", "repeat"),  # the question again
    ("Ann", "diamond"),  # right: roll again
    ("Ben", "where am i"),
    ("Ann", "roll"),
    ("Ann", "first"),  # Sports and Leisure: field hockey
    ("Ann", "london"),  # wrong ...
    ("Ann", "that was right"),  # ... and the table overrides it
    ("Ann", "roll"),
    ("Ann", "history"),
    ("Ann", "napoleon"),  # too vague: more specific, please
    ("Ann", "napoleon bonaparte"),  # right
    ("Ann", "roll"),
    ("Ann", "second"),  # Entertainment: Frozen
    ("Ann", "mexico"),  # wrong: over to Ben
    ("Ben", "roll"),
    ("Ben", "first"),  # Geography: the capital of Germany
    ("Ben", "berlin"),
]


def test_classic_by_audio_matches_the_keyboard(sit):
    typed = sit(CLASSIC, by="keyboard")
    spoken = sit(CLASSIC, by="audio")

    assert spoken.actions == typed.actions
    assert spoken.verdicts == typed.verdicts
    assert spoken.state == typed.state
    assert spoken.outcome == typed.outcome == "ended"
    # what the script exercises, heard by voice
    assert ("accept", True) in spoken.verdicts  # the override
    assert spoken.count("More specific") == 1
    assert spoken.count("Ann is on a Science and Nature space.") == 1
    assert spoken.count("Science: What is the hardest natural substance?") == 2
    assert all(not h["typed"] for h in spoken.heard)
