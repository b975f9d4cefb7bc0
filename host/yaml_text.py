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
