"""End of turn on the dev set: cut-offs and how soon the host is ready to reply.

Runs every recording of bench/listen_dev_set.py through the listening path
of `trivia-host listen` (the game's), with two endpointings:
- `before`: silence only (answer 1.2 s, command 0.5 s), and the VAD's floor
  starting at -70 dBFS, as the host decided before the end-of-turn rules
  (steady room noise then sounds like a voice that never stops);
- `after`: the settings of config.yaml (early decision from partial results).
Prints, per recording, the decision and readiness after the speech's end,
then per kind: cut-offs (decided before the last word ended) and p50/p95 of
ready - speech_end, split into the decision (audio time, the same on any
machine) and the work after it (wall clock: finishing the recognition and
judging; inflated on a busy machine).

`--save FILE.json` keeps the `after` run's results, each recording's pauses
with them (where each began, its tier and words, how long the player paused
before going on): bench/turn_end_replay.py replays them under other silences.

    .venv/bin/python bench/listen_dev_set.py
    .venv/bin/python bench/listen_bench.py [--set /tmp/trivia-listen-dev] [--realtime] [--only after]
        [--save after.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from host.judge.model import AnswerFields  # noqa: E402
from host.speech.audio import RECOGNIZER_RATE, read_wav  # noqa: E402
from host.speech.endpoint import EnergyVad  # noqa: E402
from host.speech.engines import make_recognizer  # noqa: E402
from host.speech.settings import SpeechSettings, load_speech_settings  # noqa: E402
from host.table.listen_command import (  # noqa: E402
    deck_answers,
    listen_with_utterance,
    listening_for,
)

BEFORE = SpeechSettings(
    answer_silence=1.2,
    command_silence=0.5,
    complete_silence=1.2,
    command_complete_silence=0.5,
    answer_open_silence=1.2,
)


def percentile(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))]


def run(rows, folder: Path, settings: SpeechSettings, old_vad: bool, realtime: bool) -> list[dict]:
    recognizer = make_recognizer(settings, notice=lambda message: None, live=True)
    results = []
    for row in rows:
        samples = read_wav(folder / row["file"], RECOGNIZER_RATE).audio.samples
        card = row["card"]
        fields = AnswerFields.from_mapping(card) if card else None
        others = deck_answers((), fields) if fields else ()  # as `listen` and the game
        listening = listening_for(row["for"], fields, row["expect"] or (), also=others)
        vad = EnergyVad(initial_floor_dbfs=-70.0) if old_vad else None
        report, heard = listen_with_utterance(
            samples, listening, settings, recognizer, realtime=realtime, vad=vad
        )
        end = row["speech_end_s"]
        result = {
            **row,
            **report,
            "decision": report["decided_at_s"] - end,
            "ready": report["ready_at_s"] - end,
            "work": report["ready_at_s"] - report["decided_at_s"],
            "cut_off": report["decided_at_s"] < end,
            "pauses": [pause_note(note) for note in heard.pauses],
        }
        results.append(result)
        print(
            f"  {row['file']:<44} {'noise' if row['snr_db'] else 'quiet':<5} "
            f"decided {result['decision']:+.2f} s, ready {result['ready']:+.2f} s"
            f"{'  CUT OFF' if result['cut_off'] else ''}  heard {report['heard'][:1]} "
            f"{report.get('verdict', '')}",
            flush=True,
        )
    return results


def pause_note(note) -> dict:
    """A PauseNote as JSON (its tier by name)."""
    return {**asdict(note), "tier": note.tier.value}


def summary(label: str, results: list[dict]) -> None:
    print(f"\n{label}")
    for kind, name in (("answer", "answers"), ("command", "commands and choices")):
        chosen = [r for r in results if r["for"] == kind]
        if not chosen:
            continue
        cut = [r["file"] for r in chosen if r["cut_off"]]
        print(f"  {name}: {len(chosen)}, cut off before the last word: {len(cut)} {cut or ''}")
        for field, what in (
            ("ready", "ready - speech_end"),
            ("decision", "  decision (audio time)"),
            ("work", "  work after it (wall)"),
        ):
            values = [r[field] * 1000 for r in chosen]
            print(
                f"    {what:<24} p50 {percentile(values, 50):6.0f} ms   "
                f"p95 {percentile(values, 95):6.0f} ms"
            )
        for noisy, where in ((False, "quiet"), (True, "in noise")):
            values = [r["ready"] * 1000 for r in chosen if bool(r["snr_db"]) == noisy]
            print(
                f"    {'  ' + where:<24} p50 {percentile(values, 50):6.0f} ms   "
                f"p95 {percentile(values, 95):6.0f} ms   (ready - speech_end)"
            )
        accepted = [r for r in chosen if r.get("verdict") == "accept"]
        if kind == "answer":
            print(f"    accepted by the judge: {len(accepted)} of {len(chosen)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default=str(Path(tempfile.gettempdir()) / "trivia-listen-dev"))
    parser.add_argument("--realtime", action="store_true", help="frames at the audio's own pace")
    parser.add_argument("--only", choices=("before", "after"))
    parser.add_argument("--config", help="config file for `after` (default: config.yaml)")
    parser.add_argument(
        "--save", metavar="FILE.json", help="keep the `after` run's results, pauses and all"
    )
    args = parser.parse_args()
    if args.save and args.only == "before":
        parser.error("--save keeps the `after` run's results: not with --only before")
    folder = Path(args.set)
    manifest = folder / "dev_set.json"
    if not manifest.exists():
        sys.exit(f"{manifest}: no dev set; run bench/listen_dev_set.py first")
    rows = json.loads(manifest.read_text(encoding="utf-8"))
    modes = [("before", BEFORE, True), ("after", load_speech_settings(args.config), False)]
    for label, settings, old_vad in modes:
        if args.only and args.only != label:
            continue
        print(f"{label}: {len(rows)} recordings, {'realtime' if args.realtime else 'fast'}")
        started = time.monotonic()
        results = run(rows, folder, settings, old_vad, args.realtime)
        summary(f"{label} ({time.monotonic() - started:.0f} s)", results)
        if args.save and label == "after":
            Path(args.save).write_text(json.dumps(results, indent=1), encoding="utf-8")
        print()


if __name__ == "__main__":
    main()
