"""`trivia-host deck check`: one exact line per problem, one fixture per kind of problem."""

from pathlib import Path

import pytest

from host.cards.check import check_files, normalised

FIXTURES = Path(__file__).parent / "fixtures"
MALFORMED = FIXTURES / "malformed"

EXPECTED_LINE = {
    "missing_category": "card t-0001: questions: missing sports "
    "(a card has one question for each of the six categories)",
    "unknown_category": "card t-0001: questions.music: unknown category "
    "(known: geography, entertainment, history, arts, science, sports)",
    "empty_answer": "card t-0002: questions.geography.answer: empty",
    "missing_text": "card t-0002: questions.science.text: missing",
    "answer_in_reject": "card t-0001: questions.geography.reject: 'canberra' is the answer itself",
    "true_false_answer": "card t-0002: questions.sports.answer: "
    "a True/False answer must be True or False, not 'Yes'",
    "duplicate_card_id": "card t-0001: id: duplicate card id in this deck",
    "duplicate_question": "card t-0002: questions.geography.text: same question as card t-0001 (geography)",
    "unknown_field": "card t-0002: questions.arts.acept: unknown field",
    "bad_kind": "card t-0001: questions.entertainment.kind: "
    "must be one of text, person, place, title, number, year, true_false, not 'film'",
    "bad_difficulty": "card t-0001: questions.history.difficulty: "
    "must be one of easy, medium, hard, not 'tricky'",
    "year_on_standard_card": "card t-0002: year: only cards of a ruby deck have a year",
    "ruby_year_out_of_range": "card tr-1989: year: 1978 is outside the Ruby years 1979-2018",
    "ruby_year_missing": "card tr-1989: year: missing (every Ruby card has a year)",
    "not_yaml": "line 4: not valid YAML: did not find expected node content",
}


def test_every_malformed_fixture_has_an_expected_line():
    assert sorted(p.stem for p in MALFORMED.glob("*.yaml")) == sorted(EXPECTED_LINE)


@pytest.mark.parametrize("name", sorted(EXPECTED_LINE))
def test_a_malformed_deck_gets_exactly_its_one_line(name):
    path = MALFORMED / f"{name}.yaml"
    report = check_files([path])
    assert [str(p) for p in report.problems] == [f"{path}: {EXPECTED_LINE[name]}"]


def test_good_decks_have_no_problems():
    report = check_files([FIXTURES / "tiny_standard.yaml", FIXTURES / "tiny_ruby.yaml"])
    assert report.problems == []
    assert (
        report.summary()
        == "2 deck file(s), 3 card(s) and 18 question(s) loaded: 0 error(s), 0 warning(s)"
    )


def test_the_same_question_and_card_id_in_two_decks_are_reported_in_the_second(tmp_path):
    first = FIXTURES / "tiny_ruby.yaml"
    second = tmp_path / "copy.yaml"
    second.write_text(first.read_text().replace("Test Ruby deck", "Another deck"))
    problems = check_files([first, second]).problems
    found = {(p.file, p.card, p.field, p.message) for p in problems}
    assert (str(second), "tr-1989", "id", f"duplicate card id, also in {first}") in found
    assert (
        str(second),
        "tr-1989",
        "questions.arts.text",
        f"same question as card tr-1989 (arts) in {first}",
    ) in found
    repeated = [p for p in problems if p.field.startswith("questions.")]
    assert len(problems) == 1 + 6 and len(repeated) == 6
    assert all(p.file == str(second) and p.severity == "error" for p in problems)


def test_two_decks_with_one_name_are_reported(tmp_path):
    first = FIXTURES / "tiny_ruby.yaml"
    second = tmp_path / "renumbered.yaml"
    second.write_text(
        first.read_text().replace("tr-1989", "tr2-1989").replace("this year", "that year")
    )
    # (the reworded questions are near duplicates: warnings, tested in test_near_duplicates.py)
    assert [str(p) for p in check_files([first, second]).errors] == [
        f"{second}: name: 'Test Ruby deck' is also the name of {first}"
    ]


def test_a_reject_entry_that_is_also_accepted_is_reported(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(
        (FIXTURES / "tiny_standard.yaml")
        .read_text()
        .replace("accept: [RMS Titanic]", "accept: [RMS Titanic]\n        reject: [r.m.s. titanic]")
    )
    assert [str(p) for p in check_files([path]).problems] == [
        f"{path}: card t-0002: questions.history.reject: 'r.m.s. titanic' is also in accept"
    ]


def test_an_unquoted_yes_or_no_in_a_list_is_a_warning_outside_true_false_questions(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(
        (FIXTURES / "tiny_standard.yaml")
        .read_text()
        .replace("accept: [RMS Titanic]", "accept: [RMS Titanic, No]\n        reject: [Yes]")
    )
    assert [str(p) for p in check_files([path]).problems] == [
        f"{path}: card t-0002: questions.history.accept: 'False' is how YAML reads an unquoted "
        "Yes, No, On, Off, True or False; quote the entry (warning)",
        f"{path}: card t-0002: questions.history.reject: 'True' is how YAML reads an unquoted "
        "Yes, No, On, Off, True or False; quote the entry (warning)",
    ]
    path.write_text(path.read_text().replace("No]", '"No"]').replace("[Yes]", '["Yes"]'))
    assert check_files([path]).problems == []


def test_questions_are_compared_without_case_accents_or_punctuation():
    assert normalised("Who painted “Guernica”?") == normalised("who painted guernica")
    assert normalised("Où est Zürich ?") == "ou est zurich"
    assert normalised("the R.M.S. Titanic") == normalised("The RMS Titanic")
    assert normalised("3.5 metres") != normalised("35 metres")


def test_the_command_prints_every_problem_and_fails(capsys, trivia_host):
    paths = [
        str(MALFORMED / "empty_answer.yaml"),
        str(MALFORMED / "bad_kind.yaml"),
        str(FIXTURES / "tiny_ruby.yaml"),
    ]
    assert trivia_host(["deck", "check", "--model", str(FIXTURES / "no-such-model"), *paths]) == 2
    assert "no such model folder" in capsys.readouterr().err
    assert trivia_host(["deck", "check", *paths]) == 1
    out = capsys.readouterr().out.splitlines()
    assert f"{paths[0]}: {EXPECTED_LINE['empty_answer']}" in out
    assert f"{paths[1]}: {EXPECTED_LINE['bad_kind']}" in out
    assert f"{paths[1]}: name: 'Test deck, two cards' is also the name of {paths[0]}" in out
    # warnings depend on the speech model installed here, errors do not
    assert out[-1].startswith("3 deck file(s), 3 card(s) and 18 question(s) loaded: 3 error(s), ")


def test_the_command_passes_on_good_decks(capsys, trivia_host):
    assert trivia_host(["deck", "check", str(FIXTURES / "tiny_standard.yaml")]) == 0
    assert capsys.readouterr().out.endswith("0 error(s), 0 warning(s)\n")


def test_written_forms_the_synthesizer_misreads_are_warnings_unless_a_spoken_form_is_given(
    tmp_path,
):
    path = tmp_path / "deck.yaml"
    path.write_text(
        (FIXTURES / "tiny_standard.yaml")
        .read_text()
        .replace(
            "Which Dutch painter cut off part of his own ear?",
            "Which painter cut off part of his ear in the 1880s?",
        )
        .replace("answer: Titanic", "answer: Louis XIV")
        .replace(
            "How many players does a volleyball team have on court?",
            "How many players does a team have on a 9 m by 18 m court?",
        )
    )
    assert [str(p) for p in check_files([path]).problems] == [
        f"{path}: card t-0002: questions.history.answer: 'Louis XIV' may be read wrongly aloud "
        '("Henry VIII" as "Henry roman eight"); add say_answer (warning)',
        f"{path}: card t-0002: questions.arts.text: '1880s' may be read wrongly aloud "
        '("1990s" as "nineteen hundred and ninety z"); add say (warning)',
    ]
    path.write_text(
        path.read_text().replace(
            "answer: Louis XIV", "answer: Louis XIV\n        say_answer: Louis the Fourteenth"
        )
    )
    assert len(check_files([path]).warnings) == 1
