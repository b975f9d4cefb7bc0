"""`trivia-host deck stats`: what the decks hold."""

import json
from pathlib import Path

from host.cards.deck import load_deck
from host.cards.stats import deck_stats

FIXTURES = Path(__file__).parent / "fixtures"


def test_counts_of_one_deck():
    stats = deck_stats(load_deck(FIXTURES / "tiny_standard.yaml"))
    assert stats == {
        "cards": 2,
        "questions": 12,
        "per_category": {
            "geography": 2,
            "entertainment": 2,
            "history": 2,
            "arts": 2,
            "science": 2,
            "sports": 2,
        },
        "kinds": {
            "text": 2,
            "person": 3,
            "place": 2,
            "title": 1,
            "number": 1,
            "year": 1,
            "true_false": 2,
        },
        "true_false": 2,
        "true_false_share": 0.1667,
        "difficulty": {"easy": 1, "medium": 1, "unrated": 10},
        "ruby_cards_per_year": {},
    }


def test_json_report_with_a_total(capsys, trivia_host):
    files = [str(FIXTURES / "tiny_standard.yaml"), str(FIXTURES / "tiny_ruby.yaml")]
    assert trivia_host(["deck", "stats", "--json", *files]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [d["kind"] for d in report["decks"]] == ["standard", "ruby"]
    assert report["decks"][1]["ruby_cards_per_year"] == {"1989": 1}
    assert report["total"]["cards"] == 3 and report["total"]["true_false"] == 3


def test_text_report(capsys, trivia_host):
    assert trivia_host(["deck", "stats", str(FIXTURES / "tiny_ruby.yaml")]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{FIXTURES / 'tiny_ruby.yaml'}: Test Ruby deck (ruby, en)",
        "  cards: 1, questions: 6",
        "  per category: geography 1, entertainment 1, history 1, arts 1, science 1, sports 1",
        "  answer kinds: person 2, place 2, title 1, true_false 1",
        "  True/False: 1 (16.7%)",
        "  difficulty: unrated 6",
        "  Ruby cards per year (1 years): 1989 1",
    ]


def test_a_broken_deck_is_counted_without_its_broken_cards(capsys, trivia_host):
    assert (
        trivia_host(["deck", "stats", "--json", str(FIXTURES / "malformed" / "empty_answer.yaml")])
        == 0
    )
    captured = capsys.readouterr()
    assert json.loads(captured.out)["total"]["cards"] == 1
    assert "1 problem(s), counting only the cards without problems" in captured.err
