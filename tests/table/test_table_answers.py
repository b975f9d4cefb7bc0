"""Answers: the judge's three verdicts as the table hears them, and the
house rule on reading the right answer."""

from __future__ import annotations

from table_sitting import DECKS

from host.cards.deck import load_decks
from host.table.channels import ScriptedChannel
from host.table.conversation import Table
from host.table.game import Game
from host.table.judging import Judging
from host.table.narrator import Narrator
from host.table.settings import PlaySettings

ORDER = [
    "table-01",
    "table-02",
    "table-03",
    "table-04",
    "table-05",
    "table-06",
    "table-07",
    "table-08",
]


def sit(lines, tmp_path, **settings):
    settings = PlaySettings(players=("Ann", "Ben"), verbosity="short", seed=7, **settings)
    game, events = Game.new(settings, load_decks(DECKS), [], 7, card_order=ORDER)
    channel = ScriptedChannel(lines)
    narrator = Narrator(game.rules, "short", 7, settings.read_answer)
    table = Table(game, channel, narrator, settings, judging=Judging(tmp_path / "overrides.json"))
    return table.start(events), channel


def test_a_surname_is_asked_to_be_more_specific(tmp_path):
    _outcome, channel = sit(["roll", "art", "Austen", "Jane Austen"], tmp_path)
    assert channel.log[8:14] == [
        "Art and Literature: Who wrote the novel Pride and Prejudice?",
        "> Austen",
        "More specific?",
        "> Jane Austen",
        "Right.",
        "Roll again.",
    ]


def test_still_too_vague_the_second_time_is_wrong(tmp_path):
    _outcome, channel = sit(["roll", "art", "Austen", "Austen"], tmp_path)
    assert channel.log[10:14] == ["More specific?", "> Austen", "Wrong.", "Answer: Jane Austen."]


def test_a_pass_is_a_wrong_answer(tmp_path):
    _outcome, channel = sit(["roll", "art", "I don't know"], tmp_path)
    assert channel.log[9:12] == ["> I don't know", "Pass.", "Wrong."]


def test_the_answer_is_not_read_when_the_house_says_so(tmp_path):
    _outcome, channel = sit(
        ["roll", "art", "Charlotte Bronte", "roll"], tmp_path, read_answer=False
    )
    assert channel.log[9:12] == ["> Charlotte Bronte", "Wrong.", "Ben. No wedges."]


def test_the_answer_is_read_with_its_spoken_form(tmp_path):
    _outcome, channel = sit(["roll", "science", "iron"], tmp_path)
    assert channel.log[8:12] == [
        "Science and Nature: What is the chemical symbol for gold?",
        "> iron",
        "Wrong.",
        "Answer: A U.",
    ]


def test_time_up_in_silence_is_a_wrong_answer(tmp_path):
    _outcome, channel = sit(["roll", "art", "<time up>"], tmp_path, answer_seconds=20)
    assert channel.log[9:12] == ["> <time up>", "Time.", "Wrong."]
