"""The batch interface's CSV file: rows of card fields and what was heard.

Every row is checked before any is judged, so a malformed file stops with
one clear line naming the row and prints nothing else.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from host.errors import UserError
from host.judge.model import KINDS, STRICTNESS, AnswerFields

REQUIRED = ("answer",)


@dataclass(frozen=True)
class Case:
    row: int  # 1 = first row after the header
    fields: AnswerFields
    strictness: str
    heard: tuple[str, ...]  # alternatives, best first (empty when audio is used)
    audio: Path | None
    expected: str | None


def split_list(value: str | None) -> tuple[str, ...]:
    """'Sydney|Melbourne' -> ('Sydney', 'Melbourne'); empty entries dropped."""
    return tuple(part.strip() for part in (value or "").split("|") if part.strip())


def _decode(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        row = f"row {line - 1}" if line > 1 else "the header"
        raise UserError(
            f"{path}: {row} (line {line}) is not valid UTF-8 text (byte {data[exc.start]:#04x})"
        ) from None


def read_cases(path: Path | str) -> list[Case]:
    path = Path(path)
    try:
        text = _decode(path)
    except OSError as exc:
        raise UserError(f"cannot read the cases file {path}: {exc.strerror or exc}") from None
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader, None)
    except csv.Error as exc:
        raise UserError(f"{path}: the header is not valid CSV ({exc})") from None
    if not header:
        raise UserError(
            f"{path}: the file is empty; expected a header with answer and heard columns"
        )
    header = [name.strip().lower() for name in header]
    missing = [name for name in REQUIRED if name not in header]
    if "heard" not in header and "audio" not in header:
        missing.append("heard")
    if missing:
        raise UserError(f"{path}: the header lacks the column(s) {', '.join(missing)}")
    cases = []
    row = 0
    while True:
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise UserError(
                f"{path}: row {row + 1} (line {reader.line_num}) is not valid CSV ({exc})"
            ) from None
        if not any(v.strip() for v in values):
            continue  # a blank line (one left at the end of the file): no row
        row += 1
        if len(values) != len(header):
            raise UserError(
                f"{path}: row {row} (line {reader.line_num}) has {len(values)} fields, the header has {len(header)}"
            )
        cases.append(_case(path, row, reader.line_num, dict(zip(header, values))))
    return cases


def _case(path: Path, row: int, line: int, record: dict[str, str]) -> Case:
    where = f"{path}: row {row} (line {line})"
    answer = record.get("answer", "").strip()
    if not answer:
        raise UserError(f"{where} has an empty answer field")
    kind = record.get("kind", "").strip().lower() or "text"
    if kind not in KINDS:
        raise UserError(
            f"{where} has an unknown kind {kind!r} (expected one of {', '.join(KINDS)})"
        )
    strictness = record.get("strictness", "").strip().lower() or "normal"
    if strictness not in STRICTNESS:
        raise UserError(
            f"{where} has an unknown strictness {strictness!r} (expected one of {', '.join(STRICTNESS)})"
        )
    heard = tuple(part.strip() for part in record.get("heard", "").split("|"))
    heard = tuple(h for h in heard if h) or ("",)
    audio_name = record.get("audio", "").strip()
    audio = None
    if audio_name and not record.get("heard", "").strip():
        audio = path.parent / audio_name
        if not audio.is_file():
            raise UserError(
                f"{where}: the audio file {audio_name} does not exist (looked in {path.parent})"
            )
        heard = ()
    fields = AnswerFields(
        answer=answer,
        accept=split_list(record.get("accept")),
        prompt=split_list(record.get("prompt")),
        reject=split_list(record.get("reject")),
        kind=kind,
    )
    expected = record.get("expected", "").strip() or None
    return Case(row, fields, strictness, heard, audio, expected)
