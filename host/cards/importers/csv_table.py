"""A CSV table of questions -> imported questions.

Columns (a header row names them; order is free): category, question, answer
(required); accept, prompt, reject (lists, entries separated by `|`), kind,
true_false (yes/true/1), say, say_answer, difficulty, year (Ruby cards). Category is an id
(geography ...) or a name of any edition ("Science & Nature", "Orange").
"""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path
from typing import Any

from host.cards.deck import RUBY_YEARS, parse_question
from host.cards.importers.common import ImportedQuestion, ReadResult
from host.yaml_text import load_yaml

CATEGORY_NAMES_FILE = Path(__file__).resolve().parents[1] / "data" / "category_names.yaml"
REQUIRED_COLUMNS = ("category", "question", "answer")
OPTIONAL_COLUMNS = (
    "accept",
    "prompt",
    "reject",
    "kind",
    "true_false",
    "say",
    "say_answer",
    "difficulty",
    "year",
)
LIST_SEPARATOR = "|"
_YES = {"yes", "true", "1", "y"}
_NO = {"", "no", "false", "0", "n"}


@cache
def category_by_name() -> dict[str, str]:
    names = load_yaml(CATEGORY_NAMES_FILE.read_text(encoding="utf-8"))
    table = {category: category for category in names}
    for category, aliases in names.items():
        table.update({alias.casefold(): category for alias in aliases})
    return table


def read_csv(path: Path) -> ReadResult:
    try:
        text = path.read_text(encoding="utf-8-sig")  # a spreadsheet's byte order mark
    except UnicodeDecodeError as error:
        return ReadResult(
            problems=[f"{path}: not UTF-8 text (byte {error.start}); save the CSV as UTF-8"]
        )
    lines = text.splitlines(keepends=True)
    # Spreadsheets in some countries save with ; (or tabs): the header tells.
    header_line = lines[0] if lines else ""
    delimiter = max(",;\t", key=header_line.count)
    reader = csv.DictReader(lines, delimiter=delimiter)
    header = [name.strip().lower() for name in reader.fieldnames or []]
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        return ReadResult(
            problems=[
                f"{path}: line 1: header: missing column(s) {', '.join(missing)} "
                f"(columns: {', '.join(REQUIRED_COLUMNS + OPTIONAL_COLUMNS)})"
            ]
        )
    reader.fieldnames = header
    result = ReadResult()
    try:
        for row in reader:
            _read_row(row, f"line {reader.line_num}", path, result)
    except csv.Error as error:
        result.problems.append(f"{path}: line {reader.line_num}: {error}")
    years = {item.year is not None for item in result.questions}
    if len(years) > 1:
        result.problems.append(
            f"{path}: year: some rows have a year and some do not "
            "(a deck is all Ruby cards or none)"
        )
    return result


def _read_row(row: dict[str, Any], where: str, path: Path, result: ReadResult) -> None:
    if None in row:
        result.problems.append(f"{path}: {where}: more fields than the header has columns")
        return
    cells = {key: (value or "").strip() for key, value in row.items()}
    if not any(cells.values()):
        return  # a blank line between groups of questions
    problems = []
    category = category_by_name().get(cells["category"].casefold())
    if category is None:
        problems.append(("category", f"unknown category {cells['category']!r}"))
    year = None
    if cells.get("year"):
        if cells["year"].isdigit() and int(cells["year"]) in RUBY_YEARS:
            year = int(cells["year"])
        else:
            problems.append(("year", f"must be a Ruby year 1979-2018, not {cells['year']!r}"))
    true_false = cells.get("true_false", "").lower()
    if true_false not in _YES | _NO:
        problems.append(("true_false", f"must be yes or no, not {cells['true_false']!r}"))

    raw: dict[str, Any] = {"text": cells["question"], "answer": cells["answer"]}
    for name in ("accept", "prompt", "reject"):
        entries = [e.strip() for e in cells.get(name, "").split(LIST_SEPARATOR)]
        if any(entries):
            raw[name] = entries  # an empty entry ("a||b") is reported by the parser
    for name in ("kind", "say", "say_answer", "difficulty"):
        if cells.get(name):
            raw[name] = cells[name]
    if true_false in _YES:
        raw["true_false"] = True
    # An unknown category is already reported; parse anyway to report the rest.
    question, question_problems = parse_question(category or "geography", raw)
    field_names = {"text": "question"}
    problems += [(field_names.get(f, f), m) for f, m in question_problems]
    for field_name, message in problems:
        result.problems.append(f"{path}: {where}: {field_name}: {message}")
    if question is not None and not problems:
        result.questions.append(ImportedQuestion(where, question, year))
