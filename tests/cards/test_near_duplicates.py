"""`deck check` warns of near duplicates: one fact asked twice in other words."""

from pathlib import Path

from host.cards.check import check_files
from host.cards.duplicates import content_words, near_duplicates

FIXTURES = Path(__file__).parent / "fixtures" / "near_duplicates"
FIRST, SECOND = FIXTURES / "first.yaml", FIXTURES / "second.yaml"


def test_a_reworded_question_with_the_same_answer_is_a_near_duplicate_naming_both_cards():
    warnings = [str(p) for p in check_files([FIRST, SECOND]).warnings]
    assert (
        f"{SECOND}: card nd-0002: questions.entertainment.text: near duplicate of card nd-0001 "
        f"(entertainment) in {FIRST}: same answer 'wall e', wording 70% alike (warning)"
    ) in warnings


def test_the_same_words_with_the_other_answer_are_a_near_duplicate():
    warnings = [str(p) for p in check_files([FIRST, SECOND]).warnings]
    assert (
        f"{SECOND}: card nd-0002: questions.science.text: near duplicate of card nd-0001 "
        f"(science) in {FIRST}: the same content words (warning)"
    ) in warnings


def test_the_same_answer_to_another_question_is_not_a_near_duplicate():
    from host.cards.deck import load_decks

    pairs = near_duplicates(load_decks([FIRST, SECOND]))
    # Paris (Louvre / 1900 Olympics), Jane Austen (two novels), 7 (two sports) are apart
    assert [(p.earlier.category, p.later.category) for p in pairs] == [
        ("entertainment", "entertainment"),
        ("science", "science"),
    ]


def test_one_deck_alone_has_no_near_duplicates():
    assert check_files([FIRST]).problems == []


def test_content_words_leave_out_filler_and_plurals():
    assert content_words("True or false: tomatoes are fruits.") == {"tomato", "fruit"}
    assert content_words("Which is the largest of the Channel Islands?") == {
        "largest",
        "channel",
        "island",
    }


def test_numbers_for_things_named_differently_are_apart():
    from host.cards.duplicates import name_different_things

    assert name_different_things(
        "In American football, how many points is a field goal worth?",
        "In Gaelic football, how many points is a goal worth?",
    )
    assert not name_different_things(
        "In ice hockey, how many players does each team have on the ice?",
        "In ice hockey at full strength, how many players are on the ice?",
    )
    # one naming more than the other is not naming something else
    assert not name_different_things(
        "How many players are in a Rugby League team?",
        "How many players are in a Rugby League team in England?",
    )
