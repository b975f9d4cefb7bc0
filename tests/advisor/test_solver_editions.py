"""The solver for the other editions and modes: sampled games agree, and the
differences between modes point the way the rules say they should."""

import pytest

from host.advisor.model import build_model
from host.advisor.solver import solved
from host.rules.board import CATEGORIES, HUB
from host.rules.editions import load_rules
from host.rules.engine import Engine
from tests.advisor.solo_games import engine_games, interval, model_games, small_catalog


def uniform(p):
    return (p,) * len(CATEGORIES)


@pytest.mark.parametrize(
    "edition, mode, p",
    [
        ("genus2", "standard", 0.7),
        ("genus2", "short", 0.7),
        ("genus6", "classic", 0.7),
        ("genus6", "trivial", 0.6),
        ("genus6", "coop", 0.5),
        ("ruby", "standard", 0.7),
    ],
)
def test_value_agrees_with_sampled_games(edition, mode, p):
    solution = solved(load_rules(edition, mode), uniform(p))
    mean, half_width = interval(model_games(solution, 1500, seed=5))
    assert abs(mean - solution.start_value()) <= half_width


@pytest.mark.parametrize(
    "edition, mode, p, games",
    [
        ("genus6", "coop", 0.7, 1500),
        ("ruby", "standard", 0.7, 400),
        ("ruby", "quick", 0.7, 300),
        ("genus2", "standard", 0.7, 400),
    ],
)
def test_value_agrees_with_real_engine_games(edition, mode, p, games):
    rules = load_rules(edition, mode)
    mean, half_width = interval(engine_games(Engine(rules, small_catalog()), p, games, seed=1))
    assert abs(mean - solved(rules, uniform(p)).start_value()) <= half_width


def test_genus6_trivial_mode_is_shorter_than_classic_mode():
    for p in (0.5, 0.75, 0.9):
        classic = solved(load_rules("genus6", "classic"), uniform(p)).start_value()
        trivial = solved(load_rules("genus6", "trivial"), uniform(p)).start_value()
        assert trivial < classic


def test_coop_needs_at_least_six_cards_and_fewer_for_a_stronger_table():
    cards = [
        solved(load_rules("genus6", "coop"), uniform(p)).start_value() for p in (0.5, 0.7, 0.9)
    ]
    assert cards == sorted(cards, reverse=True)
    assert cards[-1] > 6
    # every card a wedge: six cards exactly, as the best rank says
    assert solved(load_rules("genus6", "coop"), uniform(1.0)).start_value() >= 6


def test_genus2_short_game_is_shorter_and_a_needed_jump_is_taken():
    standard = load_rules("genus2", "standard")
    assert (
        solved(load_rules("genus2", "short"), uniform(0.7)).start_value()
        < solved(standard, uniform(0.7)).start_value()
    )
    solution = solved(standard, uniform(0.7))
    jump, stay = build_model(standard).options_at(2, [])  # the brown jumper, to HQ 21
    assert jump.label == ("jump", True) and jump.space == 21
    assert solution.option_value(jump, []) < solution.option_value(stay, [])


def test_ruby_the_ruby_is_worth_having():
    rules = load_rules("ruby", "standard")
    solution = solved(rules, uniform(0.7))
    five = ["arts", "entertainment", "geography", "history", "science"]
    assert solution.roll_value(HUB, five, ruby=True) < solution.roll_value(HUB, five, ruby=False)


def test_ruby_quick_starts_with_three_wedges_and_is_shorter():
    quick = solved(load_rules("ruby", "quick"), uniform(0.7))
    assert len(quick.best_start_wedges()) == 3
    assert quick.start_value() < solved(load_rules("ruby", "standard"), uniform(0.7)).start_value()


def test_genus6_split_space_offers_its_two_colours():
    rules = load_rules("genus6", "trivial")
    options = build_model(rules).options_at(19, [])
    assert [(o.label, CATEGORIES[o.category], o.wedge) for o in options] == [
        (("pick", 0), "science", True),
        (("pick", 1), "arts", True),
    ]
