"""Replay answers' pauses under other silences, without hearing them again.

`listen_bench.py --save` and `pause_risk_bench.py --save` keep, for every
recording, each pause the end of turn classified: where it began, its tier
(turn_end.py), and how long the player paused before going on. Which tier a
pause gets depends only on the audio before it, so a change to the silences
alone is replayed exactly: the turn ends in the first pause at least as long
as its tier's silence. A run of every listen set takes half an hour; this,
a second.

    .venv/bin/python bench/turn_end_replay.py after.json [--open 1.5] [--after-thinking 0.45]

`--open`, `--complete`, `--waiting`: the silences after an open, a complete
and an unfinished reading (config.yaml's answer_open_silence,
complete_silence and answer_silence unless given). `--after-thinking S`:
an open reading ends after S once the player has paused at least
`--thinking-pause` and gone on (the words since are their answer, or so the
rule bets). First the config's own silences are replayed: a recording that
does not end where its run decided is counted as a mismatch (the file was
made with other settings), and one with no pause noted is left out (no
speech was heard: a filler too short for the VAD, then the timeout). Then, for listen-set rows: cut off, decided more
than 0.5 s after the speech, and p95 per voice, before and after; for
pause-risk rows (nothing more is said after the clip, and the player may
still be thinking): ended within 0.6 s and before 1.6 s, per group.
Commands are not replayed (their silences differ): only answers.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.listen_bench import percentile  # noqa: E402
from host.speech.endpoint import EndpointPolicy  # noqa: E402
from host.speech.settings import load_speech_settings  # noqa: E402
from host.speech.turn_end import Tier  # noqa: E402

SLOW = 0.5  # seconds after the last word: the turn-taking issue's bound for answers
EARLY, LONGEST_PAUSE = 0.6, 1.6  # as pause_risk_bench.py counts
SAME = 0.05  # seconds: a replay this close to the run's decision lands where it did


def ends_at(
    pauses: list[dict], silence: Callable[[Tier, bool], float], thinking_pause: float
) -> tuple[float, bool] | None:
    """Where the turn ends (audio seconds), and whether the player was going
    on (they said more after that pause); None if it ends in no pause noted.
    `silence(tier, went_on)`: the silence after a pause of that tier, once
    the player has (or has not) paused to think and gone on."""
    went_on = False
    for pause in pauses:
        needed = silence(Tier(pause["tier"]), went_on)
        lasted = pause["lasted"]
        if lasted is None or lasted >= needed - 1e-9:
            return pause["began_at"] + needed, lasted is not None
        went_on = went_on or lasted >= thinking_pause
    return None


def silences(policy: EndpointPolicy, after_thinking: float | None):
    def silence(tier: Tier, went_on: bool) -> float:
        if went_on and tier is Tier.OPEN and after_thinking is not None:
            return min(after_thinking, policy.silence_for(tier))
        return policy.silence_for(tier)

    return silence


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "saved", nargs="+", help="JSON from listen_bench.py or pause_risk_bench.py --save"
    )
    parser.add_argument("--config", help="config file (default: config.yaml)")
    for name in ("open", "complete", "waiting", "after-thinking"):
        parser.add_argument(f"--{name}", type=float, metavar="S")
    parser.add_argument("--thinking-pause", type=float, default=0.6, metavar="S")
    parser.add_argument("--list", action="store_true", help="list every recording that changed")
    args = parser.parse_args()
    settings = load_speech_settings(args.config)
    given = {
        "answer_open_silence": args.open,
        "complete_silence": args.complete,
        "answer_silence": args.waiting,
    }
    changed = replace(settings, **{k: v for k, v in given.items() if v is not None})
    own = silences(settings.answer_policy(), None)
    other = silences(changed.answer_policy(), args.after_thinking)
    rows = [
        row
        for path in args.saved
        for row in json.loads(Path(path).read_text(encoding="utf-8"))
        if row.get("for", "answer") == "answer"
    ]
    mismatches = unheard = 0
    by_kind: dict[str, list[tuple[dict, float, float, bool]]] = defaultdict(list)
    for row in rows:
        if not row["pauses"]:
            unheard += 1  # no speech heard, or none long enough to pause after
            continue
        before = ends_at(row["pauses"], own, args.thinking_pause)
        after = ends_at(row["pauses"], other, args.thinking_pause)
        if before is None or after is None or abs(before[0] - row["decided_at_s"]) > SAME:
            mismatches += 1
            continue
        end = row["speech_end_s"]
        kind = row.get("group") or row["voice"]
        by_kind[kind].append((row, before[0] - end, after[0] - end, after[1]))
        if args.list and abs(after[0] - before[0]) > SAME:
            print(
                f"  {row.get('file') or row['said']}: {row['voice']}, "
                f"{'noise' if row.get('snr_db') or row.get('noisy') else 'quiet'}, "
                f"{before[0] - end:+.2f} -> {after[0] - end:+.2f} s"
                f"{' CUT OFF' if after[1] else ''}, heard {row['heard'][:1]}"
            )
    print(
        f"{len(rows)} answers: {unheard} with no pause (no speech heard), "
        f"{mismatches} that did not end where their run decided"
    )
    listened = [item for items in by_kind.values() for item in items if "group" not in item[0]]
    if listened:
        by_kind["(all voices)"] = listened
    for kind, replayed in sorted(by_kind.items()):
        olds = [old for _, old, _, _ in replayed]
        news = [new for _, _, new, _ in replayed]
        if "group" in replayed[0][0]:
            print(
                f"  {kind}: {len(replayed)}; ended within {EARLY} s "
                f"{sum(v < EARLY for v in olds)} -> {sum(v < EARLY for v in news)}, "
                f"before {LONGEST_PAUSE} s "
                f"{sum(v < LONGEST_PAUSE for v in olds)} -> {sum(v < LONGEST_PAUSE for v in news)}"
            )
            continue
        cut = sum(going_on or new < 0 for _, _, new, going_on in replayed)
        print(
            f"  {kind}: {len(replayed)}; cut off {cut}; over {SLOW} s "
            f"{sum(v > SLOW for v in olds)} -> {sum(v > SLOW for v in news)}; "
            f"p95 {percentile(olds, 95):.2f} -> {percentile(news, 95):.2f} s"
        )


if __name__ == "__main__":
    main()
