"""`trivia-host replay`: the shared example scenarios, and clear errors for bad scripts."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from host.cli import main

SHARED = Path(__file__).resolve().parents[1] / "scenarios" / "shared"
TEST_DECKS = Path(__file__).resolve().parents[1] / "fixtures" / "decks"
EXAMPLES = sorted(SHARED.glob("*.yaml"))


def run_cli(capsys, *args) -> tuple[int, str, str]:
    code = main(["replay", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def with_test_decks(tmp_path: Path, source: Path) -> Path:
    raw = yaml.safe_load(source.read_text())
    raw["deck"] = [str(TEST_DECKS / "standard.yaml"), str(TEST_DECKS / "ruby.yaml")]
    path = tmp_path / source.name
    path.write_text(yaml.safe_dump(raw))
    return path


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_shared_example_scenario_gives_the_expected_fields(capsys, tmp_path, example):
    code, out, err = run_cli(capsys, with_test_decks(tmp_path, example))
    assert code == 0, err
    result = json.loads(out)
    expected = json.loads(example.with_name(example.stem + ".expected.json").read_text())
    assert {k: result[k] for k in expected} == expected
    assert all("type" in event for event in result["events"])


def test_shared_examples_run_on_the_shipped_decks_too(capsys):
    """The examples name no deck: they must play on whatever decks/ ships."""
    for example in EXAMPLES:
        code, out, err = run_cli(capsys, example)
        assert code == 0, err
        expected = json.loads(example.with_name(example.stem + ".expected.json").read_text())
        result = json.loads(out)
        assert {k: result[k] for k in expected} == expected, example.name


def test_replay_as_a_real_command_prints_one_json_object(tmp_path):
    script = with_test_decks(tmp_path, EXAMPLES[0])
    done = subprocess.run(
        [sys.executable, "-m", "host", "replay", str(script)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["next"] == "Ben"


def write(tmp_path, text: str) -> Path:
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError:
        raw = None  # written as it is: the replay must report it
    if isinstance(raw, dict):
        raw.setdefault("deck", [str(TEST_DECKS / "standard.yaml"), str(TEST_DECKS / "ruby.yaml")])
        text = yaml.safe_dump(raw, sort_keys=False)
    path = tmp_path / "script.yaml"
    path.write_text(text)
    return path


BAD_SCRIPTS = {
    "illegal destination": (
        """
        edition: classic
        players: [Ann, Ben]
        dice: [6]
        script: [{move: 3}]
        """,
        "script entry 1 (move: 3): space 3 cannot be reached with a 6; legal: 0, 7, 14, 21, 28, 35",
    ),
    "entry of the wrong kind": (
        """
        edition: classic
        players: [Ann, Ben]
        dice: [6]
        script: [{answer: right}]
        """,
        "script entry 1 (answer: 'right'): the game asks for a move (Ann rolled 6: legal 0, 7, 14, 21, 28, 35)",
    ),
    "unknown player": (
        """
        edition: genus6
        mode: classic
        players: [Ann, Ben]
        dice: [1, 1]
        script: [{move: 42}, {answer: right}, {move: 72}, {category: arts}, {claims: [Zed]}]
        """,
        "script entry 5 (claims: ['Zed']): nobody called 'Zed' is playing",
    ),
    "unknown category": (
        """
        edition: classic
        players: [Ann, Ben]
        dice: [1]
        script: [{category: poetry}]
        """,
        "script entry 1 (category: 'poetry'): unknown category",
    ),
    "unknown space": (
        """
        edition: classic
        players: [Ann, Ben]
        dice: [1]
        script: [{move: 99}]
        """,
        "script entry 1 (move: 99): unknown space; spaces are 0-72",
    ),
    "dice run out": (
        """
        edition: classic
        players: [Ann, Ben]
        dice: [1]
        script: [{move: 42}, {answer: right}, {move: 43}]
        """,
        "the dice ran out, but script entry 3 (move: 43) is still to be played",
    ),
    "entries after the end": (
        """
        edition: genus6
        mode: coop
        players: [Ann]
        dice: [1, 1, 1, 1, 1, 1]
        script: [{move: 42}, {answer: right}, {move: 43}, {answer: right}, {move: 44}, {answer: right},
                 {move: 45}, {answer: right}, {move: 46}, {answer: right}, {move: 0}, {answer: right},
                 {move: 1}]
        """,
        "script entry 13 (move: 1): the game is already over",
    ),
    "unknown edition": (
        """
        edition: monopoly
        players: [Ann, Ben]
        """,
        "edition: unknown edition 'monopoly'",
    ),
    "bad mode": (
        """
        edition: ruby
        mode: trivial
        players: [Ann, Ben]
        """,
        "mode: ruby has no mode 'trivial' (modes: standard, quick)",
    ),
    "bad die": (
        """
        edition: classic
        players: [Ann, Ben]
        dice: [7]
        """,
        "dice entry 1: a die shows 1 to 6, not 7",
    ),
    "two kinds in one entry": (
        """
        edition: classic
        players: [Ann, Ben]
        dice: [6]
        script: [{move: 0, answer: right}]
        """,
        "script entry 1: one 'kind: value' per entry",
    ),
    "malformed yaml": (
        "edition: classic\nplayers: [Ann, Ben\n",
        "while parsing a flow sequence from line 2",
    ),
    "not a mapping": ("- just a list\n", "a script is a mapping"),
    "same name twice": (
        """
        edition: classic
        players: [Ann, Ann]
        """,
        "names must be different",
    ),
}


@pytest.mark.parametrize("name", BAD_SCRIPTS)
def test_bad_script_stops_with_one_clear_line_and_no_traceback(capsys, tmp_path, name):
    text, message = BAD_SCRIPTS[name]
    code, out, err = run_cli(capsys, write(tmp_path, text))
    assert code != 0 and out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_missing_script_file_is_named(capsys, tmp_path):
    code, _, err = run_cli(capsys, tmp_path / "nope.yaml")
    assert code != 0 and "nope.yaml: no such file" in err


def test_script_that_simply_ends_reports_the_state_reached(capsys, tmp_path):
    code, out, _ = run_cli(
        capsys,
        write(
            tmp_path,
            """
        edition: classic
        players: [Ann, Ben]
        dice: [6, 6, 6]
        script: [{move: 7}]
    """,
        ),
    )
    result = json.loads(out)
    assert code == 0 and result["over"] is False and result["next"] == "Ann"
    assert result["players"]["Ann"]["space"] == 7


def test_jump_accepts_yes_as_a_boolean_or_a_string(capsys, tmp_path):
    for jump in ("yes", "'yes'"):
        code, out, err = run_cli(
            capsys,
            write(
                tmp_path,
                f"""
            edition: genus2
            players: [Ann, Ben]
            dice: [6, 2]
            script: [{{move: 0}}, {{answer: right}}, {{move: 2}}, {{jump: {jump}}}]
        """,
            ),
        )
        assert code == 0, err
        assert json.loads(out)["players"]["Ann"]["space"] == 21


def one_question_deck(tmp_path: Path, **question: str) -> Path:
    """A deck of one card asking the same question in every category."""
    categories = ("arts", "entertainment", "geography", "history", "science", "sports")
    card = {"id": "q-1", "questions": {category: question for category in categories}}
    deck = tmp_path / "one-question.yaml"
    deck.write_text(
        yaml.safe_dump({"name": "One", "language": "en", "kind": "standard", "cards": [card]})
    )
    return deck


def ann_says(capsys, tmp_path: Path, deck: Path, said: str) -> dict:
    """Ann rolls a 6 to the history headquarters and answers `said`, written
    into the script as it is given; the replay's result."""
    script = f"""
        edition: classic
        players: [Ann, Ben]
        deck: {deck}
        dice: [6]
        script:
          - move: 0
          - say: {said}
    """
    code, out, err = run_cli(capsys, write(tmp_path, script))
    assert code == 0, err
    return json.loads(out)


def test_script_that_ends_after_a_vague_answer_waits_for_the_specific_one(capsys, tmp_path):
    deck = one_question_deck(
        tmp_path, text="Who was the first US president?", answer="George Washington", kind="person"
    )
    result = ann_says(capsys, tmp_path, deck, '"washington"')  # "can you be more specific?"
    assert result["over"] is False and result["next"] == "Ann"
    assert result["players"]["Ann"]["wedges"] == []


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ({"text": "When did Apollo 11 land?", "answer": "1969", "kind": "year"}, "1969"),
        ({"text": "Sound is faster in water.", "answer": "True", "kind": "true_false"}, "true"),
    ],
)
def test_say_written_without_quotes_is_still_what_was_said(capsys, tmp_path, question, said):
    deck = one_question_deck(tmp_path, **question)
    result = ann_says(capsys, tmp_path, deck, said)  # YAML reads a number or a boolean
    assert result["players"]["Ann"]["wedges"] == ["history"]


def test_an_unknown_key_is_named_and_the_game_still_plays(capsys, tmp_path):
    script = """
        edition: classic
        players: [Ann, Ben]
        dice: [6, 6, 6]
        script: [{move: 7}]
        scripts: [{move: 9}]
    """
    code, out, err = run_cli(capsys, write(tmp_path, script))
    assert code == 0 and json.loads(out)["players"]["Ann"]["space"] == 7
    assert "unknown key 'scripts' ignored" in err


RUBY_WITHOUT_A_RUBY_DECK = """
    edition: ruby
    players: [Ann, Ben]
    deck: {deck}
    dice: [1, 1]
    script:
      - move: 42            # sports: a standard card
      - answer: right
"""


def test_a_ruby_game_without_a_ruby_deck_plays_until_a_ruby_card_is_needed(capsys, tmp_path):
    deck = TEST_DECKS / "standard.yaml"
    code, out, err = run_cli(capsys, write(tmp_path, RUBY_WITHOUT_A_RUBY_DECK.format(deck=deck)))
    assert code == 0, err
    assert json.loads(out)["players"]["Ann"]["space"] == 42

    reaches_the_ruby_space = RUBY_WITHOUT_A_RUBY_DECK + "      - move: 72   # the centre\n"
    code, _, err = run_cli(capsys, write(tmp_path, reaches_the_ruby_space.format(deck=deck)))
    assert code == 2 and "no Ruby deck" in err and "Traceback" not in err
