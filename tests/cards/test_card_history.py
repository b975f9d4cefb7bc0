"""No repeats across games: the history of asked cards, per deck, on disk."""

import json
import random

from host.cards.history import CardHistory, load_asked, order_cards, record_asked

CARDS = [f"orig-{n:04d}" for n in range(1, 11)]


def test_unasked_cards_come_first_in_seeded_order_then_the_oldest_asked():
    asked = ["orig-0007", "orig-0002", "orig-0009"]
    order = order_cards(CARDS, 42, asked)
    assert order[-3:] == asked
    assert sorted(order[:7]) == sorted(set(CARDS) - set(asked))
    assert order == order_cards(CARDS, 42, asked)  # the seed decides
    assert order_cards(CARDS, 42, []) != order_cards(CARDS, 43, [])


def test_a_card_asked_twice_counts_from_its_last_time():
    assert order_cards(["a", "b"], 1, ["a", "b", "a"]) == ["b", "a"]


def test_the_order_can_come_from_the_games_own_generator():
    assert order_cards(CARDS, random.Random(5), []) == order_cards(CARDS, 5, [])


def test_the_history_survives_a_restart(tmp_path):
    # First game: three cards of the originals are asked.
    first_run = CardHistory(tmp_path)
    first_run.record_asked("Originals", ["orig-0003", "orig-0001", "orig-0005"])
    # The host restarts: a new history object reads the same folder.
    second_run = CardHistory(tmp_path)
    assert second_run.asked("Originals") == ["orig-0003", "orig-0001", "orig-0005"]
    assert second_run.asked("Ruby") == []
    # Second game: orig-0003 comes up again (the deck ran out), orig-0008 is new.
    second_run.record_asked("Originals", ["orig-0008", "orig-0003"])
    assert load_asked("Originals", tmp_path) == ["orig-0001", "orig-0005", "orig-0008", "orig-0003"]
    third_game = order_cards(CARDS, 7, load_asked("Originals", tmp_path))
    assert third_game[:6] == [
        c for c in third_game if c not in {"orig-0001", "orig-0005", "orig-0008", "orig-0003"}
    ]


def test_decks_keep_separate_files_and_no_temporary_files_are_left(tmp_path):
    record_asked("Originals", ["orig-0001"], tmp_path)
    record_asked("Ruby", ["ruby-1989"], tmp_path)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 2 and all(name.endswith(".json") for name in files)
    assert any(name.startswith("originals-") for name in files)


def test_a_damaged_history_is_set_aside_with_a_warning_and_play_goes_on(tmp_path):
    warnings = []
    history = CardHistory(tmp_path, warn=warnings.append)
    history.record_asked("Originals", ["orig-0001"])
    path = history.path_for("Originals")
    path.write_text('{"asked": ["orig-0001", ')  # cut off by a power failure
    assert history.asked("Originals") == []
    assert len(warnings) == 1 and "is damaged" in warnings[0] and "set aside as" in warnings[0]
    assert (tmp_path / (path.name + ".corrupt")).read_text().startswith('{"asked"')
    history.record_asked("Originals", ["orig-0002"])
    assert history.asked("Originals") == ["orig-0002"]


def test_history_content_of_the_wrong_shape_is_damaged_too(tmp_path):
    warnings = []
    history = CardHistory(tmp_path, warn=warnings.append)
    for content in ([1, 2], {"asked": [1]}, {"asked": "orig-0001"}):
        history.path_for("Originals").write_text(json.dumps(content))
        assert history.asked("Originals") == []
    assert len(warnings) == 3
    assert len(list(tmp_path.glob("*.corrupt*"))) == 3


def test_binary_garbage_is_a_warning_not_a_crash(tmp_path):
    warnings = []
    history = CardHistory(tmp_path, warn=warnings.append)
    history.path_for("Originals").write_bytes(b"\xff\xfe\x00garbage")
    assert history.asked("Originals") == [] and len(warnings) == 1


def test_an_unwritable_history_folder_is_a_warning(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    warnings = []
    CardHistory(blocker / "history", warn=warnings.append).record_asked("Originals", ["orig-0001"])
    assert len(warnings) == 1 and "cannot save the card history" in warnings[0]


def test_the_default_folder_is_the_users_data_folder():
    assert CardHistory().directory.parts[-2:] == ("trivia-host", "history")


def test_a_game_with_two_decks_records_each_cards_in_its_own_deck(tmp_path):
    from pathlib import Path

    from host.cards.deck import load_deck
    from host.cards.history import asked_in_decks, record_asked_in_decks

    fixtures = Path(__file__).parent / "fixtures"
    decks = [load_deck(fixtures / "tiny_standard.yaml"), load_deck(fixtures / "tiny_ruby.yaml")]
    history = CardHistory(tmp_path)
    record_asked_in_decks(decks, ["tr-1989", "t-0002"], history)
    assert history.asked("Test deck, two cards") == ["t-0002"]
    assert history.asked("Test Ruby deck") == ["tr-1989"]
    record_asked_in_decks(decks, ["t-0001"], history)
    assert asked_in_decks(decks, history) == ["t-0002", "tr-1989", "t-0001"]
    all_ids = [card.id for deck in decks for card in deck.cards]
    assert order_cards(all_ids, 3, asked_in_decks(decks, history)) == [
        "t-0002",
        "tr-1989",
        "t-0001",
    ]


def test_the_deck_history_command_shows_and_forgets(tmp_path, capsys, trivia_host):
    from pathlib import Path

    deck = Path(__file__).parent / "fixtures" / "tiny_standard.yaml"
    record_asked("Test deck, two cards", ["t-0002", "gone-from-the-deck"], tmp_path)
    assert trivia_host(["deck", "history", "--history-dir", str(tmp_path), str(deck)]) == 0
    assert capsys.readouterr().out == "Test deck, two cards: 1 of 2 cards asked in earlier games\n"
    assert (
        trivia_host(["deck", "history", "--forget", "--history-dir", str(tmp_path), str(deck)]) == 0
    )
    assert load_asked("Test deck, two cards", tmp_path) == []
