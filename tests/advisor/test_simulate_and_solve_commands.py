"""`trivia-host solve` and `trivia-host simulate`, and the simulated players behind them."""

import json
import random

import pytest

from host.advisor.policies import simulated_table
from host.advisor.simulation import play_games, summarise
from host.cli import main
from host.rules.editions import load_rules
from host.rules.engine import TABLE, Engine
from tests.advisor.solo_games import small_catalog


@pytest.fixture(scope="module")
def catalog():
    return small_catalog()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_the_expected_turns_and_the_work(capsys):
    code, out, _ = run(capsys, "solve", "--edition", "classic", "--p", "0.75")
    result = json.loads(out)
    assert code == 0
    assert result["edition"] == "classic" and result["mode"] == "standard"
    assert result["expected_turns"] == pytest.approx(10.02, abs=0.01)
    assert result["iterations"] > 0 and result["seconds"] >= 0
    assert result["p"]["history"] == 0.75


def test_solve_coop_counts_cards_and_takes_per_category_chances(capsys):
    code, out, _ = run(
        capsys, "solve", "--edition", "genus6", "--mode", "coop", "--p", "history=0.9,0.6"
    )
    result = json.loads(out)
    assert code == 0 and "expected_cards" in result and "expected_turns" not in result
    assert result["p"]["history"] == 0.9 and result["p"]["sports"] == 0.6


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", "--edition", "monopoly"], "unknown edition 'monopoly'"),
        (["solve", "--edition", "classic", "--mode", "coop"], "edition classic has no mode 'coop'"),
        (["solve", "--p", "1.2"], "between 0.05 and 1"),
        (["simulate", "--policy", "clever"], "unknown policy 'clever'"),
        (["simulate", "--games", "0"], "--games must be at least 1"),
        (["simulate", "--mode", "coop"], "--mode needs --edition"),
    ],
)
def test_bad_input_is_one_clear_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("trivia-host: ") and message in err and err.count("\n") == 1


def test_simulate_prints_length_per_mode_and_coop_ranks(capsys):
    code, out, _ = run(
        capsys,
        "simulate",
        "--edition",
        "genus6",
        "--games",
        "8",
        "--policy",
        "greedy",
        "--seconds-per-question",
        "40",
    )
    result = json.loads(out)
    assert code == 0 and result["seconds_per_question"] == 40
    by_mode = {r["mode"]: r for r in result["results"]}
    assert set(by_mode) == {"classic", "trivial", "coop"}
    for mode in ("classic", "trivial"):
        assert by_mode[mode]["turns"]["mean"] > 0
    coop = by_mode["coop"]
    assert "turns" not in coop and sum(coop["ranks"].values()) == pytest.approx(1)
    assert coop["minutes"]["mean"] == pytest.approx(coop["questions"]["mean"] * 40 / 60, abs=0.02)


def test_genus6_trivial_mode_plays_shorter_than_classic_mode(catalog):
    """The Genus VI book: classic mode 60+ minutes, trivial mode 45+."""
    lengths = {}
    for mode in ("classic", "trivial"):
        records = play_games(
            load_rules("genus6", mode),
            catalog,
            players=3,
            skill=(0.6,) * 6,
            policy="optimal",
            games=60,
            seed=3,
        )
        lengths[mode] = summarise(records)["questions"]["mean"]
    assert lengths["trivial"] < 0.7 * lengths["classic"]


def test_greedy_player_takes_a_space_of_a_colour_it_lacks(catalog):
    rules = load_rules("genus6", "coop")
    engine = Engine(rules, catalog)
    state, _ = engine.new_game(["Ann", "Bob"], seed=1)
    state["sides"][0]["wedges"] = ["arts", "entertainment", "geography", "history", "science"]
    engine.step(state, {"type": "roll", "value": 6})
    table = simulated_table(rules, {TABLE: (0.6,) * 6}, "greedy", random.Random(1))
    assert table.act(state) == {"type": "move", "to": rules.board.hq_of("sports")}


def test_optimal_player_at_the_final_faces_the_opponents_choice_of_its_weakest(catalog):
    rules = load_rules("genus6", "classic")
    engine = Engine(rules, catalog)
    state, _ = engine.new_game(["Ann", "Bob"], seed=1)
    skills = {"Ann": (0.9, 0.9, 0.4, 0.9, 0.9, 0.9), "Bob": (0.6,) * 6}
    state["sides"][0]["wedges"] = ["arts", "entertainment", "geography", "science", "sports"]
    for action in (
        {"type": "roll", "value": 6},
        {"type": "move", "to": 0},  # the History wedge
        {"type": "answer", "correct": True},  # sixth: to the hub
        {"type": "roll", "value": 6},
        {"type": "move", "to": 7},  # Bob
        {"type": "answer", "correct": False},
    ):
        engine.step(state, action)
    table = simulated_table(rules, skills, "optimal", random.Random(1))
    assert state["prompt"]["purpose"] == "final"
    assert table.act(state) == {"type": "category", "category": "history"}
