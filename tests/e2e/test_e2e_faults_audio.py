"""Faults at the table: bad audio, a microphone that vanishes, damaged files,
a full disk. Each is met with a clear message, and the game goes on or
stops cleanly with the last good save kept."""

from __future__ import annotations

import errno
import json
import os

import numpy as np
import pytest
from e2e_support import DECKS, needs_flite

from host.demo.bridge import PlayerVoices
from host.demo.table import game_args
from host.speech import BadAudioError, FakeMicrophone, write_wav
from host.speech.audio import Audio
from host.table.channels import ScriptedChannel
from host.table.saving import SAVE_NAME
from host.table.setup import play

RATE = 16000


def noise(seconds: float, level: float = 6000, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.clip(rng.normal(0, level, int(seconds * RATE)), -32768, 32767).astype(np.int16)


class Spoiled:
    """Lines marked 'fault:text' reach the microphone spoiled by the named fault."""

    def __init__(self, faults):
        self.faults = faults
        self.fault = None

    def __call__(self, samples: np.ndarray) -> np.ndarray:
        fault, self.fault = self.fault, None
        return self.faults[fault](samples) if fault else samples


def spoiling_lines(script, spoiled: Spoiled):
    """('Ann', 'noise:roll') says 'roll' spoiled by noise."""
    from host.demo.players import Line

    class Lines:
        def __init__(self):
            self.lines = list(script)

        def line(self, listening):
            if not self.lines:
                return None
            speaker, text = self.lines.pop(0)
            if ":" in text:
                spoiled.fault, text = text.split(":", 1)
            return Line(speaker, text, "script")

    return Lines()


@pytest.fixture
def sit_spoiled(sit):
    def run(script, faults, **game):
        spoiled = Spoiled(faults)
        return sit(
            script, by="audio", transform=spoiled, lines=spoiling_lines(script, spoiled), **game
        )

    return run


FAULTS = {
    "silence": lambda s: np.zeros(RATE, np.int16),
    "noise": lambda s: noise(2.0),
    "clipped": lambda s: np.clip(s.astype(np.int32) * 4, -32768, 32767).astype(np.int16),
    "crushed": lambda s: np.clip(s.astype(np.int32) * 12, -32768, 32767).astype(np.int16),
    # samples made at 16 kHz but delivered as if recorded at 8 kHz: twice too slow, an octave down
    "slow_rate": lambda s: Audio(s, 8000).resampled(RATE).samples,
}


@needs_flite
def test_silence_and_noise_are_asked_again_and_the_game_goes_on(sit_spoiled):
    game = sit_spoiled(
        [("Ann", "silence:roll"), ("Ann", "noise:roll"), ("Ann", "roll"), ("Ann", "first")], FAULTS
    )
    assert game.said[:4] == [
        "The classic Genus edition. Ann and Ben.",
        "Ann.",
        "Roll.",
        "Nothing heard.",
    ]
    # noise alone is not speech to the voice-activity detector (Silero), or at
    # worst words the host asks again about; it never becomes an action
    assert game.said[4] in ("Nothing heard.", "Say again?", "Didn't understand. Say roll.")
    assert [a["type"] for a in game.actions] == ["roll", "move"]


@needs_flite
def test_clipped_speech_is_still_heard(sit_spoiled):
    game = sit_spoiled(
        [("Ann", "clipped:roll"), ("Ann", "clipped:first"), ("Ann", "clipped:diamond")], FAULTS
    )
    assert [a["type"] for a in game.actions] == ["roll", "move", "answer"]
    assert game.actions[-1]["correct"] is True


@needs_flite
def test_speech_crushed_by_clipping_is_asked_again(sit_spoiled):
    game = sit_spoiled([("Ann", "crushed:roll"), ("Ann", "roll")], FAULTS)
    assert game.said[4] in ("Say again?", "Didn't understand. Say roll."), game.said
    assert [a["type"] for a in game.actions] == ["roll"]


@needs_flite
def test_speech_at_the_wrong_rate_is_not_taken_for_a_command(sit_spoiled):
    game = sit_spoiled([("Ann", "slow_rate:roll"), ("Ann", "roll")], FAULTS)
    assert [a["type"] for a in game.actions] == ["roll"]
    assert len(game.heard) == 2, "the spoiled line was asked again, once"
    assert game.said[4] in ("Say again?", "Didn't understand. Say roll.", "Nothing heard."), (
        game.said
    )


@needs_flite
def test_a_wav_at_another_rate_is_resampled_and_heard(tmp_path, voice_cache, host_voice):
    from host.speech import Expectation, recognize

    said = PlayerVoices({"Ann": "awb"}, cache_dir=voice_cache).samples("Ann", "diamond")
    path = write_wav(tmp_path / "diamond-44k.wav", Audio(said, RATE).resampled(44100))
    microphone = FakeMicrophone(path)  # read at the recognizer's rate
    samples = np.concatenate([microphone.read(len(said) + RATE) for _ in range(1)])
    heard = recognize(host_voice.recognizer, samples, Expectation.answer(["Diamond"]))
    assert heard.text == "diamond"


def test_a_truncated_wav_is_refused_with_the_reason(tmp_path):
    path = write_wav(tmp_path / "answer.wav", Audio(noise(1.0), RATE))
    path.write_bytes(path.read_bytes()[:5000])
    with pytest.raises(BadAudioError, match="truncated WAV: the header promises 16000 frames"):
        FakeMicrophone(path)


def test_transcribe_of_a_truncated_wav_is_one_clear_line(tmp_path, capsys):
    from host.cli import main

    path = write_wav(tmp_path / "answer.wav", Audio(noise(1.0), RATE))
    path.write_bytes(path.read_bytes()[:5000])
    assert main(["transcribe", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "truncated WAV" in err


@needs_flite
def test_a_damaged_cached_voice_is_made_again(tmp_path):
    voices = PlayerVoices({"Ann": "awb"}, cache_dir=tmp_path)
    first = voices.samples("Ann", "roll")
    cached = next(tmp_path.glob("awb-*.wav"))
    cached.write_bytes(cached.read_bytes()[:100])
    again = PlayerVoices({"Ann": "awb"}, cache_dir=tmp_path).samples("Ann", "roll")
    assert np.array_equal(first, again)


# ------------------------------------------------------------- devices


class VanishingStream:
    """A PortAudio input stream that delivers speech, then its device is pulled."""

    def __init__(self, source, reads_before_failure: int):
        self.source = source
        self.reads_left = reads_before_failure

    def start(self):
        pass

    def read(self, count):
        import sounddevice

        if self.reads_left <= 0:
            raise sounddevice.PortAudioError(
                "Error reading stream: device unavailable [PaErrorCode -9988]"
            )
        self.reads_left -= 1
        return self.source.read(count).tobytes(), False

    def close(self):
        pass


@needs_flite
def test_the_microphone_vanishing_mid_game_hands_over_to_the_keyboard(
    sit, monkeypatch, host_voice, voice_cache
):
    sounddevice = pytest.importorskip("sounddevice")
    from host.demo.bridge import SpokenMicrophone
    from host.speech.devices import Microphone
    from host.table import voice
    from host.table.channels import KeyboardChannel

    spoken = SpokenMicrophone()
    # about four seconds of audio: 'roll' and 'first' are heard, then the device is gone
    monkeypatch.setattr(
        sounddevice,
        "RawInputStream",
        lambda **kw: VanishingStream(spoken, reads_before_failure=140),
    )
    microphone = Microphone()
    microphone.utter = spoken.utter
    typed, printed = ["diamond"], []
    monkeypatch.setattr(
        voice,
        "KeyboardChannel",
        lambda: KeyboardChannel(read=lambda prompt: typed.pop(0), write=printed.append),
    )
    game = sit(
        [("Ann", "roll"), ("Ann", "first"), ("Ann", "diamond"), ("Ann", "roll")],
        microphone=microphone,
    )
    # said in the host's words, never PortAudio's ("Error reading stream: ...")
    assert printed[0].startswith("the microphone stopped working. The game goes on by keyboard")
    assert [a["type"] for a in game.actions] == ["roll", "move", "answer", "roll"]
    assert game.actions[2]["correct"] is True
    # the utterance cut off by the failure did not leave the recognizer stuck in it
    from host.speech import Expectation, recognize

    roll = PlayerVoices({"Ann": "awb"}, cache_dir=voice_cache).samples("Ann", "roll")
    assert (
        recognize(host_voice.recognizer, roll, Expectation.closed(["roll", "score"])).text == "roll"
    )


# ---------------------------------------------------------- damaged files


def keyboard_game(save_dir, lines, **options):
    channel = ScriptedChannel(lines)
    args = game_args(
        save_dir,
        "classic",
        None,
        ["Ann", "Ben"],
        3,
        DECKS,
        verbosity="short",
        config=str(DECKS[0]).replace("e2e_standard.yaml", "e2e_config.yaml"),
    )
    for key, value in options.items():
        setattr(args, key, value)
    return play(args, channel=channel), channel


def test_a_damaged_save_is_set_aside_and_resume_says_why(save_root):
    from host.errors import UserError

    keyboard_game(save_root, ["roll", "first"])
    save = save_root / SAVE_NAME
    save.write_text('{"meta": {"version": 1}, "state": {"prom')
    with pytest.raises(UserError, match=r"the saved game .*game.json is damaged"):
        keyboard_game(save_root, [], resume=True, fresh=False)
    kept = save_root / "game.json.damaged"
    assert kept.read_text().startswith('{"meta"')


def test_a_damaged_save_offered_at_start_is_kept_and_a_new_game_starts(save_root):
    keyboard_game(save_root, ["roll", "first"])
    (save_root / SAVE_NAME).write_bytes(b"\x00\x01 not json")
    outcome, channel = keyboard_game(save_root, ["roll"], fresh=False)
    assert channel.said[0].startswith(f"the saved game {save_root / SAVE_NAME} is damaged")
    assert "a new game can start" in channel.said[0]
    assert outcome == "ended"
    assert list(save_root.glob("game.json.damaged*"))


def test_damaged_history_and_rulings_files_are_noted_and_play_goes_on(save_root):
    keyboard_game(save_root, ["roll", "first", "london", "that was right"])
    history = next((save_root / "history").iterdir())
    history.write_text("{ not json")
    rulings = save_root / "judge_overrides.json"
    assert rulings.exists(), "the override was remembered"
    rulings.write_text("[[[")
    _outcome, channel = keyboard_game(save_root, ["roll", "first", "diamond"])
    notes = [line for line in channel.said if line.startswith("Note:")]
    assert any("card history" in n and "damaged" in n for n in notes), notes
    assert any("remembered rulings" in n and "set aside" in n for n in notes), notes
    assert "Right." in channel.said
    assert list((save_root / "history").glob("*.corrupt*"))
    assert list(save_root.glob("judge_overrides.damaged-*.json"))


def test_a_full_disk_keeps_the_last_good_save_and_says_so(save_root, monkeypatch):
    real_fsync = os.fsync
    saves = {"count": 0, "full_after": 3}

    def fsync(fd):
        saves["count"] += 1
        if saves["count"] > saves["full_after"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    outcome, channel = keyboard_game(save_root, ["roll", "first", "diamond", "roll", "first"])
    assert outcome == "ended"
    warnings = [line for line in channel.said if line.startswith("The game cannot be saved")]
    assert warnings == [
        "The game cannot be saved (No space left on device); the last good save "
        "is kept. Play goes on, and I keep trying."
    ], "said once, not at every step"
    assert "Right." in channel.said, "play went on"
    good = json.loads((save_root / SAVE_NAME).read_text())
    assert 1 <= good["meta"]["steps"] < 5, "the last good save, from before the disk filled"
    assert not list(save_root.glob("*.tmp")), "no half-written file is left behind"
    assert channel.said[-1].startswith("The input ended. The game could not be saved just now")


def test_saving_works_again_once_the_disk_has_room(save_root, monkeypatch):
    real_fsync = os.fsync
    calls = {"count": 0}

    def fsync(fd):
        calls["count"] += 1
        if calls["count"] in (3, 4):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    _, channel = keyboard_game(save_root, ["roll", "first", "diamond", "roll", "first"])
    assert "The game is saved again." in channel.said
    resumed, _ = keyboard_game(save_root, [], resume=True, fresh=False)
    assert resumed == "ended"


# ------------------------------------------------------- found by the soak


@pytest.mark.parametrize(
    "edition, mode, seed",
    [("classic", "standard", 0), ("genus2", "standard", 1), ("ruby", "standard", 6)],
)
def test_simulated_players_saying_options_back_finish_the_game(save_root, edition, mode, seed):
    """The soak's players say a destination back as the host read it out
    ("History, six spaces clockwise"); they were told "Not reachable" for ever."""
    from host.cards.deck import load_decks
    from host.demo.players import SimulatedPlayer, SimulatedTable
    from host.demo.table import typed_table
    from host.table.game import resolve_deck_paths

    paths = resolve_deck_paths(())
    cards = {c.id: c for d in load_decks(paths) for c in d.cards}
    table = SimulatedTable(
        [SimulatedPlayer("Ann", 0.7), SimulatedPlayer("Ben", 0.7)],
        cards,
        seed=seed,
        commands=0.05,
        max_lines=4000,
    )
    channel = typed_table(table, save_root)
    outcome = play(
        game_args(
            save_root,
            edition,
            mode,
            ["Ann", "Ben"],
            seed,
            [str(p) for p in paths],
            verbosity="short",
        ),
        channel=channel,
    )
    assert outcome == "over"
    assert not any(line.startswith("Not reachable") for line in channel.said)


@needs_flite
def test_a_new_grammar_every_turn_does_not_pile_up(host_voice, voice_cache):
    """The soak by audio grew by about 2 MB a line: every move's options
    compiled a new grammar search, and none was ever removed."""
    from host.speech import Expectation, recognize
    from host.speech.sphinx_engine import MAX_GRAMMARS

    recognizer = host_voice.recognizer
    roll = PlayerVoices({"Ann": "rms"}, cache_dir=voice_cache).samples("Ann", "roll")
    first = Expectation.closed(["roll", "score", "history one"])
    for number in range(MAX_GRAMMARS * 2):
        words = ["history", "geography", "sports", "science", "one", "two", "three", "four"]
        options = [f"{words[number % 4]} {words[4 + (number // 4) % 4]}", f"roll {number}"]
        recognize(recognizer, roll, Expectation.closed(["roll", *options]))
    assert len(recognizer._searches) == MAX_GRAMMARS
    assert recognize(recognizer, roll, first).text == "roll", "an old grammar is made again"
