"""Card-aware decisions: ask "Did you say ...?" when free decoding heard
garbage but the card-guided pass heard the answer; never ask about a near
miss, a competitor, or what was plainly heard."""

import pytest

from host.judge import AnswerFields
from host.judge.confirm import CONFIRM, decide, sound_support, true_or_false_by_sound

CANBERRA = AnswerFields("Canberra", reject=("Sydney",), kind="place")
ART_DECO = AnswerFields("Art Deco", reject=("Art Nouveau",))


def test_what_free_decoding_heard_right_is_ruled_at_once() -> None:
    decision = decide(CANBERRA, "i think it's canberra", card_guess="canberra")
    assert decision.verdict == "accept"
    assert decision.question is None


def test_garbage_that_sounds_like_the_guess_is_asked_about() -> None:
    decision = decide(ART_DECO, "but to get gold", card_guess="art deco")
    assert decision.verdict == CONFIRM
    assert decision.question == "Did you say Art Deco?"
    assert decision.cli_verdict == "reject"  # judge.md has no confirm: the judge's ruling


def test_garbage_that_does_not_sound_like_the_guess_is_wrong() -> None:
    decision = decide(CANBERRA, "hello there my friend", card_guess="canberra")
    assert decision.verdict == "reject"


def test_a_near_miss_is_never_asked_about() -> None:
    decision = decide(CANBERRA, "sydney", card_guess="canberra")
    assert decision.verdict == "reject"
    assert decision.confidence >= 0.9


def test_a_competitor_heard_is_not_asked_about() -> None:
    decision = decide(CANBERRA, "melbourne", card_guess="canberra", competitors=("Melbourne",))
    assert decision.verdict == "reject"
    assert "another answer" in decision.reason


def test_a_competitor_heard_only_as_a_slip_is_asked_about_when_it_sounds_like_the_guess():
    # "good" is one letter from the decks' "Gold", but sounds just like "Kid"
    kid = AnswerFields("Kid")
    decision = decide(kid, "good", card_guess="kid", competitors=("Gold",))
    assert decision.question == "Did you say Kid?"
    assert decide(kid, "gold", card_guess="kid", competitors=("Gold",)).verdict == "reject"


@pytest.mark.parametrize(
    "card, heard, guess, competitor",
    [
        # flite voices in the demo, each heard as a slip of another answer
        (AnswerFields("Olympia", kind="place"), "the limp", "olympia", "Lima"),
        (AnswerFields("Gaul", kind="place"), "ball", "gaul", "Bali"),
    ],
)
def test_a_slip_away_from_another_answer_does_not_stop_the_host_asking(
    card, heard, guess, competitor
) -> None:
    decision = decide(card, heard, card_guess=guess, competitors=(competitor,))
    assert decision.question == f"Did you say {card.answer}?"
    written = decide(card, competitor.lower(), card_guess=guess, competitors=(competitor,))
    assert written.verdict == "reject" and "another answer" in written.reason


def test_a_guess_of_a_near_miss_is_not_asked_about() -> None:
    decision = decide(ART_DECO, "art new vote", card_guess="art nouveau")
    assert decision.verdict == "reject"


def test_without_a_guess_the_judge_decides() -> None:
    assert decide(CANBERRA, "but to get gold").verdict == "reject"


def test_a_wrong_number_is_never_asked_about() -> None:
    card = AnswerFields("1969", kind="year")
    assert decide(card, "nineteen sixty eight", card_guess="nineteen sixty nine").verdict == (
        "reject"
    )


@pytest.mark.parametrize(
    ("answer", "kind", "heard"),
    [("-273", "number", ["273", "minus 273"]), ("1066", "year", ["1066 26", "1066", "106626"])],
)
def test_a_number_misheard_but_right_in_a_lower_alternative_is_asked_about(
    answer, kind, heard
) -> None:
    decision = decide(AnswerFields(answer, kind=kind), heard)
    assert decision.verdict == CONFIRM
    assert decision.question == f"Did you say {answer}?"
    assert decision.cli_verdict == "reject"  # rule 8: the best alternative decides
    # a wrong number in every alternative stays wrong
    assert decide(AnswerFields(answer, kind=kind), ["272", "minus 272"]).verdict == "reject"


def test_an_answer_only_a_lower_reading_finished_is_asked_about() -> None:
    """A player stopped after "Martin Luther" (pause_risk_bench's paused
    names): Whisper, prompted with the card, lent its lower reading the rest."""
    king = AnswerFields("Martin Luther King", kind="person")
    decision = decide(king, ["martin luther", "martin luther king"])
    assert decision.verdict == CONFIRM
    assert decision.question == "Did you say Martin Luther King?"
    assert decision.cli_verdict == "accept"  # rule 8: the judge takes the first that matches
    # the first reading the answer, or the answer misheard first: ruled at once
    assert decide(king, ["martin luther king", "martin luther"]).verdict == "accept"
    assert decide(king, ["martin luther kink", "martin luther king"]).verdict == "accept"
    # a hum read first, then the answer after it: flite awb's "hmm ... Hydrogen"
    hydrogen = AnswerFields("Hydrogen", kind="text")
    assert decide(hydrogen, ["h-n-n", "h-n-n hydrogen"]).verdict == "accept"


def test_a_well_known_name_read_only_below_what_matched_nothing_is_asked_about() -> None:
    """Told the card's well-known names, Whisper may write one for unclear
    audio: espeak-ng's Scottish "the big apple" on a Chicago card."""
    chicago = AnswerFields("Chicago", kind="place")
    decision = decide(chicago, ["the mid got old", "the windy city"])
    assert decision.verdict == CONFIRM
    assert decision.question == "Did you say the windy city?"
    assert decision.cli_verdict == "accept"
    # the name read first is what was said: ruled at once
    assert decide(chicago, ["the windy city", "the windy sitty"]).verdict == "accept"
    # and so is the answer itself read lower down (rule 8), as it always was
    assert decide(chicago, ["she car go", "chicago"]).verdict == "accept"


def test_sound_support_measures_the_guess_inside_what_was_heard() -> None:
    assert sound_support("um i think it's sock rates", "socrates") > 0.8
    assert sound_support("hello", "") == 0.0
    assert sound_support("the end", "tchaikovsky") < 0.5


def test_competitors_are_other_answers_of_the_kind_closest_first() -> None:
    from host.judge.competitors import competitors

    pool = [
        AnswerFields("Canberra", kind="place"),
        AnswerFields("Camberwell", kind="place"),
        AnswerFields("Tokyo", kind="place"),
        AnswerFields("Tokyo", kind="place"),
        AnswerFields("Cameron Diaz", kind="person"),
    ]
    assert competitors(CANBERRA, pool) == ("Camberwell", "Tokyo")
    assert competitors(CANBERRA, pool, most=1) == ("Camberwell",)


def test_a_card_of_no_kind_takes_the_kinds_the_decks_file_its_answer_under() -> None:
    from host.judge.competitors import CompetitorPool

    pool = CompetitorPool(
        [
            AnswerFields("Venus", kind="place"),
            AnswerFields("Mars", kind="place"),
            AnswerFields("Copper", kind="text"),
            AnswerFields("Cameron Diaz", kind="person"),
        ]
    )
    imported_venus = AnswerFields("Venus")  # an imported deck gives no kind
    assert pool.kinds_of(imported_venus) == ("text", "place")
    assert set(pool.whole_answers(imported_venus)) == {"Copper", "Venus", "Mars"}
    # an answer the decks do not file, or file with no kind, stays a text card
    assert pool.whole_answers(AnswerFields("Bronze")) == ("Copper",)
    # a card that names its kind keeps to it
    assert pool.whole_answers(AnswerFields("Neptune", kind="place")) == ("Venus", "Mars")
    # and its competitors are of those kinds too ("mars" is another answer)
    assert set(pool.competitors(imported_venus)) == {"Copper", "Mars"}


TRUE_CARD = AnswerFields("True", kind="true_false")


@pytest.mark.parametrize(
    ("heard", "asked"),
    [
        ("truly", "True"),  # flite's "true", as Whisper writes it
        ("dreu", "True"),
        ("force", "False"),  # flite's "false"
        ("falls", "False"),
    ],
)
def test_a_true_or_false_heard_as_neither_is_asked_about_by_its_sound(heard, asked) -> None:
    decision = decide(TRUE_CARD, [heard])
    assert (decision.verdict, decision.ask_about) == ("confirm", asked)
    assert decision.question == f"Did you say {asked}?"


@pytest.mark.parametrize(
    ("heard", "verdict"),
    [
        ("true", "accept"),
        ("of course", "accept"),
        ("false", "reject"),  # said in words: ruled, never asked
        ("maybe", "reject"),  # a hedge
        ("olympia", "reject"),  # sounds like neither
        ("i have no idea at all really", "reject"),  # too long to be a misheard word
        ("done", "reject"),  # "um" as Whisper writes it: too little like "true"
        ("d", "reject"),
    ],
)
def test_a_true_or_false_said_in_words_or_sounding_like_neither_is_ruled(heard, verdict) -> None:
    decision = decide(TRUE_CARD, [heard])
    assert (decision.verdict, decision.ask_about) == (verdict, None)


def test_a_better_alternative_read_in_words_wins_over_a_sound() -> None:
    assert true_or_false_by_sound(["force", "true"]) is None
    assert true_or_false_by_sound(["three", "truly"]) == "True"
