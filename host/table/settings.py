"""What a game is set up with: config.yaml's game, house_rules and table
sections, overridden by the command line. Pure parsing, one clear error per
bad value."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from host.errors import UserError
from host.judge.model import STRICTNESS
from host.rules.editions import default_mode, edition_names, mode_names

DICE = ("host", "table")
VERBOSITY = ("short", "normal", "long")  # least words first


@dataclass(frozen=True)
class PlaySettings:
    edition: str = "classic"
    mode: str = "standard"
    players: tuple[str, ...] = ()
    teams: dict[str, list[str]] = field(default_factory=dict)
    dice: str = "host"
    decks: tuple[str, ...] = ()
    read_answer: bool = True
    answer_seconds: float = 0
    strictness: str = "normal"
    player_strictness: dict[str, str] = field(default_factory=dict)
    verbosity: str = "normal"
    text: bool = False
    save_dir: str = ""
    true_false: bool = True
    seed: int | None = None

    def strictness_for(self, names: list[str]) -> str:
        """The house strictness, or a player's own (the first of `names` that has one)."""
        for name in names:
            for player, level in self.player_strictness.items():
                if player.casefold() == name.casefold():
                    return level
        return self.strictness

    def as_dict(self) -> dict:
        return {
            "edition": self.edition,
            "mode": self.mode,
            "players": list(self.players),
            "teams": {k: list(v) for k, v in self.teams.items()},
            "dice": self.dice,
            "decks": list(self.decks),
            "read_answer": self.read_answer,
            "answer_seconds": self.answer_seconds,
            "strictness": self.strictness,
            "player_strictness": dict(self.player_strictness),
            "verbosity": self.verbosity,
            "text": self.text,
            "save_dir": self.save_dir,
            "true_false": self.true_false,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: dict) -> PlaySettings:
        data = dict(data)
        data["players"] = tuple(data.get("players") or ())
        data["decks"] = tuple(data.get("decks") or ())
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in data.items() if k in known})


def settings_from_config(config: dict) -> PlaySettings:
    game = _section(config, "game")
    house = _section(config, "house_rules")
    table = _section(config, "table")
    settings = PlaySettings(
        edition=str(game.get("edition") or "classic"),
        mode=str(game.get("mode") or ""),
        players=tuple(_names(game.get("players") or [], "game.players")),
        teams=_teams_mapping(game.get("teams") or {}),
        dice=str(game.get("dice") or "host"),
        decks=tuple(str(d) for d in (game.get("decks") or [])),
        read_answer=bool(house.get("read_answer", True)),
        answer_seconds=_number(house.get("answer_seconds", 0), "house_rules.answer_seconds"),
        strictness=str(house.get("strictness") or "normal"),
        player_strictness={
            str(k): str(v) for k, v in (house.get("player_strictness") or {}).items()
        },
        verbosity=str(table.get("verbosity") or "normal"),
        text=bool(table.get("text", False)),
        save_dir=str(table.get("save_dir") or ""),
        true_false=bool(table.get("true_false", True)),
    )
    return settings


def apply_arguments(settings: PlaySettings, args) -> PlaySettings:
    """Command-line options override the config."""
    changes: dict = {}
    if getattr(args, "edition", None):
        changes["edition"] = args.edition
        if not getattr(args, "mode", None):
            changes["mode"] = ""  # the config's mode belongs to the config's edition
    if getattr(args, "mode", None):
        changes["mode"] = args.mode
    if getattr(args, "players", None):
        changes["players"] = tuple(_names(args.players.split(","), "--players"))
        changes["teams"] = {}
    if getattr(args, "teams", None):
        changes["teams"] = parse_teams(args.teams)
        changes["players"] = ()
    if getattr(args, "text", False):
        changes["text"] = True
    if getattr(args, "seed", None) is not None:
        changes["seed"] = args.seed
    if getattr(args, "dice", None):
        changes["dice"] = args.dice
    if getattr(args, "deck", None):
        changes["decks"] = tuple(args.deck)
    if getattr(args, "save_dir", None):
        changes["save_dir"] = str(args.save_dir)
    if getattr(args, "verbosity", None):
        changes["verbosity"] = args.verbosity
    return replace(settings, **changes)


def checked(settings: PlaySettings) -> PlaySettings:
    """Fill the default mode and check every choice against what exists."""
    if settings.edition not in edition_names():
        raise UserError(
            f"unknown edition {settings.edition!r} (known: {', '.join(edition_names())})"
        )
    mode = settings.mode or default_mode(settings.edition)
    if mode not in mode_names(settings.edition):
        raise UserError(
            f"edition {settings.edition} has no mode {mode!r} "
            f"(modes: {', '.join(mode_names(settings.edition))})"
        )
    for name, value, allowed in (
        ("game.dice", settings.dice, DICE),
        ("house_rules.strictness", settings.strictness, STRICTNESS),
        ("table.verbosity", settings.verbosity, VERBOSITY),
    ):
        if value not in allowed:
            raise UserError(f"{name}: {value!r} is not one of {', '.join(allowed)}")
    for player, level in settings.player_strictness.items():
        if level not in STRICTNESS:
            raise UserError(
                f"house_rules.player_strictness.{player}: {level!r} is not one of "
                f"{', '.join(STRICTNESS)}"
            )
    return replace(settings, mode=mode)


def parse_teams(text: str) -> dict[str, list[str]]:
    """'Red=Ann+Cy,Blue=Ben+Dee' -> {'Red': ['Ann', 'Cy'], 'Blue': ['Ben', 'Dee']}."""
    teams: dict[str, list[str]] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, members = part.partition("=")
        if not sep or not name.strip():
            raise UserError(
                f'--teams: {part!r} is not TEAM=NAME+NAME (e.g. "Red=Ann+Cy,Blue=Ben+Dee")'
            )
        people = _names(members.split("+"), f"--teams {name.strip()}")
        if not people:
            raise UserError(f"--teams: team {name.strip()} has no players")
        teams[name.strip()] = people
    if not teams:
        raise UserError('--teams: no teams given (e.g. "Red=Ann+Cy,Blue=Ben+Dee")')
    return teams


def _names(raw, where: str) -> list[str]:
    if not isinstance(raw, list):
        raise UserError(f"{where}: a list of names")
    names = [str(n).strip() for n in raw if str(n).strip()]
    for name in names:
        if not any(ch.isalpha() for ch in name):
            raise UserError(f"{where}: {name!r} is not a name")
    return names


def _teams_mapping(raw) -> dict[str, list[str]]:
    if not isinstance(raw, dict):
        raise UserError("game.teams: a mapping of team name to a list of players")
    return {str(team): _names(members, f"game.teams.{team}") for team, members in raw.items()}


def _section(config: dict, name: str) -> dict:
    section = config.get(name) or {}
    if not isinstance(section, dict):
        raise UserError(f"config {name}: a mapping of settings")
    return section


def _number(value, where: str) -> float:
    try:
        return float(value or 0)
    except (TypeError, ValueError):
        raise UserError(f"{where}: {value!r} is not a number of seconds") from None
