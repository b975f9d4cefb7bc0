"""The words a Vosk model can recognise, for warning about unknown answer words.

A big Vosk model lists them in graph/words.txt; a small (lookahead) model has
no words.txt, but its graph/Gr.fst carries them as an OpenFst symbol table.
Finding the model is host.speech.model_paths' job.
"""

from __future__ import annotations

import mmap
import re
import struct
import unicodedata
from collections.abc import Iterable
from pathlib import Path

_SYMBOL_TABLE_MAGIC = struct.pack("<i", 2125658996)  # OpenFst SymbolTable
_HEADER_SEARCH_BYTES = 4096  # the table follows the FST header at once
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


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
            symbols.append(data[offset : offset + length].decode("utf-8", "replace"))
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
