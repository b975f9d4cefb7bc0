"""`voices --prepare` (host/table/openings.py): the lines a game opens with are
made at install time, so the first game, like every later one, starts
talking before its voice model has loaded."""

from __future__ import annotations

import pytest

from host.cli import main
from host.speech.background import BackgroundLoad
from host.speech.line_cache import LineCache, VoiceIdentity
from host.speech.loading_voice import LoadingSynthesizer
from host.speech.synth import clauses
from host.table.narrator import Narrator
from host.table.openings import VERBOSITIES, opening_lines

# How a game may open, with what it names filled in (players, edition).
OPENINGS = [
    ("ask_player_count", {}),
    ("ask_players", {}),
    ("ask_players_coop", {}),
    ("welcome", {"edition": "Genus VI", "mode": ", trivial mode", "sides": "Ann and Ben"}),
    ("welcome_coop", {"members": "Ann and Ben"}),
    ("welcome_solo", {"members": "Ann"}),
    ("welcome_back", {}),
]


def first_clause(key: str, fields: dict, verbosity: str, seed: int) -> str:
    return clauses(str(Narrator(None, verbosity, seed).say(key, **fields)))[0]


@pytest.mark.parametrize("verbosity", VERBOSITIES)
@pytest.mark.parametrize("key, fields", OPENINGS)
def test_a_game_opens_with_a_prepared_line_unless_it_names_someone(key, fields, verbosity):
    prepared = opening_lines()
    for seed in range(8):  # the phrase's variants
        said = first_clause(key, fields, verbosity, seed)
        names = [value for value in fields.values() if value.strip(", ") in said]
        assert (said in prepared) is not bool(names), said


def test_a_short_welcome_names_the_edition_first_so_it_waits_for_the_voice():
    assert first_clause("welcome", OPENINGS[3][1], "short", 0) == "Genus VI, trivial mode."


class NeverLoads:
    """A voice model the test must not need."""

    def __init__(self):
        self.asked = False

    def load(self):
        self.asked = True
        raise AssertionError("the voice model was loaded")


def test_after_prepare_the_first_game_opens_without_the_voice_model(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    config = tmp_path / "config.yaml"
    config.write_text("speech:\n  synthesizer: espeak-ng\n  rate: 170\n", encoding="utf-8")

    assert main(["voices", "--prepare", "--config", str(config)]) == 0
    assert "the espeak-ng voice, and read the decks" in capsys.readouterr().out
    assert list((tmp_path / "cache" / "trivia-host" / "decks").iterdir())

    model = NeverLoads()
    first_game = LoadingSynthesizer(
        VoiceIdentity("espeak-ng", "", 170, 1.0),
        BackgroundLoad("the voice", model.load),
        LineCache(),
    )
    for line in opening_lines():
        assert first_game.synthesize(line).seconds > 0.2
    assert not model.asked


def test_prepare_with_a_voice_that_cannot_load_says_so(tmp_path, monkeypatch, capsys):
    import host.speech.engines as engines
    from host.speech.synth import SynthesisError

    def broken_model():
        raise SynthesisError("the hibari model file is damaged")

    monkeypatch.setattr(engines, "synthesizer_factory", lambda *a, **k: ("hibari", broken_model))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert main(["voices", "--prepare"]) == 2
    error = capsys.readouterr().err
    assert "could not make the opening lines: the hibari model file is damaged" in error
