"""A misheard choice is taken back with "undo" ("take that back", "that's
not what I said"): the host asks for the choice again, as long as nothing has followed
it. A card the choice drew goes to the back of its deck, as a skipped one
does: the player has heard it. Ottawa is the first question (seed 7).

Assertions are on phrase keys, the words said, and the transcript.
"""

from __future__ import annotations

import json

from table_talk import keys, keys_after, said_after
from test_table_confirm import TO_OTTAWA, answered, transcript
from test_table_recovery import events, first_at


def test_a_move_taken_back_is_asked_again_and_its_card_goes_to_the_back(table):
    _outcome, channel = table([*TO_OTTAWA, "take that back", "Geography"], verbosity="short")
    after = said_after(channel, "take that back")
    assert after[0] == "Taken back."
    assert keys_after(channel, "take that back")[1:] == ["ask_move"]  # the same roll, its choices
    again = said_after(channel, "Geography")  # chosen again
    assert "capital city of Canada" not in " ".join(again)  # Ottawa was heard: not again
    note = [n for n in transcript(table.save_dir, "note") if n["text"] == "choice taken back"]
    assert note[0]["action"]["type"] == "move"


def test_the_move_chosen_again_is_the_one_played(table):
    _outcome, _channel = table([*TO_OTTAWA, "undo", "art", "Michelangelo"], verbosity="short")
    moved = [e for e in events(table.save_dir) if e["type"] == "moved"]
    drawn = [e for e in events(table.save_dir) if e["type"] == "question_asked"]
    assert len(moved) == 2 and moved[0]["to"] != moved[1]["to"]
    assert drawn[-1]["category"] == "arts" and answered(table.save_dir) == [True]


def test_after_the_answer_there_is_no_choice_to_take_back(table):
    _outcome, channel = table([*TO_OTTAWA, "Ottawa", "undo"], verbosity="short")
    assert keys_after(channel, "undo")[0] == "undo_refused"
    assert answered(table.save_dir) == [True]


def test_only_once(table):
    _outcome, channel = table([*TO_OTTAWA, "undo", "undo"], verbosity="short")
    assert keys(said_after(channel, "undo")) == ["undone", "ask_move"]
    assert channel.log.count("> undo") == 2 and "undo_refused" in keys(channel.said)


def test_help_after_a_choice_says_how_to_take_it_back(table):
    _outcome, channel = table([*TO_OTTAWA, "help"], verbosity="short")
    assert "If I misheard the move, say undo." in said_after(channel, "help")
    _outcome, channel = table(["help"], verbosity="short")  # at the roll: nothing to undo
    assert not any("misheard" in line for line in said_after(channel, "help"))


def test_a_disputed_undo_by_voice_is_asked_about_first(table):
    lines = [*TO_OTTAWA, "undo [disputed]", "no", "ottawa [card: ottawa]"]
    _outcome, channel = table(lines, voice=True, verbosity="normal")
    assert said_after(channel, "undo [disputed]") == ["Did you say undo?"]
    assert keys_after(channel, "no")[0] == "command_not_meant"
    assert answered(table.save_dir) == [True]


def test_who_steals_taken_back_is_asked_again(table):
    responder = first_at("steal", "nobody")
    lines = iter(["undo"])

    def after_the_steal(listening):
        if responder.done and listening.prompt.get("type") != "steal":
            return next(lines, None) or responder(listening)
        return responder(listening)

    _outcome, channel = table(
        responder=after_the_steal, edition="genus6", mode="classic", seed=11, verbosity="short"
    )
    assert responder.done, "the game never reached a steal"
    assert keys_after(channel, "undo")[:2] == ["undone", "ask_steal"]


def test_a_choice_taken_back_survives_a_resume(table):
    table([*TO_OTTAWA], verbosity="short")  # the input ends at the question: saved
    save = json.loads(next(table.save_dir.glob("*.json")).read_text())
    assert save["meta"]["before_choice"]["action"]["type"] == "move"
    _outcome, channel = table(["undo"], resume=True, verbosity="short")
    assert keys_after(channel, "undo")[:2] == ["undone", "ask_move"]
