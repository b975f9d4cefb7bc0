"""A keyboard game typed line by line from a test while the live board follows it.

A module of its own (not conftest.py) so its name cannot clash with the
support modules of other test folders.
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path
from types import SimpleNamespace

from host.board.live import LiveBoard
from host.board.server import BoardServer
from host.table.channels import KeyboardChannel
from host.table.setup import play

ROOT = Path(__file__).resolve().parents[2]
TABLE_FIXTURES = ROOT / "tests" / "table" / "fixtures"
ARTEFACTS = ROOT / "test-artefacts" / "board"  # screenshots; gitignored


def game_args(folder: Path, **options) -> SimpleNamespace:
    """Ann and Ben, classic, the table rolls a real die (so the test picks the rolls)."""
    args = dict(
        edition="classic",
        mode=None,
        players="Ann,Ben",
        teams=None,
        text=True,
        resume=False,
        fresh=True,
        seed=3,
        dice="table",
        deck=[str(TABLE_FIXTURES / "table_standard.yaml")],
        verbosity=None,
        config=str(TABLE_FIXTURES / "table_config.yaml"),
        save_dir=str(folder),
    )
    args.update(options)
    return SimpleNamespace(**args)


class TypedGame:
    """play() in a thread, reading the lines `type` hands it; `end` stops it."""

    def __init__(self, folder: Path, board: LiveBoard | None, **options):
        self._lines: queue.Queue = queue.Queue()
        self.printed: list[str] = []
        self.outcome: str | None = None
        channel = KeyboardChannel(read=self._read, write=self.printed.append)
        args = game_args(folder, **options)
        self._thread = threading.Thread(
            target=self._play, args=(args, channel, board), name="typed-game", daemon=True
        )

    def _play(self, args, channel, board) -> None:
        self.outcome = play(args, channel=channel, board=board)

    def _read(self, prompt: str) -> str:
        try:
            line = self._lines.get(timeout=120)
        except queue.Empty:
            line = None
        if line is None:
            raise EOFError
        return line

    def start(self) -> TypedGame:
        self._thread.start()
        return self

    def type(self, line: str) -> None:
        self._lines.put(line)

    def end(self) -> None:
        self._lines.put(None)
        self._thread.join(timeout=60)


def live_server() -> tuple[BoardServer, LiveBoard]:
    server = BoardServer(port=0)
    server.start()
    return server, LiveBoard(server)
