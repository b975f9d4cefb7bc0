"""`trivia-host judge`: the batch interface (docs/judge.md) and the one-answer form."""

import json
import sys

import pytest

from host.cli import main


def run(capsys, *argv):
    code = main(["judge", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, text, name="cases.csv"):
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return str(path)


def test_one_json_object_per_row_in_order(tmp_path, capsys):
    path = write(
        tmp_path,
        "answer,accept,prompt,reject,kind,strictness,heard,extra\n"
        "Canberra,,,Sydney,place,,sydney,ignored\n"
        "Canberra,,,Sydney,place,,um it's canberra,\n"
        "Abraham Lincoln,,,,person,lenient,lincoln,\n",
    )
    code, out, err = run(capsys, "--cases", path)
    assert code == 0 and err == ""
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in rows] == ["reject", "accept", "accept"]
    assert all(set(r) == {"verdict", "reason"} for r in rows)


def test_alternatives_in_a_row(tmp_path, capsys):
    path = write(tmp_path, "answer,reject,heard\nAustralia,Austria,austria|australia\n")
    _, out, _ = run(capsys, "--cases", path)
    assert json.loads(out)["verdict"] == "reject"


def test_blank_lines_are_no_rows(tmp_path, capsys):
    path = write(tmp_path, "answer,heard\nParis,paris\n\nRome,rome\n\n")
    code, out, err = run(capsys, "--cases", path)
    assert code == 0 and err == ""
    assert [json.loads(line)["verdict"] for line in out.splitlines()] == ["accept", "accept"]


def test_kind_and_strictness_in_capitals_are_understood(tmp_path, capsys):
    path = write(tmp_path, "answer,kind,strictness,heard\nAbraham Lincoln,Person,Lenient,lincoln\n")
    code, out, _ = run(capsys, "--cases", path)
    assert code == 0 and json.loads(out)["verdict"] == "accept"  # a surname, lenient


def test_row_with_too_many_fields_is_named(tmp_path, capsys):
    path = write(tmp_path, "answer,heard\nParis,paris\nRome,rome,extra\n")
    code, out, err = run(capsys, "--cases", path)
    assert code != 0 and out == ""
    assert "row 2" in err


def test_empty_answer_is_named(tmp_path, capsys):
    path = write(tmp_path, "answer,heard\nParis,paris\n,rome\n")
    code, _, err = run(capsys, "--cases", path)
    assert code != 0 and "row 2" in err and "empty answer" in err


def test_bytes_that_are_not_utf8_are_named(tmp_path, capsys):
    path = write(tmp_path, b"answer,heard\nParis,paris\nRome,r\xe9me\n")
    code, _, err = run(capsys, "--cases", path)
    assert code != 0 and "row 2" in err and "UTF-8" in err


def test_unknown_kind_is_named(tmp_path, capsys):
    path = write(tmp_path, "answer,kind,heard\nParis,city,paris\n")
    code, _, err = run(capsys, "--cases", path)
    assert code != 0 and "row 1" in err and "city" in err


def test_header_without_answer_column(tmp_path, capsys):
    path = write(tmp_path, "question,heard\nx,y\n")
    code, _, err = run(capsys, "--cases", path)
    assert code != 0 and "answer" in err


def test_a_card_option_beside_cases_is_named_not_ignored(tmp_path, capsys):
    path = write(tmp_path, "answer,heard\nCanberra,canberra\n")
    code, out, err = run(capsys, "--cases", path, "--strictness", "strict")
    assert code == 2 and out == "" and "--strictness" in err and "each row" in err


def test_missing_file_is_a_clear_error(tmp_path, capsys):
    code, _, err = run(capsys, "--cases", str(tmp_path / "nope.csv"))
    assert code == 2 and "nope.csv" in err


def test_audio_row_asks_the_speech_part(tmp_path, capsys, monkeypatch):
    (tmp_path / "canberra.wav").write_bytes(b"")
    path = write(
        tmp_path,
        "answer,reject,kind,heard,audio\n"
        "Canberra,Sydney,place,,canberra.wav\n"
        "Chicago,,place,,canberra.wav\n",
    )
    calls = []

    import types

    fake = types.ModuleType("host.speech.transcribe")

    def transcribe_wav(wav, expected=None, known_as=()):
        calls.append((wav.name, expected, known_as))
        return [("sydney", 0.6), ("canberra", 0.4)]

    fake.transcribe_wav = transcribe_wav
    monkeypatch.setitem(sys.modules, "host.speech.transcribe", fake)
    code, out, _ = run(capsys, "--cases", path)
    assert code == 0
    assert calls == [
        ("canberra.wav", ["Canberra", "Sydney"], ()),
        # the names the judge takes for the card's answer are the recognizer's to know
        ("canberra.wav", ["Chicago"], ("the windy city", "chi town")),
    ]
    assert [json.loads(line)["verdict"] for line in out.splitlines()] == ["reject", "reject"]


def test_audio_without_speech_recognition_is_a_clear_error(tmp_path, capsys, monkeypatch):
    from host.speech import Audio, engines, transcribe, write_wav
    from host.speech.registry import Engine, Registry

    write_wav(tmp_path / "a.wav", Audio.silence(0.5))
    path = write(tmp_path, "answer,heard,audio\nCanberra,,a.wav\n")
    nothing = Engine("ear", "", make=None, unavailable=lambda s: "no ear is installed")
    monkeypatch.setattr(engines, "RECOGNIZERS", Registry("recognizer", [nothing], auto=True))
    transcribe.file_recognizer.cache_clear()  # an earlier test's recognizer must not answer
    code, _, err = run(capsys, "--cases", path)
    assert code == 2 and "row 1" in err and "no recognizer can run here" in err


def test_missing_audio_file_is_named(tmp_path, capsys):
    path = write(tmp_path, "answer,heard,audio\nCanberra,,gone.wav\n")
    code, _, err = run(capsys, "--cases", path)
    assert code == 2 and "row 1" in err and "gone.wav" in err


def test_one_answer_from_the_command_line(capsys):
    code, out, _ = run(
        capsys,
        "maggie thatcher",
        "--answer",
        "Margaret Thatcher",
        "--kind",
        "person",
        "--reject",
        "Denis Thatcher|Mark Thatcher",
    )
    assert code == 0
    report = json.loads(out)
    assert report["verdict"] == "accept" and report["matched"] == "Margaret Thatcher"


def test_list_options_repeat_or_split(capsys):
    _, out, _ = run(
        capsys,
        "sydney",
        "--answer",
        "Canberra",
        "--reject",
        "Melbourne",
        "--reject",
        "Perth|Sydney",
    )
    assert json.loads(out)["verdict"] == "reject"


def test_command_line_without_an_answer_is_a_clear_error(capsys):
    code, _, err = run(capsys, "canberra")
    assert code == 2 and "--answer" in err


def test_bad_strictness_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit):
        main(["judge", "x", "--answer", "y", "--strictness", "harsh"])
