"""`trivia-host deck import`: Open Trivia DB JSON and CSV tables into six-category cards."""

from pathlib import Path

import pytest

from host.cards.deck import load_deck
from host.cards.importers import read_csv, read_otdb
from host.cards.importers.common import group_into_cards

IMPORTS = Path(__file__).parent / "fixtures" / "import"


def test_otdb_questions_are_decoded_mapped_and_grouped(tmp_path, capsys, trivia_host):
    out = tmp_path / "otdb.yaml"
    assert (
        trivia_host(
            ["deck", "import", "--from", "otdb", str(IMPORTS / "otdb_sample.json"), "-o", str(out)]
        )
        == 0
    )
    report = capsys.readouterr().out
    assert "skipped 1 question(s): category 'General Knowledge' fits none of ours" in report
    assert "left over, not enough to fill a card: geography 1, science 1" in report
    assert report.endswith(f"wrote 1 card(s), 6 questions, to {out}\n")

    deck = load_deck(out)
    assert (deck.name, deck.kind, deck.language) == (
        "Imported from otdb_sample.json",
        "standard",
        "en",
    )
    card = deck.cards[0]
    assert card.id == "otdb-0001"
    geography = card.question("geography")
    assert (geography.answer, geography.reject) == ("Reykjavík", ("Oslo", "Helsinki", "Nuuk"))
    assert (geography.difficulty, card.question("history").difficulty) == ("easy", "medium")
    film = card.question("entertainment")
    assert film.text == 'True or false: "The Godfather" was directed by Francis Ford Coppola.'
    assert (film.answer, film.true_false, film.reject) == ("True", True, ())
    assert card.question("arts").reject[0] == "Émile Zola"
    assert (card.question("history").kind, card.question("science").kind) == ("year", "number")


def test_otdb_problems_name_the_item_and_nothing_is_written(tmp_path, capsys, trivia_host):
    out = tmp_path / "never.yaml"
    assert (
        trivia_host(
            [
                "deck",
                "import",
                "--from",
                "otdb",
                str(IMPORTS / "otdb_malformed.json"),
                "-o",
                str(out),
            ]
        )
        == 2
    )
    source = IMPORTS / "otdb_malformed.json"
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{source}: item 2: missing correct_answer",
        f"{source}: item 3: correct_answer: a True/False answer must be True or False, not 'Yes'",
        f"{source}: item 4: type: 'picture' is neither multiple nor boolean",
        f"trivia-host: {source}: 3 problem(s) in the input; nothing written",
    ]
    assert not out.exists()


def test_otdb_file_that_is_not_json(tmp_path):
    path = tmp_path / "api.json"
    path.write_text('{"response_code": 0, "results": [\n')
    assert read_otdb(path).problems == [f"{path}: line 2: not valid JSON: Expecting value"]


def test_csv_rows_with_lists_names_of_categories_and_unicode(tmp_path, capsys, trivia_host):
    out = tmp_path / "table.yaml"
    assert (
        trivia_host(
            [
                "deck",
                "import",
                "--from",
                "csv",
                str(IMPORTS / "sample.csv"),
                "-o",
                str(out),
                "--name",
                "Kitchen table",
                "--id-prefix",
                "kt",
            ]
        )
        == 0
    )
    assert "left over, not enough to fill a card: geography 1, science 1" in capsys.readouterr().out
    card = load_deck(out).cards[0]
    assert card.id == "kt-0001" and card.deck == "Kitchen table"
    assert card.question("geography").accept == ("İstanbul", "Constantinople")
    assert card.question("geography").difficulty == "easy"
    assert card.question("entertainment").difficulty is None
    assert card.question("entertainment").text == 'Which band sang "Bohemian Rhapsody"?'
    history = card.question("history")
    assert (history.accept, history.prompt, history.kind, history.difficulty) == (
        ("Maria Skłodowska-Curie",),
        ("Curie",),
        "person",
        "medium",
    )
    assert card.question("arts").reject == ("Raphael", "Leonardo da Vinci")
    assert card.question("science").true_false and card.question("science").answer == "True"
    assert card.question("sports").spoken_answer == "sixty-four"


def test_csv_problems_name_the_line_and_field():
    source = IMPORTS / "malformed.csv"
    assert read_csv(source).problems == [
        f"{source}: line 3: category: unknown category 'music'",
        f"{source}: line 4: answer: empty",
        f"{source}: line 5: accept: must be a list of non-empty texts",
    ]


def test_csv_without_a_required_column():
    source = IMPORTS / "missing_column.csv"
    [problem] = read_csv(source).problems
    assert problem.startswith(
        f"{source}: line 1: header: missing column(s) category (columns: category,"
    )


def test_an_existing_output_is_kept_unless_forced(tmp_path, trivia_host):
    out = tmp_path / "deck.yaml"
    out.write_text("mine")
    args = ["deck", "import", "--from", "csv", str(IMPORTS / "sample.csv"), "-o", str(out)]
    assert trivia_host(args) == 2 and out.read_text() == "mine"
    assert trivia_host(args + ["--force"]) == 0 and load_deck(out).cards


def test_ruby_questions_make_cards_per_year_and_repeats_are_dropped():
    rows = read_csv(IMPORTS / "sample.csv").questions
    from dataclasses import replace

    years = [replace(item, year=1990 if n < 7 else 1991) for n, item in enumerate(rows)]
    repeated = years + [replace(years[0], where="line 99")]
    grouping = group_into_cards(repeated, "rb", "Ruby import")
    assert [(c.id, c.year) for c in grouping.cards] == [("rb-0001", 1990)]
    assert dict(grouping.leftovers) == {(1990, "geography"): 1, (1991, "science"): 1}
    assert grouping.duplicates == ["line 99 repeats line 2"]


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_the_written_deck_loads_in_either_format(tmp_path, suffix, trivia_host):
    out = tmp_path / f"deck{suffix}"
    assert (
        trivia_host(
            ["deck", "import", "--from", "csv", str(IMPORTS / "sample.csv"), "-o", str(out)]
        )
        == 0
    )
    assert load_deck(out).cards[0].question("geography").answer == "Istanbul"
