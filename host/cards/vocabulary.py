"""The words a Vosk model can recognise, for warning about unknown answer words.

A big Vosk model lists them in graph/words.txt; a small (lookahead) model has
no words.txt, but its graph/Gr.fst carries them as an OpenFst symbol table.
"""

from __future__ import annotations

import mmap
import os
import re
import struct
import unicodedata
from pathlib import Path
from typing import Iterable

import yaml

_SYMBOL_TABLE_MAGIC = struct.pack("<i", 2125658996)  # OpenFst SymbolTable
_HEADER_SEARCH_BYTES = 4096  # the table follows the FST header at once
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


def model_search_paths(config_path: Path | None = None, repo_models: Path | None = None) -> list[Path]:
    """Where a Vosk model may be, in the order models/README.md gives."""
    paths: list[Path] = []
    configured = _configured_model(config_path)
    if configured:
        paths.append(configured)
    if repo_models is None:
        repo_models = Path(__file__).resolve().parents[2] / "models"
    paths.append(repo_models)
    if os.environ.get("VOSK_MODEL_PATH"):
        paths.append(Path(os.environ["VOSK_MODEL_PATH"]).expanduser())
    paths.append(Path.home() / ".cache" / "vosk")
    return paths


def _configured_model(config_path: Path | None) -> Path | None:
    if config_path is None or not config_path.is_file():
        return None
    try:
        config = yaml.safe_load(config_path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        return None  # the config's owner reports a broken config
    speech = config.get("speech") if isinstance(config, dict) else None
    if isinstance(speech, dict):
        for key in ("vosk_model", "model"):
            if isinstance(speech.get(key), str) and speech[key]:
                return Path(speech[key]).expanduser()
    return None


def is_vosk_model(path: Path) -> bool:
    return (path / "am" / "final.mdl").is_file() and (path / "graph").is_dir()


def find_vosk_model(search_paths: Iterable[Path], language: str) -> Path | None:
    """The first model for `language` in the search paths (a path may be a
    model itself or a folder of models named like vosk-model-small-en-us-0.15)."""
    for base in search_paths:
        if is_vosk_model(base):
            if model_language(base) in (None, language):
                return base
            continue
        if base.is_dir():
            for candidate in sorted(base.iterdir()):
                if is_vosk_model(candidate) and model_language(candidate) == language:
                    return candidate
    return None


def model_language(model: Path) -> str | None:
    """The language code in a model's folder name (vosk-model-small-en-us-0.15 -> en)."""
    match = re.search(r"vosk-model-(?:small-)?([a-z]{2})(?:[-_]|$)", model.name)
    return match.group(1) if match else None


def model_words(model: Path) -> frozenset[str]:
    """Lower-cased words of the model, from words.txt or Gr.fst; empty if neither."""
    words_txt = model / "graph" / "words.txt"
    if words_txt.is_file():
        with words_txt.open(encoding="utf-8", errors="replace") as lines:
            return frozenset(line.split(maxsplit=1)[0].lower() for line in lines if line.strip())
    gr_fst = model / "graph" / "Gr.fst"
    if gr_fst.is_file():
        return frozenset(w.lower() for w in fst_symbols(gr_fst))
    return frozenset()


def fst_symbols(path: Path) -> list[str]:
    """The symbols of the first symbol table embedded in an OpenFst binary file."""
    with path.open("rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
        start = data.find(_SYMBOL_TABLE_MAGIC, 0, _HEADER_SEARCH_BYTES)
        if start < 0:
            return []
        offset = start + 4
        (name_length,) = struct.unpack_from("<i", data, offset)
        offset += 4 + name_length + 8  # table name, then the next free key
        (size,) = struct.unpack_from("<q", data, offset)
        offset += 8
        symbols = []
        for _ in range(size):
            (length,) = struct.unpack_from("<i", data, offset)
            offset += 4
            symbols.append(data[offset:offset + length].decode("utf-8", "replace"))
            offset += length + 8  # the symbol, then its key
        return symbols


def spoken_words(text: str) -> list[str]:
    """The words of an answer a recogniser must produce (digits are said as
    number words, which every model knows, so they are left out)."""
    folded = unicodedata.normalize("NFKC", text).lower().replace("\u2019", "'")
    return _WORD.findall(folded)


def unknown_words(texts: Iterable[str], vocabulary: frozenset[str]) -> list[str]:
    seen: dict[str, None] = {}
    for text in texts:
        for word in spoken_words(text):
            if word not in vocabulary:
                seen.setdefault(word)
    return list(seen)
