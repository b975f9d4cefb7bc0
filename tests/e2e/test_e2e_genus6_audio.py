"""A Genus VI game by sound: a wedge won after "more specific", a wild space,
an overridden ruling, a roll-again space and a split space, all spoken by
flite voices, and the same game as the script typed at the keyboard."""

from __future__ import annotations

from e2e_support import needs_flite

pytestmark = needs_flite

GENUS6 = [
    ("Ann", "roll"),
    ("Ann", "the history wedge"),
    ("Ann", "napoleon"),  # more specific, please
    ("Ann", "napoleon bonaparte"),  # the History wedge
    ("Ben", "score"),
    ("Ann", "roll"),
    ("Ann", "wild"),
    ("Ann", "geography"),  # the wild space's category
    ("Ann", "london"),  # wrong ...
    ("Ann", "that was right"),  # ... overruled
    ("Ann", "roll"),
    ("Ann", "first"),  # a roll again space
    ("Ann", "roll"),
    ("Ann", "second"),  # the split space
    ("Ben", "repeat"),  # both questions again
    ("Ann", "sports and leisure"),
    ("Ann", "mexico"),  # wrong: over to Ben
    ("Ben", "roll"),
    ("Ben", "first"),  # the History headquarters
    ("Ben", "oxygen"),  # wrong
]


def test_genus6_by_audio_matches_the_keyboard(sit):
    typed = sit(GENUS6, by="keyboard", edition="genus6", mode="classic", seed=1)
    spoken = sit(GENUS6, by="audio", edition="genus6", mode="classic", seed=1)

    assert spoken.actions == typed.actions
    assert spoken.verdicts == typed.verdicts
    assert spoken.state == typed.state
    assert spoken.count("More specific") == 1
    assert spoken.count("Overruled: right.") == 1
    assert spoken.count("Split. Sports and Leisure: Which sport is played at Lord's?") == 2
    assert [a["type"] for a in spoken.actions].count("pick") == 1
    assert [s["wedges"] for s in spoken.state["sides"]] == [["history"], []]
