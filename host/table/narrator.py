"""Words for the table: engine events and game facts rendered from
data/phrases.yaml, in the long or short style, with variety.

Variety is seeded, so a scripted game always says the same thing (snapshot
tests), and a variant is never used twice in a row.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

from host.rules.board import CATEGORIES, HUB
from host.rules.engine import TABLE
from host.rules.movement import describe_path
from host.rules.spaces import Style, article, name_space
from host.yaml_text import load_yaml

PHRASES_FILE = Path(__file__).parent / "data" / "phrases.yaml"
EDITION_TITLES = {
    "classic": "the classic Genus edition",
    "genus2": "Genus II",
    "genus6": "Genus six",
    "ruby": "the Ruby edition",
}


def number_words(value: int) -> str:
    """'four'; num2words is imported when first needed: it is slow to load."""
    from num2words import num2words

    return num2words(value)


@cache
def phrases() -> dict:
    return load_yaml(PHRASES_FILE.read_text(encoding="utf-8"))


@cache
def always_suggested() -> tuple[str, ...]:
    """The commands the host's help says may be said any time ("repeat",
    "where am I", "save and quit", ...), as its phrase file marks them."""
    return tuple(s.casefold() for s in unmarked(phrases()["help_always"], {})[1])


SUGGESTED = re.compile(r"\[([^\[\]]+)\]")  # "Say [roll]": words the player may say back


class Line(str):
    """A line the host says, knowing its phrase key (tests and the transcript
    check keys, so a change of wording breaks no test) and the phrases it
    suggests the player say ("roll", "yes", the choices read out), which the
    recognizer must expect at that prompt. `shown`: the line as captions
    show it, with the card's own spelling where the voice reads a
    respelling ("Eero Saarinen", said "Ay-ro Sah-ri-nen")."""

    key: str = ""
    suggests: tuple[str, ...] = ()
    shown: str = ""

    def __new__(
        cls, text: str, key: str = "", suggests: tuple[str, ...] = (), shown: str | None = None
    ) -> Line:
        line = super().__new__(cls, text)
        line.key = key
        line.suggests = suggests
        line.shown = str(text) if shown is None else shown
        return line

    def __add__(self, other) -> Line:  # 'said' + ' ' + 'more' keeps the first key
        return Line(
            str(self) + str(other),
            self.key,
            self.suggests + suggested(other),
            self.shown + shown(other),
        )


def suggested(text) -> tuple[str, ...]:
    return getattr(text, "suggests", ())


def shown(text) -> str:
    """What captions show for a line or a field of one (its own text, unless
    it is a respelling of the card's words)."""
    return getattr(text, "shown", None) or str(text)


def _filled(template: str, fields: dict) -> tuple[str, str, tuple[str, ...]]:
    """The template filled as said and as shown, and its suggestions."""
    fields = {**fields, **{f"a_{k}": _with_article(v) for k, v in fields.items() if _wordy(v)}}
    said, suggests = unmarked(template.format(**fields).strip(), fields)
    if all(shown(v) == str(v) for v in fields.values() if isinstance(v, str)):
        return said, said, suggests
    written, _ = unmarked(
        template.format(**{k: _shown_field(v) for k, v in fields.items()}).strip(), fields
    )
    return said, written, suggests


def _wordy(value) -> bool:
    return isinstance(value, str) and bool(value)


def _shown_field(value):
    return shown(value) if isinstance(value, str) else value


def _with_article(value: str) -> str:
    said = f"{article(value)} {value}"
    return Line(said, shown=f"{article(value)} {shown(value)}")


def unmarked(text: str, fields: dict) -> tuple[str, tuple[str, ...]]:
    """Text with its [suggestion] marks taken out, and the suggestions: its own
    and those of the lines filled into it."""
    inner = tuple(s for value in fields.values() for s in suggested(value))
    return SUGGESTED.sub(r"\1", text), tuple(SUGGESTED.findall(text)) + inner


def join(items, word: str = "and") -> str:
    """'A, B and C'; with a comma before the last word when an item holds
    that word itself ('History, Sports and Leisure, and Science')."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    comma = "," if len(items) > 2 and any(f" {word} " in i for i in items) else ""
    return f"{', '.join(items[:-1])}{comma} {word} {items[-1]}"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class Narrator:
    def __init__(
        self,
        rules,
        verbosity: str = "long",
        seed: int | None = 0,
        read_answer: bool = True,
        typed: bool = False,
    ):
        self.rules = rules
        self.verbosity = verbosity
        self.read_answer = read_answer
        self.typed = typed
        self._rng = random.Random(seed)
        self._last: dict[str, str] = {}

    # ----------------------------------------------------------- phrases

    def _variants(self, key: str) -> list[str]:
        """The phrase's wordings at this verbosity (else its long ones)."""
        entry = phrases()[key]
        if isinstance(entry, dict):
            entry = entry.get(self.verbosity) or entry.get("long")
        return [entry] if isinstance(entry, str) else list(entry)

    def say(self, key: str, **fields) -> Line:
        variants = self._variants(key)
        fresh = [v for v in variants if v != self._last.get(key)] or variants
        chosen = fresh[0] if len(fresh) == 1 else self._rng.choice(fresh)
        self._last[key] = chosen
        text, written, suggests = _filled(chosen, fields)
        return Line(capitalised(_one_stop(text)), key, suggests, capitalised(_one_stop(written)))

    def openings(self) -> list[str]:
        """The first clause of every way the host may open a game, where it
        names no player and no edition: what the line cache can hold before
        the first game (`voices --prepare`), as the host will say it."""
        from host.speech.synth import clauses

        lines = []
        for key in OPENING_PHRASES:
            for variant in self._variants(key):
                text, _ = unmarked(variant.format_map(_Unknown()), {})
                first = clauses(capitalised(_one_stop(text)))[0]
                if _Unknown.FIELD not in first:
                    lines.append(first)
        return list(dict.fromkeys(lines))

    def part(self, key: str, sub: str, sentence: bool = False, **fields) -> Line:
        """One entry of a mapping phrase (waiting_for, help_now, rules_of, ...),
        as a `sentence` or as words to go inside one."""
        text, written, suggests = _filled(str(phrases()[key].get(sub, "")), fields)
        if sentence:
            text, written = capitalised(text), capitalised(written)
        return Line(text, f"{key}.{sub}", suggests, written)

    @staticmethod
    def note(message: str) -> Line:
        """A warning from the decks' history or the judge's overrides book."""
        return Line(str(phrases()["note"]).format(message=message), "note")

    # ------------------------------------------------------------- cards

    def question_text(self, question) -> str:
        """Typed play shows the card's written text; respellings are for the
        synthesizer, and captions show the card's text."""
        return question.text if self.typed else Line(question.spoken_text, shown=question.text)

    def answer_text(self, question) -> str:
        return (
            question.answer if self.typed else Line(question.spoken_answer, shown=question.answer)
        )

    # ------------------------------------------------------------- facts

    @staticmethod
    def who(name: str | None) -> str:
        return "the table" if name == TABLE else (name or "")

    def category(self, category: str) -> str:
        return self.rules.names[category]

    def categories(self, categories, word: str = "and") -> str:
        return join([self.category(c) for c in categories], word)

    def category_options(self, options=CATEGORIES) -> str:
        """The categories to choose from, each marked as a suggestion (to go
        into a line through `say`, which takes the marks out)."""
        if self.verbosity != "long":
            return join([f"[{self.category(c)}]" for c in options], "or")
        colours = self.rules.board.colour_of
        return join([f"[{self.category(c)}] ([{colours[c]}])" for c in options], "or")

    def choices(self, found) -> str:
        """The choices after a roll (destinations.Destination, most useful
        first): all of them in the long style; else one name for the ways to
        the same kind of space ("Geography, two ways"), the most useful few,
        and how many more ("repeat" lists them all). Each choice is marked as a
        suggestion, like `category_options`."""
        if self.verbosity == "long":
            return "; ".join(f"[{d.label}]" for d in found)
        labels = [
            f"[{group[0].name}]"
            if len(group) == 1
            else self.words("ways", name=f"[{group[0].name}]", count=number_words(len(group)))
            for group in self.choice_places(found)
        ]
        named = phrases()["choices_named"].get(self.verbosity) or len(labels)
        if len(labels) == 1:
            return labels[0]
        if len(labels) <= named + 1:
            return "; ".join(labels[:-1] + [self.words("or_last", label=labels[-1])])
        more = phrases()["more_choices"][self.verbosity].format(count=len(labels) - named)
        return "; ".join(labels[:named] + [more])

    def choice_places(self, found) -> list[list]:
        """The choices as read out, in order: each place in the list holds the
        ways to one kind of space (one way each in the long style)."""
        if self.verbosity == "long":
            return [[d] for d in found]
        places: dict[str, list] = {}
        for dest in found:
            places.setdefault(dest.name, []).append(dest)
        return list(places.values())

    def words(self, key: str, **fields) -> str:
        """A fragment to go inside a sentence (no capital, no variety)."""
        return str(phrases()[key]).format(**fields)

    def space(self, space_id: int) -> str:
        """A space named in a sentence: 'an Art and Literature space'."""
        return self.space_name(self.rules.board.space(space_id), "said")

    def space_name(self, space, style: Style, wedge: bool = False) -> str:
        """A space in words (rules/data/spaces.yaml); `style` said or choice;
        `wedge`: a headquarters whose wedge the player can still win."""
        name = self.category if style == "said" else self.choice_category
        return name_space(space, style, name, wedge)

    def heading(self, category: str) -> str:
        """A category before its question: the short name in the short style."""
        if self.verbosity == "short":
            return self.choice_category(category)
        return self.category(category)

    def choice_category(self, category: str) -> str:
        """A category in a list of choices: its short name unless every detail is wanted."""
        if self.verbosity == "long":
            return self.category(category)
        return phrases()["short_categories"].get(category) or self.category(category)

    def holding(self, side: dict, ruby: bool) -> str:
        wedges = side["wedges"]
        text = (
            self.say("holding", wedges=self.categories(wedges))
            if wedges
            else self.say("holding_none")
        )
        if side["tokens"]:
            count = side["tokens"]
            text += " " + self.say(
                "holding_tokens", tokens=f"{count} steal token{'s' * (count != 1)}"
            )
        if ruby:
            text += " " + self.say("holding_ruby")
        return text

    # ------------------------------------------------------------ events

    def event(self, event: dict, game) -> str:
        """One engine event in words ('' when nothing needs saying)."""
        kind = event["type"]
        side = self.who(event.get("side"))
        handler = EVENTS.get(kind)
        return handler(self, event, side, game) if handler else ""

    def _on_game_started(self, event, side, game):
        return self.welcome(game.state["sides"])

    def welcome(self, sides) -> Line:
        """The welcome, from the sides alone (engine.sides_for): said before
        the decks are read, so a large deck does not keep the table waiting."""
        mode = "" if self.rules.mode in ("standard",) else f", {self.rules.mode} mode"
        if self.rules.coop:
            members = sides[0]["members"]
            return self.say(
                "welcome_coop" if len(members) > 1 else "welcome_solo", members=join(members)
            )
        text = self.say(
            "welcome",
            edition=EDITION_TITLES.get(self.rules.edition, self.rules.edition),
            mode=mode,
            sides=join([s["name"] for s in sides]),
        )
        teams = [s for s in sides if s["members"] != [s["name"]]]
        if teams:
            text += " " + self.say(
                "teams_are", teams="; ".join(f"{s['name']}: {join(s['members'])}" for s in teams)
            )
        return text

    def _on_turn_started(self, event, side, game):
        state = game.state
        index = game.side_index(event["side"])
        data = state["sides"][index]
        if (
            game.prompt.get("purpose") in ("final", "ruby_final")
            and game.prompt["side"] == event["side"]
        ):
            return self.say("in_final", side=side)
        holding = self.holding(data, state["ruby_holder"] == index)
        if "roller" in event:
            return self.say("turn_started_coop", roller=event["roller"], holding=holding)
        return self.say("turn_started", side=side, holding=holding)

    def _on_rolled(self, event, side, game):
        if self.verbosity != "long":
            return ""  # the choices, or the one move, that follow name the roll
        host = game.meta["settings"].get("dice", "host") == "host"
        return self.say(
            "rolled_host" if host else "rolled_table", value=number_words(event["value"])
        )

    def _on_moved(self, event, side, game):
        legs = describe_path(event["from"], tuple(event["path"]))
        options = game.rules.moves.destinations(event["from"], event["roll"])
        key = "moved_single" if len(options) == 1 else "moved"  # "moved": the player chose
        if event["to"] == HUB:
            key = "moved_hub"
        return self.say(
            key,
            side=side,
            path=path_words(legs),
            space=self.space(event["to"]),
            roll=number_words(event["roll"]),
        )

    def _on_roll_again(self, event, side, game):
        return self.say("roll_again_space" if "space" in event else "roll_again", side=side)

    def _on_jumped(self, event, side, game):
        category = game.rules.board.space(event["to"]).category
        return self.say("jumped", side=side, category=self.category(category))

    def _on_jump_declined(self, event, side, game):
        category = game.rules.board.space(event["space"]).category
        return self.say("jump_declined", side=side, category=self.category(category))

    def _on_split_picked(self, event, side, game):
        return self.say("split_picked", side=side, category=self.category(event["category"]))

    def _on_category_chosen(self, event, side, game):
        return self.say("category_chosen", category=self.category(event["category"]))

    def _on_all_play_claims(self, event, side, game):
        if not event["sides"]:
            return self.say("no_claims")
        return self.say("claims", names=join(event["sides"], "then"))

    def _on_steal_declared(self, event, side, game):
        if not event["sides"]:
            return self.say("no_steals")
        return self.say("steals", names=join(event["sides"], "then"))

    def _on_token_spent(self, event, side, game):
        return self.say("token_spent", side=side, tokens=event["tokens"])

    def _on_answered(self, event, side, game):
        self._answered_category = event["category"]
        return self.say("right" if event["correct"] else "wrong")

    def ruling_as(self, key: str, event) -> Line:
        """An answer ruled wrong, said as what it was ("A pass.", "Time's up!")
        rather than "No.": the player knows it was no answer."""
        self._answered_category = event["category"]
        return self.say(key)

    def _on_question_closed(self, event, side, game):
        if event["right"] is None and self.read_answer:
            question = game.question(event["card"], event["category"])
            return self.say("answer_was", answer=self.answer_text(question))
        return ""

    def _on_wedge_won(self, event, side, game):
        wedges = event["wedges"]
        return self.say(
            "wedge_won",
            side=side,
            category=self.category(event["category"]),
            count=len(wedges),
            wedges=self.categories(wedges),
        )

    def _on_token_won(self, event, side, game):
        key = "token_won_space" if event["why"] == "steal_space" else "token_won_owned"
        category = getattr(self, "_answered_category", "") if event["why"] == "owned_colour" else ""
        return self.say(
            key,
            side=side,
            tokens=event["tokens"],
            category=self.category(category) if category else "that colour",
        )

    def _on_moved_to_hub(self, event, side, game):
        return self.say("moved_to_hub", side=side)

    def _on_ruby_taken(self, event, side, game):
        if event.get("from") == event["side"]:
            return self.say("ruby_kept", side=side)
        if event.get("from"):
            return self.say("ruby_taken_from", side=side, **{"from": event["from"]})
        return self.say("ruby_taken", side=side)

    def _on_turn_ended(self, event, side, game):
        return self.say("turn_ended", side=side)

    def _on_breakthrough(self, event, side, game):
        return self.say("breakthrough", side=side, others=join(event["others"]))

    def _on_final_won(self, event, side, game):
        return self.say("final_won", side=side)

    def _on_game_over(self, event, side, game):
        if "rank" in event:
            return self.say("game_over_coop", cards=event["cards"], rank=event["rank"])
        winners = event["winners"]
        return self.say(
            "game_over", winners=join(winners), verb="wins" if len(winners) == 1 else "win"
        )

    # ----------------------------------------------------------- reports

    def where(self, game, name: str) -> str:
        side = game.side(name)
        return self.say("you_are_on", side=self.who(name), space=self.space(side["space"]))

    def score(self, game) -> list[str]:
        state = game.state
        lines: list[str] = [self.standing(game, side["name"]) for side in state["sides"]]
        if game.rules.coop:
            lines.append(self.say("cards_used", cards=state["cards"]))
        return lines

    def standing(self, game, name: str) -> Line:
        """One side's line of the score: its wedges, tokens, the Ruby, its space."""
        state = game.state
        index = game.side_index(name)
        side = state["sides"][index]
        wedges, tokens = side["wedges"], side["tokens"]
        return self.say(
            "score_line",
            side=self.who(name),
            wedges=f"{len(wedges)} wedge{'s' * (len(wedges) != 1)}"
            + (f" ({self.categories(wedges)})" if wedges else ""),
            tokens=f", {tokens} token{'s' * (tokens != 1)}" if tokens else "",
            ruby=", the Ruby" if state["ruby_holder"] == index else "",
            space=self.space(side["space"]),
        )

    def need(self, game, name: str) -> str:
        side = game.side(name)
        needed = [c for c in CATEGORIES if c not in side["wedges"]]
        if not needed:
            return self.say("need_nothing", side=self.who(name))
        return self.say("need", side=self.who(name), needed=self.categories(needed))


def direction_words(direction: str) -> str:
    return phrases()["directions"].get(direction, direction)


def path_words(legs) -> str:
    """[("clockwise", 3), ("in", 2)] -> 'three spaces clockwise, then two towards the hub'."""
    words = phrases()
    parts = []
    for index, (direction, steps) in enumerate(legs):
        fields = {
            "count": number_words(steps),
            "unit": words["space_unit"]["one" if steps == 1 else "more"],
            "where": direction_words(direction),
        }
        parts.append(words["path_first" if index == 0 else "path_next"].format(**fields))
    return words["path_then"].join(parts)


# What the host says before it first listens, in the games it may start.
OPENING_PHRASES = (
    "ask_player_count",
    "ask_players",
    "ask_players_coop",
    "welcome",
    "welcome_coop",
    "welcome_solo",
    "welcome_back",
)


class _Unknown(dict):
    """Fields not known before the game (names, edition) fill in as a mark."""

    FIELD = "\x00"

    def __missing__(self, key: str) -> str:
        return self.FIELD


def _one_stop(text: str) -> str:
    """A filled-in answer that ends in its own ! or ? ("Oliver!") needs no full stop after it."""
    return re.sub(r"([!?])\.", r"\1", text)


# Engine event type -> its words (events without an entry are not said).
EVENTS = {
    "game_started": Narrator._on_game_started,
    "turn_started": Narrator._on_turn_started,
    "rolled": Narrator._on_rolled,
    "moved": Narrator._on_moved,
    "roll_again": Narrator._on_roll_again,
    "jumped": Narrator._on_jumped,
    "jump_declined": Narrator._on_jump_declined,
    "split_picked": Narrator._on_split_picked,
    "category_chosen": Narrator._on_category_chosen,
    "all_play_claims": Narrator._on_all_play_claims,
    "steal_declared": Narrator._on_steal_declared,
    "token_spent": Narrator._on_token_spent,
    "answered": Narrator._on_answered,
    "question_closed": Narrator._on_question_closed,
    "wedge_won": Narrator._on_wedge_won,
    "token_won": Narrator._on_token_won,
    "moved_to_hub": Narrator._on_moved_to_hub,
    "ruby_taken": Narrator._on_ruby_taken,
    "turn_ended": Narrator._on_turn_ended,
    "breakthrough": Narrator._on_breakthrough,
    "final_won": Narrator._on_final_won,
    "game_over": Narrator._on_game_over,
}
