"""Accuracy of `trivia-host judge --cases` on a CSV with an `expected` column.

Run: .venv/bin/python bench/judge_score.py CASES.csv [CASES.csv ...] [--show-wrong]

Prints per file: rows, accuracy, false accepts (accept where the expected
verdict is prompt or reject, over those rows) and false rejects (reject where
accept was expected, over those rows). Rows are judged exactly as the batch
interface judges them (audio rows are transcribed first).
"""

from __future__ import annotations

import argparse
import csv
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from host.judge.cases import read_cases
from host.judge.commands import transcribe
from host.judge.core import judge


@dataclass(frozen=True)
class Score:
    rows: int
    right: int
    false_accepts: int
    not_accept_rows: int
    false_rejects: int
    accept_rows: int

    def line(self) -> str:
        return (
            f"{self.rows} rows: accuracy {self.right / max(self.rows, 1):.1%}, "
            f"false accept {self.false_accepts}/{self.not_accept_rows} "
            f"({self.false_accepts / max(self.not_accept_rows, 1):.1%}), "
            f"false reject {self.false_rejects}/{self.accept_rows} "
            f"({self.false_rejects / max(self.accept_rows, 1):.1%})"
        )


def score(pairs: list[tuple[str, str]]) -> Score:
    return Score(
        rows=len(pairs),
        right=sum(e == v for e, v in pairs),
        false_accepts=sum(e != "accept" and v == "accept" for e, v in pairs),
        not_accept_rows=sum(e != "accept" for e, _ in pairs),
        false_rejects=sum(e == "accept" and v == "reject" for e, v in pairs),
        accept_rows=sum(e == "accept" for e, _ in pairs),
    )


def judged(path: Path) -> list[tuple[str, str, str, str]]:
    """(expected, verdict, heard, reason) per row."""
    out = []
    with open(path, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    for case, row in zip(read_cases(path), rows):
        heard = list(case.heard) if case.audio is None else transcribe(case)
        verdict = judge(case.fields, heard, case.strictness)
        shown = " | ".join(h if isinstance(h, str) else h[0] for h in heard)
        out.append(
            (
                row["expected"],
                verdict.verdict,
                f"{case.fields.answer!r} <- {shown!r}",
                verdict.reason,
            )
        )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="+")
    parser.add_argument("--show-wrong", action="store_true")
    args = parser.parse_args()
    for name in args.cases:
        rows = judged(Path(name))
        print(f"{name}: {score([(e, v) for e, v, _, _ in rows]).line()}")
        if args.show_wrong:
            for expected, verdict, what, reason in rows:
                if expected != verdict:
                    print(f"  expected {expected}, got {verdict}: {what} ({reason})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
