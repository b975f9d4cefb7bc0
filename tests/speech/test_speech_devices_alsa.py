"""The real sounddevice path without a sound card.

An ALSA `type file` PCM (set through ALSA_CONFIG_PATH before PortAudio
starts, hence a subprocess) reads a raw file as the microphone and writes
playback to another file.
"""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from host.speech.audio import Audio
from host.speech.devices import AudioDeviceError, Microphone, Speaker

ROOT = Path(__file__).resolve().parents[2]

ALSA_CONFIG = """
pcm.null_sink {{ type null }}
pcm.!default {{
  type file
  slave.pcm "null_sink"
  file "{played}"
  infile "{microphone}"
  format "raw"
}}
"""


def run_with_file_sound_card(tmp_path, microphone: np.ndarray, script: str):
    """Run `script` in a Python whose default sound card is two raw files."""
    mic_file, played_file = tmp_path / "microphone.raw", tmp_path / "played.raw"
    microphone.astype("<i2").tofile(mic_file)
    config = tmp_path / "asound.conf"
    config.write_text(ALSA_CONFIG.format(played=played_file, microphone=mic_file))
    env = dict(os.environ, ALSA_CONFIG_PATH=str(config), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    played = np.fromfile(played_file, "<i2") if played_file.exists() else np.zeros(0, np.int16)
    return done.stdout, played


def test_the_microphone_hears_what_the_card_records(tmp_path):
    ramp = (np.arange(16000) % 2000 - 1000).astype(np.int16)
    out, _ = run_with_file_sound_card(
        tmp_path,
        ramp,
        """
        import json
        from host.speech.devices import Microphone
        with Microphone() as mic:
            frames = [mic.read() for _ in range(10)]
        print(json.dumps([int(x) for f in frames for x in f]))
    """,
    )
    heard = np.array(json.loads(out), np.int16)
    assert len(heard) == 10 * 480
    assert np.array_equal(heard, ramp[: len(heard)])


def test_the_speaker_plays_through_one_stream(tmp_path):
    _, played = run_with_file_sound_card(
        tmp_path,
        np.zeros(16000, np.int16),
        """
        import numpy as np
        from host.speech.audio import Audio
        from host.speech.devices import Speaker
        from host.speech.duplex import MicGate
        gate = MicGate(tail_seconds=0.3)
        with Speaker(rate=16000, gate=gate) as speaker:
            speaker.play(Audio(np.full(8000, 1000, np.int16), 16000))
            speaker.play(Audio(np.full(4000, -1000, np.int16), 16000))
    """,
    )
    assert list(played[:8000]) == [1000] * 8000
    assert list(played[8000:12000]) == [-1000] * 4000


def test_a_spoken_command_through_the_real_audio_path(tmp_path, flite_speech):
    speech = Audio.join([flite_speech("roll the dice", "awb"), Audio.silence(3.0)]).samples
    out, _ = run_with_file_sound_card(
        tmp_path,
        speech,
        """
        from host.speech.devices import Microphone
        from host.speech.endpoint import EndpointPolicy
        from host.speech.recognition import Expectation
        from host.speech.sphinx_engine import PocketSphinxRecognizer
        from host.speech.turns import listen
        with Microphone() as mic:
            heard = listen(mic, PocketSphinxRecognizer(adapt=False),
                           Expectation.closed(["roll the dice", "repeat the question", "pass"]),
                           EndpointPolicy.command())
        print(heard.outcome.value, heard.alternatives[0][0])
    """,
    )
    assert out.strip() == "ended roll the dice"


def test_devices_lists_the_file_card(tmp_path):
    out, _ = run_with_file_sound_card(
        tmp_path,
        np.zeros(100, np.int16),
        """
        from host.cli import main
        main(["devices"])
    """,
    )
    assert "default" in out and "[default input, default output]" in out


def test_no_sound_card_is_a_clear_error_the_voice_loop_can_catch(tmp_path):
    _, _ = run_with_file_sound_card(
        tmp_path,
        np.zeros(100, np.int16),
        """
        from host.speech.devices import AudioDeviceError, Microphone, Speaker
        for device in (Microphone, Speaker):
            try:
                device(device="Unplugged USB Headset")
            except AudioDeviceError as exc:
                assert "cannot open the 'Unplugged USB Headset'" in str(exc), exc
                assert "trivia-host devices" in str(exc)
            else:
                raise SystemExit("no error")
    """,
    )


def test_with_no_sound_card_at_all():
    if os.environ.get("ALSA_CONFIG_PATH"):
        pytest.skip("this test needs the machine's own (absent) sound card")
    import sounddevice

    if len(sounddevice.query_devices()):
        pytest.skip("this machine has a sound card")
    with pytest.raises(AudioDeviceError, match="cannot open the default microphone"):
        Microphone()
    with pytest.raises(AudioDeviceError, match="cannot open the default speaker"):
        Speaker()
