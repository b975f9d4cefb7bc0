"""Teaching the judge: the table's rulings are remembered per question."""

import json

from host.judge import AnswerFields, OverrideBook, QuestionKey, judge

GEOGRAPHY = QuestionKey("originals-1", "orig-0001", "geography")
CARD = AnswerFields("Canberra", reject=("Sydney",), kind="place")


def test_a_ruling_the_table_made_decides_next_time(tmp_path):
    book = OverrideBook.load(tmp_path / "rulings.json")
    assert judge(CARD, "cam bear up", overrides=book, question_key=GEOGRAPHY).verdict == "reject"
    book.record(GEOGRAPHY, "cam bear up", "accept")  # "that was right"
    again = OverrideBook.load(tmp_path / "rulings.json")
    verdict = judge(CARD, "um it's cam bear up", overrides=again, question_key=GEOGRAPHY)
    assert verdict.verdict == "accept"
    assert verdict.rule == "override"


def test_a_ruling_belongs_to_one_question(tmp_path):
    book = OverrideBook.load(tmp_path / "rulings.json")
    book.record(GEOGRAPHY, "cam bear up", "accept")
    other = QuestionKey("originals-1", "orig-0002", "geography")
    assert book.lookup(other, "cam bear up") is None
    assert judge(CARD, "cam bear up", overrides=book, question_key=other).verdict == "reject"


def test_the_table_can_overrule_an_accept(tmp_path):
    book = OverrideBook.load(tmp_path / "rulings.json")
    book.record(GEOGRAPHY, "canberra", "reject")  # "that was wrong"
    assert judge(CARD, "canberra", overrides=book, question_key=GEOGRAPHY).verdict == "reject"


def test_the_file_is_plain_readable_json(tmp_path):
    path = tmp_path / "rulings.json"
    OverrideBook.load(path).record(GEOGRAPHY, "Nineteen Sixty-Nine", "accept")
    document = json.loads(path.read_text(encoding="utf-8"))
    (ruling,) = document["rulings"]
    assert ruling["deck"] == "originals-1" and ruling["card"] == "orig-0001"
    assert ruling["category"] == "geography"
    assert ruling["heard"] == "1969" and ruling["verdict"] == "accept"


def test_a_damaged_file_is_set_aside_not_a_crash(tmp_path):
    path = tmp_path / "rulings.json"
    path.write_text("{ this is not json", encoding="utf-8")
    book = OverrideBook.load(path)
    assert len(book) == 0
    assert "could not be read" in book.warning
    assert not path.exists()
    assert len(list(tmp_path.glob("rulings.damaged-*.json"))) == 1
    book.record(GEOGRAPHY, "cam bear up", "accept")  # and it works again
    assert OverrideBook.load(path).lookup(GEOGRAPHY, "cam bear up") == "accept"


def test_a_file_of_the_wrong_shape_is_set_aside(tmp_path):
    path = tmp_path / "rulings.json"
    path.write_text(json.dumps({"rulings": [{"deck": "d", "verdict": "maybe"}]}), encoding="utf-8")
    book = OverrideBook.load(path)
    assert book.warning and len(book) == 0


def test_unknown_verdict_is_refused(tmp_path):
    import pytest

    with pytest.raises(ValueError, match="verdict"):
        OverrideBook.load(tmp_path / "r.json").record(GEOGRAPHY, "canberra", "maybe")


def test_default_file_lives_in_the_user_data_directory():
    from host.judge.overrides import default_path

    assert "trivia-host" in str(default_path())


def test_a_file_that_is_not_utf8_is_set_aside(tmp_path):
    path = tmp_path / "rulings.json"
    path.write_bytes(b"\xff\xfe garbage")
    book = OverrideBook.load(path)
    assert book.warning and not path.exists()


def test_an_unreadable_path_is_left_alone(tmp_path):
    path = tmp_path / "rulings.json"
    path.mkdir()  # a directory where the file should be
    book = OverrideBook.load(path)
    assert book.warning and path.is_dir()


def test_saving_where_it_cannot_is_a_clear_error(tmp_path):
    import pytest

    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x", encoding="utf-8")
    book = OverrideBook.load(blocker / "rulings.json")
    with pytest.raises(OSError, match="cannot save"):
        book.record(GEOGRAPHY, "canberra", "reject")
