"""The decks shipped in decks/ pass `deck check`: every problem is listed on failure."""

from host.cards.check import check_files
from host.cards.deck import default_deck_paths, load_decks
from host.cards.stats import deck_stats
from host.resources import shipped_decks_dir


def test_decks_are_shipped():
    assert default_deck_paths(), f"no deck files in {shipped_decks_dir()}"


def test_the_shipped_decks_pass_deck_check():
    report = check_files(default_deck_paths())
    problems = "\n".join(str(p) for p in report.errors)
    assert not report.errors, f"{report.summary()}\n{problems}"


def test_the_shipped_decks_hold_a_standard_and_a_ruby_deck_that_load():
    decks = load_decks(default_deck_paths())
    assert {deck.kind for deck in decks} == {"standard", "ruby"}
    assert all(deck.language == "en" for deck in decks)


def test_the_shipped_decks_ask_no_fact_twice():
    report = check_files(default_deck_paths())
    near = [str(p) for p in report.warnings if "near duplicate" in p.message]
    assert not near, "\n".join(near)


def test_the_ruby_box_holds_four_cards_for_every_year_1979_to_2018():
    ruby_decks = [deck for deck in load_decks(default_deck_paths()) if deck.kind == "ruby"]
    per_year = deck_stats(ruby_decks)["ruby_cards_per_year"]
    assert per_year == {str(year): 4 for year in range(1979, 2019)}
