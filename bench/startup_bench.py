"""Start-up: seconds from starting `trivia-host play` to the host's first
spoken sample (issue 14: <= 1 s).

Each run is a fresh process running the real `play` command (settings, the
quiet checks, the synthesizer, decks, the game) with the sound card
replaced by the fakes in host/speech/fakes.py: a silent microphone, and a
speaker that reports the clock when it is handed its first sample. The
recognizer and the voice model load on helper threads once the host starts
talking (host/speech/background.py); the lines said before that come from
the line cache (host/speech/line_cache.py), and the decks from the JSON
kept of them (host/cards/deck_cache.py). So each case is timed twice: the
first game after installing (an empty cache folder: the greeting waits for
the voice model, the decks are parsed from YAML) and every later game (the
cache as the game before left it). Players named on the command line are
checked against the recognizer's dictionary file before the welcome, so
that case is timed separately; the decks are read as the welcome is said,
so it is timed on to the first turn's line too (the pause after the
welcome: the speaker then plays in real time). So is a saved game resumed
(`--resume`: "Welcome back!", then the score), saved by a keyboard game
first, which fills the deck cache but not the line cache.

Each run has its own cache folder (XDG_CACHE_HOME), and Python may write its
bytecode, as an installed package has it (one untimed run first compiles
it), so a figure does not depend on the shell's PYTHONDONTWRITEBYTECODE.
Other processes slow it down: the load average is printed before and after.

    .venv/bin/python bench/startup_bench.py [--runs 5]

Measured 2026-12-01 on the 2-core build machine, never idle (other jobs
ran), 5 runs a case, p50 wall clock (CPU used by then), before = commit
1f3d5c0:

    load average 1.2-2.1        | first game    | later games
      asked by voice, before    | 1.87 s (1.85) | 2.13 s (2.10)
      asked by voice, after     | 2.27 s (2.25) | 0.44 s (0.44)
      named players, before     | 4.55 s (4.52) | 4.75 s (4.70)
      named players, after      | 2.54 s (2.50) | 0.65 s (0.64)
    a second pair of runs just after (load 1.9-2.1):
      asked by voice, before    | 2.18 s (2.16) | 2.30 s (2.28)
      asked by voice, after     | 1.61 s (1.59) | 0.45 s (0.44)
      named players, before     | 4.82 s (4.79) | 4.63 s (4.59)
      named players, after      | 2.75 s (2.71) | 0.56 s (0.56)
    load average 3.1-4.0:
      asked by voice, before    | 3.65 s (2.33) | 3.63 s (2.19)
      asked by voice, after     | 3.21 s (2.13) | 0.65 s (0.40)
      named players, before     | 5.96 s (3.78) | 5.94 s (4.09)
      named players, after      | 3.74 s (2.37) | 0.88 s (0.55)

The first game still waits for the voice model (importing hibari with
scipy, its ONNX session and its pronunciation lexicons: about 1.5 s of
CPU), as before: its figures vary by half a second from run to run.

Measured 2026-12-02, idle (load 0.7-1.0), 5 runs a case, p50, with setup.sh's
`voices --prepare` (the opening lines and the decks made at install):

                                | first game    | after prepare | later games
      asked by voice            | 1.95 s (2.15) | 0.46 s (0.57) | 0.39 s (0.49)
      named players             | 3.05 s (3.26) | 0.62 s (0.71) | 0.64 s (0.75)

Measured 2026-12-07 (load 0.4), in a virtual environment made as
`pip install '.[voice,whisper]'` makes it (no scipy: docs/recognizers.md,
"Stop 64"), with hibari's lexicons parsed by orjson, p50 of 5 runs:

                                | first game    | after prepare | later games
      asked by voice            | 0.89 s (1.21) | 0.40 s (0.51) | 0.36 s (0.46)
      named players             | 1.11 s (1.43) | 0.47 s (0.58) | 0.50 s (0.61)
      a saved game (--resume)   | 1.16 s (1.40) | 0.45 s (0.51) | 0.43 s (0.53)
    later that day (load 0.0-0.5), num2words no longer loaded before the
    first word:
      asked by voice            | 0.72 s (1.04) | 0.35 s (0.43) | 0.28 s (0.38)
      named players             | 1.04 s (1.42) | 0.40 s (0.51) | 0.31 s (0.42)
      a saved game (--resume)   | 0.74 s (1.02) | 0.32 s (0.43) | 0.37 s (0.47)
    later still, the turn-taking, recognition and judging modules no longer
    imported before the first word (docs/recognizers.md, "Stop 66"), the
    two trees interleaved, p50 of 8 runs, before -> after:
      asked by voice            | 0.82 -> 0.78 s |               | 0.31 -> 0.29 s
      named players             | 0.86 -> 0.83 s |               | 0.35 -> 0.29 s
      a saved game (--resume)   | 0.92 -> 0.78 s |               | 0.32 -> 0.27 s

The first game waits for about 0.9 s of work that holds Python's lock (the
host's imports and setup, hibari's imports, its lexicons), whatever the
order: docs/recognizers.md, "Stop 65".
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CASES = {
    "players asked by voice": ["--fresh"],
    "players named (--players Ann,Ben)": ["--fresh", "--players", "Ann,Ben"],
    # a game saved after one roll (made by keyboard first, untimed)
    "a saved game (--resume)": ["--resume"],
}


def child(argv: list[str]) -> None:
    """Play with fake devices; print the clock at the first sample. With
    players named or a game resumed, the speaker then plays in real time,
    as a sound card does, and the pause between the first line and the
    next (the first turn, the score) is printed too; else it stops at the
    first sample."""
    sys.path.insert(0, str(ROOT))
    import host.speech as speech
    from host.cli import main
    from host.speech.fakes import FakeMicrophone, FakeSpeaker
    from host.table.voice import VoiceChannel

    follow_on = "--players" in argv or "--resume" in argv  # a first line, then the game's
    lines = {"begun": 0, "first_ended": 0.0}
    real_say = VoiceChannel.say

    def say(self, text, kind="narration"):
        lines["begun"] += 1
        return real_say(self, text, kind)

    class FirstSampleSpeaker(FakeSpeaker):
        def __init__(self, device=None, gate=None):
            super().__init__(gate=gate)

        def play(self, audio):
            now = time.monotonic()
            if lines["begun"] == 1 and not lines["first_ended"]:
                usage = resource.getrusage(resource.RUSAGE_SELF)  # every thread of the process
                cpu = usage.ru_utime + usage.ru_stime
                print(f"FIRST_SAMPLE {now!r} {cpu!r}", flush=True)
                if not follow_on:
                    os._exit(0)
            if lines["begun"] > 1:
                print(f"NEXT_LINE {now - lines['first_ended']!r}", flush=True)
                os._exit(0)
            time.sleep(len(audio.samples) / audio.rate)  # as long as a sound card takes
            lines["first_ended"] = time.monotonic()
            return True

    def silent_microphone(device=None):
        return FakeMicrophone(np.zeros(0, np.int16))

    VoiceChannel.say = say
    speech.Microphone, speech.Speaker = silent_microphone, FirstSampleSpeaker
    sys.exit(main(argv))


def _environment(cache: str) -> dict[str, str]:
    """This process's environment, with `cache` as the user's cache folder
    and bytecode written, as an installed package has it."""
    environment = {
        key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"
    }
    environment["XDG_CACHE_HOME"] = cache
    return environment


def one_run(extra: list[str], cache: str) -> tuple[float, float, float | None]:
    """One start-up, with `cache` as the user's cache folder: (wall-clock
    seconds to the first sample, CPU seconds the process had used by then,
    seconds between the first line's end and the next line's first sample,
    None unless players are named or a game is resumed)."""
    environment = _environment(cache)
    with tempfile.TemporaryDirectory(prefix="trivia-startup-") as folder:
        command = ["play", "--seed", "1", "--save-dir", folder, *extra]
        if "--resume" in extra:
            save_a_game(folder, environment)
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, __file__, "--child", *command],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=environment,
            timeout=120,
        )
    first, pause = None, None
    for line in done.stdout.splitlines():
        if line.startswith("FIRST_SAMPLE "):
            _, clock, cpu = line.split()
            first = (float(clock) - started, float(cpu))
        if line.startswith("NEXT_LINE "):
            pause = float(line.split()[1])
    if first is None:
        raise SystemExit(f"no sample was played:\n{done.stdout[-800:]}\n{done.stderr[-800:]}")
    return (*first, pause)


def save_a_game(folder: str, environment: dict[str, str]) -> None:
    """A game by keyboard, saved after one roll, in `folder`."""
    command = [sys.executable, "-m", "host", "play", "--text", "--players", "Ann,Ben"]
    subprocess.run(
        [*command, "--seed", "1", "--save-dir", folder],
        input="roll\nsave and quit\n",
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
    )


def prepare(cache: str) -> None:
    """`trivia-host voices --prepare` with `cache` as the user's cache folder."""
    command = [sys.executable, "-m", "host", "voices", "--prepare"]
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=_environment(cache))


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per case (default 5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="trivia-startup-cache-") as scratch:
        one_run(["--fresh"], scratch)  # compiles the bytecode; not timed
    print(f"load average {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
    for case, extra in CASES.items():
        first = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="trivia-startup-cache-") as empty:
                first.append(one_run(extra, empty))
        report(f"{case}, first game (empty line cache)", first)
        prepared = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="trivia-startup-cache-") as cache:
                prepare(cache)  # as setup.sh does after installing; not timed
                prepared.append(one_run(extra, cache))
        report(f"{case}, first game after `voices --prepare` (setup.sh)", prepared)
        with tempfile.TemporaryDirectory(prefix="trivia-startup-cache-") as cache:
            one_run(extra, cache)  # the game before: fills the cache; not timed
            report(f"{case}, later games", [one_run(extra, cache) for _ in range(args.runs)])
    print(f"load average {os.getloadavg()[0]:.1f} (1 min) at the end")


def report(case: str, runs: list[tuple[float, float, float | None]]) -> None:
    seconds, cpu = [wall for wall, _, _ in runs], [used for _, used, _ in runs]
    pauses = [pause for _, _, pause in runs if pause is not None]
    then = (
        f"; the next line {statistics.median(pauses):.2f} s after the first ended (p50)"
        if pauses
        else ""
    )
    print(
        f"start-up to the host's first sample, {case}: p50 {statistics.median(seconds):.2f} s "
        f"(min {min(seconds):.2f}, max {max(seconds):.2f}, {len(runs)} runs; target <= 1 s); "
        f"CPU used by then p50 {statistics.median(cpu):.2f} s{then}",
        flush=True,
    )


if __name__ == "__main__":
    main()
