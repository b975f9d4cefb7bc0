"""The line cache and the voice that loads while the first lines play from it
(host/speech/line_cache.py, loading_voice.py): the second game's greeting
needs no voice model; a damaged or unwritable cache only costs time."""

from __future__ import annotations

import os
import threading

import numpy as np
import pytest

from host.errors import UserError
from host.speech import FakeSpeaker, FakeSynthesizer, SpeechSettings, SynthesisError
from host.speech.audio import Audio
from host.speech.background import BackgroundLoad
from host.speech.line_cache import LineCache, VoiceIdentity
from host.speech.loading_voice import LoadingSynthesizer
from host.table.voice import VoiceChannel

HIBARI = VoiceIdentity("hibari", "heart", 175, 1.0)
GREETING = "How many players? Two to six, or one for the Co-op Challenge alone."


def tone(seconds: float = 0.5, rate: int = 24000) -> Audio:
    t = np.arange(int(seconds * rate)) / rate
    return Audio((3000 * np.sin(2 * np.pi * 220 * t)).astype(np.int16), rate)


def test_a_line_said_once_is_found_again_as_it_was(tmp_path):
    cache = LineCache(tmp_path)
    key = HIBARI.key(GREETING)
    assert cache.get(key) is None
    cache.put(key, tone())
    found = cache.get(key)
    assert found is not None and found.rate == 24000
    assert np.array_equal(found.samples, tone().samples)


def test_the_key_is_the_voice_its_settings_and_the_text():
    keys = {
        HIBARI.key(GREETING),
        HIBARI.key(GREETING + " "),
        VoiceIdentity("hibari", "emma", 175, 1.0).key(GREETING),
        VoiceIdentity("hibari", "heart", 200, 1.0).key(GREETING),
        VoiceIdentity("hibari", "heart", 175, 1.5).key(GREETING),
        VoiceIdentity("pyttsx3", "heart", 175, 1.0).key(GREETING),
    }
    assert len(keys) == 6
    assert HIBARI.key(GREETING) == VoiceIdentity("hibari", "heart", 175, 1.0).key(GREETING)


def test_a_damaged_file_is_a_miss_and_is_made_again(tmp_path):
    cache = LineCache(tmp_path)
    key = HIBARI.key(GREETING)
    cache.put(key, tone())
    path = tmp_path / f"{key}.wav"
    path.write_bytes(path.read_bytes()[:100])  # a crash mid-write, a full disk
    assert cache.get(key) is None
    assert not path.exists()
    cache.put(key, tone())
    assert cache.get(key) is not None


def test_a_folder_that_cannot_be_written_turns_the_cache_off(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    cache = LineCache(blocker / "lines")
    cache.put(HIBARI.key(GREETING), tone())  # no exception: the game goes on
    assert not cache.writable
    assert cache.get(HIBARI.key(GREETING)) is None


def test_the_least_recently_used_lines_go_first_when_the_cap_is_reached(tmp_path):
    one_line = len(tone().samples) * 2 + 44
    cache = LineCache(tmp_path, max_bytes=2 * one_line)
    first, second, third = (HIBARI.key(text) for text in ("One.", "Two.", "Three."))
    cache.put(first, tone())
    cache.put(second, tone())
    os.utime(tmp_path / f"{second}.wav", (1, 1))  # "Two." was said long ago
    cache.put(third, tone())
    assert cache.get(second) is None
    assert cache.get(first) is not None and cache.get(third) is not None


# ------------------------------------------------------ the loading voice


class Voice:
    """A synthesizer whose model loads when `loaded` is set (at once by default)."""

    def __init__(self, loads_at_once: bool = True):
        self.loaded = threading.Event()
        if loads_at_once:
            self.loaded.set()
        self.started = threading.Event()
        self.synthesizer = FakeSynthesizer(rate=24000)
        self.synthesizer.name = "hibari"

    def load(self):
        self.started.set()
        assert self.loaded.wait(10), "the test never let the voice load"
        return self.synthesizer


def loading_voice(folder, voice: Voice) -> LoadingSynthesizer:
    return LoadingSynthesizer(HIBARI, BackgroundLoad("the voice", voice.load), LineCache(folder))


def test_the_next_game_greets_from_the_cache_before_the_voice_has_loaded(tmp_path):
    first_game = Voice()
    loading_voice(tmp_path, first_game).synthesize(GREETING)
    assert first_game.synthesizer.spoken == [GREETING]  # the first game waited for the voice

    next_game = Voice(loads_at_once=False)
    host = loading_voice(tmp_path, next_game)
    assert host.synthesize(GREETING).seconds > 0
    assert not next_game.started.is_set()  # said without the model
    host.start_loading()  # the greeting is playing: the model loads meanwhile
    next_game.loaded.set()
    assert host.synthesize("Player 1, please say your name.").seconds > 0
    assert next_game.synthesizer.spoken == ["Player 1, please say your name."]


def test_once_the_host_listens_only_lines_that_wait_for_the_voice_are_kept(tmp_path):
    voice = Voice()
    host = loading_voice(tmp_path, voice)
    host.synthesize(GREETING)
    host.started_listening()
    host.synthesize("A four: roll again, or three more?")
    assert len(list(tmp_path.glob("*.wav"))) == 1  # the greeting only


def test_a_voice_that_cannot_load_is_a_synthesis_error_with_its_reason(tmp_path):
    def unknown_voice():
        raise UserError("hibari has no voice called 'bob'")

    host = LoadingSynthesizer(
        HIBARI, BackgroundLoad("the voice", unknown_voice), LineCache(tmp_path)
    )
    with pytest.raises(SynthesisError, match="no voice called 'bob'"):
        host.synthesize(GREETING)
    host.close()  # nothing to close, and no error


def channel_of(host: LoadingSynthesizer, speaker: FakeSpeaker) -> VoiceChannel:
    return VoiceChannel(host, speaker, None, None, SpeechSettings(), caption=lambda line: None)


def test_the_channel_starts_loading_the_voice_once_the_first_line_plays(tmp_path):
    channel_of(loading_voice(tmp_path, Voice()), FakeSpeaker()).say(GREETING)  # the game before
    voice = Voice(loads_at_once=False)
    speaker = FakeSpeaker()
    channel_of(loading_voice(tmp_path, voice), speaker).say(GREETING)
    assert len(speaker.played) == 2  # both clauses, from the cache
    assert voice.started.wait(10)  # and the voice began loading once the first played
    assert voice.synthesizer.spoken == []
    voice.loaded.set()
