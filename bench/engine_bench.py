"""Complete simulated games per second, per edition and mode (one process, one core).

Random legal choices, p(right) = 0.6, four players (co-op: one table of four),
the shipped decks. Run: .venv/bin/python bench/engine_bench.py [--games N] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from host.cards.dealer import CardCatalog
from host.cards.deck import default_deck_paths, load_decks
from host.rules.board import CATEGORIES
from host.rules.editions import edition_names, load_rules, mode_names
from host.rules.engine import Engine
from host.sim.playout import RandomPolicy, play_out

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


def run(edition: str, mode: str, catalog: CardCatalog, games: int) -> dict:
    engine = Engine(load_rules(edition, mode), catalog)
    rng = random.Random(2026)
    policy = RandomPolicy(rng, p_right=0.6)
    steps, cards = [], []
    start = time.perf_counter()
    for seed in range(games):
        wedges = (
            {p: rng.sample(CATEGORIES, 3) for p in PLAYERS}
            if load_rules(edition, mode).start_wedges
            else None
        )
        result = play_out(engine, policy, players=PLAYERS, seed=seed, start_wedges=wedges)
        steps.append(result.steps)
        cards.append(result.state["cards"])
    seconds = time.perf_counter() - start
    return {
        "games_per_second": games / seconds,
        "steps": statistics.mean(steps),
        "cards": statistics.mean(cards),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--profile", action="store_true", help="profile classic and print the top")
    args = parser.parse_args()
    catalog = CardCatalog.from_decks(load_decks(default_deck_paths()))
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run, "classic", "standard", catalog, args.games)
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)
        return
    print(f"{'edition/mode':<18} {'games/s':>8} {'steps/game':>11} {'cards/game':>11}")
    for edition in edition_names():
        for mode in mode_names(edition):
            figures = run(edition, mode, catalog, args.games)
            print(
                f"{edition + '/' + mode:<18} {figures['games_per_second']:>8.0f} "
                f"{figures['steps']:>11.0f} {figures['cards']:>11.0f}"
            )


if __name__ == "__main__":
    main()
