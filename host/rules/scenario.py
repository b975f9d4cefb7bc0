"""Scripted games: `trivia-host replay FILE.yaml` (docs/scripted-games.md).

A script fixes the dice and everything the table says. Each prompt of the
engine consumes the next script entry of the matching kind; a roll consumes
the next die. Anything that does not fit the game stops the replay with one
line naming the entry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from host.cards.dealer import CardCatalog, OutOfCards
from host.cards.deck import Deck, default_deck_paths, load_decks
from host.errors import DataFileError
from host.resources import shipped_path
from host.rules.board import CATEGORIES, SPACE_COUNT
from host.rules.editions import Rules, edition_names, load_rules, mode_names
from host.rules.engine import Engine, IllegalAction, summary
from host.rules.protocol import Action, AnswerPrompt, Prompt, PromptKind
from host.rules.spaces import space_name
from host.yaml_text import load_yaml, yaml_problem

# The top-level keys of a script (scenario.md); others are named, then ignored.
SCRIPT_KEYS = (
    "edition",
    "mode",
    "players",
    "teams",
    "start_wedges",
    "seed",
    "true_false",
    "deck",
    "dice",
    "script",
)
ENTRY_KINDS = ("move", "answer", "say", "category", "pick", "jump", "claims", "steal")
# The script entry each prompt consumes ("answer" prompts take answer or say).
PROMPT_ENTRIES: dict[PromptKind, tuple[str, ...]] = {
    "move": ("move",),
    "answer": ("answer", "say"),
    "category": ("category",),
    "pick": ("pick",),
    "jump": ("jump",),
    "claims": ("claims",),
    "steal": ("steal",),
}


class ScriptError(DataFileError):
    """A script that does not fit the game."""


Fail = Callable[[str], ScriptError]
# A script entry's value, checked by _parse_entry: a space id, right/wrong, the
# words said, a category, a pick index, yes/no, or a list of names.
EntryValue = int | str | bool | list[str]
Entry = tuple[str, EntryValue]


@dataclass
class Script:
    source: str
    edition: str
    mode: str
    players: list[str] | None
    teams: dict[str, list[str]] | None
    start_wedges: dict[str, list[str]]
    seed: int | None
    true_false: bool
    deck_paths: list[Path]
    dice: list[int]
    entries: list[Entry] = field(default_factory=list)
    unknown_keys: tuple[str, ...] = ()  # a typo ("scripts:") the replay warns of


def load_script(path: Path | str) -> Script:
    path = Path(path)
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScriptError(f"{path}: no such file") from None
    except yaml.YAMLError as exc:
        raise ScriptError(f"{path}: {yaml_problem(exc)}") from None
    except (OSError, UnicodeDecodeError) as exc:
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ScriptError(f"{path}: not a readable YAML script: {first_line}") from None
    return parse_script(raw, str(path), base=path.parent)


def parse_script(raw: object, source: str, base: Path = Path(".")) -> Script:
    def fail(message: str) -> ScriptError:
        return ScriptError(f"{source}: {message}")

    if not isinstance(raw, dict):
        raise fail("a script is a mapping with edition, players, dice and script")
    edition = raw.get("edition")
    if edition not in edition_names():
        raise fail(f"edition: unknown edition {edition!r} (known: {', '.join(edition_names())})")
    mode = raw.get("mode", mode_names(edition)[0])
    if mode not in mode_names(edition):
        raise fail(
            f"mode: {edition} has no mode {mode!r} (modes: {', '.join(mode_names(edition))})"
        )
    players, teams = raw.get("players"), raw.get("teams")
    if (players is None) == (teams is None):
        raise fail("give either players or teams")
    if players is not None and (
        not isinstance(players, list) or not all(isinstance(p, str) and p for p in players)
    ):
        raise fail("players: a list of names")
    if teams is not None and (
        not isinstance(teams, dict)
        or not all(
            isinstance(t, str) and isinstance(ms, list) and all(isinstance(m, str) for m in ms)
            for t, ms in teams.items()
        )
    ):
        raise fail("teams: a mapping of team name to a list of player names")
    start_wedges = raw.get("start_wedges") or {}
    if not isinstance(start_wedges, dict) or not all(
        isinstance(ws, list) and all(w in CATEGORIES for w in ws) for ws in start_wedges.values()
    ):
        raise fail(
            f"start_wedges: a mapping of name to a list of categories ({', '.join(CATEGORIES)})"
        )
    seed = raw.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise fail(f"seed: a whole number, not {seed!r}")
    true_false = raw.get("true_false", True)
    if not isinstance(true_false, bool):
        raise fail(f"true_false: true or false, not {true_false!r}")
    dice = raw.get("dice", [])
    if not isinstance(dice, list):
        raise fail("dice: a list of die rolls")
    for index, die in enumerate(dice, 1):
        if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6:
            raise fail(f"dice entry {index}: a die shows 1 to 6, not {die!r}")
    entries = raw.get("script", [])
    if not isinstance(entries, list):
        raise fail("script: a list of entries")
    return Script(
        source=source,
        edition=edition,
        mode=mode,
        players=players,
        teams=teams,
        start_wedges=start_wedges,
        seed=seed,
        true_false=true_false,
        deck_paths=_deck_paths(raw.get("deck"), base, fail),
        dice=list(dice),
        entries=[_parse_entry(i, e, fail) for i, e in enumerate(entries, 1)],
        unknown_keys=tuple(str(key) for key in raw if key not in SCRIPT_KEYS),
    )


def _deck_paths(deck: object, base: Path, fail: Fail) -> list[Path]:
    if deck is None:
        return default_deck_paths()
    names = deck if isinstance(deck, list) else [deck]
    paths = []
    for name in names:
        if not isinstance(name, str):
            raise fail(f"deck: a path, not {name!r}")
        # decks/... names a shipped deck, as it does in the repository
        candidates = [Path(name), base / name, shipped_path(name)]
        found = next((c for c in candidates if c.is_file()), None)
        if found is None:
            raise fail(f"deck: no deck file {name!r}")
        paths.append(found)
    return paths


def _parse_entry(index: int, entry: object, fail: Fail) -> Entry:
    if not isinstance(entry, dict) or len(entry) != 1:
        raise fail(
            f"script entry {index}: one 'kind: value' per entry "
            f"({', '.join(ENTRY_KINDS)}), not {entry!r}"
        )
    ((kind, value),) = entry.items()
    where = f"script entry {index} ({kind}: {value!r})"
    if kind not in ENTRY_KINDS:
        raise fail(f"script entry {index}: unknown kind {kind!r} (known: {', '.join(ENTRY_KINDS)})")
    if kind == "move" and (
        not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SPACE_COUNT
    ):
        raise fail(f"{where}: unknown space; spaces are 0-{SPACE_COUNT - 1}")
    if kind == "answer" and value not in ("right", "wrong"):
        raise fail(f"{where}: an answer is right or wrong")
    if kind == "say" and isinstance(value, bool):
        value = "true" if value else "false"  # YAML 1.1 reads say: true as a boolean
    elif kind == "say" and isinstance(value, (int, float)):
        value = str(value)  # say: 1969
    if kind == "say" and not isinstance(value, str):
        raise fail(f"{where}: say takes the text the player said")
    if kind == "category" and value not in CATEGORIES:
        raise fail(f"{where}: unknown category; categories are {', '.join(CATEGORIES)}")
    if kind == "pick" and value not in (0, 1):
        raise fail(f"{where}: a split pick is 0 or 1")
    if kind == "jump":
        value = {"yes": True, "no": False}.get(value, value)  # YAML 1.1 reads yes/no as booleans
        if not isinstance(value, bool):
            raise fail(f"{where}: a jump is yes or no")
    if kind in ("claims", "steal") and (value is None or value == []):
        value = []
    if kind in ("claims", "steal") and (
        not isinstance(value, list) or not all(isinstance(v, str) for v in value)
    ):
        raise fail(f"{where}: a list of names")
    return kind, value


class Replay:
    """Plays a Script through the engine."""

    def __init__(self, script: Script, decks: list[Deck] | None = None):
        self.script = script
        self.decks = decks if decks is not None else load_decks(script.deck_paths)
        self.cards = {card.id: card for deck in self.decks for card in deck.cards}
        rules = load_rules(script.edition, script.mode)
        catalog = CardCatalog.from_decks(self.decks)
        if not catalog.standard:
            raise ScriptError(f"{script.source}: deck: no standard cards to ask questions from")
        # A ruby game without a Ruby deck plays until a Ruby card is drawn, and
        # stops there (OutOfCards): a script that reaches no Ruby space is fine.
        self.engine = Engine(rules, catalog, allow_true_false=script.true_false)

    def run(self) -> dict[str, object]:
        script = self.script
        try:
            state, events = self.engine.new_game(
                script.players, script.teams, script.seed, script.start_wedges
            )
        except IllegalAction as exc:
            raise ScriptError(f"{script.source}: {exc}") from None
        dice = list(script.dice)
        entries = list(enumerate(script.entries, 1))
        while not state["over"]:
            prompt = state["prompt"]
            if prompt["type"] == "roll":
                if not dice:
                    if entries:
                        index, (kind, value) = entries[0]
                        raise ScriptError(
                            f"{script.source}: the dice ran out, but script entry "
                            f"{index} ({kind}: {value!r}) is still to be played"
                        )
                    break
                action: Action = {"type": "roll", "value": dice.pop(0)}
                where = "the dice"
            else:
                if not entries:
                    break
                index, (kind, value) = entries.pop(0)
                where = f"script entry {index} ({kind}: {value!r})"
                if kind not in PROMPT_ENTRIES[prompt["type"]]:
                    raise ScriptError(
                        f"{script.source}: {where}: the game asks for "
                        f"{describe_prompt(prompt, self.engine.rules)}"
                    )
                next_action = self._action(prompt, kind, value, entries, where)
                if next_action is None:
                    break  # the script ends while the host asks for more
                action = next_action
            try:
                events.extend(self.engine.step(state, action))
            except IllegalAction as exc:
                raise ScriptError(f"{script.source}: {where}: {exc}") from None
            except OutOfCards as exc:
                raise ScriptError(f"{script.source}: deck: {exc}") from None
        if state["over"] and entries:
            index, (kind, value) = entries[0]
            raise ScriptError(
                f"{script.source}: script entry {index} ({kind}: {value!r}): "
                f"the game is already over"
            )
        return {**summary(state), "events": events}

    def _action(
        self,
        prompt: Prompt,
        kind: str,
        value: EntryValue,
        entries: list[tuple[int, Entry]],
        where: str,
    ) -> Action | None:
        """The action the entry stands for; None when the script ends after a
        vague answer, while the host waits for a more specific one."""
        if kind == "say" and prompt["type"] == "answer" and isinstance(value, str):
            correct = self._judge_said(prompt, value, entries, where)
            return None if correct is None else {"type": "answer", "correct": correct}
        return ENTRY_ACTIONS[kind](value)

    def _judge_said(
        self, prompt: AnswerPrompt, said: str, entries: list[tuple[int, Entry]], where: str
    ) -> bool | None:
        """Judge what was said; a 'prompt' verdict takes the next answer entry as
        the retry, and None is the script ending while the host waits for it."""
        from host.judge import judge  # the judge is only needed for `say` entries

        question = self.cards[prompt["card"]].questions[prompt["category"]]
        verdict = judge(question.answer_fields(), said)
        if verdict.verdict == "prompt":
            if not entries:
                return None
            if entries[0][1][0] not in ("say", "answer"):
                raise ScriptError(
                    f"{self.script.source}: {where}: judged 'more specific, "
                    f"please' ({verdict.reason}), but no answer follows"
                )
            _index, (kind, value) = entries.pop(0)
            if kind == "answer":
                return value == "right"
            return judge(question.answer_fields(), str(value)).verdict == "accept"
        return verdict.verdict == "accept"


def describe_prompt(prompt: Prompt, rules: Rules) -> str:
    """What the game waits for, in words, for error messages."""
    if prompt["type"] == "move":
        return (
            f"a move ({prompt['side']} rolled {prompt['roll']}: legal "
            f"{', '.join(map(str, prompt['options']))})"
        )
    if prompt["type"] == "answer":
        return f"an answer from {prompt['side']} ({prompt['category']})"
    if prompt["type"] == "category":
        return (
            f"a category (chosen by {prompt['chooser']} for {prompt['side']}, {prompt['purpose']})"
        )
    if prompt["type"] == "pick":
        return f"a split pick (0 = {prompt['options'][0]}, 1 = {prompt['options'][1]})"
    if prompt["type"] == "jump":
        return (
            f"a jump yes/no ({prompt['side']} on {space_name(rules, prompt['space'])}, "
            f"space {prompt['space']})"
        )
    if prompt["type"] == "claims" or prompt["type"] == "steal":
        return f"{prompt['type']} (who may: {', '.join(prompt['eligible'])})"
    return prompt["type"]


def _int(value: EntryValue) -> int:
    assert isinstance(value, int)  # _parse_entry checked it
    return value


def _names(value: EntryValue) -> list[str]:
    assert isinstance(value, list)  # _parse_entry checked it
    return value


# The action each script entry stands for ("say" is judged first, in Replay).
ENTRY_ACTIONS: dict[str, Callable[[EntryValue], Action]] = {
    "move": lambda value: {"type": "move", "to": _int(value)},
    "answer": lambda value: {"type": "answer", "correct": value == "right"},
    "category": lambda value: {"type": "category", "category": str(value)},
    "pick": lambda value: {"type": "pick", "index": _int(value)},
    "jump": lambda value: {"type": "jump", "yes": value is True},
    "claims": lambda value: {"type": "claims", "sides": _names(value)},
    "steal": lambda value: {"type": "steal", "sides": _names(value)},
}
