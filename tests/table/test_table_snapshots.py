"""A whole game of every edition and mode, played by keyboard from a script:
the events and the narration must match the snapshot line for line.

After a deliberate change to the phrases or the loop, rewrite the snapshots
with `UPDATE_SNAPSHOTS=1 pytest tests/table/test_table_snapshots.py` and read
the diff like a game transcript.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from table_bots import StatelessBot

from host.table.transcript import read_transcript

SNAPSHOTS = Path(__file__).parent / "snapshots"
# Seeds picked for short games that still pass through every kind of prompt.
GAMES = [
    ("classic", "standard", 3),
    ("genus2", "standard", 7),
    ("genus2", "short", 5),
    ("genus6", "classic", 6),
    ("genus6", "trivial", 4),
    ("genus6", "coop", 2),
    ("ruby", "standard", 8),
    ("ruby", "quick", 11),
]


def snapshot_lines(transcript: list[dict]) -> list[str]:
    """The transcript without times and judge wording: said, heard, events."""
    lines = []
    for line in transcript:
        kind = line["kind"]
        if kind == "said":
            lines.append(line["text"])
        elif kind == "heard":
            lines.append("> " + " | ".join(line["alternatives"]))
        elif kind == "event":
            event = dict(line["event"])
            lines.append(
                "# "
                + event.pop("type")
                + " "
                + " ".join(f"{k}={v}" for k, v in sorted(event.items()) if k != "path")
            )
        elif kind == "ruling":
            lines.append(f"= {line['verdict']}")
    return lines


# The long style (the fixture config's) and the shipped default, normal; the
# normal co-op game has two players, who take turns rolling.
STYLES = {"long": "", "normal": ".normal"}


@pytest.mark.parametrize("style", list(STYLES))
@pytest.mark.parametrize("edition,mode,seed", GAMES, ids=[f"{e}-{m}" for e, m, _ in GAMES])
def test_a_whole_game_matches_its_snapshot(table, edition, mode, seed, style):
    coop = "Ann" if style == "long" else "Ann,Ben"
    players = coop if mode == "coop" else "Ann,Ben,Cy"
    start = (
        [
            "history, sports and science",
            "art, geography and pink",
            "entertainment, history and sports",
        ]
        if mode == "quick"
        else []
    )
    outcome, _channel = table(
        start,
        responder=StatelessBot(right=0.75),
        edition=edition,
        mode=mode,
        seed=seed,
        players=players,
        verbosity=style,
    )
    assert outcome == "over"
    transcript = read_transcript(next((table.save_dir / "earlier").glob("*.transcript.jsonl")))
    lines = snapshot_lines(transcript)
    assert lines[-2].startswith("# game_over")
    path = SNAPSHOTS / f"{edition}-{mode}{STYLES[style]}.txt"
    if os.environ.get("UPDATE_SNAPSHOTS") or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    assert lines == expected
