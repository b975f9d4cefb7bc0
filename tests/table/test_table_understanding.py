"""What players say, understood: commands, categories by any name or colour,
die values, names, yes and no; and destinations named every which way."""

from __future__ import annotations

import pytest
from table_sitting import DECKS

from host.cards.deck import load_decks
from host.rules.editions import load_rules
from host.table import understanding as und
from host.table.destinations import destinations, match
from host.table.game import Game
from host.table.settings import PlaySettings


@pytest.mark.parametrize(
    "said,command",
    [
        ("repeat", "repeat"),
        ("Could you say that again, please?", "repeat"),
        ("Where am I?", "where_am_i"),
        ("where is everyone", "score"),
        ("what do I still need", "need"),
        ("whose turn is it", "whose_turn"),
        ("help", "help"),
        ("what does this space do", "rules"),
        ("pause", "pause"),
        ("resume", "resume"),
        ("save and quit", "save_quit"),
        ("That was right!", "right"),
        ("that was wrong", "wrong"),
        ("skip the question", "skip"),
        ("louder", "louder"),
        ("slow down", "slower"),
        ("faster please", "faster"),
    ],
)
def test_commands_are_whole_utterances(said, command):
    assert und.command_of(said) == command


@pytest.mark.parametrize("said", ["I think it was right", "the Pacific", "repeat after me", ""])
def test_answers_are_not_commands(said):
    assert und.command_of(said) is None


def test_categories_by_name_synonym_and_colour():
    classic = load_rules("classic")
    assert und.categories_in("art and literature", classic) == ["arts"]
    assert und.categories_in("brown", classic) == ["arts"]
    assert und.categories_in("sports, then science", classic) == ["sports", "science"]
    genus6 = load_rules("genus6", "classic")
    assert und.categories_in("purple please", genus6) == ["arts"]
    assert und.categories_in("science and technology", genus6) == ["science"]


@pytest.mark.parametrize(
    "said,value",
    [
        ("I rolled a four", 4),
        ("4", 4),
        ("six", 6),
        ("a one", 1),
        ("won", 1),
        ("I rolled a seven", None),
        ("three or four", None),
        ("nothing", None),
    ],
)
def test_die_values(said, value):
    assert und.die_face(said) == value


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("I rolled a four", 4),
        ("no, I rolled a 4", 4),
        ("um it was a five", 5),
        ("rolled two", 2),
        ("I rolled a for", 4),  # as a recognizer may write it
        ("four", None),  # alone it may be the fourth choice read out
        ("no four", None),
        ("it was a seven", None),
        ("I rolled a four and a two", None),
        ("that was right", None),
    ],
)
def test_the_roll_said_again(said, value):
    assert und.rolled_value(said) == value


def test_names_in_order_with_members_and_unknown_words():
    names = {"Ann": "Ann", "Ben": "Ben", "Red": "Red", "Cy": "Red"}
    assert und.names_in("Ben and Ann", names) == (["Ben", "Ann"], [])
    assert und.names_in("steal for Cy", names) == (["Red"], [])
    assert und.names_in("Zed and Ann", names) == (["Ann"], ["zed"])
    assert und.names_in("Anne", names, fuzzy=True) == (["Ann"], [])
    assert und.names_in("Anne", names, fuzzy=False) == ([], ["anne"])


def test_yes_and_no():
    assert und.yes_or_no("yes please") is True
    assert und.yes_or_no("No, stay here") is False
    assert und.yes_or_no("maybe") is None


def _game_at(edition: str, mode: str, space: int, wedges=()) -> Game:
    settings = PlaySettings(edition=edition, mode=mode, players=("Ann", "Ben"))
    game, _ = Game.new(settings, load_decks(DECKS), [], seed=1)
    game.state["sides"][0]["space"] = space
    game.state["sides"][0]["wedges"] = list(wedges)
    return game


def test_destinations_most_useful_first_and_told_apart():
    game = _game_at("genus6", "classic", 14, wedges=["history"])
    side = game.state["sides"][0]
    found = destinations(game, side, 1, game.rules.moves.destinations(14, 1))
    assert [d.label for d in found] == [
        "Entertainment, clockwise",
        "Entertainment, counter-clockwise",
        "Entertainment, towards the hub",
    ]
    assert [d.space for d in match("pink, towards the hub", found, game.rules)] == [found[2].space]
    assert len(match("entertainment", found, game.rules)) == 3  # ambiguous: ask back
    assert match("history", found, game.rules) == []  # not reachable
    assert [d.space for d in match("the second one", found, game.rules)] == [found[1].space]


def test_a_needed_wedge_comes_first_and_is_named_as_a_wedge():
    game = _game_at("classic", "standard", 3)
    side = game.state["sides"][0]
    found = destinations(game, side, 4, game.rules.moves.destinations(3, 4))
    assert found[0].label.startswith("the ") and found[0].label.endswith(" wedge")
    assert [d.space for d in match("the wedge", found, game.rules)] == [found[0].space]
    assert [d.space for d in match("roll again", found, game.rules)] == [
        d.space for d in found if d.kind == "roll_again"
    ]


def test_an_owned_headquarters_is_not_called_a_wedge():
    game = _game_at(
        "classic",
        "standard",
        3,
        wedges=["geography", "entertainment", "history", "arts", "science", "sports"],
    )
    side = game.state["sides"][0]
    found = destinations(game, side, 4, game.rules.moves.destinations(3, 4))
    assert not any(d.label.endswith("wedge") for d in found)
