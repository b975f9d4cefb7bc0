"""One game at the table: the engine, its state, the cards, and what the
table can take back.

The engine knows nothing of overrides or broken cards, so the game keeps three
snapshots of the plain-data state: before the last answer was ruled ("that
was right" re-applies that answer with the other verdict), before the last
card was drawn ("skip" puts the card at the back and draws again) and before
the last roll ("I rolled a four": the table's die, misheard, is read again
while the move is still to choose). Everything here is JSON data, saved after
every step.
"""

from __future__ import annotations

import copy
import random
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from host.advisor.tally import record_answers
from host.cards import dealer
from host.cards.dealer import CardCatalog, OutOfCards
from host.cards.deck import Card, Deck, default_deck_paths
from host.errors import UserError
from host.resources import shipped_decks_dir
from host.rules.editions import Rules, load_rules
from host.rules.engine import Engine, IllegalAction
from host.rules.protocol import Action, Event, GameState, Prompt, SideState

SAVE_VERSION = 1


class CannotUndo(UserError):
    """Nothing to override or skip now; the message says why."""


def resolve_deck_paths(decks: tuple[str, ...] | list[str]) -> list[Path]:
    if not decks:
        paths = default_deck_paths()
        if not paths:
            raise UserError(
                f"no question decks found in {shipped_decks_dir()}; pass --deck FILE "
                "(decks/FORMAT.md in the repository describes the format)"
            )
        return paths
    paths = []
    for name in decks:
        path = Path(name).expanduser()
        if not path.is_file():
            raise UserError(f"no deck file {name!r}")
        paths.append(path.resolve())
    return paths


def build_engine(rules: Rules, decks: list[Deck], true_false: bool) -> Engine:
    catalog = CardCatalog.from_decks(decks)
    if not catalog.standard:
        raise UserError("the decks hold no standard (six-category) cards to ask questions from")
    if rules.final == "ruby" and not catalog.ruby:
        raise UserError(
            "the ruby edition needs a Ruby deck (kind: ruby) besides the standard "
            "cards; none of the decks is one"
        )
    return Engine(rules, catalog, allow_true_false=true_false)


@dataclass
class Game:
    engine: Engine
    state: GameState
    cards: dict[str, Card]
    meta: dict = field(default_factory=dict)

    # ------------------------------------------------------------- making

    @classmethod
    def new(
        cls,
        settings,
        decks: list[Deck],
        deck_paths: list[Path],
        seed: int,
        start_wedges: dict[str, list[str]] | None = None,
        card_order: list[str] | None = None,
    ) -> tuple[Game, list[Event]]:
        rules = load_rules(settings.edition, settings.mode)
        engine = build_engine(rules, decks, settings.true_false)
        try:
            state, events = engine.new_game(
                list(settings.players) or None,
                dict(settings.teams) or None,
                seed,
                start_wedges,
                card_order,
            )
        except IllegalAction as exc:
            raise UserError(f"cannot start the game: {exc}") from None
        meta = {
            "version": SAVE_VERSION,
            "game_id": time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6],
            "seed": seed,
            "rolls": 0,
            "settings": settings.as_dict(),
            "deck_paths": [str(p) for p in deck_paths],
            "last_ruling": None,
            "before_question": None,
            "steps": 0,
        }
        return cls(engine, state, _cards_by_id(decks), meta), events

    @classmethod
    def from_save(cls, data: dict, decks: list[Deck]) -> Game:
        meta, state = data["meta"], data["state"]
        rules = load_rules(state["edition"], state["mode"])
        game = cls(
            build_engine(rules, decks, meta["settings"].get("true_false", True)),
            state,
            _cards_by_id(decks),
            meta,
        )
        missing = sorted(game.cards_in_play() - set(game.cards))
        if missing:
            raise UserError(
                f"the saved game uses cards that are not in its decks any more "
                f"({', '.join(missing[:3])}); restore the decks "
                f"{', '.join(meta['deck_paths'])}"
            )
        return game

    def to_save(self) -> dict:
        return {"meta": self.meta, "state": self.state}

    def cards_in_play(self) -> set[str]:
        return _cards_in_play(self.state)

    # -------------------------------------------------------------- facts

    @property
    def rules(self) -> Rules:
        return self.engine.rules

    @property
    def prompt(self) -> Prompt:
        return self.state["prompt"]

    @property
    def over(self) -> bool:
        return self.state["over"]

    def side(self, name: str) -> SideState:
        for side in self.state["sides"]:
            if side["name"] == name:
                return side
        raise KeyError(name)

    def side_index(self, name: str) -> int:
        return [s["name"] for s in self.state["sides"]].index(name)

    def question(self, card_id: str, category: str):
        return self.cards[card_id].questions[category]

    # ------------------------------------------------------------ playing

    def roll_die(self) -> int:
        """The host's die: seeded by the game and the roll's number, so a
        resumed game rolls exactly what it would have rolled."""
        value = random.Random(f"{self.meta['seed']}:die:{self.meta['rolls']}").randint(1, 6)
        self.meta["rolls"] += 1
        return value

    @property
    def answers(self) -> dict:
        """Right and asked answers per side and category this game, for the advisor."""
        return self.meta.setdefault("answers", {})

    def step(self, action: Action) -> list[Event]:
        """One engine step; IllegalAction and OutOfCards pass to the caller
        with the state unchanged."""
        before = copy.deepcopy(self.state)
        # a choice the host may have misheard: kept to take back (undo_choice)
        if action["type"] in CHOICES:
            kept = {key: copy.deepcopy(self.meta.get(key)) for key in UNDONE_WITH_A_CHOICE}
            choice = {"state": before, "meta": kept, "action": action}
        else:
            choice = None
        try:
            events = self.engine.step(self.state, action)
        except (IllegalAction, OutOfCards):
            self.state = before
            raise
        self.meta["steps"] += 1
        kinds = {e["type"] for e in events}
        if action["type"] == "answer":
            self.meta["last_ruling"] = {
                "state": before,
                "action": action,
                "changes": 0,
                "answers": copy.deepcopy(self.answers),
            }
            record_answers(self.answers, events)
        elif "question_asked" in kinds:
            self.meta["last_ruling"] = None  # a new question: the old ruling stands
        if "card_drawn" in kinds:
            self.meta["before_question"] = {"state": before, "action": action}
        if action["type"] == "roll":
            self.meta["before_roll"] = {"state": before, "step": self.meta["steps"]}
        self.meta["before_choice"] = choice and {**choice, "step": self.meta["steps"]}
        return events

    def choice_to_undo(self) -> str | None:
        """The kind of choice `undo_choice` would take back now ("move"), if any."""
        saved = self.meta.get("before_choice")
        if not saved or saved["step"] != self.meta["steps"]:
            return None
        return saved["action"]["type"]

    def undo_choice(self) -> dict:
        """Take back the last choice (a move, a category, who steals, ...)
        while nothing has followed it: the host misheard it. A card it drew
        goes to the back of its deck, as a skipped one does: the player has
        heard it. Returns the choice's action."""
        if self.choice_to_undo() is None:
            raise CannotUndo("only a choice just made can be undone")
        saved = self.meta["before_choice"]
        state = copy.deepcopy(saved["state"])
        card, category = _question_in_play(self.state)
        if card and card not in _cards_in_play(state):  # the choice drew it
            dealer.send_to_back(state["dealer"], card, category)
        self.state = state
        self.meta.update(copy.deepcopy(saved["meta"]))  # the steps count, the undo points
        self.meta["before_choice"] = None
        return saved["action"]

    def correct_roll(self, value: int) -> list[Event]:
        """The last roll was `value`, not what was heard: rolled again with it,
        while the move it led to is still to choose."""
        saved = self.meta.get("before_roll")
        if not saved or saved["step"] != self.meta["steps"] or self.prompt["type"] != "move":
            raise CannotUndo("the roll can be changed only before the move")
        if any_kind(self.prompt).get("roll") == value:
            raise CannotUndo("that is the roll already")
        current = self.state
        self.state = copy.deepcopy(saved["state"])
        try:  # as any step: a card it draws may be skipped, its roll said again
            return self.step({"type": "roll", "value": value})
        except (IllegalAction, OutOfCards):
            self.state = current
            raise

    def override(self, correct: bool) -> tuple[dict, list[Event]]:
        """Re-rule the last answer as `correct`; returns (the ruling, events)."""
        ruling = self.meta.get("last_ruling")
        if not ruling:
            raise CannotUndo("there is no ruling to change since the last question")
        if ruling["action"]["correct"] == correct:
            raise CannotUndo("that is already the ruling")
        if ruling["changes"] >= 2:
            raise CannotUndo("that ruling was changed and changed back; it stands")
        self.state = copy.deepcopy(ruling["state"])
        action = {"type": "answer", "correct": correct}
        events = self.engine.step(self.state, action)
        self.meta["answers"] = copy.deepcopy(ruling.get("answers", {}))
        record_answers(self.answers, events)
        self.meta["last_ruling"] = {**ruling, "action": action, "changes": ruling["changes"] + 1}
        self.meta["steps"] += 1
        return ruling, events

    def skip_question(self) -> list[Event]:
        """Put the card just drawn at the back of its deck and draw again."""
        saved = self.meta.get("before_question")
        card, category = _question_in_play(self.state)
        # no card yet (the hub's category to choose): the last one drawn was
        # a turn or more ago, and going back to it would play it again
        if not saved or not card or self.prompt["type"] not in SKIPPABLE:
            raise CannotUndo("no question is being asked")
        state = copy.deepcopy(saved["state"])
        dealer.send_to_back(state["dealer"], card, category)
        events = self.engine.step(state, saved["action"])
        state["cards"] += 1  # the skipped card was used too (the co-op rank counts every card)
        self.state = state
        self.meta["before_question"] = {"state": saved["state"], "action": saved["action"]}
        self.meta["last_ruling"] = None
        self.meta["steps"] += 1
        return events


def _cards_in_play(state: GameState) -> set[str]:
    prompt = any_kind(state["prompt"])
    question: Mapping[str, Any] = state.get("question") or {}
    return {c for c in (prompt.get("card"), question.get("card")) if c}


def _question_in_play(state: GameState) -> tuple[str | None, str | None]:
    """(card, category) of the question the prompt is on, or the open one."""
    prompt = any_kind(state["prompt"])
    question: Mapping[str, Any] = state.get("question") or {}
    return (
        prompt.get("card") or question.get("card"),
        prompt.get("category") or question.get("category"),
    )


# The players' choices, which a host that misheard one can take back
CHOICES = ("move", "jump", "pick", "category", "claims", "steal")
# ... and what it takes back of the game's bookkeeping with them
UNDONE_WITH_A_CHOICE = ("steps", "before_roll", "before_question", "last_ruling")
# The prompts a question's card may be skipped at (it was drawn and read)
SKIPPABLE = ("answer", "pick", "category", "claims")


def any_kind(prompt: Prompt) -> Mapping[str, Any]:
    """A prompt read by key whatever its kind (a card or a category may be on several)."""
    return cast(Mapping[str, Any], prompt)


def _cards_by_id(decks: list[Deck]) -> dict[str, Card]:
    return {card.id: card for deck in decks for card in deck.cards}
