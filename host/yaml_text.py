"""YAML as the host reads it: safe, and parsed by libyaml's C parser when
PyYAML was built with it. The shipped data files (phrases, boards, editions,
vocabulary, decks) are read at every start of a game, and the pure-Python
parser spent most of a second on them."""

from __future__ import annotations

from typing import IO, Any

import yaml

Loader: type[yaml.SafeLoader] | type[yaml.CSafeLoader]
try:
    Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    Loader = yaml.SafeLoader


def load_yaml(text: str | IO[str]) -> Any:  # Any: whatever the document holds
    """yaml.safe_load, faster; errors are yaml.YAMLError as before."""
    return yaml.load(text, Loader=Loader)


def yaml_problem(exc: yaml.YAMLError) -> str:
    """What is wrong in a YAML text, and where, as one line for the user:
    "line 3: not valid YAML: did not find expected ',' or ']'"."""
    mark = getattr(exc, "problem_mark", None)
    where = f"line {mark.line + 1}: " if mark is not None else ""
    problem = getattr(exc, "problem", None) or str(exc).strip().splitlines()[0]
    context, start = getattr(exc, "context", None), getattr(exc, "context_mark", None)
    if context and start is not None and (mark is None or start.line != mark.line):
        problem += f" ({context} from line {start.line + 1})"  # where the list began
    return f"{where}not valid YAML: {problem}"
