"""A game-changing command heard by voice while the recognizer's two passes
disagreed ("[disputed]": Whisper wrote "that was wrong", the grammar picked
"rules") is asked about before it changes anything: a right answer is not
ruled wrong, nor the judge taught so, on room noise. So is a change to how
the host talks ("speak up" written "speed up"). Heard plainly, or typed,
it is carried out at once. The question is Ottawa (seed 7), answered right.
"""

from __future__ import annotations

from table_sitting import DECKS
from table_talk import keys, keys_after, said_after
from test_table_confirm import TO_OTTAWA, answered, transcript

from host.cards.deck import load_decks
from host.demo.players import SimulatedPlayer, SimulatedTable
from host.table.channels import Listening

RIGHT = "ottawa [card: ottawa]"


def by_voice(table, lines):
    return table(TO_OTTAWA + [RIGHT] + lines, voice=True, verbosity="normal")


def overrides(folder) -> list[dict]:
    return [r for r in transcript(folder, "ruling") if r.get("override")]


def test_a_disputed_that_was_wrong_is_asked_about_and_no_leaves_the_ruling(table):
    _outcome, channel = by_voice(table, ["that was wrong [disputed]", "no"])
    assert said_after(channel, "that was wrong [disputed]") == ["Did you say that was wrong?"]
    assert keys_after(channel, "no")[0] == "command_not_meant"
    assert "override_wrong" not in keys(channel.said)
    assert answered(table.save_dir) == [True] and overrides(table.save_dir) == []
    note = [n for n in transcript(table.save_dir, "note") if n["text"] == "command asked about"]
    assert note[0]["command"] == "wrong" and note[0]["meant"] is False


def test_yes_changes_the_ruling(table):
    _outcome, channel = by_voice(table, ["that was wrong [disputed]", "yes"])
    assert keys_after(channel, "yes")[0] == "override_wrong"
    assert overrides(table.save_dir)[0]["verdict"] == "reject"


def test_help_at_the_question_is_about_the_question(table):
    _outcome, channel = by_voice(table, ["that was wrong [disputed]", "help", "yes"])
    assert said_after(channel, "help")[0] == "Say yes or no."
    assert keys_after(channel, "yes")[0] == "override_wrong"


def test_no_reply_at_all_leaves_the_ruling(table):
    _outcome, channel = by_voice(table, ["that was wrong [disputed]"] + ["<silence>"] * 6)
    assert "override_wrong" not in keys(channel.said)
    assert overrides(table.save_dir) == []


def test_a_plainly_heard_that_was_wrong_is_carried_out_at_once(table):
    _outcome, channel = by_voice(table, ["that was wrong"])
    assert keys_after(channel, "that was wrong")[0] == "override_wrong"
    assert "did_you_say" not in keys(channel.said)


def test_a_disputed_command_that_changes_nothing_is_not_asked_about(table):
    _outcome, channel = by_voice(table, ["score [disputed]"])
    assert "did_you_say" not in keys(channel.said)
    assert keys_after(channel, "score [disputed]")[0] == "score_line"


def test_a_disputed_save_and_quit_is_asked_about_and_no_plays_on(table):
    _outcome, channel = by_voice(table, ["save and quit [disputed]", "no", "save and quit"])
    assert said_after(channel, "save and quit [disputed]") == ["Did you say save and quit?"]
    assert keys_after(channel, "no")[0] == "command_not_meant"
    assert keys_after(channel, "save and quit")[0] == "saved_and_quit"


def test_a_disputed_speed_up_is_asked_about_and_no_leaves_the_voice_alone(table):
    _outcome, channel = by_voice(table, ["speed up [disputed]", "no", "louder"])
    assert said_after(channel, "speed up [disputed]") == ["Did you say speed up?"]
    assert keys_after(channel, "no")[0] == "command_not_meant"
    assert keys_after(channel, "louder")[0] == "voice_louder"  # heard plainly: at once
    assert channel.adjustments == ["louder"]


def test_a_disputed_slower_said_yes_to_slows_the_voice(table):
    _outcome, channel = by_voice(table, ["slower [disputed]", "yes"])
    assert keys_after(channel, "yes")[0] == "voice_slower"
    assert channel.adjustments == ["slower"]


def test_the_demos_players_say_yes_to_a_command_they_said_and_no_to_another():
    cards = {card.id: card for deck in load_decks(DECKS) for card in deck.cards}
    players = SimulatedTable([SimulatedPlayer("Ann", 1.0)], cards, seed=1, commands=1.0)
    roll = {"type": "roll", "side": "Ann"}
    said = players.line(Listening("roll", ("roll",), prompt=roll))
    assert said is not None and said.intent == "command"
    # asked twice (the first reply unheard), the same reply
    for asked, reply in ((said.text, "yes"), (said.text, "yes"), ("that was wrong", "no")):
        line = players.line(Listening("yes_no", ("yes", "no"), prompt={**roll, "confirm": asked}))
        assert line is not None and (line.text, line.intent) == (reply, "confirm")
