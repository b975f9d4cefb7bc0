"""Rule 3: numbers, years, ordinals and Roman numerals exact in any form."""

import pytest

from host.judge import AnswerFields, judge
from host.judge.numbers import canonical_numbers, roman_value


def canon(text):
    return canonical_numbers(text.split())


@pytest.mark.parametrize(
    "spoken, digits",
    [
        ("nineteen sixty nine", ["1969"]),
        ("ten sixty six", ["1066"]),
        ("one thousand and sixty six", ["1066"]),
        ("nineteen o five", ["1905"]),
        ("two point five", ["2.5"]),
        ("four fifty one", ["451"]),
        ("four five one", ["451"]),
        ("two hundred and six", ["206"]),
    ],
)
def test_spoken_numbers_become_digits(spoken, digits):
    assert canon(spoken) == digits


@pytest.mark.parametrize(
    "written, digits",
    [
        # number words as Whisper writes them: each group as digits
        ("200 6", ["206"]),
        ("200 and 6", ["206"]),
        ("1900 69", ["1969"]),
        ("100 10", ["110"]),
        # groups that do not fit in the zeros before them are read on
        ("19 69", ["1969"]),
        ("20 20", ["2020"]),
        ("0 0 7", ["007"]),
        ("200 and pepper", ["200", "and", "pepper"]),
    ],
)
def test_digit_groups_a_recognizer_wrote_are_one_number(written, digits):
    assert canon(written) == digits


def test_roman_numerals_after_a_name():
    assert canon("henry viii") == ["henry", "8"]
    assert canon("world war i") == ["world", "war", "1"]
    assert canon("louis xiv") == ["louis", "14"]


def test_the_pronoun_i_is_not_a_numeral():
    assert canon("i think") == ["i", "think"]
    assert canon("what i said") == ["what", "i", "said"]


def test_ordinals_and_regnal_the():
    assert canon("henry the eighth") == ["henry", "8"]
    assert canon("second world war") == ["2", "world", "war"]


def test_roman_value_limits():
    assert roman_value("xiv") == 14
    assert roman_value("mix") is None
    assert roman_value("") is None


YEAR = AnswerFields("1969", kind="year")


def test_year_in_words_is_accepted():
    assert judge(YEAR, "nineteen sixty nine").verdict == "accept"


def test_year_off_by_one_is_rejected():
    assert judge(YEAR, "nineteen sixty eight").verdict == "reject"


def test_year_with_swapped_digits_is_rejected():
    assert judge(YEAR, "nineteen ninety six").verdict == "reject"


def test_only_the_last_two_digits_of_a_year_is_rejected():
    assert judge(AnswerFields("1945", kind="year"), "forty five").verdict == "reject"


def test_number_with_a_unit_word_is_accepted():
    assert judge(AnswerFields("206", kind="number"), "two hundred six bones").verdict == "accept"


def test_teen_and_ty_are_different_numbers():
    assert judge(AnswerFields("18", kind="number"), "eighty").verdict == "reject"


def test_a_sequel_number_makes_another_title():
    assert judge(AnswerFields("Toy Story", kind="title"), "toy story two").verdict == "reject"


def test_world_war_two_in_every_form():
    card = AnswerFields("World War II", accept=("Second World War",), reject=("World War I",))
    for heard in ("world war two", "the second world war", "world war 2", "world war too"):
        assert judge(card, heard).verdict == "accept", heard
    assert judge(card, "world war one").verdict == "reject"


def test_title_numbers_read_digit_by_digit():
    card = AnswerFields("Fahrenheit 451", prompt=("Fahrenheit",), kind="title")
    assert judge(card, "fahrenheit four five one").verdict == "accept"
    assert judge(card, "fahrenheit nine eleven").verdict == "reject"


def test_oh_for_zero_in_a_year_but_o_for_oxygen_in_a_formula():
    assert judge(AnswerFields("1905", kind="year"), "nineteen oh five").verdict == "accept"
    assert judge(AnswerFields("H2O"), "h two o").verdict == "accept"


def test_number_question_takes_a_unit_after_the_number_but_not_a_name_around_it():
    two = AnswerFields("2", kind="number")
    assert judge(two, "two").verdict == "accept"
    assert judge(AnswerFields("12", kind="number"), "twelve apostles").verdict == "accept"
    assert judge(two, "toy story two").verdict == "reject"
    assert judge(two, "world war two").verdict == "reject"


@pytest.mark.parametrize(
    ("heard", "verdict"),
    [
        ("minus 273 15", "accept"),  # Whisper left the point out
        ("minus 273.15", "accept"),
        ("minus 273 16", "reject"),  # other digits stay another number
        ("273 15", "reject"),  # the sign still counts
        ("minus 27315", "reject"),  # one number, not the card's
    ],
)
def test_a_decimal_whose_point_the_recognizer_left_out(heard, verdict):
    assert judge(AnswerFields("-273.15", kind="number"), heard).verdict == verdict


@pytest.mark.parametrize(
    ("card", "heard"),
    [
        (AnswerFields("Toy Story", kind="title"), "toy story 2|toy story"),
        (AnswerFields("Apollo 11"), "apollo 13|apollo 11"),
        (AnswerFields("World War II"), "world war i|world war ii"),
    ],
)
def test_the_answer_with_another_number_decides_before_a_lower_alternative(card, heard):
    said = judge(card, heard.split("|"))
    assert said.verdict == "reject"
    assert "another number" in said.reason


@pytest.mark.parametrize(
    ("card", "heard"),
    [
        # the card's own number, lent to Whisper by its prompt
        (
            AnswerFields("World War II", accept=("Second World War",)),
            "the second world war ii|the second world war",
        ),
        # a number before the words is a slip ("the" written "3")
        (
            AnswerFields("Ireland", accept=("Republic of Ireland",), kind="place"),
            "3 republic of ireland|republic of ireland",
        ),
    ],
)
def test_a_number_whisper_adds_does_not_decide(card, heard):
    assert judge(card, heard.split("|")).verdict == "accept"


def test_a_number_question_takes_no_glued_letters_for_a_unit():
    # "a dozen and one", as Whisper wrote it three ways
    said = judge(
        AnswerFields("12", kind="number"), ["a dozen and one", "a dozen in one", "a dozen n1"]
    )
    assert said.verdict == "reject"
    assert judge(AnswerFields("12", kind="number"), "12 eggs").verdict == "accept"


@pytest.mark.parametrize(
    ("answer", "kind", "heard", "verdict"),
    [
        ("44 BC", "year", "44 bc", "accept"),
        ("44 BC", "year", "forty four b c", "accept"),
        ("44 BC", "year", "44 ad", "reject"),  # the other era
        ("1776", "year", "1776 bc", "reject"),  # a year without an era is AD
        ("1776", "year", "1776 ad", "accept"),
        ("12 km", "number", "twelve kilometres", "accept"),
        ("12 km", "number", "12 miles", "reject"),  # another unit
        ("100 °C", "number", "100 fahrenheit", "reject"),
        ("100 °C", "number", "100 degrees", "accept"),  # the unit left open
        ("12", "number", "12 miles", "accept"),  # the card names no unit
    ],
)
def test_the_era_or_unit_said_with_the_right_number_must_be_the_cards(answer, kind, heard, verdict):
    assert judge(AnswerFields(answer, kind=kind), heard).verdict == verdict


@pytest.mark.parametrize(
    ("answer", "kind", "heard"),
    [("12", "number", "XII"), ("XII", "number", "twelve"), ("1969", "year", "mcmlxix")],
)
def test_a_number_in_roman_numerals_is_the_number(answer, kind, heard):
    assert judge(AnswerFields(answer, kind=kind), heard).verdict == "accept"


@pytest.mark.parametrize(
    ("answer", "heard"),
    [
        ("2.5", "two and a half"),
        ("0.5", "a half"),
        ("0.75", "three quarters"),
        ("1.25", "one and a quarter"),
    ],
)
def test_a_fraction_in_words_is_the_number(answer, heard):
    assert judge(AnswerFields(answer, kind="number"), heard).verdict == "accept"


def test_a_fraction_word_inside_a_name_stays_a_word():
    assert judge(AnswerFields("Quarter Pounder"), "a quarter pounder").verdict == "accept"


@pytest.mark.parametrize(("answer", "heard"), [("12", "12.0"), ("0", "nought")])
def test_one_number_in_another_spelling(answer, heard):
    assert judge(AnswerFields(answer, kind="number"), heard).verdict == "accept"
