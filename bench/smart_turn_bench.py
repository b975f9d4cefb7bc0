"""Smart Turn v3 (an end-of-turn model on the audio) against the end-of-turn rules.

Runs every recording of bench/listen_dev_set.py once through the game's
listening path (`listen_turn`: the configured VAD, the recognizer's stream,
the endpointer). At every pause, when the endpointer asks what the words so
far sound like (after `complete_silence`), it notes both answers: the rules'
tier (turn_end.py, from the partial result) and Smart Turn's probability that
the turn is complete, from the audio so far (as Pipecat feeds it: from 0.5 s
before the first speech, the last 8 s). The endpointer is then replayed
(endpoint.step, the same VAD labels) with each way of choosing the pause's
tier, so the rules and the model are measured on the same frames:
- rules: config.yaml's end-of-turn rules, as the game decides today;
- model p>=T: complete (end after `complete_silence`) when the model's
  probability is at least T, else wait the full silence;
- either p>=T: complete when the rules say so or the model's probability is
  at least T; otherwise the rules' tier;
- open p>=T: the model only settles the rules' doubt: words that may end the
  turn (OPEN) are complete when its probability is at least T.
Per policy and kind: cut-offs (decided before the last word ended) and the
decision after the speech end (audio time, the same on any machine), p50
and p95; and the model's CPU time per call (features and inference, one
thread).

The model: Pipecat's wheel ships it (pipecat/audio/turn/smart_turn/data/
smart-turn-v3.2-cpu.onnx, 8.7 MB, BSD 2-clause), and it runs on onnxruntime
alone (in the venv already); nothing is downloaded at run time. Either
install the package without its dependency tree,

    .venv/bin/pip install pipecat-ai --no-deps

or unpack the wheel anywhere and pass the file:

    pip download pipecat-ai --no-deps -d /tmp/pc && unzip -q -d /tmp/pc /tmp/pc/pipecat_ai-*.whl
    .venv/bin/python bench/smart_turn_bench.py \
        --model /tmp/pc/pipecat/audio/turn/smart_turn/data/smart-turn-v3.2-cpu.onnx

    .venv/bin/python bench/listen_dev_set.py       # the dev set, once
    .venv/bin/python bench/smart_turn_bench.py [--set /tmp/trivia-listen-dev] [--model PATH]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from host.judge.model import AnswerFields  # noqa: E402
from host.speech import make_vad  # noqa: E402
from host.speech.audio import RECOGNIZER_RATE, read_wav  # noqa: E402
from host.speech.endpoint import EndpointPolicy, EndpointState, ListenOutcome, step  # noqa: E402
from host.speech.engines import make_recognizer  # noqa: E402
from host.speech.listening import RecordingSource, listen_turn  # noqa: E402
from host.speech.log_mel import HOP, N_FFT, mel_filters  # noqa: E402
from host.speech.settings import load_speech_settings  # noqa: E402
from host.speech.turn_end import Tier, TurnEnd  # noqa: E402
from host.table.hearing import plan_for  # noqa: E402
from host.table.listen_command import listening_for  # noqa: E402

RATE = RECOGNIZER_RATE
FRAME_SECONDS = 0.03  # as the microphone delivers frames
WINDOW = 8 * RATE  # the model hears the last 8 s
PRE_SPEECH = int(0.5 * RATE)  # and from half a second before the speech began
MODEL_GLOB = "audio/turn/smart_turn/data/smart-turn-v3*.onnx"
NOT_FOUND = (
    "Smart Turn v3 not found: `pip install pipecat-ai --no-deps` (its wheel ships "
    "smart-turn-v3.x-cpu.onnx) or pass --model PATH to the .onnx file"
)


def find_model(given: str | None) -> Path:
    """The .onnx file: the one given, or the one an installed Pipecat ships."""
    if given:
        path = Path(given)
        if not path.is_file():
            sys.exit(f"{path}: no such model file. {NOT_FOUND}")
        return path
    spec = importlib.util.find_spec("pipecat")  # finds the package without importing it
    folders = list(spec.submodule_search_locations or []) if spec else []
    found = sorted(p for folder in folders for p in Path(folder).glob(MODEL_GLOB))
    if not found:
        sys.exit(NOT_FOUND)
    return found[-1]


def features(audio: np.ndarray) -> np.ndarray:
    """(80, 800) Whisper log-mel of exactly 8 s of float audio, normalised
    first (zero mean, unit variance) as Smart Turn's feature extractor does."""
    x = np.asarray(audio, np.float32)
    x = (x - x.mean()) / np.sqrt(x.var() + 1e-7)
    padded = np.pad(x, N_FFT // 2, mode="reflect")
    windows = np.lib.stride_tricks.sliding_window_view(padded, N_FFT)[::HOP]
    window = np.hanning(N_FFT + 1)[:-1].astype(np.float32)
    power = np.abs(np.fft.rfft(windows * window, axis=-1)).astype(np.float32) ** 2
    mel = mel_filters(80) @ power[:-1].T  # the last frame is dropped, as Whisper does
    spectrum = np.log10(np.maximum(mel, 1e-10))
    spectrum = np.maximum(spectrum, spectrum.max() - 8.0)
    return ((spectrum + 4.0) / 4.0).astype(np.float32)


class SmartTurn:
    """P(the turn is complete) for int16 audio at 16 kHz; one thread, as Pipecat runs it."""

    def __init__(self, path: Path) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        try:
            self.session = ort.InferenceSession(str(path), sess_options=options)
        except Exception as exc:  # onnxruntime raises its own types for a bad file
            sys.exit(f"{path}: onnxruntime cannot load it ({exc})")
        self.cpu_seconds: list[float] = []

    def probability(self, samples: np.ndarray) -> float:
        started = time.process_time()
        audio = samples[-WINDOW:].astype(np.float32) / 32768.0
        audio = np.pad(audio, (WINDOW - len(audio), 0))  # silence before a short turn
        (output,) = self.session.run(None, {"input_features": features(audio)[None]})
        self.cpu_seconds.append(time.process_time() - started)
        return float(np.asarray(output).ravel()[0])  # already a sigmoid


@dataclass(frozen=True)
class Pause:
    at_s: float  # audio time at which the endpointer asks (complete_silence into it)
    rules: Tier | None  # the rules' tier (None: the game had decided already, or no rules)
    probability: float  # Smart Turn's P(complete)


class LabelledVad:
    """The configured VAD, its labels kept."""

    def __init__(self, vad) -> None:
        self.vad = vad
        self.labels: list[bool] = []

    def is_speech(self, frame: np.ndarray) -> bool:
        label = bool(self.vad.is_speech(frame))
        self.labels.append(label)
        return label


@dataclass(frozen=True)
class NotedTurnEnd(TurnEnd):
    """The game's TurnEnd, its answers noted in order (one per pause)."""

    tiers: list[Tier] = field(default_factory=list)

    def classify(self, partial: str | None, guess: str | None = None) -> Tier:
        self.tiers.append(super().classify(partial, guess))
        return self.tiers[-1]


Choose = Callable[[Pause], Tier | None]


def policies(thresholds: list[float]) -> dict[str, Choose]:
    """Each way of choosing a pause's tier. `either` and `open` end no later
    than the rules at any pause, so they never need the rules past their
    decision."""
    chosen: dict[str, Choose] = {"rules": lambda pause: pause.rules}
    chosen.update({f"model p>={t:g}": model_alone(t) for t in thresholds})
    chosen.update({f"either p>={t:g}": rules_or_model(t) for t in thresholds})
    chosen.update({f"open p>={t:g}": open_or_model(t) for t in thresholds})
    return chosen


def model_alone(threshold: float) -> Choose:
    def choose(pause: Pause) -> Tier | None:
        return Tier.COMPLETE if pause.probability >= threshold else None

    return choose


def rules_or_model(threshold: float) -> Choose:
    def choose(pause: Pause) -> Tier | None:
        return Tier.COMPLETE if pause.probability >= threshold else pause.rules

    return choose


def replay(
    policy: EndpointPolicy, labels: list[bool], tiers: Callable[[int], Tier | None]
) -> tuple[float, list[float]]:
    """(audio seconds at which the endpointer ends, when it asked at each
    pause) with `tiers(k)` the tier of the k-th pause (None: wait the full
    silence)."""
    state, asked = EndpointState(), []

    def classify() -> Tier:
        asked.append(state.elapsed + FRAME_SECONDS)
        return tiers(len(asked) - 1) or Tier.WAITING

    for label in labels:
        state = step(policy, state, label, FRAME_SECONDS, classify)
        if state.outcome is not ListenOutcome.LISTENING:
            break
    return state.elapsed, asked


def observe(row: dict, folder: Path, settings, recognizer, model: SmartTurn):
    """(policy, VAD labels, pauses, the game's decision s) of one recording.

    First the game's own listening path with the rules, which leaves the
    recognizer as the game would (PocketSphinx adapts across utterances);
    then the same VAD alone over the whole recording, the endpointer asking
    at each pause to the full silence, and the model at each of those pauses.
    """
    samples = read_wav(folder / row["file"], RATE).audio.samples
    fields = AnswerFields.from_mapping(row["card"]) if row["card"] else None
    plan = plan_for(listening_for(row["for"], fields, row["expect"] or ()), settings, fields)
    noted = (
        NotedTurnEnd(plan.turn_end.is_complete, plan.turn_end.expected, plan.turn_end.commands)
        if plan.turn_end
        else None
    )
    game_vad = LabelledVad(make_vad(settings))
    heard = listen_turn(
        RecordingSource(samples, RATE, FRAME_SECONDS),
        recognizer,
        plan.expectation,
        plan.policy,
        noted,
        vad=game_vad,
    )
    source, vad = RecordingSource(samples, RATE, FRAME_SECONDS), make_vad(settings)
    frames = [source.read() for _ in range(len(samples) // source.frame_size + 1)]
    labels = [bool(vad.is_speech(frame)) for frame in frames]
    if labels[: len(game_vad.labels)] != game_vad.labels:
        sys.exit(f"{row['file']}: the VAD labelled the same frames differently on a second run")
    _, asked = replay(plan.policy, labels, lambda k: None)
    start = max(0, labels.index(True) * source.frame_size - PRE_SPEECH) if True in labels else 0
    audio, rules = np.concatenate(frames), noted.tiers if noted else []
    pauses = []
    for index, at_s in enumerate(asked):
        heard_samples = audio[start : round(at_s * RATE)]
        tier = rules[index] if index < len(rules) else None
        pauses.append(Pause(at_s, tier, model.probability(heard_samples)))
    return plan.policy, labels, pauses, heard.listened_seconds


def tiers_of(pauses: list[Pause], choose: Choose) -> Callable[[int], Tier | None]:
    return lambda index: choose(pauses[index])


def open_or_model(threshold: float) -> Choose:
    def choose(pause: Pause) -> Tier | None:
        sure = pause.rules is Tier.OPEN and pause.probability >= threshold
        return Tier.COMPLETE if sure else pause.rules

    return choose


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))]


def tier_mark(tier: Tier | None) -> str:
    return {Tier.COMPLETE: "C", Tier.OPEN: "O", Tier.WAITING: "W", None: "-"}[tier]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default=str(Path(tempfile.gettempdir()) / "trivia-listen-dev"))
    parser.add_argument("--model", help="Smart Turn v3 .onnx (default: the installed Pipecat's)")
    parser.add_argument(
        "--thresholds", default="0.5,0.7,0.9,0.99", help="model probabilities to try"
    )
    parser.add_argument("--config", help="config file (default: config.yaml)")
    args = parser.parse_args()
    folder = Path(args.set)
    manifest = folder / "dev_set.json"
    if not manifest.exists():
        sys.exit(f"{manifest}: no dev set; run bench/listen_dev_set.py first")
    try:
        thresholds = [float(t) for t in args.thresholds.split(",")]
    except ValueError:
        sys.exit(f"--thresholds {args.thresholds!r}: give numbers like 0.5,0.7")
    model = SmartTurn(find_model(args.model))
    rows = json.loads(manifest.read_text(encoding="utf-8"))
    settings = load_speech_settings(args.config)
    recognizer = make_recognizer(settings, notice=lambda message: None, live=True)
    chosen = policies(thresholds)
    decisions: dict[str, list[tuple[dict, float]]] = {name: [] for name in chosen}
    print(f"{len(rows)} recordings; per pause: time after the speech end, rules' tier, P(complete)")
    for row in rows:
        policy, labels, pauses, game_decided = observe(row, folder, settings, recognizer, model)
        end = row["speech_end_s"]
        for name, choose in chosen.items():
            decided, _ = replay(policy, labels, tiers_of(pauses, choose))
            decisions[name].append((row, decided - end))
        replayed = decisions["rules"][-1][1] + end
        if abs(replayed - game_decided) > 1e-6:  # the replay is not the game's endpointer
            sys.exit(
                f"{row['file']}: the replayed rules decided at {replayed:.2f} s, "
                f"the game at {game_decided:.2f} s"
            )
        notes = "  ".join(
            f"{p.at_s - end:+.2f} {tier_mark(p.rules)} {p.probability:.2f}" for p in pauses
        )
        rules_at = decisions["rules"][-1][1]
        print(f"  {row['file']:<40} rules {rules_at:+.2f} s | {notes}", flush=True)
    print("\ndecision - speech_end (audio time); a cut-off decided before the last word ended")
    for kind in ("answer", "command"):
        print(f"  {kind}s:")
        for name, results in decisions.items():
            chosen_rows = [(row, d) for row, d in results if row["for"] == kind]
            cut = [row["file"][:2] for row, d in chosen_rows if d < 0]
            ms = [d * 1000 for _, d in chosen_rows]
            print(
                f"    {name:<14} cut off {len(cut):2d} of {len(chosen_rows)}   "
                f"p50 {percentile(ms, 50):5.0f} ms   p95 {percentile(ms, 95):5.0f} ms"
                f"   {' '.join(cut)}"
            )
    cpu = [s * 1000 for s in model.cpu_seconds]
    print(
        f"\nSmart Turn: {len(cpu)} calls, CPU per call p50 {percentile(cpu, 50):.0f} ms, "
        f"p95 {percentile(cpu, 95):.0f} ms (features and inference, one thread)"
    )


if __name__ == "__main__":
    main()
