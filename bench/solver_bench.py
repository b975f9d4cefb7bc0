"""The exact solver: expected length from the start and its run time, per edition and mode.

Run: .venv/bin/python bench/solver_bench.py [--repeat 3]

Each figure is the best of `repeat` solves from nothing (no cache), on one core.
Turns count the winning turn; co-op counts cards.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from host.advisor.solver import solve
from host.rules.editions import edition_names, load_rules, mode_names

CHANCES = (0.9, 0.75, 0.6, 0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'edition':8} {'mode':9} {'p':>5} {'expected':>9} {'unit':5} {'iters':>6} {'seconds':>8}"
    )
    for edition in edition_names():
        for mode in mode_names(edition):
            rules = load_rules(edition, mode)
            for p in CHANCES:
                runs = [solve(rules, p) for _ in range(args.repeat)]
                best = min(r.seconds for r in runs)
                unit = "cards" if rules.coop else "turns"
                print(
                    f"{edition:8} {mode:9} {p:5.2f} {runs[0].start_value():9.3f} {unit:5} "
                    f"{runs[0].iterations:6d} {best:8.3f}"
                )


if __name__ == "__main__":
    main()
