"""Loading deck files into Deck / Card / Question objects."""

from pathlib import Path

import pytest

from host.cards.deck import CATEGORIES, default_deck_paths, load_deck, load_decks
from host.errors import UserError

FIXTURES = Path(__file__).parent / "fixtures"


def test_the_example_card_of_the_format_loads_with_every_field():
    deck = load_deck(FIXTURES / "format_example.yaml")
    assert (deck.name, deck.language, deck.kind) == (
        "Trivia Host Originals, batch 1",
        "en",
        "standard",
    )
    card = deck.cards[0]
    assert card.id == "orig-0001" and card.year is None and card.deck == deck.name
    assert tuple(card.questions) == CATEGORIES
    geography = card.question("geography")
    assert geography.answer_fields() == {
        "answer": "Canberra",
        "accept": [],
        "prompt": [],
        "reject": ["Sydney", "Melbourne"],
        "kind": "place",
    }
    assert geography.difficulty == "easy" and card.question("history").difficulty is None
    science = card.question("science")
    assert science.true_false and science.kind == "true_false" and science.answer == "True"
    sports = card.question("sports")
    assert (sports.answer, sports.spoken_answer, sports.kind) == ("6", "six", "number")
    assert card.question("arts").accept == ("Austen",)


def test_json_decks_load_like_yaml(tmp_path):
    import json

    import yaml

    data = yaml.safe_load((FIXTURES / "format_example.yaml").read_text())
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    assert load_decks([path])[0].cards == load_deck(FIXTURES / "format_example.yaml").cards


def test_a_malformed_deck_names_file_card_and_field(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(
        "name: Broken\nlanguage: en\nkind: standard\ncards:\n"
        "  - id: b-1\n    questions:\n      geography: {text: Where?}\n"
    )
    with pytest.raises(UserError) as error:
        load_deck(path)
    assert str(error.value).startswith(
        f"{path}: card b-1: questions: missing entertainment, history"
    )


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("bad.yaml", "name: x\ncards: [\n", r"bad\.yaml: line 3: not valid YAML"),
        ("bad.json", '{"name": "x",\n "cards": [}\n', r"bad\.json: line 2: not valid JSON"),
    ],
)
def test_an_unreadable_file_is_a_user_error_with_the_line(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(UserError, match=message):
        load_deck(path)


def test_default_deck_paths_finds_yaml_and_json_but_not_the_format_notes(tmp_path):
    (tmp_path / "ruby").mkdir()
    for name in ("FORMAT.md", "b.yaml", "ruby/a.yaml", "c.json", ".hidden.yaml"):
        (tmp_path / name).write_text("")
    assert [p.relative_to(tmp_path).as_posix() for p in default_deck_paths(tmp_path)] == [
        "b.yaml",
        "c.json",
        "ruby/a.yaml",
    ]


def test_card_ids_must_be_unique_across_the_decks_of_a_game(tmp_path):
    copy = tmp_path / "copy.yaml"
    copy.write_text((FIXTURES / "format_example.yaml").read_text())
    with pytest.raises(
        UserError,
        match=r"copy\.yaml: card orig-0001: id: duplicate card id, also in .*format_example",
    ):
        load_decks([FIXTURES / "format_example.yaml", copy])


def test_a_deck_needs_a_two_letter_language_code(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(
        (FIXTURES / "format_example.yaml").read_text().replace("language: en", "language: English")
    )
    with pytest.raises(
        UserError, match="language: must be a two-letter ISO 639-1 code such as en, not 'English'"
    ):
        load_deck(path)
