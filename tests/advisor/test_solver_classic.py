"""The exact solver on the classic board: checked against sampled games, and for sense."""

import pytest

from host.advisor.chances import parse_p
from host.advisor.model import build_model
from host.advisor.solver import solve, solved
from host.errors import UserError
from host.rules.board import CATEGORIES, HUB
from host.rules.editions import load_rules
from host.rules.engine import Engine
from tests.advisor.solo_games import engine_games, interval, model_games, small_catalog

CLASSIC = load_rules("classic")


def uniform(p):
    return (p,) * len(CATEGORIES)


@pytest.mark.parametrize("p, games", [(0.9, 3000), (0.75, 2000), (0.6, 1500)])
def test_value_agrees_with_sampled_games_of_the_optimal_policy(p, games):
    solution = solved(CLASSIC, uniform(p))
    mean, half_width = interval(model_games(solution, games, seed=11))
    assert abs(mean - solution.start_value()) <= half_width


def test_value_agrees_with_real_engine_games_against_a_player_who_never_scores():
    solution = solved(CLASSIC, uniform(0.75))
    turns = engine_games(Engine(CLASSIC, small_catalog()), 0.75, games=1000, seed=1)
    mean, half_width = interval(turns)
    assert abs(mean - solution.start_value()) <= half_width


def test_per_category_chances_land_between_the_uniform_ones():
    mixed = solve(CLASSIC, parse_p("history=0.9,0.6")).start_value()
    assert (
        solved(CLASSIC, uniform(0.9)).start_value()
        < mixed
        < solved(CLASSIC, uniform(0.6)).start_value()
    )


def test_a_perfect_player_wins_in_the_first_turn():
    assert solve(CLASSIC, 1.0).start_value() == pytest.approx(1.0)


def test_expected_turns_fall_as_the_player_gets_better():
    values = [solved(CLASSIC, uniform(p)).start_value() for p in (0.5, 0.6, 0.75, 0.9, 0.95)]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize("p", [0.5, 0.75, 0.9])
def test_hq_beats_roll_again_beats_a_question_space_at_the_start(p):
    """Known positional advice, exact with no wedges: every wedge space is worth more
    than every roll-again space, and every roll-again space more than any question."""
    solution = solved(CLASSIC, uniform(p))
    board = CLASSIC.board

    def worth(kind):
        return [solution.landing_value(t, []) for t in range(HUB) if board.space(t).kind == kind]

    assert max(worth("hq")) < min(worth("roll_again"))
    assert max(worth("roll_again")) < min(worth("category"))


def test_with_two_wedges_the_order_holds_on_average():
    solution = solved(CLASSIC, uniform(0.75))
    board = CLASSIC.board
    owned = ["history", "sports"]

    def mean_worth(test):
        values = [solution.landing_value(t, owned) for t in range(HUB) if test(board.space(t))]
        return sum(values) / len(values)

    wedge = mean_worth(lambda s: s.kind == "hq" and s.category not in owned)
    roll_again = mean_worth(lambda s: s.kind == "roll_again")
    question = mean_worth(lambda s: s.kind == "category")
    assert wedge < roll_again < question


def test_with_six_wedges_the_hub_is_the_final_question_and_the_best_landing():
    solution = solved(CLASSIC, uniform(0.75))
    six = list(CATEGORIES)
    [final] = build_model(CLASSIC).options_at(HUB, six)
    assert final.kind == "final"
    best = min(range(HUB + 1), key=lambda t: solution.landing_value(t, six))
    assert best == HUB
    # one final question a turn: a quarter of the time wrong, then roll out and back
    assert solution.landing_value(HUB, six) == pytest.approx(
        0.25 * (1 + solution.roll_value(HUB, six))
    )


def test_the_hub_before_six_wedges_takes_the_strongest_category():
    solution = solve(CLASSIC, parse_p("science=0.9,0.5"))
    options = build_model(CLASSIC).options_at(HUB, [])
    best = min(options, key=lambda o: solution.option_value(o, []))
    assert best.label == ("category", "science")


def test_the_solver_reports_its_work():
    solution = solve(CLASSIC, 0.75)
    assert solution.iterations > 0 and solution.seconds > 0


@pytest.mark.parametrize(
    "text, message",
    [
        ("0.7,history=x", "'x' is not a number"),
        ("music=0.8", "unknown category 'music'"),
        ("0", "between 0.05 and 1"),
        ("1.5", "between 0.05 and 1"),
        ("", "needs a chance"),
    ],
)
def test_bad_chances_are_clear_errors(text, message):
    with pytest.raises(UserError, match=message):
        parse_p(text)


def test_a_bare_number_sets_the_categories_not_named():
    assert parse_p("history=0.8,0.6") == (0.6, 0.6, 0.8, 0.6, 0.6, 0.6)
    assert parse_p("history=0.8") == (0.5, 0.5, 0.8, 0.5, 0.5, 0.5)


def test_from_the_middle_of_a_ring_segment_every_roll_is_played_to_a_wedge_or_roll_again():
    """Known advice: from positions 3 and 4 of a segment every roll reaches an HQ or a
    roll-again space, and the solver takes one of them."""
    solution = solved(CLASSIC, uniform(0.75))
    for segment in range(6):
        for start in (7 * segment + 3, 7 * segment + 4):
            for roll in range(1, 7):
                options = CLASSIC.moves.destinations(start, roll)
                best = min(options, key=lambda t: solution.landing_value(t, []))
                assert CLASSIC.board.space(best).kind in ("hq", "roll_again"), (start, roll)
