"""Decks read from YAML once, then from the JSON kept in the cache folder
(host/cards/deck_cache.py): the same cards, an edited deck read afresh, and a
damaged or unwritable cache only costs time."""

from __future__ import annotations

import datetime
import shutil
from pathlib import Path

import pytest

from host.cards import deck, deck_cache
from host.cards.deck import load_deck

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def cached(tmp_path, monkeypatch):
    """A copy of the tiny deck, a cache folder of its own, and a count of YAML parses."""
    folder = tmp_path / "cache"
    monkeypatch.setattr(deck_cache, "default_folder", lambda: folder)
    parses = []
    real = deck.load_yaml
    monkeypatch.setattr(deck, "load_yaml", lambda text: parses.append(1) or real(text))
    path = tmp_path / "tiny.yaml"
    shutil.copy(FIXTURES / "tiny_standard.yaml", path)
    return path, folder, parses


def questions(loaded) -> list:
    return [
        (c.id, q.category, q.text, q.answer) for c in loaded.cards for q in c.questions.values()
    ]


def test_the_second_load_reads_the_kept_json_and_gives_the_same_cards(cached):
    path, folder, parses = cached
    first = load_deck(path)
    second = load_deck(path)
    assert len(parses) == 1
    assert questions(second) == questions(first) and second.name == first.name
    assert len(list(folder.glob("*.json"))) == 1


def test_an_edited_deck_is_read_afresh_and_its_old_entry_removed(cached):
    path, folder, parses = cached
    load_deck(path)
    before = set(folder.glob("*.json"))
    path.write_text(path.read_text().replace("name:", "name: Edited", 1))
    assert load_deck(path).name.startswith("Edited")
    assert len(parses) == 2
    after = set(folder.glob("*.json"))
    assert len(after) == 1 and after != before


def test_a_damaged_entry_is_read_from_yaml_and_kept_again(cached):
    path, folder, parses = cached
    first = load_deck(path)
    (entry,) = folder.glob("*.json")
    entry.write_text('{"name": "half a fi')
    assert questions(load_deck(path)) == questions(first)
    assert len(parses) == 2
    assert questions(load_deck(path)) == questions(first)
    assert len(parses) == 2  # the repaired entry was used


def test_a_cache_folder_that_cannot_be_written_still_loads_the_deck(cached, monkeypatch):
    path, folder, parses = cached
    folder.parent.mkdir(exist_ok=True)
    folder.write_text("a file where the cache folder should be")
    assert questions(load_deck(path)) == questions(load_deck(path))
    assert len(parses) == 2


def test_data_json_cannot_give_back_is_not_kept(tmp_path):
    folder = tmp_path / "cache"
    source = tmp_path / "deck.yaml"
    data = {"name": "dated", "cards": [{"id": "c1", "added": datetime.date(2024, 1, 2)}]}
    deck_cache.put(source, "text", data, folder)
    deck_cache.put(source, "other", {1: "a number key"}, folder)
    assert deck_cache.get(source, "text", folder) is None
    assert deck_cache.get(source, "other", folder) is None
