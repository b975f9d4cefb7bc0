"""Keyboard games, read as transcripts: what the host says, what the table types."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from table_bots import StatelessBot
from table_sitting import DECKS
from table_talk import keys, keys_after, said_after

from host.errors import UserError
from host.table.channels import Listening
from host.table.transcript import read_transcript


def test_a_first_turn_in_short_words(table):
    outcome, channel = table(["roll", "geography", "Canberra", "", "first"], verbosity="short")
    assert outcome == "ended"
    assert channel.log[:10] == [
        "The classic Genus edition. Ann and Ben.",
        "Ann.",
        "Enter to roll.",
        "> roll",
        "Four: Geography; 5 more?",
        "> geography",
        "Geography: What is the capital city of Canada?",
        "> Canberra",
        "Wrong.",
        "Answer: Ottawa.",
    ]
    assert said_after(channel, "")[:1] == ["Three: Science; 5 more?"]


def test_a_right_answer_rolls_again(table):
    _outcome, channel = table(["roll", "blue", "ottawa"], verbosity="short")
    assert keys_after(channel, "ottawa")[:3] == ["right", "roll_again", "ask_roll_host_typed"]


def test_silence_noise_and_an_unknown_command_are_answered(table):
    _outcome, channel = table(["<silence>", "<noise>", "xyzzy"], voice=True, verbosity="short")
    assert said_after(channel, "<silence>") == ["Nothing heard."]
    assert said_after(channel, "<noise>") == ["Say again?"]
    assert (
        said_after(channel, "xyzzy")[0]
        == "Three misses. Say use the keyboard, or pass to roll for you."
    )


def test_three_failures_offer_a_pass_and_three_more_take_it(table):
    misses = ["xyzzy", "plugh", "frobnicate", "quux", "garply", "waldo"]
    _outcome, channel = table(["roll"] + misses)
    assert said_after(channel, "xyzzy") == [
        'Sorry, I didn\'t understand "xyzzy". Name where to go: a category or colour, the wedge, '
        "roll again, the hub, a direction like clockwise, or first, second."
    ]
    assert said_after(channel, "frobnicate") == [
        "That's three times I didn't understand. Type help to see what you can say, or pass "
        "and I will take the first choice, Geography."
    ]
    assert said_after(channel, "waldo")[:2] == [
        "Still nothing I understand, so I will take the first choice, Geography.",
        "Ann moves four spaces out along the spoke to a Geography space.",
    ]


def test_a_choice_that_is_not_reachable_said_again_and_again_ends_in_the_offer_too(table):
    _outcome, channel = table(["roll"] + ["number nine"] * 6)  # six choices
    said = keys(channel.said)
    replies = [i for i, key in enumerate(said) if key == "not_reachable"]
    assert len(replies) == 6
    assert said[replies[2] + 1] == "three_failures_typed"
    assert said[replies[5] + 1] == "passing_for_you"


def test_pass_after_the_offer_takes_the_pass_at_once(table):
    _outcome, channel = table(["roll", "xyzzy", "plugh", "frobnicate", "pass"])
    assert said_after(channel, "pass")[0] == "Then I will take the first choice, Geography."


def test_an_unknown_name_is_asked_back_never_guessed(table):
    def responder(listening: Listening):
        if listening.prompt.get("type") == "claims" and not responder.asked:
            responder.asked = True
            return "Zed and Ann"
        return bot(listening)

    responder.asked = False
    bot = StatelessBot(max_lines=400)
    _outcome, channel = table(
        responder=responder, edition="genus6", mode="classic", seed=11, verbosity="short"
    )
    assert responder.asked, "the game never reached an All-Play"
    assert said_after(channel, "Zed and Ann") == ["Unknown: zed. Players: Ann and Ben."]


def test_the_table_rolls_its_own_die(table):
    _outcome, channel = table(
        ["roll", "I rolled a seven", "I rolled a five"], dice="table", verbosity="short"
    )
    assert said_after(channel, "roll") == ["Die: one to six?"]
    assert said_after(channel, "I rolled a seven") == ["Die: one to six?"]
    assert said_after(channel, "I rolled a five")[0].startswith("Five: ")


def test_a_misheard_roll_of_the_tables_die_is_said_again_at_the_move(table):
    lines = ["roll", "I rolled a five", "no, I rolled a four", "it was a four", "geography"]
    _outcome, channel = table(lines, dice="table", verbosity="short")
    assert said_after(channel, "I rolled a five") == ["Five: Art; 5 more?"]
    # the host heard five; the table says four: the four's choices, not the five's
    assert said_after(channel, "no, I rolled a four") == ["Four.", "Four: Geography; 5 more?"]
    assert said_after(channel, "it was a four") == ["Yes, a four.", "Four: Geography; 5 more?"]
    assert said_after(channel, "geography")[0].startswith("Geography: ")
    assert keys_after(channel, "no, I rolled a four")[0] == "roll_corrected"
    # the transcript keeps both rolls, and why the second came
    path = next(table.save_dir.rglob("*.transcript.jsonl"))
    lines = read_transcript(path)
    rolls = [
        line["event"]["value"] for line in lines if line.get("event", {}).get("type") == "rolled"
    ]
    assert rolls == [5, 4]
    assert [line["value"] for line in lines if line.get("text") == "roll corrected"] == [4]


def test_by_voice_the_roll_said_again_is_asked_about_first(table):
    lines = ["five", "I rolled a four", "yes", "it was a two", "no"]
    _outcome, channel = table(lines, dice="table", verbosity="short", voice=True)
    assert said_after(channel, "I rolled a four") == ["A four?"]
    assert said_after(channel, "yes") == ["Four.", "Four: Geography; 5 more?"]
    # as if table talk had been heard as a roll: the player says no, the four stands
    assert said_after(channel, "it was a two") == ["A two?"]
    assert said_after(channel, "no")[:2] == ["Carrying on.", "Four: Geography; 5 more?"]


def test_a_roll_said_again_after_a_resume_still_rolls_again(table):
    table(["roll", "I rolled a five"], dice="table", verbosity="short")  # the input ends
    _outcome, channel = table(["I rolled a four"], dice="table", verbosity="short", resume=True)
    assert said_after(channel, "I rolled a four")[:2] == ["Four.", "Four: Geography; 5 more?"]


def test_the_roll_is_said_again_only_before_the_move(table):
    lines = ["roll", "I rolled a five", "art", "I rolled a four"]
    _outcome, channel = table(lines, dice="table", verbosity="short")
    assert said_after(channel, "art")[0].startswith("Art")  # moved: the question is read
    # not judged as the answer: said why the roll stands, and the question waits
    assert said_after(channel, "I rolled a four")[0] == "I can't change the roll: the move is made."
    assert keys_after(channel, "I rolled a four")[:1] == ["roll_refused"]


def test_the_hosts_own_roll_is_not_said_again(table):
    _outcome, channel = table(["roll", "I rolled a six"], verbosity="short")
    assert said_after(channel, "I rolled a six")[0] == "I rolled the die myself: a four."


def test_that_was_right_changes_the_ruling_once_and_back_once(table):
    lines = ["roll", "geography", "Toronto", "that was right", "that was wrong", "that was right"]
    _outcome, channel = table(lines, verbosity="short")
    assert said_after(channel, "Toronto")[0] == "Wrong."
    assert keys_after(channel, "that was right") == [
        "override_right",
        "right",
        "roll_again",
        "ask_roll_host_typed",
    ]
    assert keys_after(channel, "that was wrong") == [
        "override_wrong",
        "wrong",
        "answer_was",
        "turn_started",
        "ask_roll_host_typed",
    ]
    assert (
        channel.log[-2]
        == "I can't change that: that ruling was changed and changed back; it stands."
    )
    book = json.loads((table.save_dir / "judge_overrides.json").read_text())
    assert [(r["heard"], r["verdict"]) for r in book["rulings"]] == [("toronto", "reject")]


def test_skip_a_broken_question_draws_another_of_the_same_category(table):
    _outcome, channel = table(["roll", "geography", "skip"], verbosity="short")
    after = said_after(channel, "skip")
    assert after[0] == "Skipped."
    assert after[1].startswith("Geography: ") and "Canada" not in after[1]


def test_commands_answer_at_the_roll_prompt(table):
    commands = [
        "repeat",
        "where am I",
        "score",
        "what do I still need",
        "whose turn",
        "help",
        "rules of this space",
        "louder",
        "slower",
    ]
    _outcome, channel = table(commands, verbosity="short")
    assert keys_after(channel, "repeat") == ["ask_roll_host_typed"]
    assert keys_after(channel, "where am I") == ["you_are_on", "pending.roll"]
    assert keys_after(channel, "score") == ["score_line", "score_line", "pending.roll"]
    assert said_after(channel, "score")[0] == "Ann: 0 wedges."
    assert said_after(channel, "what do I still need")[0] == (
        "Ann still needs Geography, Entertainment, History, Art and Literature, Science and Nature, "
        "and Sports and Leisure."
    )
    assert keys_after(channel, "whose turn") == ["whose_turn", "pending.roll"]
    assert keys_after(channel, "help")[0] == "help_now.roll"
    assert keys_after(channel, "rules of this space")[0] == "rules_of.hub"
    assert keys_after(channel, "louder") == ["keyboard_adjust"]


def test_pause_save_and_quit_then_resume_where_it_stopped(table):
    outcome, channel = table(
        ["roll", "geography", "pause", "hello", "save and quit"], verbosity="short"
    )
    assert outcome == "quit"
    assert said_after(channel, "pause") == ["Paused. Say resume."]
    assert said_after(channel, "hello") == ["Still paused. Say resume to go on, or save and quit."]
    assert channel.log[-1] == (
        f"Saved. Resume with: trivia-host play --resume --save-dir {table.save_dir}"
    )
    outcome, channel = table(["ottawa"], resume=True, verbosity="short")
    assert channel.said[0] == "Game resumed."
    assert "Geography: What is the capital city of Canada?" in channel.said
    assert said_after(channel, "ottawa")[0] == "Right."


def test_a_saved_game_is_offered_at_the_start(table):
    table(["roll", "save and quit"], verbosity="short")
    _outcome, channel = table(["yes"], verbosity="short")
    assert channel.said[0] == "Resume classic standard, Ann and Ben, 0 cards played? Yes or no."
    assert channel.said[1] == "Game resumed."


def test_a_saved_game_whose_decks_are_gone_is_still_offered(table, tmp_path):
    """Yes says which decks went missing; no starts a new game."""
    decks = [shutil.copy(deck, tmp_path) for deck in DECKS]
    table(["roll", "save and quit"], verbosity="short", deck=decks)
    Path(decks[1]).unlink()
    with pytest.raises(UserError, match=r"the saved game's decks are missing: .*table_ruby\.yaml"):
        table(["yes"], verbosity="short")
    _outcome, channel = table(["no", "save and quit"], verbosity="short")
    assert channel.said[:2] == [
        "Resume classic standard, Ann and Ben, 0 cards played? Yes or no.",
        "The classic Genus edition. Ann and Ben.",
    ]


def test_players_are_asked_for_when_none_are_given(table):
    _outcome, channel = table(["ann, ben and cy", "yes"], players=None, verbosity="short")
    assert channel.said[:2] == ["Players?", "Playing: Ann, Ben and Cy. Is that right? Yes or no."]
    assert channel.said[2] == "The classic Genus edition. Ann, Ben and Cy."


def test_ruby_quick_game_asks_for_three_start_wedges(table):
    lines = [
        "history and sports",
        "history, sports and science",
        "art, geography and blue",
        "art, geography and pink",
        "roll",
    ]
    _outcome, channel = table(lines, edition="ruby", mode="quick", verbosity="short")
    # the welcome first (it names the sides), then each side's wedges
    assert keys(channel.said[:2]) == ["welcome", "ask_start_wedges"]
    assert said_after(channel, "history and sports")[0].startswith("Please name three different")
    assert said_after(channel, "history, sports and science") == [
        "Ann starts with History, Sports and Leisure, and Science and Technology.",
        "Ben: three start wedges?",
    ]
    # blue is the Geography colour: two categories, not three
    assert said_after(channel, "art, geography and blue")[0].startswith("Please name three")
    assert said_after(channel, "art, geography and pink")[0] == (
        "Ben starts with Arts and Literature, Geography, and Entertainment."
    )
    assert keys_after(channel, "art, geography and pink")[1:2] == ["turn_started"]


def test_teams_claim_by_a_members_name(table):
    def responder(listening: Listening):
        if listening.prompt.get("type") == "claims" and not responder.done:
            responder.done = True
            return "Dee"
        return bot(listening)

    responder.done = False
    bot = StatelessBot(max_lines=400)
    _outcome, channel = table(
        responder=responder,
        players=None,
        teams="Red=Ann+Cy,Blue=Ben+Dee",
        edition="genus6",
        mode="classic",
        seed=11,
        verbosity="short",
    )
    assert (
        channel.said[0]
        == "Genus six, classic mode. Red and Blue. Teams: Red: Ann and Cy; Blue: Ben and Dee."
    )
    assert said_after(channel, "Dee")[0] == "Blue."


def test_ruby_quick_start_wedges_never_asked_for_ever(table):
    lines = ["nothing useful"] * 6 + ["history, sports and science", "roll"]
    _outcome, channel = table(lines, edition="ruby", mode="quick", verbosity="short")
    chosen = channel.said.index(
        "Still nothing I can use, so I chose for Ann: Geography, Entertainment and History."
    )
    assert sum(line.startswith("Please name three") for line in channel.said[:chosen]) == 5
    assert (
        "Ben starts with History, Sports and Leisure, and Science and Technology." in channel.said
    )
