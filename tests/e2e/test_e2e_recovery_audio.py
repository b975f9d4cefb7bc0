"""Taking back a misheard choice and asking about the other player, by
sound: each line is spoken by a flite voice into the host's microphone, and
the game comes out exactly as the same script typed at the keyboard."""

from __future__ import annotations

from e2e_support import needs_flite

pytestmark = needs_flite

TAKEN_BACK = [
    ("Ann", "roll"),
    ("Ann", "first"),  # a Science and Nature space: say the host misheard it
    ("Ann", "take that back"),  # the move is asked for again
    ("Ann", "second"),
    ("Ben", "where is ann"),
    ("Ben", "what does ann need"),
]


def test_a_move_taken_back_and_questions_about_ann_by_audio_match_the_keyboard(sit):
    typed = sit(TAKEN_BACK, by="keyboard")
    spoken = sit(TAKEN_BACK, by="audio")

    assert spoken.actions == typed.actions
    assert spoken.state == typed.state
    moves = [a for a in spoken.actions if a["type"] == "move"]
    assert len(moves) == 2 and moves[0] != moves[1]
    assert spoken.count("Taken back.") == 1
    assert spoken.count("Ann is on") == 1 and spoken.count("Ann still needs") == 1
    assert all(not h["typed"] for h in spoken.heard)
