"""Board files (docs/boards.md): the four layouts load and pass the checks; bad files are named."""

import copy

import pytest
import yaml

from host.errors import UserError
from host.rules.board import HUB, board_path, load_board, parse_board
from host.rules.movement import MoveTable, describe_path

EDITIONS = ["classic", "genus2", "genus6", "ruby"]


@pytest.fixture(scope="module")
def classic_raw():
    return yaml.safe_load(board_path("classic").read_text())


@pytest.mark.parametrize("name", EDITIONS)
def test_every_layout_loads_and_passes_the_five_checks(name):
    board = load_board(board_path(name))
    assert len(board.spaces) == 73 and sum(map(len, board.neighbours)) == 2 * 78
    assert board.proposal == (name != "classic")


def test_classic_layout_matches_the_sourced_board():
    board = load_board(board_path("classic"))
    hqs = {s.id: board.colour_of[s.category] for s in board.spaces if s.kind == "hq"}
    assert hqs == {0: "yellow", 7: "orange", 14: "blue", 21: "brown", 28: "green", 35: "pink"}
    assert [s.id for s in board.spaces if s.kind == "roll_again"] == [
        2,
        5,
        9,
        12,
        16,
        19,
        23,
        26,
        30,
        33,
        37,
        40,
    ]
    assert board.hub_role == "wild"


def test_special_spaces_of_the_proposal_layouts():
    genus2 = load_board(board_path("genus2"))
    assert {s.id: s.target for s in genus2.spaces if s.kind == "jumper"} == {
        2: 21,
        9: 28,
        16: 35,
        23: 0,
        30: 7,
        37: 14,
    }
    genus6 = load_board(board_path("genus6"))
    assert genus6.space(19).split == ("science", "arts") and genus6.space(40).split == (
        "sports",
        "history",
    )
    assert genus6.space(12).kind == "steal" and genus6.space(12).category == "geography"
    assert [s.id for s in genus6.spaces if s.kind == "wild"] == [5, 26]
    ruby = load_board(board_path("ruby"))
    assert [s.id for s in ruby.spaces if s.kind == "ruby"] == [5, 12, 19, 26, 33, 40]
    assert ruby.space(16).category == "arts" and ruby.colour_of["arts"] == "purple"


def broken(raw, edit):
    raw = copy.deepcopy(raw)
    edit(raw)
    return raw


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda r: r["spaces"][3].update(kind="trapdoor"), "space 3: unknown kind 'trapdoor'"),
        (
            lambda r: r["edges"].append([71, 99]),
            "edge [71, 99]: space 99 does not exist (dangling edge)",
        ),
        (
            lambda r: r["spaces"][1].update(colour="pink"),
            "space 1: touches HQ 0 so must have the colour of the opposite HQ (brown) (check 1)",
        ),
        (
            lambda r: r["spaces"][44].update(colour="yellow"),
            "spoke 0 must hold the five colours other than its HQ's (check 2)",
        ),
        (lambda r: r["spaces"][3].update(colour="mauve"), "space 3: unknown colour 'mauve'"),
        (
            lambda r: r["edges"].append([43, 48]),
            "the shortest cycle through the hub must be 19 spaces",
        ),
        (lambda r: r["spaces"].pop(70), "spaces must have exactly the ids 0-72"),
    ],
)
def test_bad_board_files_are_refused_naming_the_file_and_space(classic_raw, edit, message):
    with pytest.raises(UserError) as error:
        parse_board(broken(classic_raw, edit), "boards/bad.yaml")
    assert str(error.value).startswith("boards/bad.yaml: ")
    assert message in str(error.value)


def test_check_3_each_spoke_step_holds_every_colour_once(classic_raw):
    def swap(raw):  # swap two spoke spaces of different steps on one spoke: check 2 still holds
        a, b = raw["spaces"][42]["colour"], raw["spaces"][43]["colour"]
        raw["spaces"][42]["colour"], raw["spaces"][43]["colour"] = b, a

    with pytest.raises(UserError, match="check 3"):
        parse_board(broken(classic_raw, swap), "bad.yaml")


# --- movement ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def moves():
    return MoveTable(load_board(board_path("classic")))


def test_from_the_hub_a_six_reaches_every_hq_and_nothing_else(moves):
    assert moves.destinations(HUB, 6) == [0, 7, 14, 21, 28, 35]


@pytest.mark.parametrize("k", range(1, 6))
def test_from_spoke_step_k_the_hub_is_k_away_and_the_hq_6_minus_k(moves, k):
    for spoke in range(6):
        space = 42 + 5 * spoke + (k - 1)
        assert HUB in moves.destinations(space, k)
        if k < 6:
            assert 7 * spoke in moves.destinations(space, 6 - k)


def test_from_an_hq_a_two_or_five_reaches_roll_again_and_a_six_the_hub(moves):
    board = load_board(board_path("classic"))
    for hq in (0, 7, 14, 21, 28, 35):
        for roll in (2, 5):
            assert any(board.space(d).kind == "roll_again" for d in moves.destinations(hq, roll))
        assert HUB in moves.destinations(hq, 6)


def test_any_space_and_roll_has_at_most_seven_destinations_and_no_move_ends_where_it_started(moves):
    for space in range(73):
        for roll in range(1, 7):
            destinations = moves.destinations(space, roll)
            assert 1 <= len(destinations) <= 7 and space not in destinations
            for d in destinations:
                path = moves.path(space, roll, d)
                assert len(path) == roll and len(set(path)) == roll and path[-1] == d


def test_passing_through_the_hub_never_goes_back_down_the_same_spoke(moves):
    # from spoke 0 step 1 (42), a 2 goes through the hub to step 1 of the other five spokes
    assert moves.destinations(42, 2) == [44, 47, 52, 57, 62, 67]


def test_the_path_is_told_as_legs_for_the_narrator(moves):
    path = moves.path(1, 6, 42)  # back to the HQ, then in along spoke 0
    assert describe_path(1, path) == [("clockwise", 1), ("in", 5)]
    assert describe_path(72, moves.path(72, 2, 43)) == [("out", 2)]
    assert describe_path(3, moves.path(3, 3, 6)) == [("counter-clockwise", 3)]
