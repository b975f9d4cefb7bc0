"""`trivia-host solve` and `trivia-host simulate`: both print JSON."""

from __future__ import annotations

import json
import sys

from host.errors import UserError

DEFAULT_GAMES = 500
DEFAULT_PLAYERS = 3


def register(subparsers) -> None:
    solve = subparsers.add_parser(
        "solve", help="exact expected length of a one-player game (turns; co-op: cards)"
    )
    solve.add_argument("--edition", default="classic")
    solve.add_argument("--mode", default=None, help="default: the edition's first mode")
    solve.add_argument(
        "--p",
        default="0.75",
        help="chance of a right answer: 0.75, or per category "
        "'history=0.8,science=0.6' (others 0.5, or a bare number)",
    )
    solve.set_defaults(func=run_solve)

    simulate = subparsers.add_parser(
        "simulate", help="many games of simulated players: length in turns, questions, minutes"
    )
    simulate.add_argument("--edition", default=None, help="default: every edition")
    simulate.add_argument("--mode", default=None, help="default: every mode of the edition")
    simulate.add_argument(
        "--p", default="0.6", help="every player's chance of a right answer (as for solve)"
    )
    simulate.add_argument("--policy", default="optimal", help="random, greedy or optimal")
    simulate.add_argument(
        "--players",
        type=int,
        default=DEFAULT_PLAYERS,
        help="players per game (co-op: around the one table)",
    )
    simulate.add_argument("--games", type=int, default=DEFAULT_GAMES)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument(
        "--seconds-per-question",
        type=float,
        default=None,
        help="for the minutes estimate (default 30)",
    )
    simulate.set_defaults(func=run_simulate)


def run_solve(args) -> int:
    from host.advisor.chances import parse_p
    from host.advisor.solver import solve
    from host.rules.board import CATEGORIES
    from host.rules.editions import load_rules

    rules = load_rules(args.edition, args.mode)
    p = parse_p(args.p)
    solution = solve(rules, p)
    unit = "cards" if solution.model.objective == "cards" else "turns"
    result = {
        "edition": rules.edition,
        "mode": rules.mode,
        "p": dict(zip(CATEGORIES, p)),
        f"expected_{unit}": round(solution.start_value(), 4),
        "iterations": solution.iterations,
        "seconds": round(solution.seconds, 3),
    }
    _print(result)
    return 0


def run_simulate(args) -> int:
    from host.advisor.chances import parse_p
    from host.advisor.policies import POLICIES
    from host.advisor.simulation import SECONDS_PER_QUESTION, play_games, summarise
    from host.rules.editions import edition_names, load_rules, mode_names

    if args.policy not in POLICIES:
        raise UserError(f"unknown policy {args.policy!r} (known: {', '.join(POLICIES)})")
    if args.games < 1:
        raise UserError("--games must be at least 1")
    if not 1 <= args.players <= 6:
        raise UserError("--players must be 1 to 6")
    seconds = args.seconds_per_question or SECONDS_PER_QUESTION
    if seconds <= 0:
        raise UserError("--seconds-per-question must be positive")
    p = parse_p(args.p)
    editions = [args.edition] if args.edition else edition_names()
    if args.mode and not args.edition:
        raise UserError("--mode needs --edition")
    catalog = _catalog()
    results = []
    for edition in editions:
        load_rules(edition)  # a clear error for an unknown edition
        for mode in [args.mode] if args.mode else mode_names(edition):
            rules = load_rules(edition, mode)
            players = args.players
            if not rules.coop and players < 2:
                players = 2  # one player alone is the co-op challenge; competitive needs two
            records = play_games(rules, catalog, players, p, args.policy, args.games, args.seed)
            results.append(
                {
                    "edition": edition,
                    "mode": mode,
                    "players": players,
                    **summarise(records, seconds),
                }
            )
    _print(
        {"policy": args.policy, "p": args.p, "seconds_per_question": seconds, "results": results}
    )
    return 0


def _catalog():
    from host.cards.dealer import CardCatalog
    from host.cards.deck import default_deck_paths, load_decks

    paths = default_deck_paths()
    if not paths:
        raise UserError("simulate needs the card decks (decks/ in the project) to deal from")
    return CardCatalog.from_decks(load_decks(paths))


def _print(result: dict) -> None:
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
