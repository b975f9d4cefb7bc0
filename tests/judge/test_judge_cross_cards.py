"""A general guard against false accepts: every answer heard for one card,
judged against every other card, must not be accepted (unless it really is
that card's answer, e.g. 'sydney' for a card whose answer is Sydney)."""

from pathlib import Path

from host.judge import judge
from host.judge.cases import read_cases
from host.judge.normalise import card_tokens, heard_key

DEV_SET = Path(__file__).with_name("data") / "judge_dev.csv"
OWN_CASES = Path(__file__).with_name("judge_more_cases.csv")


def names(card):
    return {card_tokens(entry).text for entry in (card.answer, *card.accept, *card.prompt)}


def test_answers_meant_for_other_cards_are_not_accepted():
    cases = read_cases(OWN_CASES) + read_cases(DEV_SET)
    cards = {case.fields for case in cases if case.fields.kind != "true_false"}
    heard = {(text, case.fields) for case in cases for text in case.heard if text}
    wrongly_accepted = []
    for card in cards:
        own_names = names(card)
        for text, source in heard:
            if names(source) & own_names or heard_key(text) in own_names:
                continue  # the same answer on two cards ("Gandhi", "Mahatma Gandhi")
            if judge(card, text).verdict == "accept":
                wrongly_accepted.append((card.answer, text))
    assert wrongly_accepted == []
