"""Voice-activity detectors on the spoken dev set: noise taken for speech, speech missed.

    .venv/bin/python bench/vad_bench.py /tmp/spoken [--files 200]

Every WAV of bench/spoken_dev_set.py has 0.3 s of padding before and after
the speech; in noisy conditions the padding holds noise alone. Per detector
and condition (clean, pink and babble at 20 and 10 dB SNR) this prints:
- noise as speech: the share of 30 ms frames inside the padding (the first
  and last 0.25 s) that the detector calls speech;
- speech heard: the share of frames in the middle of the speech it calls speech;
- turns ended on noise alone: padding frames fed to the endpointer as a
  command turn (0.5 s end silence), how often a turn would be taken as speech
  (heard_speech) from the leading noise alone.
Frames are fed in 30 ms pieces, as a microphone delivers them; each file
starts with a fresh detector.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from host.speech.audio import RECOGNIZER_RATE, read_wav  # noqa: E402 (after sys.path)
from host.speech.endpoint import Endpointer, EndpointPolicy  # noqa: E402
from host.speech.engines import VADS  # noqa: E402
from host.speech.engines import make_vad as make_vad_for  # noqa: E402
from host.speech.settings import SpeechSettings  # noqa: E402

NAMES = VADS.names()

FRAME = RECOGNIZER_RATE * 30 // 1000
EDGE = int(0.25 * RECOGNIZER_RATE)


def make_vad(name: str):
    return make_vad_for(SpeechSettings(vad=name))


def labels(name: str, samples: np.ndarray) -> list[bool]:
    detector = make_vad(name)
    return [detector.is_speech(samples[i : i + FRAME]) for i in range(0, len(samples), FRAME)]


def leading_noise_heard(name: str, samples: np.ndarray) -> bool:
    endpointer = Endpointer(EndpointPolicy.command(), vad=make_vad(name))
    for start in range(0, EDGE, FRAME):
        endpointer.feed(samples[start : start + FRAME])
    return endpointer.state.heard_speech


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--files", type=int, default=200, help="WAVs per condition at most")
    args = parser.parse_args()
    edge_frames = EDGE // FRAME
    for condition in ("clean", "pink-20", "pink-10", "babble-20", "babble-10"):
        paths = sorted(args.folder.glob(f"*-{condition}-*.wav"))[: args.files]
        if not paths:
            continue
        for name in NAMES:
            noise: list[bool] = []
            speech: list[bool] = []
            turns = 0
            for path in paths:
                samples = read_wav(path, RECOGNIZER_RATE).audio.samples
                said = labels(name, samples)
                noise += said[:edge_frames] + said[-edge_frames:]
                speech += said[edge_frames + 3 : -edge_frames - 3]
                turns += leading_noise_heard(name, samples)
            print(
                f"{condition:10s} {name:7s} {len(paths):4d} files: noise as speech "
                f"{np.mean(noise):6.1%}, speech heard {np.mean(speech):6.1%}, "
                f"turns taken on leading noise {turns / len(paths):6.1%}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
