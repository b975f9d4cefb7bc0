"""What players say or type, turned into meanings (pure functions).

The words come from data/vocabulary.yaml. Commands must be the whole
utterance (filler words aside), so "help" typed as a Beatles answer is the
one thing lost; choices (categories, colours, directions, names) are found
anywhere in the utterance, in the order they were said.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from host.yaml_text import load_yaml

VOCABULARY_FILE = Path(__file__).parent / "data" / "vocabulary.yaml"
_NOT_WORD = re.compile(r"[^a-z0-9 ]+")


def normalise(text: str) -> str:
    """Lower case, no accents, no punctuation, single spaces; & is 'and'."""
    text = unicodedata.normalize("NFKD", text or "")
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("&", " and ").replace("'", "").replace("\u2019", "")
    text = _NOT_WORD.sub(" ", text.replace("-", " "))
    return " ".join(text.split())


# vocabulary.yaml's plain lists of phrases
PHRASE_GROUPS = (
    "yes",
    "no",
    "jump_yes",
    "jump_no",
    "nobody",
    "pass",
    "roll",
    "thinking",
    "steal_words",
    "typed_only",
    "rolled",
)


@cache
def vocabulary() -> dict:
    raw = load_yaml(VOCABULARY_FILE.read_text(encoding="utf-8"))
    fillers = frozenset(normalise(w) for w in raw["fillers"])

    def phrases(items) -> tuple[str, ...]:
        odd = [i for i in items if not isinstance(i, str)]
        if odd:  # a bare yes/no/on/off is a YAML boolean: quote it in the file
            raise ValueError(f"{VOCABULARY_FILE.name}: not a phrase: {odd!r}")
        return tuple(dict.fromkeys(normalise(i) for i in items))

    commands: dict[str, str] = {}
    for name, items in raw["commands"].items():
        for phrase in phrases(items):
            commands.setdefault(_without_fillers(phrase, fillers), name)
    about_someone = {
        name: tuple(_without_fillers(p, fillers) for p in phrases(items))
        for name, items in raw["about_someone"].items()
    }
    return {
        "fillers": fillers,
        "commands": commands,
        "about_someone": about_someone,
        "categories": {k: phrases(v) for k, v in raw["categories"].items()},
        "kinds": {k: phrases(v) for k, v in raw["kinds"].items()},
        "directions": {k: phrases(v) for k, v in raw["directions"].items()},
        "ordinals": {normalise(k): v for k, v in raw["ordinals"].items()},
        "die_words": {normalise(k): v for k, v in raw["die_words"].items()},
        **{key: phrases(raw[key]) for key in PHRASE_GROUPS},
    }


@lru_cache(maxsize=4096)  # asked of a closed list's every phrase at each pause
def meanings_of(text: str) -> frozenset[str]:
    """What an utterance means, as labels ("nobody", "command:repeat",
    "categories:arts"); empty for words the vocabulary does not hold (a
    name). "nobody" and "nobody steals" share one: a player who said the
    first has said all they meant to."""
    plain = normalise(text)
    command = command_of(plain)
    found = _phrase_meanings().get(plain, frozenset())
    return found | {f"command:{command}"} if command else found


@cache
def _phrase_meanings() -> dict[str, frozenset[str]]:
    words = vocabulary()
    labelled: dict[str, set[str]] = {}
    for group in ("categories", "kinds", "directions"):
        for key, phrases in words[group].items():
            for phrase in phrases:
                labelled.setdefault(phrase, set()).add(f"{group}:{key}")
    for group in PHRASE_GROUPS:
        for phrase in words[group]:
            labelled.setdefault(phrase, set()).add(group)
    return {phrase: frozenset(labels) for phrase, labels in labelled.items()}


def _without_fillers(text: str, fillers=None) -> str:
    fillers = vocabulary()["fillers"] if fillers is None else fillers
    words = [w for w in text.split() if w not in fillers]
    return " ".join(words)


def command_of(text: str) -> str | None:
    """The command the whole utterance is, or None."""
    plain = normalise(text)
    if not plain:
        return None
    commands = vocabulary()["commands"]
    return commands.get(plain) or commands.get(_without_fillers(plain))


NAME_SLOT = "someone"  # where the name goes in vocabulary.yaml's about_someone


@cache
def _asking_about_someone() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(command, its wording with the name as a group) for every way of asking about someone."""
    found = []
    for command, templates in vocabulary()["about_someone"].items():
        for template in templates:
            before, after = template.split(NAME_SLOT)
            pattern = re.escape(before) + "(?P<name>.+?)" + re.escape(after)
            found.append((command, re.compile(pattern)))
    return tuple(found)


def about_someone(text: str, names: dict[str, str], fuzzy: bool = False) -> tuple[str, str] | None:
    """(command, side) when the whole utterance asks about one player's or
    team's side by name: "what does Cy need" is ("need", Cy's team).
    `names` maps every spoken name to its side, as for `names_in`."""
    for command, named in _queries_in(text):
        sides, unknown = names_in(named, names, fuzzy)
        if len(sides) == 1 and not unknown:
            return command, sides[0]
    return None


def asks_about_someone(text: str) -> frozenset[str]:
    """The queries the whole utterance is worded as, whoever it names
    ("where is jan": where_am_i, a name misheard)."""
    return frozenset(command for command, _named in _queries_in(text))


def _queries_in(text: str) -> list[tuple[str, str]]:
    """(command, the words in the name's place) for each wording the utterance fits."""
    plain = _without_fillers(normalise(text))
    found = []
    for command, pattern in _asking_about_someone():
        match = pattern.fullmatch(plain)
        if match is not None:
            found.append((command, match["name"]))
    return found


def queries_about(names) -> tuple[str, ...]:
    """Every way of asking about each of `names` (the players' and teams'
    spoken names): what a prompt listens for besides the commands."""
    spoken = [normalise(n) for n in names if normalise(n)]
    return tuple(
        dict.fromkeys(
            template.replace(NAME_SLOT, name)
            for templates in vocabulary()["about_someone"].values()
            for template in templates
            for name in spoken
        )
    )


def is_one_of(text: str, group: str) -> bool:
    """The whole utterance (fillers aside) is one of the group's phrases."""
    plain = normalise(text)
    phrases = vocabulary()[group]
    return plain in phrases or _without_fillers(plain) in phrases


def says_steal(text: str) -> bool:
    """'we steal', "I'll steal": a steal with no name in it."""
    return is_one_of(text, "steal_words")


def find_phrases(text: str, phrases) -> list[tuple[int, str]]:
    """(position, phrase) for every phrase said as whole words, longest first
    at any position (so 'art and literature' is not also 'art')."""
    padded = f" {normalise(text)} "
    taken = [False] * len(padded)
    found = []
    for phrase in sorted(set(phrases), key=len, reverse=True):
        if not phrase:
            continue
        start = 0
        needle = f" {phrase} "
        while (at := padded.find(needle, start)) >= 0:
            span = range(at + 1, at + len(needle) - 1)
            if not any(taken[i] for i in span):
                for i in span:
                    taken[i] = True
                found.append((at, phrase))
            start = at + 1
    return sorted(found)


def category_words(rules) -> dict[str, tuple[str, ...]]:
    """Category id -> every way to name it: edition name, synonyms, colour."""
    words = {}
    for category, synonyms in vocabulary()["categories"].items():
        own = [normalise(rules.names[category])]
        colour = rules.board.colour_of.get(category)
        if colour:
            own.append(normalise(colour))
        words[category] = tuple(dict.fromkeys(own + list(synonyms)))
    return words


def categories_in(text: str, rules) -> list[str]:
    """Categories named (by name, synonym or colour), in the order said."""
    by_phrase: dict[str, str] = {}
    for category, phrases in category_words(rules).items():
        for phrase in phrases:
            by_phrase.setdefault(phrase, category)
    ordered = [by_phrase[p] for _, p in find_phrases(text, by_phrase)]
    return list(dict.fromkeys(ordered))


def kinds_in(text: str) -> list[str]:
    return _groups_in(text, vocabulary()["kinds"])


def directions_in(text: str) -> list[str]:
    return _groups_in(text, vocabulary()["directions"])


def _groups_in(text: str, groups: dict[str, tuple[str, ...]]) -> list[str]:
    by_phrase = {p: name for name, phrases in groups.items() for p in phrases}
    return list(dict.fromkeys(by_phrase[p] for _, p in find_phrases(text, by_phrase)))


def without_directions(text: str) -> str:
    """The words with every direction phrase taken out."""
    plain = f" {normalise(text)} "
    phrases = [p for group in vocabulary()["directions"].values() for p in group]
    for _, phrase in find_phrases(plain, phrases):
        plain = plain.replace(f" {phrase} ", " ", 1)
    return " ".join(plain.split())


def numbers_in(text: str) -> list[int]:
    """Whole numbers said as digits or words ('fourteen', 'twenty three')."""
    from text_to_num import alpha2digit

    plain = normalise(text)
    ordinals = "|".join(vocabulary()["ordinals"])
    plain = re.sub(rf"\b({ordinals}) ones?\b", r"\1", plain)  # "the second one" is no number
    plain = re.sub(r"\bone\b", "1", plain)  # alpha2digit leaves a lone 'one'
    try:
        plain = alpha2digit(plain, "en")
    except Exception:
        pass
    return [int(n) for n in re.findall(r"\b\d+\b", plain)]


def option_number(text: str) -> int | None:
    """The number of an option said alone: '3', 'three', 'number three', 'option 3'."""
    words = [w for w in _without_fillers(normalise(text)).split() if w not in _NUMBER_WORDS]
    if len(words) != 1:
        return None
    numbers = numbers_in(words[0])
    return numbers[0] if numbers else None


_NUMBER_WORDS = frozenset(["number", "option", "choice", "the", "no"])


DIE_FACES = ("one", "two", "three", "four", "five", "six")  # as said


def die_value(text: str) -> int | None:
    """The die value in 'I rolled a four', '4', 'six'; None if none or several."""
    plain = normalise(text)
    words = vocabulary()["die_words"]
    values = {int(d) for d in re.findall(r"\b\d+\b", plain)}
    values |= {words[w] for w in plain.split() if w in words and w not in ("to", "too", "for")}
    if not values:  # homophones count only when nothing else was said
        values = {words[w] for w in plain.split() if w in words}
    return values.pop() if len(values) == 1 else None


def die_face(text: str) -> int | None:
    """The die value said, when a die can show it (one to six)."""
    value = die_value(text)
    return value if value is not None and 1 <= value <= 6 else None


def rolled_value(text: str) -> int | None:
    """The die value in a correction of the roll: words that say a roll
    ("I rolled a", "it was a"), then the number alone ("no, I rolled a
    four", "it was 4"); None otherwise ("four" alone may be the fourth choice)."""
    words = _without_fillers(normalise(text)).split()
    if words[:1] in (["no"], ["sorry"], ["actually"]):
        words = words[1:]
    if len(words) < 2 or " ".join(words[:-1]) not in vocabulary()["rolled"]:
        return None
    return die_face(words[-1])


def ordinal_in(text: str) -> int | None:
    ordinals = vocabulary()["ordinals"]
    found = [ordinals[w] for w in normalise(text).split() if w in ordinals]
    return found[0] if len(found) == 1 else None


def yes_or_no(text: str) -> bool | None:
    if is_one_of(text, "yes") or is_one_of(text, "jump_yes"):
        return True
    if is_one_of(text, "no") or is_one_of(text, "jump_no"):
        return False
    plain = normalise(text).split()
    if plain and plain[0] in ("yes", "yeah", "yep", "sure"):
        return True
    if plain and plain[0] in ("no", "nope"):
        return False
    return None


def names_in(text: str, names: dict[str, str], fuzzy: bool = False) -> tuple[list[str], list[str]]:
    """Who was named, in order: (side names, unknown words that look like names).

    `names` maps every spoken name (player, team) to its side. Typed names
    must match; heard ones (`fuzzy`) may be a near miss of a known name.
    """
    by_phrase = {normalise(spoken): side for spoken, side in names.items()}
    found = find_phrases(text, by_phrase)
    sides = [by_phrase[p] for _, p in found]
    leftover = normalise(text)
    for _, phrase in found:
        leftover = re.sub(rf"\b{re.escape(phrase)}\b", " ", leftover)
    unknown = []
    for word in leftover.split():
        if word in vocabulary()["fillers"] or word in _NAME_GLUE:
            continue
        match = _near_name(word, by_phrase) if fuzzy else None
        if match:
            sides.append(match)
        else:
            unknown.append(word)
    return list(dict.fromkeys(sides)), unknown


# Words that go between names ("Ann and Ben", "steal for Ann") and are not names.
_NAME_GLUE = frozenset(
    [
        "and",
        "then",
        "also",
        "too",
        "me",
        "steal",
        "steals",
        "claim",
        "claims",
        "i",
        "we",
        "us",
        "it",
        "is",
        "its",
        "for",
        "by",
        "the",
        "a",
        "an",
        "plus",
        "with",
        "will",
        "ll",
        "ill",
        "id",
        "want",
        "wants",
        "to",
        "would",
        "like",
        "please",
    ]
)


def _near_name(word: str, by_phrase: dict[str, str]) -> str | None:
    import jellyfish  # here, not at import: slow to load, and not needed to start
    from rapidfuzz import fuzz

    for phrase, side in by_phrase.items():
        if " " in phrase or len(word) < 3:
            continue
        if fuzz.ratio(word, phrase) >= 80 or jellyfish.metaphone(word) == jellyfish.metaphone(
            phrase
        ):
            return side
    return None
