"""The drawing style (data/style.yaml): colours, category symbols, kind names."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from host.yaml_text import load_yaml

STYLE_PATH = Path(__file__).parent / "data" / "style.yaml"


@dataclass(frozen=True)
class Paint:
    fill: str
    text: str


@dataclass(frozen=True)
class Style:
    colours: dict[str, Paint]  # board colour name -> paint
    symbols: dict[str, str]  # category id -> short symbol
    plain: dict[str, tuple[Paint, str]]  # colourless kind -> paint and label
    kind_names: dict[str, str]


@cache
def load_style(path: Path = STYLE_PATH) -> Style:
    raw = load_yaml(path.read_text(encoding="utf-8"))
    return Style(
        colours={name: Paint(**paint) for name, paint in raw["colours"].items()},
        symbols=dict(raw["symbols"]),
        plain={
            kind: (Paint(entry["fill"], entry["text"]), entry["label"])
            for kind, entry in raw["plain_kinds"].items()
        },
        kind_names=dict(raw["kind_names"]),
    )
