"""Asking about someone else by name, at any prompt: "what wedges does Ann
have?", "where is Ben?", "what does Cy need?" (the guide: every state of
the game reachable by voice). The host answers for that player's side, then
restates the prompt still waiting.

Assertions are on phrase keys and the words said about the side named.
"""

from __future__ import annotations

from table_sitting import play_args
from table_talk import keys_after, said_after

from host.table import understanding as und
from host.table.channels import Listening, ScriptedChannel
from host.table.setup import play
from host.table.voice import expectation_for


def test_ann_asks_about_ben_before_her_roll(table):
    lines = ["what wedges does Ben have", "where is Ben", "what does Ben need", "Ben's score"]
    _outcome, channel = table(lines, verbosity="short")
    assert keys_after(channel, "what wedges does Ben have") == ["score_line", "pending.roll"]
    assert said_after(channel, "what wedges does Ben have")[0] == "Ben: 0 wedges."
    assert said_after(channel, "where is Ben")[0] == "Ben is on the hub."
    assert said_after(channel, "what does Ben need")[0].startswith("Ben still needs Geography")
    assert keys_after(channel, "Ben's score")[0] == "score_line"


def test_after_a_right_answer_ben_hears_where_ann_is(table):
    lines = ["roll", "geography", "Ottawa", "where is Ann", "how is Ann doing"]
    _outcome, channel = table(lines, verbosity="short")
    where = said_after(channel, "where is Ann")
    assert where[0].startswith("Ann is on") and "hub" not in where[0]
    assert keys_after(channel, "how is Ann doing")[0] == "score_line"


def test_a_player_named_is_asked_about_as_their_team(table):
    lines = ["what does Cy need", "where are Blue"]
    _outcome, channel = table(lines, teams="Red=Ann+Cy,Blue=Ben+Dee", players=None)
    assert said_after(channel, "what does Cy need")[0].startswith("Red still needs")
    assert said_after(channel, "where are Blue")[0] == "Blue is on the hub."


def test_a_name_nobody_has_is_not_understood_and_the_game_goes_on(table):
    _outcome, channel = table(["where is Zed", "roll"])
    assert keys_after(channel, "where is Zed")[0] == "not_understood"
    assert keys_after(channel, "roll")[:2] == ["rolled_host", "ask_move"]


def test_help_names_the_next_player_as_the_example(table):
    _outcome, channel = table(["help"])
    said = said_after(channel, "help")
    assert "About anyone: where is Ben, what does Ben have, what does Ben need." in said


def test_by_voice_the_recognizer_listens_for_the_queries_with_this_tables_names(fast_tmp):
    heard_at: list[Listening] = []

    def responder(listening: Listening):
        heard_at.append(listening)
        return "where is benn" if len(heard_at) == 1 else None  # a near miss of Ben, heard

    channel = ScriptedChannel(responder=responder, voice=True)
    play(play_args(fast_tmp / "voice"), channel=channel)
    assert heard_at[0].names == ("Ann", "Ben")
    expected = expectation_for(heard_at[0])
    heard = set(expected.phrases + expected.commands)
    assert {"where is ben", "what does ann need", "how is ben doing"} <= heard
    assert said_after(channel, "where is benn")[0] == "Ben is on the hub."


def test_a_query_about_someone_is_the_whole_utterance():
    names = {"Ann": "Ann", "Ben": "Ben"}
    assert und.about_someone("um, where is Ann please", names) == ("where_am_i", "Ann")
    assert und.about_someone("where is Ann on the board", names) == ("where_am_i", "Ann")
    assert und.about_someone("what does Ann have", names) == ("score", "Ann")
    assert und.about_someone("where is Ann and Ben", names) is None  # two sides: which one?
    assert und.about_someone("Ann", names) is None  # a name alone is a claim, not a query
    assert und.about_someone("what does anne have", names) is None  # typed names must match
    assert und.about_someone("what does anne have", names, fuzzy=True) == ("score", "Ann")


def test_at_an_answer_a_query_the_cards_grammar_heard_is_no_answer(table):
    # flite's "where is Ann" at the question: Whisper wrote the name "jan",
    # the grammar over the card's phrases and the commands heard the query
    lines = ["roll", "geography", "where is jan [card: where is ann]", "ottawa [card: ottawa]"]
    _outcome, channel = table(lines, voice=True, verbosity="short")
    assert said_after(channel, "where is jan [card: where is ann]")[0].startswith("Ann is on")
    assert keys_after(channel, "ottawa [card: ottawa]")[0] == "right"


def test_at_an_answer_words_that_are_no_query_stay_the_answer_whatever_the_grammar_heard(table):
    # "warsaw" sounds like "where is ann", the grammar's pick: it is judged
    lines = ["roll", "geography", "warsaw [card: where is ann]"]
    _outcome, channel = table(lines, voice=True, verbosity="short")
    assert keys_after(channel, "warsaw [card: where is ann]")[0] == "wrong"


def test_in_the_coop_challenge_a_player_is_asked_about_by_name(table):
    heard_at: list[Listening] = []

    def responder(listening: Listening):
        heard_at.append(listening)
        return "where is Ann" if len(heard_at) == 1 else None

    _outcome, channel = table(
        responder=responder, edition="genus6", mode="coop", players="Ann", verbosity="short"
    )
    assert said_after(channel, "where is Ann")[0] == "The table is on the hub."
    assert heard_at[0].names == ("Ann",)  # not the one side's name: "where is table"
