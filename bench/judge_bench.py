"""Judgments per second over the development set, on one core.

Run: .venv/bin/python bench/judge_bench.py [CASES.csv] [--seconds 3]

Card-side work (normalising entries, deriving name and title forms) is cached
per card, as in a game where a deck is judged again and again. The heard side
is new for every answer in a game, so its caches are cleared before every
pass: the figure is not flattered by repeating the same 214 answers.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from host.judge import judge
from host.judge.cases import read_cases
from host.judge.forms import card_forms
from host.judge.normalise import card_tokens, heard_variants
from host.judge.words import word_cost

DEV_SET = Path(__file__).resolve().parents[1] / "tests" / "judge" / "data" / "judge_dev.csv"


def clear_heard_caches() -> None:
    heard_variants.cache_clear()
    word_cost.cache_clear()


def one_pass(cases) -> None:
    for case in cases:
        judge(case.fields, list(case.heard), case.strictness)


def measure(cases, seconds: float, cold_cards: bool) -> float:
    judged = 0
    spent = 0.0
    while spent < seconds:
        clear_heard_caches()
        if cold_cards:
            card_forms.cache_clear()
            card_tokens.cache_clear()
        start = time.perf_counter()
        one_pass(cases)
        spent += time.perf_counter() - start
        judged += len(cases)
    return judged / spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="?", default=str(DEV_SET))
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    cases = read_cases(args.cases)
    one_pass(cases)  # load word lists, warm the card caches
    warm = measure(cases, args.seconds, cold_cards=False)
    cold = measure(cases, args.seconds, cold_cards=True)
    print(f"{len(cases)} cases from {args.cases}")
    print(f"judgments per second, card side cached (as in a game): {warm:,.0f}")
    print(f"judgments per second, nothing cached:                  {cold:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
