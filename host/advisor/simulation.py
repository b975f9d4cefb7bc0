"""Game statistics from many complete games of simulated players (the real engine).

Length is counted three ways: turns (every turn of every side), questions
(cards drawn and read: an All-Play or split card counts once) and minutes,
estimated as questions x an assumed number of seconds per question (the
rolling and moving around a question included).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass

from host.advisor.policies import simulated_table
from host.cards.dealer import CardCatalog
from host.rules.board import CATEGORIES
from host.rules.editions import Rules, coop_rank
from host.rules.engine import TABLE, Engine
from host.sim.playout import play_out

SECONDS_PER_QUESTION = 30.0  # read it, answer, judge, plus the roll and move before it


@dataclass(frozen=True)
class GameRecord:
    turns: int
    questions: int
    winners: tuple[str, ...]
    rank: str | None  # co-op only


def play_games(
    rules: Rules,
    catalog: CardCatalog,
    players: int,
    skill: tuple[float, ...],
    policy: str,
    games: int,
    seed: int,
) -> list[GameRecord]:
    """`games` games of `players` equally skilled players (co-op: one table of them)."""
    names = [f"Player {i + 1}" for i in range(players)]
    skills = {TABLE: skill} if rules.coop else {name: skill for name in names}
    rng = random.Random(seed)
    table = simulated_table(rules, skills, policy, rng)
    engine = Engine(rules, catalog)
    records = []
    for _ in range(games):
        start = _start_wedges(rules, table, rng)
        state = play_out(
            engine, table, players=names, seed=rng.randrange(2**32), start_wedges=start
        ).state
        records.append(
            GameRecord(
                sum(s["turns"] for s in state["sides"]),
                state["cards"],
                tuple(state["winners"]),
                state["rank"],
            )
        )
    return records


def _start_wedges(rules: Rules, table, rng: random.Random):
    """Ruby quick game: optimal players take the solver's best three, others any three."""
    if not rules.start_wedges:
        return None
    chosen = {}
    for name, chooser in table.choosers.items():
        solution = getattr(chooser, "solution", None)
        chosen[name] = (
            list(solution.best_start_wedges())
            if solution
            else rng.sample(CATEGORIES, rules.start_wedges)
        )
    return chosen


def spread(values) -> dict:
    values = sorted(values)
    n = len(values)

    def quantile(q: float) -> float:
        return float(values[min(n - 1, int(q * n))])

    return {
        "mean": round(statistics.fmean(values), 2),
        "sd": round(statistics.stdev(values), 2) if n > 1 else 0.0,
        "p10": quantile(0.10),
        "median": quantile(0.50),
        "p90": quantile(0.90),
    }


def summarise(
    records: list[GameRecord], seconds_per_question: float = SECONDS_PER_QUESTION
) -> dict:
    result: dict[str, object] = {"games": len(records)}
    ranks = [r.rank for r in records if r.rank is not None]
    if not ranks:  # co-op is one long turn of the table: turns say nothing there
        result["turns"] = spread(r.turns for r in records)
    result["questions"] = spread(r.questions for r in records)
    result["minutes"] = spread(r.questions * seconds_per_question / 60 for r in records)
    if ranks:
        counts = Counter(ranks)
        result["ranks"] = {
            rank: round(counts[rank] / len(ranks), 4) for rank in _rank_order() if rank in counts
        }
    return result


def _rank_order() -> list[str]:
    """Co-op ranks from best to worst (Genius first)."""
    return list(dict.fromkeys(coop_rank(cards) for cards in range(6, 100)))
