"""The game as a deterministic state machine.

The state is plain JSON data. `Engine.step(state, action)` applies one
action, mutating the state, and returns the events it caused; `advance`
does the same on a copy. After every step `state["prompt"]` says what the
game waits for next and from whom:

    roll      {side}                         a die value, rolled by host or table
    move      {side, roll, options}          a destination space id
    jump      {side, space, target}          genus2 jumper: yes / no
    pick      {side, options, card}          SPLIT: index of the question chosen
    category  {side, chooser, purpose, options[, year, card]}
    claims    {side, eligible}               All-Play: names, in claim order
    steal     {side, eligible}               steal window: names, in declaration order
    answer    {side, category, card, deck, purpose, stealable}
    over      {}

Actions are dicts: {"type": "roll", "value": 4}, {"type": "move", "to": 14},
{"type": "jump", "yes": True}, {"type": "pick", "index": 0},
{"type": "category", "category": "history"}, {"type": "claims", "sides": [...]},
{"type": "steal", "sides": [...]}, {"type": "answer", "correct": True}.
An action that does not fit the prompt raises IllegalAction with the reason.

Dice and card order are explicit: dice come in as actions, cards from the
dealer state seeded at the start. "Side" is a player, a team, or the table in
co-op; names in `claims`/`steal` may be a side's name or one of its members.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping

from host.cards import dealer
from host.errors import UserError
from host.rules.board import CATEGORIES, HUB
from host.rules.editions import Rules, coop_rank
from host.rules.protocol import (
    CategoryPurpose,
    Chooser,
    DeckName,
    Event,
    GameOver,
    GameState,
    Prompt,
    PromptKind,
    Purpose,
    RollPrompt,
    SideState,
    TurnStarted,
)

TABLE = "table"  # the one shared side of the co-op challenge


class IllegalAction(UserError):
    """An action the game cannot take now; the message says why and what can."""


# An action as it arrives from the table, a script or a save: checked here, key by key.
ActionData = Mapping[str, object]
StepHandler = Callable[[GameState, Prompt, ActionData, list[Event]], None]
AnswerHandler = Callable[[GameState, SideState, bool, list[Event]], None]


def sides_for(
    rules: Rules, players: list[str] | None, teams: dict[str, list[str]] | None
) -> list[SideState]:
    """The sides of a new game, in turn order (pure: no cards needed, so the
    host can welcome the table before it reads the decks); IllegalAction
    when the names cannot play."""
    if bool(players) == bool(teams):
        raise IllegalAction("a game has either players or teams")
    named: list[tuple[str, list[str]]]
    if rules.coop:
        members = list(players) if players else [m for ms in (teams or {}).values() for m in ms]
        named = [(TABLE, members)]
    elif teams:
        named = [(name, list(members)) for name, members in teams.items()]
        if any(not members for _, members in named):
            raise IllegalAction("every team needs at least one player")
    else:
        named = [(name, [name]) for name in players or []]
    names = [n for n, _ in named] + [m for n, ms in named for m in ms if m != n]
    if len(set(n.casefold() for n in names)) != len(names):
        raise IllegalAction(f"names must be different: {names}")
    if not rules.coop and len(named) < 2:
        raise IllegalAction(
            "a game needs at least two players or teams "
            "(one player alone: the genus6 co-op challenge)"
        )
    if len(named) > 6:
        raise IllegalAction("at most six players or teams (six pieces)")
    return [
        {"name": n, "members": ms, "space": HUB, "wedges": [], "tokens": 0, "turns": 0}
        for n, ms in named
    ]


class Engine:
    """The rules of one edition and mode, and the cards in play (both immutable)."""

    def __init__(self, rules: Rules, catalog: dealer.CardCatalog, allow_true_false: bool = True):
        self.rules = rules
        self.catalog = catalog
        self.allow_true_false = allow_true_false
        # One handler per prompt kind (the action must be of the same kind).
        self._steps: dict[PromptKind, StepHandler] = {
            "roll": self._on_roll,
            "move": self._on_move,
            "jump": self._on_jump,
            "pick": self._on_pick,
            "category": self._on_category,
            "claims": self._on_claims,
            "steal": self._on_steal,
            "answer": self._on_answer,
        }
        # What follows an answer, by the question's purpose (else: a space question).
        self._after_answer: dict[Purpose, AnswerHandler] = {
            "all_play": self._after_all_play_answer,
            "steal": self._after_steal_answer,
            "final": self._after_final_answer,
            "ruby_final": self._after_final_answer,
            "ruby": self._after_ruby_answer,
        }

    # ----------------------------------------------------------------- setup

    def new_game(
        self,
        players: list[str] | None = None,
        teams: dict[str, list[str]] | None = None,
        seed: int | None = None,
        start_wedges: dict[str, list[str]] | None = None,
        card_order: list[str] | None = None,
    ) -> tuple[GameState, list[Event]]:
        """A new game: the state and the opening events. Sides play in the given order."""
        sides = sides_for(self.rules, players, teams)
        start_wedges = start_wedges or {}
        for side in sides:
            wedges = start_wedges.get(side["name"], [])
            self._check_start_wedges(side["name"], wedges)
            side["wedges"] = sorted(wedges)
        unknown = set(start_wedges) - {s["name"] for s in sides}
        if unknown:
            raise IllegalAction(f"start wedges for {sorted(unknown)}, who are not in the game")
        state: GameState = {
            "edition": self.rules.edition,
            "mode": self.rules.mode,
            "sides": sides,
            "turn": 0,
            "roller": 0,
            "ruby_holder": None,
            "cards": 0,
            "dealer": dealer.new_dealer(self.rules.cards, self.catalog, seed, card_order),
            "question": None,
            "queue": [],
            "lander": None,
            "breakthrough": None,
            "over": False,
            "winners": [],
            "rank": None,
            "prompt": {"type": "over"},
        }
        events: list[Event] = [
            {
                "type": "game_started",
                "edition": self.rules.edition,
                "mode": self.rules.mode,
                "sides": [s["name"] for s in sides],
            }
        ]
        self._start_turn(state, events)
        return state, events

    def _check_start_wedges(self, name: str, wedges: list[str]) -> None:
        want = self.rules.start_wedges
        if not want and wedges:
            raise IllegalAction("start wedges belong to the ruby quick game only")
        if want and (len(set(wedges)) != want or any(w not in CATEGORIES for w in wedges)):
            raise IllegalAction(
                f"{name} needs {want} different start wedges of "
                f"{', '.join(CATEGORIES)}, has {wedges}"
            )

    # ------------------------------------------------------------ stepping

    def step(self, state: GameState, action: ActionData) -> list[Event]:
        """Apply one action (protocol.Action) to the state, in place; the events it caused."""
        prompt = state["prompt"]
        kind = action.get("type") if isinstance(action, dict) else None
        if prompt["type"] == "over":
            raise IllegalAction("the game is over")
        if kind != prompt["type"]:
            raise IllegalAction(f"the game waits for {prompt['type']!r}, not {kind!r}")
        events: list[Event] = []
        self._steps[prompt["type"]](state, prompt, action, events)
        return events

    def _on_roll(
        self, state: GameState, prompt: Prompt, action: ActionData, events: list[Event]
    ) -> None:
        assert prompt["type"] == "roll"  # the step table routes by kind
        value = action.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise IllegalAction(f"a die shows 1 to 6, not {value!r}")
        side = self._side(state, prompt["side"])
        events.append({"type": "rolled", "side": side["name"], "value": value})
        options = self.rules.moves.destinations(side["space"], value)
        if len(options) == 1:
            self._move(state, side, value, options[0], events)
        else:
            state["prompt"] = {
                "type": "move",
                "side": side["name"],
                "roll": value,
                "options": options,
            }

    def _on_move(
        self, state: GameState, prompt: Prompt, action: ActionData, events: list[Event]
    ) -> None:
        assert prompt["type"] == "move"
        to = action.get("to")
        if not isinstance(to, int) or to not in prompt["options"]:
            raise IllegalAction(
                f"space {to!r} cannot be reached with a {prompt['roll']}; "
                f"legal: {', '.join(map(str, prompt['options']))}"
            )
        self._move(state, self._side(state, prompt["side"]), prompt["roll"], to, events)

    def _on_jump(
        self, state: GameState, prompt: Prompt, action: ActionData, events: list[Event]
    ) -> None:
        assert prompt["type"] == "jump"
        yes = action.get("yes")
        if not isinstance(yes, bool):
            raise IllegalAction(f"a jump is yes or no, not {yes!r}")
        side = self._side(state, prompt["side"])
        if yes:
            events.append(
                {
                    "type": "jumped",
                    "side": side["name"],
                    "from": side["space"],
                    "to": prompt["target"],
                }
            )
            side["space"] = prompt["target"]
            self._land(state, side, events)
        else:
            events.append({"type": "jump_declined", "side": side["name"], "space": side["space"]})
            self._ask(
                state,
                side,
                prompt["category"],
                "space",
                events,
                wedge=self._wedge_on_space("category"),
            )

    def _on_pick(
        self, state: GameState, prompt: Prompt, action: ActionData, events: list[Event]
    ) -> None:
        assert prompt["type"] == "pick"
        index = action.get("index")
        if not isinstance(index, int) or index not in (0, 1) or isinstance(index, bool):
            raise IllegalAction(f"a split pick is 0 or 1, not {index!r}")
        side = self._side(state, prompt["side"])
        category = prompt["options"][index]
        events.append({"type": "split_picked", "side": side["name"], "category": category})
        self._ask(
            state,
            side,
            category,
            "space",
            events,
            card=prompt["card"],
            wedge=self._wedge_on_space("split"),
        )

    def _on_category(
        self, state: GameState, prompt: Prompt, action: ActionData, events: list[Event]
    ) -> None:
        assert prompt["type"] == "category"
        category = action.get("category")
        if not isinstance(category, str) or category not in prompt["options"]:
            raise IllegalAction(
                f"unknown category {category!r}; choose one of {', '.join(prompt['options'])}"
            )
        side = self._side(state, prompt["side"])
        purpose = prompt["purpose"]
        events.append(
            {
                "type": "category_chosen",
                "side": side["name"],
                "by": prompt["chooser"],
                "purpose": purpose,
                "category": category,
            }
        )
        if purpose == "all_play":
            self._open_all_play(state, side, category, events)
        elif purpose == "ruby" or purpose == "ruby_final":
            self._ask(state, side, category, purpose, events, card=prompt.get("card"), deck="ruby")
        else:  # wild, joker, final
            wedge = purpose != "final" and self.rules.wedge_on == "any"
            self._ask(state, side, category, purpose, events, wedge=wedge)

    def _on_claims(
        self, state: GameState, prompt: Prompt, action: ActionData, events: list[Event]
    ) -> None:
        assert prompt["type"] == "claims"
        self._queue_declared(state, prompt, action, events, "claim", self._lander(state))

    def _on_steal(
        self, state: GameState, prompt: Prompt, action: ActionData, events: list[Event]
    ) -> None:
        assert prompt["type"] == "steal"
        self._queue_declared(state, prompt, action, events, "steal", state["turn"])

    def _queue_declared(
        self,
        state: GameState,
        prompt: Prompt,
        action: ActionData,
        events: list[Event],
        verb: str,
        turn_ends_for: int,
    ) -> None:
        """All-Play claimers or stealers answer in the order named; nobody
        named closes the question and ends `turn_ends_for`'s turn."""
        assert prompt["type"] in ("claims", "steal")
        sides = self._named_sides(state, action.get("sides"), prompt["eligible"], verb)
        if verb == "claim":
            events.append({"type": "all_play_claims", "sides": list(sides)})
        else:
            events.append({"type": "steal_declared", "sides": list(sides)})
        state["queue"] = sides
        if not sides:
            self._close_question(state, events, None)
            self._end_turn(state, turn_ends_for, events)
        else:
            self._next_in_queue(state, events)

    def _on_answer(
        self, state: GameState, prompt: Prompt, action: ActionData, events: list[Event]
    ) -> None:
        assert prompt["type"] == "answer"
        correct = action.get("correct")
        if not isinstance(correct, bool):
            raise IllegalAction(f"an answer is right or wrong, not {correct!r}")
        question = state["question"]
        assert question is not None  # an answer or claim always has its question
        side = self._side(state, prompt["side"])
        events.append(
            {
                "type": "answered",
                "side": side["name"],
                "correct": correct,
                "card": question["card"],
                "category": question["category"],
            }
        )
        handler = self._after_answer.get(prompt["purpose"], self._after_space_answer)
        handler(state, side, correct, events)

    # ------------------------------------------------------------- turns

    def _start_turn(self, state: GameState, events: list[Event]) -> None:
        side = state["sides"][state["turn"]]
        side["turns"] += 1
        event: TurnStarted = {"type": "turn_started", "side": side["name"]}
        if self.rules.coop:
            event["roller"] = side["members"][state["roller"] % len(side["members"])]
        events.append(event)
        if self._in_final(side):
            if self.rules.final == "ruby":
                self._offer_ruby_card(state, side, "ruby_final", events)
            else:
                self._choose_category(state, side, "opponents", "final")
        else:
            self._prompt_roll(state, side)

    def _prompt_roll(self, state: GameState, side: SideState) -> None:
        prompt: RollPrompt = {"type": "roll", "side": side["name"]}
        if self.rules.coop:  # the players take turns rolling for the shared piece
            prompt["roller"] = side["members"][state["roller"] % len(side["members"])]
        state["prompt"] = prompt

    def _in_final(self, side: SideState) -> bool:
        """Six wedges and waiting at the hub for the final question without rolling."""
        return (
            self.rules.sixth_wedge == "to_hub"
            and len(side["wedges"]) == 6
            and self.rules.final != "none"
        )

    def _end_turn(self, state: GameState, turn_of: int, events: list[Event]) -> None:
        """The turn of side `turn_of` is over: check ruby wins, then pass left."""
        side = state["sides"][turn_of]
        if self.rules.final == "ruby" and len(side["wedges"]) == 6 and not state["over"]:
            if state["ruby_holder"] == turn_of:
                self._win(state, turn_of, events)
            elif side["space"] != HUB:
                self._move_to_hub(side, events)
        if state["over"]:
            return
        events.append({"type": "turn_ended", "side": side["name"]})
        breakthrough = state["breakthrough"]
        if breakthrough is not None:
            if not breakthrough["remaining"]:
                self._game_over(state, breakthrough["winners"], events)
                return
            state["turn"] = breakthrough["remaining"].pop(0)
        else:
            state["turn"] = (turn_of + 1) % len(state["sides"])
        self._start_turn(state, events)

    # ----------------------------------------------------------- landing

    def _move(
        self, state: GameState, side: SideState, roll: int, to: int, events: list[Event]
    ) -> None:
        path = self.rules.moves.path(side["space"], roll, to)
        events.append(
            {
                "type": "moved",
                "side": side["name"],
                "from": side["space"],
                "to": to,
                "roll": roll,
                "path": list(path),
            }
        )
        side["space"] = to
        self._land(state, side, events)

    def _land(self, state: GameState, side: SideState, events: list[Event]) -> None:
        space = self.rules.board.space(side["space"])
        kind = space.kind
        if kind == "roll_again":
            events.append({"type": "roll_again", "side": side["name"], "space": space.id})
            self._prompt_roll(state, side)
        elif kind in ("category", "hq"):
            self._ask(
                state,
                side,
                space.colour_category,
                "space",
                events,
                wedge=self._wedge_on_space(kind),
            )
        elif kind == "jumper":
            state["prompt"] = {
                "type": "jump",
                "side": side["name"],
                "space": space.id,
                "target": space.jump_target,
                "category": space.colour_category,
            }
        elif kind == "steal":
            if not self.rules.coop:
                side["tokens"] += 1
                events.append(
                    {
                        "type": "token_won",
                        "side": side["name"],
                        "why": "steal_space",
                        "tokens": side["tokens"],
                    }
                )
            self._ask(
                state,
                side,
                space.colour_category,
                "space",
                events,
                wedge=self._wedge_on_space(kind),
            )
        elif kind == "split":
            card = self._draw(state, None, events)
            state["prompt"] = {
                "type": "pick",
                "side": side["name"],
                "options": list(space.split),
                "card": card,
            }
        elif kind == "wild":
            self._choose_category(state, side, "player", "wild")
        elif kind == "ruby":
            self._offer_ruby_card(state, side, "ruby", events)
        else:
            self._land_on_hub(state, side, events)

    def _land_on_hub(self, state: GameState, side: SideState, events: list[Event]) -> None:
        role = self.rules.board.hub_role
        if len(side["wedges"]) == 6 and self.rules.sixth_wedge == "walk_to_hub":
            self._choose_category(state, side, "opponents", "final")
        elif role == "ruby":
            self._offer_ruby_card(state, side, "ruby", events)
        elif role == "all_play" and not self.rules.coop:
            state["lander"] = state["turn"]
            self._choose_category(state, side, "player", "all_play")
        else:
            self._choose_category(state, side, "player", "joker" if role == "joker" else "wild")

    def _wedge_on_space(self, kind: str) -> bool:
        wedge_on = self.rules.wedge_on
        if wedge_on == "any":
            return True
        if wedge_on == "coloured":
            return kind in ("hq", "category")
        return kind == "hq"

    def _choose_category(
        self, state: GameState, side: SideState, chooser: Chooser, purpose: CategoryPurpose
    ) -> None:
        state["prompt"] = {
            "type": "category",
            "side": side["name"],
            "chooser": "table" if self.rules.coop else chooser,
            "purpose": purpose,
            "options": list(CATEGORIES),
        }

    def _offer_ruby_card(
        self,
        state: GameState,
        side: SideState,
        purpose: CategoryPurpose,
        events: list[Event],
    ) -> None:
        card = dealer.draw_ruby(state["dealer"], self.catalog, self.allow_true_false)
        state["cards"] += 1
        year = self.catalog.years.get(card)
        events.append({"type": "card_drawn", "card": card, "deck": "ruby", "year": year})
        state["prompt"] = {
            "type": "category",
            "side": side["name"],
            "chooser": "table" if self.rules.coop else "player",
            "purpose": purpose,
            "options": list(CATEGORIES),
            "card": card,
            "year": year,
        }

    # --------------------------------------------------------- questions

    def _draw(self, state: GameState, category: str | None, events: list[Event]) -> str:
        card = dealer.draw(state["dealer"], self.catalog, category, self.allow_true_false)
        state["cards"] += 1
        events.append({"type": "card_drawn", "card": card, "deck": "standard"})
        return card

    def _ask(
        self,
        state: GameState,
        side: SideState,
        category: str,
        purpose: Purpose,
        events: list[Event],
        card: str | None = None,
        deck: DeckName = "standard",
        wedge: bool = False,
    ) -> None:
        """Draw (unless the card is already out) and put the question to `side`."""
        self._prepare_question(state, category, purpose, events, card, deck, wedge)
        self._put_question(state, side, events)

    def _prepare_question(
        self,
        state: GameState,
        category: str,
        purpose: Purpose,
        events: list[Event],
        card: str | None = None,
        deck: DeckName = "standard",
        wedge: bool = False,
    ) -> None:
        if card is None:
            card = self._draw(state, category, events)
        else:
            dealer.mark_asked(state["dealer"], card, category)
        true_false = deck == "standard" and self.catalog.is_true_false(card, category)
        stealable = (
            self.rules.steal
            and purpose not in ("all_play", "final", "ruby_final")
            and not true_false
        )
        state["question"] = {
            "card": card,
            "deck": deck,
            "category": category,
            "purpose": purpose,
            "wedge": wedge,
            "stealable": stealable,
            "true_false": true_false,
        }

    def _put_question(self, state: GameState, side: SideState, events: list[Event]) -> None:
        q = state["question"]
        assert q is not None  # an answer or claim always has its question
        events.append(
            {
                "type": "question_asked",
                "side": side["name"],
                "card": q["card"],
                "deck": q["deck"],
                "category": q["category"],
                "purpose": q["purpose"],
            }
        )
        state["prompt"] = {
            "type": "answer",
            "side": side["name"],
            "category": q["category"],
            "card": q["card"],
            "deck": q["deck"],
            "purpose": q["purpose"],
            "stealable": q["stealable"],
        }

    def _close_question(
        self, state: GameState, events: list[Event], answered_by: str | None
    ) -> None:
        """The question is over: the narrator may now read its answer (ruling 4)."""
        q = state["question"]
        assert q is not None  # an answer or claim always has its question
        events.append(
            {
                "type": "question_closed",
                "card": q["card"],
                "deck": q["deck"],
                "category": q["category"],
                "right": answered_by,
            }
        )
        state["question"] = None
        state["queue"] = []

    def _after_space_answer(
        self, state: GameState, side: SideState, correct: bool, events: list[Event]
    ) -> None:
        q = state["question"]
        assert q is not None  # an answer or claim always has its question
        turn = state["turn"]
        if correct:
            self._close_question(state, events, side["name"])
            won_wedge = q["wedge"] and self._award(state, side, q["category"], events)
            if state["over"]:
                return
            if self.rules.coop:
                self._next_roller(state)
            if won_wedge and (self.rules.wedge_ends_turn or self._moved_to_hub_by(side, events)):
                self._end_turn(state, turn, events)
            else:
                events.append({"type": "roll_again", "side": side["name"]})
                self._prompt_roll(state, side)
            return
        if self.rules.coop:
            self._close_question(state, events, None)
            self._next_roller(state)
            self._prompt_roll(state, side)
            return
        eligible = [
            s["name"] for i, s in enumerate(state["sides"]) if i != turn and s["tokens"] > 0
        ]
        if q["stealable"] and eligible:
            state["prompt"] = {"type": "steal", "side": side["name"], "eligible": eligible}
            return
        self._close_question(state, events, None)
        self._end_turn(state, turn, events)

    def _after_final_answer(
        self, state: GameState, side: SideState, correct: bool, events: list[Event]
    ) -> None:
        self._close_question(state, events, side["name"] if correct else None)
        turn = state["turn"]
        if correct:
            if self.rules.final == "ruby":
                self._take_ruby(state, turn, events)
            self._win(state, turn, events)
            if state["over"]:
                return
        self._end_turn(state, turn, events)

    def _after_ruby_answer(
        self, state: GameState, side: SideState, correct: bool, events: list[Event]
    ) -> None:
        self._close_question(state, events, side["name"] if correct else None)
        if correct:
            self._take_ruby(state, state["turn"], events)
            events.append({"type": "roll_again", "side": side["name"]})
            self._prompt_roll(state, side)
        else:
            self._end_turn(state, state["turn"], events)

    # ------------------------------------------------------ all-play, steal

    def _open_all_play(
        self, state: GameState, lander: SideState, category: str, events: list[Event]
    ) -> None:
        self._prepare_question(state, category, "all_play", events, wedge=True)
        q = state["question"]
        assert q is not None  # an answer or claim always has its question
        events.append(
            {
                "type": "question_asked",
                "side": None,
                "card": q["card"],
                "deck": "standard",
                "category": category,
                "purpose": "all_play",
            }
        )
        state["prompt"] = {
            "type": "claims",
            "side": lander["name"],
            "eligible": [s["name"] for s in state["sides"]],
        }

    def _next_in_queue(self, state: GameState, events: list[Event]) -> None:
        """Put the question to the next claimer or stealer."""
        name = state["queue"].pop(0)
        side = self._side(state, name)
        q = state["question"]
        assert q is not None  # an answer or claim always has its question
        if q["purpose"] != "all_play":
            q["purpose"] = "steal"
            side["tokens"] -= 1
            events.append({"type": "token_spent", "side": name, "tokens": side["tokens"]})
        self._put_question(state, side, events)

    def _after_all_play_answer(
        self, state: GameState, side: SideState, correct: bool, events: list[Event]
    ) -> None:
        lander = self._lander(state)
        if not correct:
            if state["queue"]:
                self._next_in_queue(state, events)
                return
            self._close_question(state, events, None)
            self._end_turn(state, lander, events)
            return
        question = state["question"]
        assert question is not None
        category = question["category"]
        self._close_question(state, events, side["name"])
        won_wedge = self._award(state, side, category, events)
        moved = won_wedge and self._moved_to_hub_by(side, events)
        if state["sides"][lander] is side and not moved:
            events.append({"type": "roll_again", "side": side["name"]})
            self._prompt_roll(state, side)
        else:
            self._end_turn(state, lander, events)

    def _after_steal_answer(
        self, state: GameState, side: SideState, correct: bool, events: list[Event]
    ) -> None:
        if not correct and state["queue"]:
            self._next_in_queue(state, events)
            return
        question = state["question"]
        assert question is not None
        category = question["category"]
        self._close_question(state, events, side["name"] if correct else None)
        if correct and self._award(state, side, category, events):
            self._moved_to_hub_by(side, events)
        self._end_turn(state, state["turn"], events)

    # -------------------------------------------------------------- awards

    def _award(self, state: GameState, side: SideState, category: str, events: list[Event]) -> bool:
        """A correct answer that earns a wedge: the wedge, or a token if owned.
        Returns True when a new wedge was won."""
        if category in side["wedges"]:
            if self.rules.owned_gives_token:
                side["tokens"] += 1
                events.append(
                    {
                        "type": "token_won",
                        "side": side["name"],
                        "why": "owned_colour",
                        "tokens": side["tokens"],
                    }
                )
            return False
        side["wedges"].append(category)
        side["wedges"].sort()
        events.append(
            {
                "type": "wedge_won",
                "side": side["name"],
                "category": category,
                "wedges": list(side["wedges"]),
            }
        )
        if self.rules.coop and len(side["wedges"]) == 6:
            state["rank"] = coop_rank(state["cards"])
            self._game_over(state, [state["turn"]], events)
        return True

    def _moved_to_hub_by(self, side: SideState, events: list[Event]) -> bool:
        """Rule 18: the sixth wedge moves the piece to the hub at once."""
        if (
            self.rules.sixth_wedge == "to_hub"
            and self.rules.final == "opponents"
            and len(side["wedges"]) == 6
        ):
            self._move_to_hub(side, events)
            return True
        return False

    def _move_to_hub(self, side: SideState, events: list[Event]) -> None:
        events.append({"type": "moved_to_hub", "side": side["name"], "from": side["space"]})
        side["space"] = HUB

    def _take_ruby(self, state: GameState, index: int, events: list[Event]) -> None:
        previous = state["ruby_holder"]
        state["ruby_holder"] = index
        events.append(
            {
                "type": "ruby_taken",
                "side": state["sides"][index]["name"],
                "from": None if previous is None else state["sides"][previous]["name"],
            }
        )

    def _next_roller(self, state: GameState) -> None:
        state["roller"] = (state["roller"] + 1) % len(state["sides"][0]["members"])

    # ---------------------------------------------------------------- wins

    def _win(self, state: GameState, index: int, events: list[Event]) -> None:
        side = state["sides"][index]
        events.append({"type": "final_won", "side": side["name"]})
        breakthrough = state["breakthrough"]
        if breakthrough is not None:
            breakthrough["winners"].append(index)
            return
        waiting = [i for i, s in enumerate(state["sides"]) if s["turns"] == 0]
        if self.rules.breakthrough and side["turns"] == 1 and waiting:
            state["breakthrough"] = {"winners": [index], "remaining": waiting}
            events.append(
                {
                    "type": "breakthrough",
                    "side": side["name"],
                    "others": [state["sides"][i]["name"] for i in waiting],
                }
            )
            return
        self._game_over(state, [index], events)

    def _game_over(self, state: GameState, winners: list[int], events: list[Event]) -> None:
        state["over"] = True
        state["winners"] = [state["sides"][i]["name"] for i in sorted(winners)]
        state["prompt"] = {"type": "over"}
        event: GameOver = {"type": "game_over", "winners": list(state["winners"])}
        if self.rules.coop:
            event["cards"] = state["cards"]
            event["rank"] = state["rank"]
        events.append(event)

    # ------------------------------------------------------------- helpers

    def _side(self, state: GameState, name: str) -> SideState:
        for side in state["sides"]:
            if side["name"] == name:
                return side
        raise IllegalAction(f"nobody called {name!r} is playing")

    @staticmethod
    def _lander(state: GameState) -> int:
        lander = state["lander"]
        if lander is None:  # an all-play always records who landed on the hub
            raise IllegalAction("no all-play is open")
        return lander

    def _named_sides(
        self, state: GameState, names: object, eligible: list[str], verb: str
    ) -> list[str]:
        """Resolve claim/steal names (a side or one of its members) in order."""
        if not isinstance(names, list):
            raise IllegalAction(f"{verb} takes a list of names")
        resolved: list[str] = []
        for name in names:
            side = self.side_of(state, name)
            if side is None:
                raise IllegalAction(f"nobody called {name!r} is playing")
            if side["name"] not in eligible:
                raise IllegalAction(
                    f"{name} cannot {verb} now (can: {', '.join(eligible) or 'nobody'})"
                )
            if side["name"] in resolved:
                raise IllegalAction(f"{name} cannot {verb} twice")
            resolved.append(side["name"])
        return resolved

    @staticmethod
    def side_of(state: GameState, name: object) -> SideState | None:
        """The side called `name`, or the side `name` plays in."""
        if not isinstance(name, str):
            return None
        folded = name.casefold()
        for side in state["sides"]:
            if side["name"].casefold() == folded or folded in (
                m.casefold() for m in side["members"]
            ):
                return side
        return None


def advance(engine: Engine, state: GameState, action: ActionData) -> tuple[GameState, list[Event]]:
    """The pure form of a step: (state, action) -> (next state, events)."""
    state = copy.deepcopy(state)
    return state, engine.step(state, action)


def waiting_on(state: GameState) -> str:
    """The player or team the game waits on: the one a question is put to (a
    stealer, an All-Play claimer), else the one whose turn it is."""
    prompt = state["prompt"]
    if prompt["type"] == "answer":
        return prompt["side"]
    return state["sides"][state["turn"]]["name"]


def summary(state: GameState) -> dict[str, object]:
    """The replay contract's view of a state (docs/scripted-games.md, "The output")."""
    ruby = state["ruby_holder"]
    return {
        "over": state["over"],
        "winners": list(state["winners"]),
        "next": None if state["over"] else waiting_on(state),
        "players": {
            side["name"]: {
                "space": side["space"],
                "wedges": sorted(side["wedges"]),
                "tokens": side["tokens"],
                "ruby": ruby == i,
            }
            for i, side in enumerate(state["sides"])
        },
        "cards": state["cards"],
        "rank": state["rank"],
    }
