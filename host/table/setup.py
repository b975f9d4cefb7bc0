"""Setting up a game at the table: settings, the channel (voice, or the
keyboard when no microphone is found), resuming a saved game or starting a
new one, asking for what the config and the command line left open."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from host.cards.deck import load_decks
from host.cards.history import CardHistory, default_history_dir, order_cards
from host.config import read_config
from host.doctor import before_play
from host.errors import UserError
from host.rules.board import CATEGORIES
from host.rules.editions import load_rules
from host.rules.engine import IllegalAction, sides_for
from host.speech.background import BackgroundLoad
from host.table import understanding as und
from host.table.channels import EndOfInput, KeyboardChannel, Listening
from host.table.game import Game, resolve_deck_paths
from host.table.narrator import Narrator, join
from host.table.saving import DamagedSave, SaveStore
from host.table.settings import apply_arguments, checked, settings_from_config
from host.table.transcript import Transcript

if TYPE_CHECKING:
    from host.table.conversation import Table


def settings_for(args):
    from host.speech.voice_commands import with_voice_options

    config = read_config(getattr(args, "config", None))
    config = {**config, "speech": with_voice_options(config.get("speech"), args)}
    return checked(apply_arguments(settings_from_config(config), args)), config


def open_channel(settings, config: dict, notice=print):
    """The voice channel, or the keyboard (with the reason said) when voice cannot work."""
    if settings.text:
        return KeyboardChannel(), None
    from host.table.voice import VoiceUnavailable, make_voice_channel

    try:
        return make_voice_channel(config, notice=notice), None
    except VoiceUnavailable as exc:
        return KeyboardChannel(), str(exc)


def play(args, channel=None, config=None, board=None) -> str:
    """Set up and play; returns how the game ended (over, quit, ended).
    `board` (host.board.live.LiveBoard) follows what is said and saved."""
    settings, config = settings_for(args)
    warnings = before_play(settings)  # doctor's quiet checks: a failure stops here
    store = SaveStore(settings.save_dir or None)
    if channel is None:
        channel, no_voice = open_channel(settings, config)
    else:
        no_voice = None
    if board is not None:
        channel, store = board.follow(channel, store)
    probe = Narrator(load_rules(settings.edition, settings.mode), settings.verbosity)
    if no_voice:
        channel.say(probe.say("no_microphone", reason=no_voice))
    for warning in warnings:
        channel.say(warning)

    try:
        saved = _saved_game(store, args, channel, probe)
        if saved is not None:
            return _resume(*saved, store, channel, settings)
        return _new_game(settings, store, channel, probe)
    except EndOfInput:
        return "ended"
    finally:
        channel.close()


def _saved_game(store: SaveStore, args, channel, narrator) -> tuple[dict, BackgroundLoad] | None:
    """The saved game to resume, if the table wants it, and its decks being
    read (as the host asks whether to go on with it)."""
    if getattr(args, "fresh", False) or not store.has_game():
        if getattr(args, "resume", False):
            raise UserError(f"no saved game to resume in {store.directory}")
        return None
    try:
        data = store.load()
    except DamagedSave as exc:
        if getattr(args, "resume", False):
            raise UserError(str(exc)) from None
        channel.say(str(exc))
        return None
    # read as the host asks; a deck gone missing is said if the table goes on
    paths = [Path(p) for p in data["meta"]["deck_paths"]]
    reading = _decks_read_while_talking(channel, paths)
    if getattr(args, "resume", False):
        return data, reading
    channel.say(narrator.say("offer_resume", summary=describe_save(data)))
    while True:
        heard = channel.listen(Listening("choice", ("yes", "no")))
        answer = und.yes_or_no(heard.text)
        if answer is not None:
            return (data, reading) if answer else None
        channel.say(narrator.say("yes_or_no"))


def _decks_read_while_talking(channel, paths) -> BackgroundLoad:
    """The decks, read on a helper thread once the host's next line is under
    way (by voice; else when first needed): a large deck, or the shipped
    ones' YAML before they are cached, takes a while, and the table hears
    the host meanwhile. Begun before the line, the reading would hold
    Python's lock while the first words wait for the voice model."""
    reading = BackgroundLoad("decks", partial(load_decks, paths))
    load_while_talking = getattr(channel, "load_while_talking", None)
    if load_while_talking is not None:
        load_while_talking(reading)
    return reading


def describe_save(data: dict) -> str:
    state = data["state"]
    sides = join([s["name"] for s in state["sides"]])
    return f"{state['edition']} {state['mode']}, {sides}, {state['cards']} cards played"


def _resume(data: dict, reading: BackgroundLoad, store: SaveStore, channel, current) -> str:
    meta = data["meta"]
    settings = replace(
        current,
        **{
            k: v
            for k, v in meta["settings"].items()
            if k
            in (
                "edition",
                "mode",
                "players",
                "teams",
                "dice",
                "decks",
                "read_answer",
                "answer_seconds",
                "strictness",
                "player_strictness",
                "true_false",
                "seed",
            )
        },
    )
    settings = replace(settings, players=tuple(settings.players))
    missing = [p for p in meta["deck_paths"] if not Path(p).is_file()]
    if missing:
        raise UserError(f"the saved game's decks are missing: {', '.join(missing)}")
    state = data["state"]
    rules = load_rules(state["edition"], state["mode"])
    game_narrator = _narrator(rules, settings, meta["seed"], channel)
    welcome = game_narrator.say("welcome_back")
    channel.say(welcome)  # while the decks are read
    game = Game.from_save(data, reading.result())
    table = _table(game, channel, settings, store, game_narrator)
    try:
        return table.resume(welcomed=welcome)
    finally:
        _close(table)


def _new_game(settings, store: SaveStore, channel, narrator) -> str:
    rules = load_rules(settings.edition, settings.mode)
    paths = resolve_deck_paths(settings.decks)
    if not settings.players and not settings.teams:
        settings = replace(
            settings, players=tuple(_ask_players(channel, narrator, rules.coop, rules))
        )
    settings = _hearable_names(settings, channel, narrator, rules)
    seed = settings.seed if settings.seed is not None else random.SystemRandom().randrange(10**9)
    settings = replace(settings, seed=seed)
    try:
        sides = sides_for(rules, list(settings.players), dict(settings.teams))
    except IllegalAction as exc:
        raise UserError(f"cannot start the game: {exc}") from None
    reading = _decks_read_while_talking(channel, paths)  # as the welcome is said
    game_narrator = _narrator(rules, settings, seed, channel)
    welcome = game_narrator.welcome(sides)
    channel.say(welcome)
    decks = reading.result()
    start_wedges = (
        _ask_start_wedges(settings, channel, narrator, rules) if rules.start_wedges else None
    )
    history = CardHistory(_history_dir(settings), warn=lambda m: channel.say(Narrator.note(m)))
    order = _card_order(decks, seed, history)
    game, events = Game.new(settings, decks, paths, seed, start_wedges, order)
    if store.has_game():
        store.archive("unfinished-" + game.meta["game_id"])
    table = _table(game, channel, settings, store, game_narrator, history)
    try:
        return table.start(events, welcomed=welcome)
    finally:
        _close(table)


def _hearable_names(settings, channel, narrator, rules):
    """By voice, a name the recognizer cannot hear is replaced by a colour."""
    if not getattr(channel, "voice", False) or not hasattr(channel, "unknown_words"):
        return settings
    colours = [c.title() for c in rules.board.palette]
    names = list(settings.teams) if settings.teams else list(settings.players)
    renamed: dict[str, str] = {}
    for index, name in enumerate(names):
        if channel.unknown_words(name):
            colour = next(
                c for c in colours[index:] + colours if c not in names and c not in renamed.values()
            )
            renamed[name] = colour
            channel.say(narrator.say("name_unhearable", name=name, colour=colour))
    if not renamed:
        return settings
    if settings.teams:
        return replace(settings, teams={renamed.get(t, t): m for t, m in settings.teams.items()})
    return replace(settings, players=tuple(renamed.get(p, p) for p in settings.players))


def _narrator(rules, settings, seed: int, channel) -> Narrator:
    """The game's narrator (its wording chosen by the game's seed)."""
    return Narrator(rules, settings.verbosity, seed, settings.read_answer, typed=not channel.voice)


def _table(game, channel, settings, store, narrator: Narrator, history=None) -> Table:
    # imported here: the game's own modules (the judge among them) are not
    # needed before the host's first word, which waits for their import
    from host.table.conversation import Table
    from host.table.judging import Judging

    transcript = Transcript(store.transcript_path) if store is not None else None
    overrides = Path(settings.save_dir) / "judge_overrides.json" if settings.save_dir else None
    judging = Judging(overrides, warn=lambda m: channel.say(Narrator.note(m)))
    if channel.voice:  # a spoken answer may be asked about: its competitors are ready
        judging.prepare(game.cards)
    if history is None:
        history = CardHistory(_history_dir(settings), warn=lambda m: channel.say(Narrator.note(m)))
    return Table(
        game,
        channel,
        narrator,
        settings,
        store,
        transcript,
        judging,
        history,
        keyboard_factory=getattr(channel, "keyboard_factory", KeyboardChannel),  # board captions
    )


def _close(table: Table) -> None:
    if table.transcript is not None:
        table.transcript.close()


def _history_dir(settings) -> Path:
    return Path(settings.save_dir) / "history" if settings.save_dir else default_history_dir()


def _card_order(decks, seed: int, history: CardHistory) -> list[str]:
    standard = [c.id for d in decks if d.kind != "ruby" for c in d.cards]
    asked = [card for d in decks if d.kind != "ruby" for card in history.asked(d.name)]
    return order_cards(standard, seed, asked)


def split_names(text: str) -> list[str]:
    """'um, it's Ann and Ben and Cy' -> ['Ann', 'Ben', 'Cy']."""
    parts = re.split(r",|\band\b|&|\bthen\b", text)
    names = []
    for part in parts:
        name = _without_openings(part)
        if name:
            names.append(name.title() if name.islower() else name)
    return names


def _without_openings(part: str) -> str:
    """A name without the talk around it ('um', "it's", 'we are')."""
    words = part.strip().split()
    while words and (
        und.normalise(words[0]) in und.vocabulary()["fillers"]
        or und.normalise(words[0]) in _OPENING_WORDS
    ):
        words.pop(0)
    return " ".join(words).strip(" .!?")


_OPENING_WORDS = frozenset(["its", "it", "is", "we", "are", "were", "im", "i", "am", "me", "us"])


def _ask_players(channel, narrator, coop: bool, rules) -> list[str]:
    if getattr(channel, "voice", False):
        return _ask_players_by_voice(channel, narrator, coop, rules)
    channel.say(narrator.say("ask_players_coop" if coop else "ask_players"))
    while True:
        heard = channel.listen(Listening("free"))
        names = split_names(heard.text)
        problem = players_problem(names, coop)
        if problem is None:
            channel.say(narrator.say("players_are", names=join(names)))
            confirm = und.yes_or_no(channel.listen(Listening("choice", ("yes", "no"))).text)
            if confirm:
                return names
            channel.say(narrator.say("ask_players_coop" if coop else "ask_players"))
            continue
        key, fields = problem
        channel.say(narrator.say(key, **fields))


def players_problem(names: list[str], coop: bool) -> tuple[str, dict] | None:
    """Why these names cannot play (a phrase key and its fields), or None."""
    folded = [n.casefold() for n in names]
    twice = [n for i, n in enumerate(names) if folded[i] in folded[:i]]
    if not names:
        return "players_none", {}
    if twice:
        return "players_twice", {"name": twice[0]}
    if len(names) < (1 if coop else 2):
        return "players_too_few", {"name": names[0]}
    if len(names) > 6:
        return "players_too_many", {"count": len(names)}
    return None


_NAME_OPENINGS = re.compile(
    r"^(my name is|my names|the name is|i am|im|it is|its|this is|call me|i'm)\s+"
)


def name_from(text: str) -> str:
    """'my name is ann' -> 'Ann'."""
    plain = _NAME_OPENINGS.sub("", und.normalise(text))
    return " ".join(word.capitalize() for word in plain.split())


def _ask_players_by_voice(channel, narrator, coop: bool, rules) -> list[str]:
    """How many players, then each name, confirmed; a name not caught twice
    becomes a colour."""
    count = None
    while count is None:
        channel.say(narrator.say("ask_player_count"))
        heard = channel.listen(Listening("choice", und.DIE_FACES))
        value = und.die_value(heard.text)
        if value is not None and (2 if not coop else 1) <= value <= 6:
            count = value
    colours = [c.title() for c in rules.board.palette]
    names: list[str] = []
    for number in range(1, count + 1):
        name = None
        for _attempt in range(2):
            channel.say(narrator.say("ask_player_name", number=number))
            candidate = name_from(channel.listen(Listening("free")).text)
            if not candidate or candidate.casefold() in (n.casefold() for n in names):
                continue
            channel.say(narrator.say("heard_name", name=candidate))
            if und.yes_or_no(channel.listen(Listening("choice", ("yes", "no"))).text):
                name = candidate
                break
        if name is None:
            name = next(c for c in colours if c not in names)
            channel.say(narrator.say("name_as_colour", colour=name))
        names.append(name)
    return names


START_WEDGE_TRIES = 6  # then the host chooses, so setup can never loop for ever


def _ask_start_wedges(settings, channel, narrator, rules) -> dict[str, list[str]]:
    """Ruby quick game: each side names its three starting wedges."""
    names = list(settings.teams) if settings.teams else list(settings.players)
    chosen = {}
    for name in names:
        channel.say(narrator.say("ask_start_wedges", side=name))
        for attempt in range(1, START_WEDGE_TRIES + 1):
            heard = channel.listen(Listening("names", tuple(rules.names.values())))
            categories = und.categories_in(heard.text, rules)
            if len(categories) == rules.start_wedges:
                chosen[name] = categories
                channel.say(
                    narrator.say(
                        "start_wedges_are", side=name, wedges=narrator.categories(categories)
                    )
                )
                break
            if attempt < START_WEDGE_TRIES:
                channel.say(
                    narrator.say(
                        "start_wedges_wrong", options=narrator.categories(CATEGORIES, "or")
                    )
                )
        else:  # never ask for ever: the first categories, said out loud
            chosen[name] = list(CATEGORIES[: rules.start_wedges])
            channel.say(
                narrator.say(
                    "start_wedges_chosen", side=name, wedges=narrator.categories(chosen[name])
                )
            )
    return chosen
