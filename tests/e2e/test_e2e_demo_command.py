"""`trivia-host demo`: simulated players play by voice, the host's speech
lands in a WAV file, and the transcript is printed as the game goes."""

from __future__ import annotations

import importlib.util
import wave

from e2e_support import needs_flite

from host.cli import main


@needs_flite
def test_the_demo_plays_by_voice_and_writes_the_hosts_speech(tmp_path, capsys):
    wav = tmp_path / "host.wav"
    assert (
        main(["demo", "--questions", "2", "--wav", str(wav), "--save-dir", str(tmp_path / "save")])
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("Demo: genus6 trivial, players Ann and Ben (skill 80%)")
    if importlib.util.find_spec("hibari") is not None:  # the neural voice is the default
        assert "The host speaks with hibari (heart)." in out
    assert "    Ann says: roll" in out and "HOST: (heard: " in out
    assert "The demo stopped (saved and quit) after 2 questions" in out
    with wave.open(str(wav)) as recording:
        assert recording.getnframes() / recording.getframerate() > 5.0
    assert (tmp_path / "save" / "game.json").exists()


def test_a_skill_outside_zero_to_one_is_one_clear_line(capsys):
    assert main(["demo", "--skill", "1.5"]) == 2
    assert capsys.readouterr().err == "trivia-host: --skill must be between 0 and 1, not 1.5\n"


@needs_flite
def test_an_unknown_player_voice_is_one_clear_line(capsys):
    assert main(["demo", "--player-voices", "rms,hal9000"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("trivia-host: --player-voices: no flite voice hal9000; installed: ")
    assert "rms" in err and err[-1] == "\n" and err.count("\n") == 1


def test_seeds_in_a_row_give_the_players_every_flite_voice():
    from host.demo.demo import voices_in_turn

    five = ["kal", "kal16", "awb", "rms", "slt"]  # flite's voices that say any text
    heard = [voices_in_turn(["Ann", "Ben"], five, seed) for seed in (1, 2, 3)]
    assert set(v for game in heard for v in game.values()) == set(five)
