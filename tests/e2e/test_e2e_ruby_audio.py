"""A Ruby edition game by sound: wedges won, "more specific", a command and
an override, all spoken by flite voices, and the same game as the script
typed at the keyboard."""

from __future__ import annotations

from e2e_support import needs_flite

pytestmark = needs_flite

RUBY = [
    ("Ann", "roll"),
    ("Ann", "first"),  # the History headquarters
    ("Ann", "napoleon"),  # more specific, please
    ("Ann", "napoleon bonaparte"),  # the History wedge ends the turn
    ("Ben", "roll"),
    ("Ben", "first"),  # Entertainment
    ("Ben", "london"),  # wrong ...
    ("Ben", "that was right"),  # ... overruled: Ben rolls again
    ("Ann", "repeat"),  # what the host asked last
    ("Ben", "roll"),
    ("Ben", "first"),  # Sports and Leisure
    ("Ben", "cricket"),
    ("Ben", "roll"),
]


def test_ruby_by_audio_matches_the_keyboard(sit):
    typed = sit(RUBY, by="keyboard", edition="ruby", mode="standard", seed=2)
    spoken = sit(RUBY, by="audio", edition="ruby", mode="standard", seed=2)

    assert spoken.actions == typed.actions
    assert spoken.verdicts == typed.verdicts
    assert spoken.state == typed.state
    assert spoken.count("More specific") == 1
    assert spoken.count("Overruled: right.") == 1
    assert [s["wedges"] for s in spoken.state["sides"]] == [["history"], []]


QUICK = [
    ("Ann", "geography and history and science and technology"),  # start wedges
    ("Ben", "history and sports and leisure and entertainment"),
    ("Ann", "roll"),
    ("Ann", "the sports and leisure wedge"),
    ("Ann", "cricket"),
]


def test_ruby_quick_start_wedges_are_named_by_voice(sit):
    """Three categories in one breath: heard against the sequences of the
    edition's category names (a grammar of single names heard only one)."""
    typed = sit(QUICK, by="keyboard", edition="ruby", mode="quick", seed=2)
    spoken = sit(QUICK, by="audio", edition="ruby", mode="quick", seed=2)

    assert spoken.actions == typed.actions
    assert spoken.state == typed.state
    assert spoken.count("Ann starts with Geography, History, and Science and Technology.") == 1
    assert spoken.count("Ben starts with History, Sports and Leisure, and Entertainment.") == 1
    assert {"geography", "history", "science"} <= set(spoken.state["sides"][0]["wedges"])
