"""A Ruby edition game by sound: wedges won, "more specific", a command and
an override, all spoken by flite voices, and the same game as the script
typed at the keyboard."""

from __future__ import annotations

from conftest import needs_flite

pytestmark = needs_flite

RUBY = [
    ("Ann", "roll"),
    ("Ann", "first"),                  # the History headquarters
    ("Ann", "napoleon"),               # more specific, please
    ("Ann", "napoleon bonaparte"),     # the History wedge ends the turn
    ("Ben", "roll"),
    ("Ben", "first"),                  # Entertainment
    ("Ben", "london"),                 # wrong ...
    ("Ben", "that was right"),         # ... overruled: Ben rolls again
    ("Ann", "repeat"),                 # what the host asked last
    ("Ben", "roll"),
    ("Ben", "first"),                  # Sports and Leisure
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

