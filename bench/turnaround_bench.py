"""How long the host takes to answer a spoken answer, and where the time goes.

Simulated players (flite voices) play a Genus VI trivial game into a
microphone that delivers audio in real time, as a sound card does; the host
runs its real recognizer (the default engine, live), judge, engine, narrator
and synthesizer. For each utterance the turnaround is the time from the last
sample of the player's speech to the first sample of the host's reply,
split into: the end-of-speech wait (the configured silence, plus frame
granularity and any recognition backlog), recognition (finishing the
decode), judging, engine, narration, synthesis, and the rest (saving is
after the reply, so not in it). A reply that begins before the player's
speech ended is a cut-off, counted apart and left out of the percentiles.
Targets (issue 14): the reply <= 500 ms after the last word at the 95th
percentile for answers, <= 300 ms for commands and choices. The
configured silences are upper bounds: the end of turn is decided from what
was heard (speech/turn_end.py). On a busy machine the live decoders fall
behind real time and the end-of-speech wait grows with the backlog: compare
runs on an idle machine, or see bench/listen_bench.py for the decision in
audio time.

Also: the peak memory of a whole game by audio (a fresh process). Start-up
to the host's first spoken word is bench/startup_bench.py.

    .venv/bin/python bench/turnaround_bench.py [--answers 15] [--seed 5] [--skip-memory] [--slowest 5]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STAGES = ("endpoint_wait", "recognition", "judging", "engine", "narration", "synthesis", "other")


class Timeline:
    """Timed calls of each stage, and the utterances' landmarks."""

    def __init__(self):
        self.calls: list[tuple[str, float, float]] = []
        self.turns: list[dict] = []
        self.pending: dict | None = None
        self.last_heard = ""  # what the last finished recognition heard

    def timed(self, stage: str, function):
        def wrapper(*args, **kwargs):
            start = time.monotonic()
            try:
                return function(*args, **kwargs)
            finally:
                self.calls.append((stage, start, time.monotonic()))

        return wrapper

    def first_sample(self, _audio) -> None:
        turn, self.pending = self.pending, None
        if turn is None or turn.get("speech_end") is None:
            return
        now = time.monotonic()
        window = [(s, a, b) for s, a, b in self.calls if a >= turn["speech_end"]]
        split = {stage: 0.0 for stage in STAGES}
        for stage, a, b in window:
            split[stage] += b - a
        finish = [(a, b) for s, a, b in window if s == "recognition"]
        split["endpoint_wait"] = (finish[0][0] if finish else now) - turn["speech_end"]
        total = now - turn["speech_end"]
        split["other"] = max(0.0, total - sum(v for k, v in split.items() if k != "other"))
        self.turns.append({**turn, "total": total, "heard": self.last_heard, **split})
        self.calls = [c for c in self.calls if c[1] >= now]


def instrument(timeline: Timeline, host, microphone, table) -> None:
    """Wrap the stages with timers (class attributes: the bench is its own process)."""
    from host.rules.engine import Engine
    from host.table.judging import Judging
    from host.table.narrator import Narrator

    Judging.rule = timeline.timed("judging", Judging.rule)
    Engine.step = timeline.timed("engine", Engine.step)
    Narrator.event = timeline.timed("narration", Narrator.event)
    Narrator.say = timeline.timed("narration", Narrator.say)
    host.synthesizer.synthesize = timeline.timed("synthesis", host.synthesizer.synthesize)
    real_stream = host.recognizer.stream

    def stream(expectation):
        inner = real_stream(expectation)
        finish = timeline.timed("recognition", inner.finish)

        def finish_and_note():
            heard = finish()
            timeline.last_heard = heard.text
            return heard

        inner.finish = finish_and_note
        return inner

    host.recognizer.stream = stream
    real_line, real_utter, real_read = table.line, microphone.utter, microphone.read
    heard_as = {"kind": None, "said": ""}

    def line(listening):  # what the host waited for: an answer, or a command/choice
        heard_as["kind"] = listening.kind
        said = real_line(listening)
        heard_as["said"] = getattr(said, "text", "")
        return said

    def utter(samples, **kwargs):
        real_utter(samples, **kwargs)
        timeline.pending = {"kind": heard_as["kind"], "said": heard_as["said"], "speech_end": None}

    def read(count=None):
        frame = real_read(count)
        if timeline.pending is not None and timeline.pending["speech_end"] is None:
            timeline.pending["speech_end"] = microphone.speech_end
        return frame

    table.line, microphone.utter, microphone.read = line, utter, read


def run_game(answers: int, paced: bool, seed: int = 5, wav=None):
    """One simulated game by audio; returns (timeline, table, outcome, settings)."""
    from host.cards.deck import load_decks
    from host.demo.bridge import FLITE_VOICES, PlayerVoices, SpokenMicrophone, WavSpeaker
    from host.demo.players import SimulatedPlayer, SimulatedTable
    from host.demo.table import HostVoice, audio_table, game_args
    from host.table.game import resolve_deck_paths
    from host.table.setup import play

    host = HostVoice.start(notice=lambda m: None)
    timeline = Timeline()
    microphone = SpokenMicrophone(paced=paced)
    speaker = WavSpeaker(wav, on_play=timeline.first_sample)
    paths = resolve_deck_paths(())
    cards = {c.id: c for d in load_decks(paths) for c in d.cards}
    players = [SimulatedPlayer(n, 0.8, FLITE_VOICES[i]) for i, n in enumerate(("Ann", "Ben"))]
    table = SimulatedTable(players, cards, seed=seed, max_answers=answers, commands=0.1)
    voices = PlayerVoices({p.name: p.voice for p in players}, fallback=host.synthesizer)
    instrument(timeline, host, microphone, table)
    with tempfile.TemporaryDirectory(prefix="trivia-bench-") as folder:
        channel = audio_table(
            host,
            table,
            voices,
            folder,
            microphone=microphone,
            speaker=speaker,
            caption=lambda line: None,
            echo=lambda line: None,
        )
        outcome = play(
            game_args(
                folder,
                "genus6",
                "trivial",
                ["Ann", "Ben"],
                seed,
                [str(p) for p in paths],
                verbosity="short",
            ),
            channel=channel,
        )
    speaker.close()
    return timeline, table, outcome, host.settings


def percentile(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    index = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return values[index]


def report(timeline: Timeline, settings, slowest: int = 0) -> None:
    for kind, silence, complete, target in (
        ("answer", settings.answer_silence, settings.complete_silence, 500),
        ("command/choice", settings.command_silence, settings.command_complete_silence, 300),
    ):
        heard = [t for t in timeline.turns if (t["kind"] == "answer") == (kind == "answer")]
        if not heard:
            continue
        # the host replied before the player's last word: a cut-off, not a fast reply
        cut = [t for t in heard if t["total"] < 0]
        turns = [t for t in heard if t["total"] >= 0]
        print(
            f"\n{kind}s: {len(heard)} utterances, end-of-speech silence at most {silence:.2f} s "
            f"(less after a complete utterance: {complete:.2f} s; lists of names "
            f"{settings.complete_silence:.2f} s)"
        )
        print(f"  cut off (the host replied before the last word): {len(cut)}")
        if not turns:
            continue
        totals = [t["total"] for t in turns]
        print(
            f"  speech end -> host's first sample: p50 {percentile(totals, 50):.3f} s, "
            f"p95 {percentile(totals, 95):.3f} s (target <= {target} ms at p95)"
        )
        print("  split (ms)        p50     p95    mean")
        for stage in STAGES:
            values = [t[stage] * 1000 for t in turns]
            print(
                f"  {stage:<15} {percentile(values, 50):7.0f} {percentile(values, 95):7.0f} "
                f"{statistics.mean(values):7.0f}"
            )
        for turn in sorted(turns, key=lambda t: t["total"], reverse=True)[:slowest]:
            parts = ", ".join(f"{stage} {turn[stage] * 1000:.0f}" for stage in STAGES)
            print(
                f"  slow: {turn['total'] * 1000:.0f} ms, said {turn['said']!r}, "
                f"heard {turn['heard']!r}: {parts}"
            )


def memory() -> None:
    child = subprocess.run(
        [sys.executable, __file__, "--game-child"], capture_output=True, text=True, cwd=ROOT
    )
    print("\n" + (child.stdout.strip() or child.stderr.strip()[-500:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=15, help="answers to time (default 15)")
    parser.add_argument("--seed", type=int, default=5, help="the players' draws (default 5)")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument(
        "--slowest", type=int, default=0, help="list this many slowest replies of each kind"
    )
    parser.add_argument("--game-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    from host.memory import tune_allocator

    tune_allocator()  # as `trivia-host` does before it loads anything
    if args.game_child:
        started = time.monotonic()
        timeline, table, outcome, _ = run_game(None, paced=False, seed=7)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"whole game by audio (genus6 trivial, unpaced): {outcome} after {table.answers} "
            f"questions, {table.lines} lines, {time.monotonic() - started:.0f} s; "
            f"peak memory (max RSS) {peak:.0f} MB"
        )
        return
    print(
        f"turnaround: a genus6 trivial game by audio, paced microphone, {args.answers} answers"
        f" (seed {args.seed})"
    )
    started = time.monotonic()
    timeline, table, outcome, settings = run_game(args.answers, paced=True, seed=args.seed)
    print(f"played {table.lines} lines in {time.monotonic() - started:.0f} s ({outcome})")
    report(timeline, settings, args.slowest)
    if not args.skip_memory:
        memory()


if __name__ == "__main__":
    main()
