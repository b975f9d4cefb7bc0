"""The judge's word lists, loaded once from host/judge/data."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host.word_sounds import drawn_out_forms
from host.yaml_text import load_yaml

DATA = Path(__file__).with_name("data")


def _yaml(name: str) -> dict[str, Any]:
    with open(DATA / name, encoding="utf-8") as handle:
        data: dict[str, Any] = load_yaml(handle)  # Any: shipped YAML data, as read
    return data


def _phrases(items: Iterable[object]) -> tuple[tuple[str, ...], ...]:
    """Phrases as token tuples, longest first so the longest filler wins."""
    return tuple(sorted((tuple(str(p).split()) for p in items), key=len, reverse=True))


@dataclass(frozen=True)
class Lexicon:
    hesitations: frozenset[str]
    leading_fillers: tuple[tuple[str, ...], ...]
    trailing_fillers: tuple[tuple[str, ...], ...]
    contractions: dict[str, str]
    articles: frozenset[str]
    abbreviations: dict[str, str]
    letter_abbreviations: dict[str, tuple[str, ...]]
    generic: frozenset[str]
    titles: frozenset[str]
    name_suffixes: frozenset[str]
    particles: frozenset[str]
    number_homophones: dict[str, str]
    sound_alternations: tuple[tuple[re.Pattern[str], str], ...]
    nickname_groups: dict[str, frozenset[int]]
    known_names: frozenset[str]
    qualifiers: tuple[tuple[str, ...], ...]
    series_names: tuple[tuple[str, ...], ...]
    also_known_as: dict[str, tuple[str, ...]]
    qualifier_last_words: frozenset[str]
    continental_qualifiers: frozenset[tuple[str, ...]]
    tf_true: tuple[tuple[str, ...], ...]
    tf_false: tuple[tuple[str, ...], ...]
    tf_negations: frozenset[str]
    tf_hedges: tuple[tuple[str, ...], ...]
    tf_ignore: frozenset[str]
    tf_neutral: tuple[tuple[str, ...], ...]
    unit_groups: dict[str, str]  # a unit or era word -> what it measures


def _nickname_groups() -> dict[str, frozenset[int]]:
    groups: dict[str, set[int]] = {}
    lines = (DATA / "nicknames.txt").read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        formal, _, short = line.partition(":")
        for name in [formal, *short.split(",")]:
            if name.strip():
                groups.setdefault(name.strip().lower(), set()).add(number)
    return {name: frozenset(ids) for name, ids in groups.items()}


@functools.lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    fillers = _yaml("fillers.yaml")
    words = _yaml("words.yaml")
    places = _yaml("gazetteer.yaml")
    tf = _yaml("true_false.yaml")
    known = set()
    for key, values in places.items():
        if key not in ("qualifier_groups", "multiword_qualifiers"):
            known.update(values)
    qualifiers = [(name,) for group in places["qualifier_groups"] for name in places[group]]
    qualifiers += [tuple(p.split()) for p in places["multiword_qualifiers"]]
    return Lexicon(
        hesitations=frozenset(fillers["hesitations"]),
        leading_fillers=_phrases(fillers["leading"]),
        trailing_fillers=_phrases(fillers["trailing"]),
        contractions=dict(fillers["contractions"]),
        articles=frozenset(words["articles"]),
        abbreviations={str(k): str(v) for k, v in words["abbreviations"].items()},
        letter_abbreviations={
            str(k): tuple(str(v).split()) for k, v in words["letter_abbreviations"].items()
        },
        generic=frozenset(words["generic"]),
        titles=frozenset(words["titles"]),
        name_suffixes=frozenset(words["name_suffixes"]),
        particles=frozenset(words["particles"]),
        number_homophones={str(k): str(v) for k, v in words["number_homophones"].items()},
        sound_alternations=tuple((re.compile(a), b) for a, b in words["sound_alternations"]),
        nickname_groups=_nickname_groups(),
        known_names=frozenset(known),
        qualifiers=tuple(sorted(set(qualifiers), key=len, reverse=True)),
        series_names=_phrases(words["series_names"]),
        also_known_as={
            str(name): tuple(str(other) for other in others)
            for name, others in _yaml("also_known_as.yaml").items()
        },
        qualifier_last_words=frozenset(q[-1] for q in qualifiers),
        continental_qualifiers=frozenset(q for q in qualifiers if q[-1] in places["continents"]),
        tf_true=_phrases(tf["true"]),
        tf_false=_phrases(tf["false"]),
        tf_negations=frozenset(tf["negations"]),
        tf_hedges=_phrases(tf["hedges"]),
        tf_ignore=frozenset(tf["ignore"]),
        tf_neutral=_phrases(tf["neutral"]),
        unit_groups={
            str(word): str(group) for group, names in words["units"].items() for word in names
        },
    )


@functools.lru_cache(maxsize=4096)
def is_hesitation_word(token: str) -> bool:
    """ "um", "hmm", and the same drawn out however long ("ummm", "uhhh", "errr")."""
    known = lexicon().hesitations
    return any(form in known for form in drawn_out_forms(token))
