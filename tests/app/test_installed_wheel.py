"""The host as users install it: the wheel built from the repository, installed
into a fresh virtual environment outside it, run from an empty folder.

Marked `package` (a minute or two: a build and an install), so it is left out of
everyday test runs; `.ci/run` runs it after the suite.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.package

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = REPO / "tests" / "scenarios" / "shared"
PARTS = ("microphone", "speaker", "recognizer", "synthesizer", "decks", "save folder")


# Nothing of the repository on the path: not its code, nor a trivia_host.egg-info
# that would make pip think the package is installed already.
CLEAN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def _run(command: list, **kwargs) -> subprocess.CompletedProcess:
    kwargs.setdefault("env", CLEAN_ENV)
    return subprocess.run(command, capture_output=True, text=True, timeout=900, **kwargs)


def _copy_tracked_files(destination: Path) -> None:
    """What a fresh clone holds (links kept as links), so nothing left over in
    the working folder (build/, *.egg-info) finds its way into the wheel."""
    listed = _run(["git", "ls-files", "-z"], cwd=REPO, check=True).stdout
    for name in filter(None, listed.split("\0")):
        source, target = REPO / name, destination / name
        if not source.exists() and not source.is_symlink():
            continue  # deleted in the working folder, not yet committed
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, target)


@pytest.fixture(scope="module")
def installed():
    if not (REPO / ".git").exists():
        pytest.skip("needs a git checkout to know which files are the project's")
    # A folder of its own rather than pytest's tmp_path, which other pytest runs
    # on the machine may clear while this slow fixture still uses it.
    with tempfile.TemporaryDirectory(prefix="trivia-host-wheel-") as folder:
        yield _install(Path(folder))


@dataclass
class Installed:
    """The installed `trivia-host`, run from an empty folder with its own user folders."""

    root: Path

    @property
    def wheel(self) -> Path:
        (wheel,) = (self.root / "wheels").glob("trivia_host-*.whl")
        return wheel

    @property
    def python(self) -> Path:
        return self.root / "venv" / "bin" / "python"

    @property
    def folder(self) -> Path:
        return self.root / "elsewhere"

    @property
    def data(self) -> Path:
        return self.root / "data" / "trivia-host"

    @property
    def user_config(self) -> Path:
        return self.root / "config" / "trivia-host" / "config.yaml"

    @property
    def env(self) -> dict[str, str]:
        env = dict(CLEAN_ENV)
        env.update(
            XDG_CONFIG_HOME=str(self.root / "config"),
            XDG_DATA_HOME=str(self.root / "data"),
            XDG_CACHE_HOME=str(self.root / "cache"),
        )
        return env

    def __call__(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
        command = [str(self.root / "venv" / "bin" / "trivia-host"), *args]
        return _run(command, cwd=self.folder, env=self.env, input=stdin)


def _install(root: Path) -> Installed:
    assert not root.is_relative_to(REPO)
    source, wheels, installed = root / "source", root / "wheels", Installed(root)
    _copy_tracked_files(source)
    pip = [sys.executable, "-m", "pip"]
    built = _run([*pip, "wheel", "-q", "--no-deps", "-w", str(wheels), str(source)])
    assert built.returncode == 0, built.stderr
    _run([sys.executable, "-m", "venv", str(root / "venv")], check=True)
    # pip's cache and PIP_FIND_LINKS keep this quick
    done = _run([str(installed.python), "-m", "pip", "install", "-q", str(installed.wheel)])
    assert done.returncode == 0, done.stderr
    installed.folder.mkdir()
    return installed


def test_the_wheel_ships_every_deck_and_the_default_config(installed):
    tracked = _run(["git", "ls-files", "decks"], cwd=REPO, check=True).stdout.split()
    with zipfile.ZipFile(installed.wheel) as wheel:
        shipped = {name for name in wheel.namelist() if name.startswith("host/shipped/")}
        assert wheel.read("host/shipped/config.yaml") == (REPO / "config.yaml").read_bytes()
    assert shipped == {f"host/shipped/{name}" for name in tracked} | {"host/shipped/config.yaml"}


def test_the_host_runs_from_the_wheel_not_from_the_repository(installed):
    where = _run(
        [str(installed.python), "-c", "import host; print(host.__file__)"],
        cwd=installed.folder,
        env=installed.env,
    )
    assert "site-packages" in where.stdout and not Path(where.stdout.strip()).is_relative_to(REPO)


def test_deck_stats_counts_the_shipped_decks(installed):
    done = installed("deck", "stats")
    assert done.returncode == 0, done.stderr
    assert "host/shipped/decks/originals/a-01.yaml" in done.stdout
    assert "host/shipped/decks/ruby/ruby-1979-1988.yaml" in done.stdout


def test_a_scripted_replay_gives_the_expected_result(installed):
    for name in ("01-classic-first-wedge", "04-ruby-centre-ruby"):
        shutil.copy(SCENARIOS / f"{name}.yaml", installed.folder)
        done = installed("replay", f"{name}.yaml")
        assert done.returncode == 0, done.stderr
        expected = json.loads((SCENARIOS / f"{name}.expected.json").read_text())
        result = json.loads(done.stdout)
        assert {key: result[key] for key in expected} == expected


def test_doctor_reports_every_part_and_exits_1_exactly_when_one_fails(installed):
    done = installed("doctor")
    lines = done.stdout.splitlines()
    for part in PARTS:
        assert sum(line.startswith(f"{part}: ") for line in lines) == 1, done.stdout
    deck_files = list(REPO.joinpath("decks").rglob("*.yaml"))
    assert any(line.startswith(f"decks: ok — {len(deck_files)} deck file(s)") for line in lines)
    assert any(line.startswith("save folder: ok") for line in lines)
    failed = any(": FAIL — " in line for line in lines)
    assert done.returncode == (1 if failed else 0), done.stdout + done.stderr


def test_config_init_writes_the_shipped_default_to_the_users_folder(installed):
    done = installed("config", "--init")
    written = installed.user_config
    assert done.stdout.strip() == f"Wrote the default config to {written}; edit it there."
    assert written.read_text().startswith("# trivia-host default settings")


def test_voices_prepare_makes_the_opening_lines_and_reads_the_decks(installed):
    """What setup.sh does after installing, and pip users may run once."""
    done = installed("voices", "--prepare")
    assert done.returncode == 0, done.stderr
    assert "Made the " in done.stdout and "read the decks" in done.stdout
    cache = installed.root / "cache" / "trivia-host"
    assert len(list((cache / "lines").glob("*.wav"))) >= 8
    assert list((cache / "decks").iterdir())


def test_a_few_lines_of_keyboard_play_are_saved(installed):
    done = installed("play", "--text", "--players", "Ann,Ben", "--seed", "3", stdin="roll\n1\n")
    assert done.returncode == 0, done.stderr
    assert "Ann" in done.stdout and "Traceback" not in done.stderr
    saved = json.loads((installed.data / "saves" / "game.json").read_text())
    assert [side["name"] for side in saved["state"]["sides"]] == ["Ann", "Ben"]


def test_judge_and_a_short_demo(installed):
    judged = installed("judge", "canberra", "--answer", "Canberra")
    assert json.loads(judged.stdout)["verdict"] == "accept"
    if not shutil.which("flite"):
        pytest.skip("the demo's players speak with flite")
    demo = installed("demo", "--questions", "1", "--wav", "demo.wav")
    assert demo.returncode == 0, demo.stderr
    assert (installed.folder / "demo.wav").stat().st_size > 0
