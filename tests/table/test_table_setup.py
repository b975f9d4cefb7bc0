"""Setting up: config and command line, every edition with the shipped decks,
commands at every kind of prompt, and clear one-line errors."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from table_bots import StatelessBot
from table_sitting import play_args

from host.cards.deck import default_deck_paths
from host.errors import UserError
from host.rules.editions import edition_names, mode_names
from host.table import setup
from host.table.channels import Listening, ScriptedChannel
from host.table.settings import (
    PlaySettings,
    apply_arguments,
    checked,
    parse_teams,
    settings_from_config,
)

REPO = Path(__file__).resolve().parents[2]


def test_teams_from_the_command_line():
    assert parse_teams("Red=Ann+Cy,Blue=Ben+Dee") == {"Red": ["Ann", "Cy"], "Blue": ["Ben", "Dee"]}
    with pytest.raises(UserError, match="not TEAM=NAME"):
        parse_teams("Red,Blue")


def test_the_command_line_overrides_the_config():
    config = {
        "game": {"edition": "genus6", "mode": "coop", "players": ["Zoe"], "dice": "table"},
        "house_rules": {"strictness": "lenient", "player_strictness": {"Tom": "strict"}},
    }
    settings = settings_from_config(config)
    assert (settings.edition, settings.mode, settings.players, settings.dice) == (
        "genus6",
        "coop",
        ("Zoe",),
        "table",
    )
    args = play_args("/tmp/unused", edition="ruby", players="Ann,Ben", dice="host")
    settings = checked(apply_arguments(settings, args))
    assert (settings.edition, settings.mode, settings.players, settings.dice) == (
        "ruby",
        "standard",
        ("Ann", "Ben"),
        "host",
    )
    assert settings.strictness_for(["tom"]) == "strict"
    assert settings.strictness_for(["Ann"]) == "lenient"


@pytest.mark.parametrize(
    "change,message",
    [
        (dict(edition="monopoly"), "unknown edition 'monopoly'"),
        (dict(edition="ruby", mode="coop"), "edition ruby has no mode 'coop'"),
        (dict(dice="robot"), "game.dice: 'robot' is not one of host, table"),
        (dict(strictness="harsh"), "house_rules.strictness"),
    ],
)
def test_bad_settings_are_one_clear_line(change, message):
    with pytest.raises(UserError, match=message):
        checked(PlaySettings(**change))


def test_a_bad_option_on_the_command_line_exits_2_with_one_line(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "host",
            "play",
            "--text",
            "--edition",
            "monopoly",
            "--save-dir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "trivia-host: unknown edition 'monopoly' (known: classic, genus2, genus6, ruby)"
    ]


def test_a_keyboard_game_from_the_command_line(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "host",
            "play",
            "--text",
            "--players",
            "Ann,Ben",
            "--seed",
            "1",
            "--save-dir",
            str(tmp_path),
            "--verbosity",
            "short",
        ],
        input="roll\nfirst\nsave and quit\n",
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "The classic Genus edition. Ann and Ben."
    assert lines[-1].endswith(
        f"Saved. Resume with: trivia-host play --resume --save-dir {tmp_path}"
    )
    assert (tmp_path / "game.json").exists()


def test_the_host_welcomes_the_table_before_it_reads_the_decks(fast_tmp, monkeypatch):
    """A large deck takes a while to read; the table hears the host first
    (by voice, the decks are read as the welcome is said: test_table_voice)."""
    welcomed = threading.Event()

    class Table(ScriptedChannel):
        def say(self, text, kind="narration"):
            super().say(text, kind)
            welcomed.set()

    channel = Table(["save and quit"])
    welcomed_by_then: list[bool] = []
    read_decks = setup.load_decks

    def load_decks(paths):
        welcomed_by_then.append(welcomed.wait(timeout=5))  # read first, it would wait in vain
        return read_decks(paths)

    monkeypatch.setattr(setup, "load_decks", load_decks)
    options = dict(players="Ann,Ben", verbosity="short", seed=1)
    setup.play(play_args(fast_tmp / "saves", **options), channel=channel)
    assert welcomed_by_then == [True]
    assert channel.said[:2] == ["The classic Genus edition. Ann and Ben.", "Ann."]


@pytest.mark.parametrize(
    "players,why",
    [
        ("Ann,ann", "names must be different"),
        ("Ann", "a game needs at least two players"),
        ("A,B,C,D,E,F,G", "at most six players"),
    ],
)
def test_names_that_cannot_play_stop_the_game_before_the_welcome(fast_tmp, players, why):
    channel = ScriptedChannel([])
    with pytest.raises(UserError, match=f"cannot start the game: {why}"):
        setup.play(play_args(fast_tmp / "saves", players=players), channel=channel)
    assert channel.said == []


EDITIONS = [(e, m) for e in edition_names() for m in mode_names(e)]


@pytest.mark.skipif(not default_deck_paths(), reason="no shipped decks yet")
@pytest.mark.parametrize("edition,mode", EDITIONS, ids=[f"{e}-{m}" for e, m in EDITIONS])
def test_every_edition_starts_with_the_shipped_decks(table, edition, mode):
    start = ["history, sports and science", "art, geography and pink"] if mode == "quick" else []
    outcome, channel = table(
        start,
        responder=StatelessBot(max_lines=40),
        edition=edition,
        mode=mode,
        deck=None,
        players="Ann" if mode == "coop" else "Ann,Ben",
    )
    assert outcome in ("ended", "over")
    assert sum(line.startswith("> ") for line in channel.log) >= (40 if outcome == "ended" else 5)


COMMANDS = [
    "repeat",
    "where am I",
    "score",
    "what do I need",
    "advise me",
    "whose turn",
    "help",
    "rules of this space",
    "louder",
    "shorter",
    "more detail",
    "pause",
    "resume",
    "that was right",
    "skip the question",
]


class CommandsFirst:
    """Until every command was said at a kind of prompt, says the next one there."""

    def __init__(self):
        self.bot = StatelessBot(max_lines=800)
        self.said: dict[str, list[str]] = {}

    def __call__(self, listening: Listening):
        said = self.said.setdefault(listening.prompt.get("type"), [])
        missing = [c for c in COMMANDS if c not in said]
        if missing:
            said.append(missing[0])
            return missing[0]
        return self.bot(listening)


@pytest.mark.parametrize(
    "edition,mode,seed",
    [("genus6", "classic", 6), ("genus2", "standard", 7), ("ruby", "standard", 8)],
)
def test_every_command_works_at_every_kind_of_prompt(table, edition, mode, seed):
    player = CommandsFirst()
    outcome, channel = table(
        responder=player, edition=edition, mode=mode, seed=seed, players="Ann,Ben,Cy"
    )
    assert all(said == COMMANDS for said in player.said.values())
    assert outcome in ("over", "ended")
    misunderstood = [line for line in channel.said if "understand" in line or "didn't get" in line]
    assert misunderstood == []
    if edition == "genus6":
        assert {"roll", "move", "answer", "category", "claims", "steal", "pick"} <= set(player.said)
    if edition == "genus2":
        assert "jump" in player.said
