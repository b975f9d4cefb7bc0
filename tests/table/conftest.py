"""Playing scripted games at the table: the test deck, a save folder, play()."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from host.table.channels import ScriptedChannel
from host.table.setup import play

FIXTURES = Path(__file__).parent / "fixtures"
DECKS = [str(FIXTURES / "table_standard.yaml"), str(FIXTURES / "table_ruby.yaml")]


def play_args(save_dir, **options) -> SimpleNamespace:
    args = dict(edition="classic", mode=None, players="Ann,Ben", teams=None, text=True,
                resume=False, fresh=False, seed=7, dice=None, deck=DECKS, verbosity=None,
                config=str(FIXTURES / "table_config.yaml"), save_dir=str(save_dir))
    args.update(options)
    return SimpleNamespace(**args)


@pytest.fixture
def table(tmp_path):
    """table(lines, responder=None, **options) -> (outcome, channel): one scripted sitting."""

    def sit(lines=(), responder=None, voice=False, **options):
        channel = ScriptedChannel(lines, responder=responder, voice=voice)
        outcome = play(play_args(tmp_path / "saves", **options), channel=channel)
        return outcome, channel

    sit.save_dir = tmp_path / "saves"
    return sit
