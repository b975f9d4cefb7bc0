"""Playing scripted games at the table: the test deck, a save folder, play()."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from table_sitting import play_args

from host.table.channels import ScriptedChannel
from host.table.setup import play


@pytest.fixture
def fast_tmp(tmp_path):
    """A folder in memory when the machine has one: every save is fsynced,
    which on a disk costs more than the game itself."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="trivia-table-") as folder:
        yield Path(folder)


@pytest.fixture
def table(fast_tmp):
    """table(lines, responder=None, **options) -> (outcome, channel): one scripted sitting."""
    tmp_path = fast_tmp

    def sit(lines=(), responder=None, voice=False, **options):
        channel = ScriptedChannel(lines, responder=responder, voice=voice)
        outcome = play(play_args(tmp_path / "saves", **options), channel=channel)
        return outcome, channel

    sit.save_dir = tmp_path / "saves"
    return sit
