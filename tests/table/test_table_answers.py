"""Answers: the judge's three verdicts as the table hears them, and the
house rule on reading the right answer."""

from __future__ import annotations

from table_sitting import DECKS
from table_talk import keys, keys_after, said_after

from host.cards.deck import load_decks
from host.table.channels import ScriptedChannel
from host.table.conversation import Table
from host.table.game import Game
from host.table.judging import Judging, syllables_joined
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


def sit(lines, tmp_path, voice=False, judge=True, **settings):
    settings = PlaySettings(players=("Ann", "Ben"), verbosity="short", seed=7, **settings)
    game, events = Game.new(settings, load_decks(DECKS), [], 7, card_order=ORDER)
    channel = ScriptedChannel(lines, voice=voice)
    narrator = Narrator(game.rules, "short", 7, settings.read_answer, typed=not voice)
    judging = Judging(tmp_path / "overrides.json") if judge else None
    table = Table(game, channel, narrator, settings, judging=judging)
    return table.start(events), channel


def test_a_table_without_a_judge_judges_itself(tmp_path):
    _outcome, channel = sit(["roll", "art", "Charlotte Bronte", "no"], tmp_path, judge=False)
    assert channel.said[0] == "No answer judge: the table judges."
    assert said_after(channel, "Charlotte Bronte") == ["Answer: Jane Austen. Right?"]
    assert said_after(channel, "no")[0] == "Wrong."


def test_a_surname_is_asked_to_be_more_specific(tmp_path):
    _outcome, channel = sit(["roll", "art", "Austen", "Jane Austen"], tmp_path)
    assert said_after(channel, "art")[-1].endswith("Who wrote the novel Pride and Prejudice?")
    assert keys_after(channel, "Austen") == ["more_specific"]
    assert keys_after(channel, "Jane Austen")[:2] == ["right", "roll_again"]


def test_still_too_vague_the_second_time_is_wrong(tmp_path):
    _outcome, channel = sit(["roll", "art", "Austen", "Austen"], tmp_path)
    assert keys(channel.said).count("more_specific") == 1
    assert keys(channel.said[-5:])[:2] == ["wrong", "answer_was"]
    assert "Answer: Jane Austen." in channel.said


def test_a_pass_is_a_wrong_answer_said_as_a_pass(tmp_path):
    _outcome, channel = sit(["roll", "art", "I don't know", "repeat"], tmp_path)
    assert said_after(channel, "I don't know")[:2] == ["Pass.", "Answer: Jane Austen."]
    assert "wrong" not in keys_after(channel, "I don't know")
    assert said_after(channel, "repeat")[:2] == ["Pass.", "Answer: Jane Austen."]


def test_a_pass_after_the_offer_is_said_as_a_pass(tmp_path):
    # "hmm" after "hmm" ends in the offer: "Three misses. Help, or pass to count it as a pass."
    _outcome, channel = sit(["roll", "art"] + ["hmm"] * 7 + ["pass"], tmp_path)
    assert keys(channel.said).count("three_failures_typed") == 1
    assert said_after(channel, "pass")[:2] == ["Pass.", "Answer: Jane Austen."]


def test_misses_after_the_offer_end_the_answer_as_a_pass_without_a_no(tmp_path):
    _outcome, channel = sit(["roll", "art"] + ["hmm"] * 9 + ["um", "repeat"], tmp_path)
    offer = keys(channel.log).index("three_failures_typed")
    assert channel.log[offer - 1] == "> hmm"  # the offer alone, not "Answer, or pass?" too
    ruling = ["Counted as a pass.", "Answer: Jane Austen."]
    assert said_after(channel, "um")[:2] == ruling
    assert "wrong" not in keys(channel.said)
    assert said_after(channel, "repeat")[:2] == ruling


def test_the_answer_is_not_read_when_the_house_says_so(tmp_path):
    _outcome, channel = sit(
        ["roll", "art", "Charlotte Bronte", "roll"], tmp_path, read_answer=False
    )
    assert keys_after(channel, "Charlotte Bronte")[:2] == ["wrong", "turn_started"]


def test_the_answer_is_read_with_its_spoken_form(tmp_path):
    _outcome, channel = sit(["roll", "science", "iron"], tmp_path, voice=True)
    assert said_after(channel, "iron")[:2] == ["Wrong.", "Answer: A U."]


def test_the_answer_is_typed_with_its_written_form(tmp_path):
    _outcome, channel = sit(["roll", "science", "iron"], tmp_path)
    assert said_after(channel, "iron")[:2] == ["Wrong.", "Answer: Au."]


def test_time_up_in_silence_is_a_wrong_answer(tmp_path):
    _outcome, channel = sit(["roll", "art", "<time up>"], tmp_path, answer_seconds=20)
    assert keys_after(channel, "<time up>")[:2] == ["time_up", "answer_was"]


def test_the_answer_said_as_the_host_says_it_is_right(tmp_path):
    # the card spells "Dnieper" and the host says "Neeper"; a player who says
    # it so is written "naeper" by the recognizer
    from host.cards.deck import Question

    river = Question("geography", "Which river flows through Kyiv?", "Dnieper", say_answer="Neeper")
    judging = Judging(tmp_path / "overrides.json")
    assert judging.rule(river, "d", "c1", ["naeper"], "normal").verdict == "accept"
    assert judging.rule(river, "d", "c1", ["danube"], "normal").verdict == "reject"
    unsaid = Question("geography", "Which river flows through Kyiv?", "Dnieper")
    assert judging.rule(unsaid, "d", "c1", ["naeper"], "normal").verdict == "reject"


def test_a_respelled_name_is_heard_as_the_words_it_sounds_like(tmp_path):
    # the host says "Ay-ro Sah-ri-nen"; a player who says it so is written
    # "aero saarinen": one word, not the respelling's syllables
    from host.cards.deck import Question

    arch = Question(
        "arts", "Who designed the Gateway Arch?", "Eero Saarinen", say_answer="Ay-ro Sah-ri-nen"
    )
    judging = Judging(tmp_path / "overrides.json")
    assert judging.rule(arch, "d", "c1", ["aero saarinen"], "normal").verdict == "accept"
    assert judging.rule(arch, "d", "c1", ["eliel saarinen"], "normal").verdict == "reject"
    assert judging.rule(arch, "d", "c1", ["aaron saarinen"], "normal").verdict == "reject"


def test_a_respelled_number_keeps_its_words():
    assert syllables_joined("Ay-ro Sah-ri-nen") == "Ayro Sahrinen"
    assert syllables_joined("Catch twenty-two") == "Catch twenty-two"


def test_a_true_or_false_heard_as_neither_is_asked_about_by_its_sound(tmp_path):
    # flite's "true" is written "truly", its "false" "force": the host asks,
    # "Did you say True?", whichever the card's answer; typed, it rules
    from host.cards.deck import Question

    elvis = Question(
        "entertainment", "True or false: Elvis was born in Memphis.", "False", kind="true_false"
    )
    judging = Judging(tmp_path / "overrides.json")
    heard_true = judging.rule(elvis, "d", "c1", ["truly"], "normal", spoken=True)
    assert (heard_true.verdict, heard_true.ask_about) == ("confirm", "True")
    heard_false = judging.rule(elvis, "d", "c1", ["force"], "normal", spoken=True)
    assert (heard_false.verdict, heard_false.ask_about) == ("confirm", "False")
    assert judging.rule(elvis, "d", "c1", ["truly"], "normal").verdict == "reject"  # typed
    # the entry asked about is then ruled as said: yes to "True?" is wrong here
    assert judging.rule(elvis, "d", "c1", ["True"], "normal").verdict == "reject"
    assert judging.rule(elvis, "d", "c1", ["no way"], "normal").verdict == "accept"
    assert judging.rule(elvis, "d", "c1", ["olympia"], "normal").verdict == "reject"
