"""Nothing lost: atomic saves, exact resumes, a damaged save set aside, and a
real SIGKILL in the middle of a game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from table_bots import StatelessBot

from host.errors import UserError
from host.table import saving
from host.table.saving import SaveStore
from host.table.transcript import read_transcript

HERE = Path(__file__).parent


def finished_summary(save_dir: Path) -> dict:
    """The state of the last finished game in a save folder."""
    saves = sorted((save_dir / "earlier").glob("*.json"))
    assert saves, "no finished game"
    state = json.loads(saves[-1].read_text())["state"]
    return {
        "winners": state["winners"],
        "cards": state["cards"],
        "sides": [(s["name"], s["space"], s["wedges"], s["tokens"]) for s in state["sides"]],
    }


def test_a_game_stopped_anywhere_resumes_exactly(table, fast_tmp):
    tmp_path = fast_tmp
    options = dict(edition="genus6", mode="classic", seed=5, verbosity="short")
    # the same game unbroken, in its own folder (a card history would change the order)
    outcome, _ = table(responder=StatelessBot(), save_dir=tmp_path / "whole", **options)
    assert outcome == "over"
    whole = finished_summary(tmp_path / "whole")

    outcome, _ = table(responder=StatelessBot(max_lines=37), fresh=True, **options)
    assert outcome == "ended"
    for _ in range(20):  # stop and resume again and again
        outcome, channel = table(responder=StatelessBot(max_lines=23), resume=True, **options)
        assert channel.said[0] == "Game resumed."
        if outcome == "over":
            break
    assert outcome == "over"
    assert finished_summary(table.save_dir) == whole


def test_a_damaged_save_is_set_aside_with_a_clear_message(table):
    table(["roll", "save and quit"])
    (table.save_dir / "game.json").write_text('{"meta": {"seed": 1}, "state": {"prom')
    with pytest.raises(
        UserError, match=r"the saved game .*game.json is damaged .*kept as .*game.json.damaged"
    ):
        table(resume=True)
    assert (table.save_dir / "game.json.damaged").exists()
    assert not (table.save_dir / "game.json").exists()


def test_a_damaged_save_does_not_stop_a_new_game(table):
    table.save_dir.mkdir(parents=True)
    (table.save_dir / "game.json").write_text("not json at all")
    _outcome, channel = table(["roll"], verbosity="short")
    assert "is damaged" in channel.said[0] and "a new game can start" in channel.said[0]
    assert channel.said[1] == "The classic Genus edition. Ann and Ben."


def test_resume_without_a_save_says_so(table):
    with pytest.raises(UserError, match="no saved game to resume"):
        table(resume=True)


def test_an_interrupted_write_leaves_the_old_save(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    store.save({"meta": {}, "state": {"prompt": {"type": "roll"}, "n": 1}})

    def broken_replace(src, dst):
        raise OSError("disk unplugged")

    monkeypatch.setattr(saving.os, "replace", broken_replace)
    with pytest.raises(OSError):
        store.save({"meta": {}, "state": {"prompt": {"type": "roll"}, "n": 2}})
    monkeypatch.undo()
    assert store.load()["state"]["n"] == 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_the_transcript_holds_said_heard_rulings_and_events(table):
    table(["roll", "geography", "Toronto|Ottawa", "save and quit"])
    lines = read_transcript(table.save_dir / "game.transcript.jsonl")
    kinds = {line["kind"] for line in lines}
    assert {"said", "heard", "ruling", "event", "action", "note"} <= kinds
    assert all(line["t"].endswith("+00:00") for line in lines)
    heard = [line for line in lines if line["kind"] == "heard"]
    assert heard[2]["alternatives"] == ["Toronto", "Ottawa"]
    ruling = next(line for line in lines if line["kind"] == "ruling")
    assert ruling["verdict"] == "reject" and "toronto" in ruling["reason"].lower()
    events = [line["event"]["type"] for line in lines if line["kind"] == "event"]
    assert events[:4] == ["game_started", "turn_started", "rolled", "moved"]


KILLED_GAME = """
import os, sys
sys.path.insert(0, {tests!r})
from table_sitting import play_args
from table_bots import StatelessBot
from host.table.channels import ScriptedChannel
from host.table.setup import play

bot = StatelessBot()
def responder(listening):
    print("listening", bot.lines, flush=True)
    return bot(listening)

play(play_args({save_dir!r}, edition="genus6", mode="classic", seed=5, fresh={fresh}, resume={resume},
               verbosity="short"), channel=ScriptedChannel([], responder=responder))
print("finished", flush=True)
"""


def run_until_killed(save_dir: Path, kill_after: int, fresh: bool, resume: bool) -> bool:
    """Run a game in a child process and SIGKILL it after `kill_after` inputs;
    returns True when the game finished before that."""
    code = KILLED_GAME.format(tests=str(HERE), save_dir=str(save_dir), fresh=fresh, resume=resume)
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=HERE.parents[1]
    )
    for count, line in enumerate(child.stdout, start=1):
        if line.startswith("finished"):
            child.wait()
            return True
        if count >= kill_after:
            os.kill(child.pid, signal.SIGKILL)
            break
    child.wait()
    assert child.returncode in (-signal.SIGKILL, 0)
    return False


def test_killing_the_process_mid_game_loses_nothing(table, fast_tmp):
    tmp_path = fast_tmp
    options = dict(edition="genus6", mode="classic", seed=5, verbosity="short")
    table(responder=StatelessBot(), **options)
    whole = finished_summary(table.save_dir)
    assert whole["winners"]

    save_dir = tmp_path / "killed"
    finished = run_until_killed(save_dir, 41, fresh=True, resume=False)
    kills = 1
    while not finished:
        if not (save_dir / "game.json").exists():
            # killed after the game ended and was put with the earlier games,
            # before it could print "finished"
            assert list((save_dir / "earlier").glob("*.json"))
            break
        assert json.loads((save_dir / "game.json").read_text())["state"]["prompt"]
        finished = run_until_killed(save_dir, 29, fresh=False, resume=True)
        kills += 1
    assert kills > 2
    assert finished_summary(save_dir) == whole
