"""Simulated games: co-op cards by movement policy, and game length per edition and mode.

Run: .venv/bin/python bench/simulate_bench.py [--games 2000] [--table-games 400]

Co-op: one table, every player with the same chance p, the table moving at
random, greedily (a space of a colour it lacks) or optimally (the solver);
the solver's exact expectation is shown beside the simulated mean. Lengths:
three players of chance 0.6; minutes assume the seconds per question of
host/advisor/simulation.py. Also prints games per second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from host.advisor.policies import POLICIES
from host.advisor.simulation import SECONDS_PER_QUESTION, play_games, summarise
from host.advisor.solver import solved
from host.cards.dealer import CardCatalog
from host.cards.deck import default_deck_paths, load_decks
from host.rules.editions import edition_names, load_rules, mode_names

COOP_CHANCES = (0.5, 0.7, 0.9)
TABLE_CHANCE = 0.6


def coop_figures(catalog, games: int) -> None:
    rules = load_rules("genus6", "coop")
    print(f"co-op, {games} games each: mean cards (sd) and ranks")
    for p in COOP_CHANCES:
        exact = solved(rules, (p,) * 6).start_value()
        print(f"  p = {p}: solver {exact:.2f} cards")
        for policy in POLICIES:
            started = time.perf_counter()
            summary = summarise(play_games(rules, catalog, 2, (p,) * 6, policy, games, seed=1))
            rate = games / (time.perf_counter() - started)
            cards = summary["questions"]
            ranks = ", ".join(f"{k} {v:.0%}" for k, v in summary["ranks"].items())
            print(
                f"    {policy:8} {cards['mean']:6.2f} ({cards['sd']:.2f})  {ranks}  "
                f"[{rate:.0f} games/s]"
            )


def length_figures(catalog, games: int) -> None:
    print(
        f"\nthree players of chance {TABLE_CHANCE}, {games} games each, "
        f"{SECONDS_PER_QUESTION:.0f} s a question"
    )
    print(
        f"  {'edition':8} {'mode':9} {'policy':8} {'turns':>13} {'questions':>13} {'minutes':>13}"
    )
    for edition in edition_names():
        for mode in mode_names(edition):
            rules = load_rules(edition, mode)
            for policy in ("greedy", "optimal"):
                s = summarise(play_games(rules, catalog, 3, (TABLE_CHANCE,) * 6, policy, games, 2))
                turns = (
                    f"{s['turns']['mean']:.1f} ({s['turns']['sd']:.1f})" if "turns" in s else "-"
                )
                print(
                    f"  {edition:8} {mode:9} {policy:8} {turns:>13} "
                    f"{s['questions']['mean']:6.1f} ({s['questions']['sd']:4.1f}) "
                    f"{s['minutes']['mean']:6.1f} ({s['minutes']['sd']:4.1f})"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="co-op games per policy and p")
    parser.add_argument("--table-games", type=int, default=400, help="games per edition and mode")
    args = parser.parse_args()
    catalog = CardCatalog.from_decks(load_decks(default_deck_paths()))
    coop_figures(catalog, args.games)
    length_figures(catalog, args.table_games)


if __name__ == "__main__":
    main()
