"""`deck check --spoken`: lines the synthesizer and recognizer bring back far from the text."""

import shutil
from pathlib import Path

import pytest

from host.cards.deck import load_deck
from host.cards.spoken import far_from_text, judge_line, spoken_lines, word_error_rate

FIXTURE = Path(__file__).parent / "fixtures" / "spoken.yaml"


def knows_everything(word: str) -> bool:
    return True


def test_the_word_error_rate_counts_edits_per_reference_word():
    assert word_error_rate(("abbey", "road"), ("abbey", "road")) == 0
    assert word_error_rate(("abbey", "road"), ("abbey", "lane")) == 0.5
    assert word_error_rate(("abbey", "road"), ("abbey", "rode")) == 0  # spelt otherwise
    assert word_error_rate(("h2o",), ("h", "2", "o")) == 3


def test_lines_are_spoken_in_their_say_forms_and_compared_with_the_written_ones():
    lines = list(spoken_lines([load_deck(FIXTURE)]))
    assert len(lines) == 12
    question = next(line for line in lines if line.field == "questions.entertainment.text")
    assert question.spoken == "In Star Wars, which golden droid is R2-D2's companion?"
    assert question.written == 'In "Star Wars", which golden droid is R2-D2\'s companion?'
    assert question.remedy == "say"


def test_numbers_said_in_words_are_the_written_number():
    line = next(spoken_lines([load_deck(FIXTURE)], ["answers"]))
    assert judge_line(line, "fifty", knows_everything).word_error_rate == 0


def test_a_written_form_heard_as_letters_is_far_from_the_text():
    line = list(spoken_lines([load_deck(FIXTURE)], ["answers"]))[4]
    assert line.written == "H2O"
    result = judge_line(line, "h two o", knows_everything)
    assert far_from_text([result]) == [result]


def test_words_the_recognizer_does_not_know_are_not_judged():
    line = next(spoken_lines([load_deck(FIXTURE)], ["answers"]))
    strange = line.__class__(line.file, line.card, line.field, "Canberra", "Canberra", "en")
    result = judge_line(strange, "can bear a", lambda word: word != "canberra")
    assert result.word_error_rate is None
    assert result.unknown == ("canberra",)
    assert far_from_text([result]) == []


@pytest.mark.skipif(not shutil.which("flite"), reason="flite is not installed (Debian: flite)")
def test_the_command_lists_the_written_form_that_comes_back_wrong(trivia_host, capsys):
    args = ["deck", "check", "--spoken", "--part", "answers", "--limit", "2"]
    assert trivia_host([*args, "--recognizer", "pocketsphinx", "--deck", str(FIXTURE)]) == 0
    out = capsys.readouterr().out.splitlines()
    flagged = [line for line in out if "came back" in line]
    assert len(flagged) == 1  # "50" comes back as fifty; "C-3PO" does not
    assert flagged[0].startswith(
        f"{FIXTURE}: card sp-0001: questions.entertainment.answer: 'C-3PO'"
    )
    assert "add say_answer" in flagged[0]
    assert any("2 line(s)" in line and "1 far from the text" in line for line in out)


def test_a_limit_below_one_is_refused(trivia_host, capsys):
    assert trivia_host(["deck", "check", "--spoken", "--limit", "0", str(FIXTURE)]) == 2
    assert "--limit must be 1 or more" in capsys.readouterr().err
