"""Open Trivia DB (opentdb.com) API responses -> imported questions.

The API answers {"response_code": 0, "results": [...]}, each result with
type (multiple | boolean), category, question, correct_answer and
incorrect_answers, HTML entities encoded. A bare list of results is read too.
"""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path
from typing import Any

from host.cards.deck import DIFFICULTIES, parse_question
from host.cards.importers.common import ImportedQuestion, ReadResult, guess_kind
from host.yaml_text import load_yaml

CATEGORY_MAP_FILE = Path(__file__).resolve().parents[1] / "data" / "otdb_categories.yaml"
_REQUIRED = ("type", "category", "question", "correct_answer", "incorrect_answers")


@cache
def otdb_category_map(path: Path = CATEGORY_MAP_FILE) -> dict[str, str | None]:
    mapping: dict[str, str | None] = load_yaml(path.read_text(encoding="utf-8"))
    return mapping  # shipped data file: OTDB category -> category id (or None: skipped)


def read_otdb(path: Path) -> ReadResult:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        return ReadResult(problems=[f"{path}: line {error.lineno}: not valid JSON: {error.msg}"])
    if isinstance(data, dict):
        if data.get("response_code", 0) != 0:
            return ReadResult(
                problems=[
                    f"{path}: response_code {data['response_code']}: "
                    "the API did not return questions"
                ]
            )
        data = data.get("results")
    if not isinstance(data, list):
        return ReadResult(
            problems=[f"{path}: expected an Open Trivia DB response with a results list"]
        )
    result = ReadResult()
    for number, item in enumerate(data, start=1):
        _read_item(item, f"item {number}", path, result)
    return result


def _read_item(item: Any, where: str, path: Path, result: ReadResult) -> None:
    if not isinstance(item, dict):
        result.problems.append(f"{path}: {where}: not an object")
        return
    missing = [key for key in _REQUIRED if key not in item]
    if missing:
        result.problems.append(f"{path}: {where}: missing {', '.join(missing)}")
        return
    if not isinstance(item["incorrect_answers"], list):
        result.problems.append(f"{path}: {where}: incorrect_answers: must be a list")
        return
    otdb_category = html.unescape(str(item["category"]))
    mapping = otdb_category_map()
    if otdb_category not in mapping:
        result.skipped[
            f"category {otdb_category!r} has no mapping in {CATEGORY_MAP_FILE.name}"
        ] += 1
        return
    category = mapping[otdb_category]
    if category is None:
        result.skipped[f"category {otdb_category!r} fits none of ours"] += 1
        return

    text = html.unescape(str(item["question"])).strip()
    answer = html.unescape(str(item["correct_answer"])).strip()
    raw: dict[str, Any] = {"text": text, "answer": answer}
    if item["type"] == "boolean":
        raw["true_false"] = True
        if not text.lower().startswith("true or false"):
            raw["text"] = f"True or false: {text}"
    elif item["type"] == "multiple":
        raw["reject"] = [html.unescape(str(a)).strip() for a in item["incorrect_answers"]]
        raw["kind"] = guess_kind(answer, text)
    else:
        result.problems.append(
            f"{path}: {where}: type: {item['type']!r} is neither multiple nor boolean"
        )
        return
    if item.get("difficulty") in DIFFICULTIES:
        raw["difficulty"] = item["difficulty"]
    question, problems = parse_question(category, raw)
    for field_name, message in problems:
        otdb_field = {"text": "question", "answer": "correct_answer", "reject": "incorrect_answers"}
        result.problems.append(
            f"{path}: {where}: {otdb_field.get(field_name, field_name)}: {message}"
        )
    if question is not None:
        result.questions.append(ImportedQuestion(where, question))
