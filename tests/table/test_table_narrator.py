"""The narrator's words for events the scripted games rarely reach, and its
two styles."""

from __future__ import annotations

import itertools

from table_sitting import DECKS
from table_talk import phrase_texts

from host.cards.deck import load_decks
from host.table.game import Game
from host.table.narrator import Narrator, join, phrases
from host.table.settings import PlaySettings


def classic_game():
    settings = PlaySettings(players=("Ann", "Ben", "Cy"))
    game, _ = Game.new(settings, load_decks(DECKS), [], seed=1)
    return game


def test_a_breakthrough_and_a_shared_win():
    game = classic_game()
    narrator = Narrator(game.rules, "long")
    assert narrator.event(
        {"type": "breakthrough", "side": "Ann", "others": ["Ben", "Cy"]}, game
    ) == ("Ann won in their very first turn! Ben and Cy still get a turn to equal it.")
    assert narrator.event({"type": "game_over", "winners": ["Ann", "Cy"]}, game) == (
        "Game over! Ann and Cy win the game. Congratulations!"
    )
    assert (
        narrator.event({"type": "final_won", "side": "Ann"}, game)
        == "Ann answers the final question!"
    )


def test_the_ruby_changes_hands():
    game = classic_game()
    narrator = Narrator(game.rules, "short")
    assert (
        narrator.event({"type": "ruby_taken", "side": "Ben", "from": "Ann"}, game)
        == "Ben: Ruby, from Ann."
    )
    assert narrator.event({"type": "ruby_taken", "side": "Ben", "from": None}, game) == "Ben: Ruby."


def test_silent_events_say_nothing():
    game = classic_game()
    narrator = Narrator(game.rules, "long")
    for event in (
        {"type": "card_drawn", "card": "table-01", "deck": "standard"},
        {
            "type": "question_asked",
            "side": "Ann",
            "card": "table-01",
            "deck": "standard",
            "category": "history",
            "purpose": "space",
        },
        {
            "type": "question_closed",
            "card": "table-01",
            "deck": "standard",
            "category": "history",
            "right": "Ann",
        },
    ):
        assert narrator.event(event, game) == ""


def test_variety_never_repeats_a_sentence_twice_in_a_row():
    game = classic_game()
    narrator = Narrator(game.rules, "long", seed=3)
    said = [narrator.say("right") for _ in range(40)]
    assert all(a != b for a, b in itertools.pairwise(said))
    assert len(set(said)) == len(phrases()["right"]["long"])


KNOWN_FIELDS = {
    "choice",
    "edition",
    "mode",
    "sides",
    "members",
    "teams",
    "side",
    "holding",
    "roller",
    "wedges",
    "tokens",
    "value",
    "options",
    "roll",
    "path",
    "space",
    "category",
    "first",
    "second",
    "first_question",
    "second_question",
    "opponents",
    "year",
    "question",
    "names",
    "eligible",
    "answer",
    "count",
    "from",
    "others",
    "winners",
    "verb",
    "cards",
    "rank",
    "needed",
    "waiting",
    "table_roll",
    "table_move",
    "hub_rule",
    "heard",
    "help",
    "known",
    "pass_means",
    "reason",
    "summary",
    "message",
    "name",
    "colour",
    "ruby",
    "number",
    "problem",
    "ask",
    "resume",
    "label",
    "unit",
    "where",
}


def test_every_phrase_uses_only_fields_the_narrator_fills():
    import string

    for key, entry in phrases().items():
        for text in phrase_texts(entry):
            fields = {name for _, name, _, _ in string.Formatter().parse(text) if name}
            plain = {f.removeprefix("a_") for f in fields}  # a_category: with its article
            assert plain <= KNOWN_FIELDS, (key, plain - KNOWN_FIELDS)
        if isinstance(entry, dict) and "long" in entry:
            assert entry["long"] and entry.get("short", ["x"]) != [], key


def test_lists_read_well():
    assert join(["Ann"]) == "Ann"
    assert join(["Ann", "Ben"]) == "Ann and Ben"
    assert (
        join(["History", "Sports and Leisure", "Science"])
        == "History, Sports and Leisure, and Science"
    )
    assert join(["Ann", "Ben"], "or") == "Ann or Ben"


def test_an_answer_ending_in_its_own_exclamation_mark_gets_no_full_stop_after_it():
    from host.table.narrator import _one_stop

    assert _one_stop("The answer was Oliver!.") == "The answer was Oliver!"
    assert _one_stop("Is it Jeopardy?. No.") == "Is it Jeopardy? No."
