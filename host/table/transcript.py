"""The game's transcript: one JSON object a line, next to the save.

Every line has `t` (UTC time, ISO 8601) and `kind`: said (what the host
said), heard (what was typed or recognized, with alternatives), ruling (a
judged answer with its reason, or an override), event (an engine event),
note (anything else: pause, resume, device changes). For settling disputes
and for bug reports; appending and flushing each line keeps it whole when
the process is killed.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path


class Transcript:
    def __init__(self, path: Path | None):
        self.path = path
        self._file = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._file = path.open("a", encoding="utf-8")

    def write(self, kind: str, **fields) -> None:
        if self._file is None:
            return
        line = {"t": datetime.now(UTC).isoformat(timespec="milliseconds"), "kind": kind, **fields}
        self._file.write(json.dumps(line, ensure_ascii=False) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def read_transcript(path: Path) -> list[dict]:
    """The transcript's lines; a line cut short by a kill is left out."""
    lines = []
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        try:
            lines.append(json.loads(raw))
        except json.JSONDecodeError:
            continue
    return lines
