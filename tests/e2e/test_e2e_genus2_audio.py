"""A Genus 2 short game by sound: a wedge after "more specific", a jumper
taken by saying yes, a refused override and an override to wrong, all
spoken by flite voices, and the same game as the script typed."""

from __future__ import annotations

from e2e_support import needs_flite

pytestmark = needs_flite

GENUS2 = [
    ("Ann", "roll"),
    ("Ann", "first"),  # the History headquarters
    ("Ann", "napoleon"),  # more specific, please
    ("Ann", "napoleon bonaparte"),  # a History wedge
    ("Ben", "where am i"),
    ("Ann", "roll"),
    ("Ann", "first"),  # the Art and Literature jumper
    ("Ben", "yes"),  # jump (awb's "yes" is not heard: the table says it)
    ("Ann", "homer"),  # an Art and Literature wedge
    ("Ann", "roll"),
    ("Ann", "first"),  # History, three ways ...
    ("Ann", "first"),  # ... which one: the first
    ("Ann", "london"),  # wrong: over to Ben
    ("Ann", "that was wrong"),  # already the ruling: refused
    ("Ben", "roll"),
    ("Ben", "first"),
    ("Ben", "homer"),  # right, a wedge in the short game ...
    ("Ann", "that was wrong"),  # ... until the table says otherwise
    ("Ann", "roll"),
]


def test_genus2_by_audio_matches_the_keyboard(sit):
    typed = sit(GENUS2, by="keyboard", edition="genus2", mode="short", seed=2)
    spoken = sit(GENUS2, by="audio", edition="genus2", mode="short", seed=2)

    assert spoken.actions == typed.actions
    assert spoken.verdicts == typed.verdicts
    assert spoken.state == typed.state
    assert spoken.count("More specific") == 1
    assert spoken.count("I can't change that: that is already the ruling.") == 1
    assert spoken.count("Overruled: wrong.") == 1
    assert spoken.count("Ann is on the History headquarters.") == 1
    assert [sorted(s["wedges"]) for s in spoken.state["sides"]] == [["arts", "history"], []]
