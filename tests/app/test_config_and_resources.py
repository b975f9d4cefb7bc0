"""Where settings and shipped files are found: --config, else the user's config
file, else the shipped default; decks through the package, from any folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from host.cards.deck import default_deck_paths
from host.resources import shipped_config_file, shipped_decks_dir
from host.userconfig import config_file, init_user_config

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "scenarios" / "shared" / "01-classic-first-wedge.yaml"


@dataclass
class HostCommand:
    """`python -m host ...` run from an empty folder, with its own user folders."""

    root: Path

    @property
    def folder(self) -> Path:
        return self.root / "elsewhere"

    @property
    def user_config(self) -> Path:
        return self.root / "config" / "trivia-host" / "config.yaml"

    def __call__(self, *args: str) -> subprocess.CompletedProcess:
        env = dict(os.environ)
        env.update(
            PYTHONPATH=str(REPO),
            XDG_CONFIG_HOME=str(self.root / "config"),
            XDG_DATA_HOME=str(self.root / "data"),
        )
        return subprocess.run(
            [sys.executable, "-m", "host", *args],
            cwd=self.folder,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
        )


@pytest.fixture
def host_command(tmp_path) -> HostCommand:
    command = HostCommand(tmp_path)
    command.folder.mkdir()
    return command


def test_in_a_clone_the_shipped_files_are_the_repositorys_own():
    assert shipped_decks_dir() == REPO / "decks"
    assert shipped_config_file() == REPO / "config.yaml"
    assert default_deck_paths()[0].is_relative_to(REPO / "decks")


def test_the_config_named_wins_else_the_users_else_the_shipped(monkeypatch, tmp_path):
    user = tmp_path / "user" / "config.yaml"
    monkeypatch.setattr("host.userconfig.user_config_file", lambda: user)
    assert config_file() == shipped_config_file()
    user.parent.mkdir()
    user.write_text("game: {}\n")
    assert config_file() == user
    assert config_file(str(tmp_path / "mine.yaml")) == tmp_path / "mine.yaml"


def test_init_writes_the_commented_default_and_never_overwrites(tmp_path):
    target = tmp_path / "trivia-host" / "config.yaml"
    assert init_user_config(target) == target
    assert target.read_text(encoding="utf-8") == shipped_config_file().read_text(encoding="utf-8")
    target.write_text("game: {edition: ruby}\n")
    with pytest.raises(Exception, match="already exists"):
        init_user_config(target)
    assert target.read_text() == "game: {edition: ruby}\n"


def test_config_init_says_where_and_play_then_reads_that_file(host_command):
    done = host_command("config", "--init")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        f"Wrote the default config to {host_command.user_config}; edit it there."
    )
    assert "# trivia-host default settings" in host_command.user_config.read_text()
    shown = host_command("config")
    assert f"Settings are read from {host_command.user_config}" in shown.stdout

    again = host_command("config", "--init")
    assert again.returncode == 2
    assert f"{host_command.user_config} already exists" in again.stderr

    host_command.user_config.write_text("game:\n  edition: nope\n")
    refused = host_command("play", "--text")
    assert refused.returncode == 2 and "unknown edition 'nope'" in refused.stderr
    mine = host_command.folder / "mine.yaml"
    mine.write_text("game:\n  edition: alsonot\n")
    refused = host_command("play", "--text", "--config", str(mine))
    assert "unknown edition 'alsonot'" in refused.stderr


def test_decks_are_found_from_any_folder(host_command):
    stats = host_command("deck", "stats")
    assert stats.returncode == 0, stats.stderr
    assert str(REPO / "decks" / "originals" / "a-01.yaml") in stats.stdout

    scenario = host_command.folder / "game.yaml"  # names a shipped deck as decks/...
    scenario.write_text(
        SCENARIO.read_text() + "deck: decks/originals/c-01.yaml\n", encoding="utf-8"
    )
    replay = host_command("replay", str(scenario))
    assert replay.returncode == 0, replay.stderr
    assert json.loads(replay.stdout)["players"]["Ann"]["wedges"] == ["history"]
