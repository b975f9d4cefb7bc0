"""The game loop: the engine's prompt in words, what the table says back,
the action it means, the events in words, a save — until the game is over.

The loop only knows a channel (say / listen), so the keyboard, a script and
the voice all drive the same conversation. Commands work at every prompt;
three failed hearings in a row offer the keyboard or a pass, and three more
take the pass, so the host never loops forever.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from num2words import num2words

from host.cards.dealer import OutOfCards
from host.rules.engine import TABLE, Engine, IllegalAction
from host.table import destinations as dest
from host.table import understanding as und
from host.table.channels import EndOfInput, Heard, Listening
from host.table.game import CannotUndo
from host.table.settings import VERBOSITY

FAILURES_BEFORE_OFFER = 3


@dataclass(frozen=True)
class Done:
    value: object


@dataclass(frozen=True)
class Reply:
    """Something said back that counts as a miss ("not reachable")."""

    text: str


@dataclass(frozen=True)
class Ask:
    """A question back ("which one: ...?"): no miss, unless asked too often."""

    text: str


# After these the pending prompt is restated in a few words.
RESTATING = frozenset(
    ["where_am_i", "score", "need", "advise", "whose_turn", "help", "rules", "answer"]
)
QUESTIONS_BACK = 4  # then a question back counts as a miss after all


NOT_UNDERSTOOD = object()


class PromptChanged(Exception):
    """The game moved under the current prompt (override, skip): ask afresh."""


class QuitGame(Exception):
    """Save and quit was asked for."""


class Table:
    def __init__(
        self,
        game,
        channel,
        narrator,
        settings,
        store=None,
        transcript=None,
        judging=None,
        history=None,
        keyboard_factory=None,
    ):
        self.game = game
        self.channel = channel
        self.narrator = narrator
        self.settings = settings
        self.store = store
        self.transcript = transcript
        self.judging = judging
        self.history = history
        self.keyboard_factory = keyboard_factory
        self.current_ask = ""
        self.save_problem: str | None = None  # why the last save failed (a full disk)
        self.read_questions: set[tuple[str, str]] = set()
        self.ruling_lines: list[str] = []  # the last ruling in words, for "repeat"
        self.ruling_step = -1  # the game's step count at that ruling
        self.closed_question: tuple[str, str] | None = None  # (card, category)
        self.named_roller: str | None = None  # co-op: who was last told to roll
        self.deck_of = {card.id: card.deck for card in game.cards.values()}

    # ------------------------------------------------------------ running

    def start(self, opening_events: list[dict]) -> str:
        if self.judging is not None and not self.judging.available:
            self.say(self.narrator.say("no_judge"))
        self.narrate(opening_events)
        self.save()
        return self.run()

    def resume(self) -> str:
        self.note("resumed")
        self.say(self.narrator.say("welcome_back"))
        for line in self.narrator.score(self.game):
            self.say(line)
        return self.run()

    def run(self) -> str:
        try:
            while not self.game.over:
                try:
                    action = self.ask_for_action()
                except PromptChanged:
                    continue
                heard = action.pop("_heard", None)
                self.apply(action, heard)
        except QuitGame:
            return "quit"
        except EndOfInput:
            self.save()
            key = "input_ended" if self.save_problem is None else "input_ended_unsaved"
            self.say(self.narrator.say(key, resume=self.resume_command()))
            return "ended"
        if self.store is not None:
            self.store.finish(self.game.meta["game_id"])
        self.note("game over", winners=self.game.state["winners"])
        return "over"

    def apply(self, action: dict, heard: str | None = None) -> None:
        try:
            events = self.game.step(action)
        except IllegalAction as exc:
            self.say(f"That cannot be done now: {exc}.")
            return
        except OutOfCards as exc:
            self.say(f"The decks ran out of questions ({exc}). The game is saved.")
            self.save()
            raise QuitGame() from None
        self.write("action", action=action)
        if action["type"] == "answer" and self.game.meta.get("last_ruling"):
            self.game.meta["last_ruling"].update(heard=heard or "", **self._asked())
        self.narrate(events)
        self.save()

    def _asked(self) -> dict:
        ruling = self.game.meta["last_ruling"]["state"]["prompt"]
        return {
            "card": ruling.get("card"),
            "category": ruling.get("category"),
            "side": ruling.get("side"),
        }

    # ------------------------------------------------------------ talking

    def say(self, text: str, kind: str = "narration") -> None:
        if not text:
            return
        self.channel.say(text, kind)
        key = getattr(text, "key", "")
        self.write("said", text=str(text), **({"key": key} if key else {}))

    def narrate(self, events: list[dict]) -> None:
        ruling = False
        for event in events:
            self.write("event", event=event)
            if event["type"] == "card_drawn":
                self.read_questions = set()
                self.ruling_lines = []
            if event["type"] == "answered":
                ruling, self.ruling_lines = True, []
                self.ruling_step = self.game.meta["steps"]
            if event["type"] == "turn_started":
                self.named_roller = event.get("roller")
            if event["type"] == "question_closed":
                self.closed_question = (event["card"], event["category"])
            if event["type"] == "question_asked" and self.history is not None:
                deck = self.deck_of.get(event["card"])
                if deck:
                    self.history.record_asked(deck, [event["card"]])
            line = self.narrator.event(event, self.game)
            self.say(line)
            if ruling and line:
                self.ruling_lines.append(line)

    def resume_command(self) -> str:
        """How to go on later, with the save folder when it is not the default."""
        folder = self.settings.save_dir
        return "trivia-host play --resume" + (
            f" --save-dir {shlex.quote(folder)}" if folder else ""
        )

    def save(self) -> None:
        """A failed save (disk full) leaves the last good one: say so once, play on."""
        if self.store is None:
            return
        try:
            self.store.save(self.game.to_save())
        except OSError as exc:
            if self.save_problem is None:
                self.save_problem = exc.strerror or str(exc)
                self.say(self.narrator.say("save_failed", problem=self.save_problem))
            return
        if self.save_problem is not None:
            self.save_problem = None
            self.say(self.narrator.say("saved_again"))

    def write(self, kind: str, **fields) -> None:
        if self.transcript is not None:
            try:
                self.transcript.write(kind, **fields)
            except OSError:
                pass  # a full disk: the save says so; the transcript line is lost

    def note(self, text: str, **fields) -> None:
        self.write("note", text=text, **fields)

    def listen(self, listening: Listening) -> Heard:
        heard = self.channel.listen(listening)
        self.write("heard", prompt=listening.prompt.get("type"), **heard.as_log())
        return heard

    def converse(
        self,
        ask: str,
        listening: Listening,
        interpret,
        pass_value=None,
        pass_means: str = "",
        repeat: str | None = None,
        silence=NOT_UNDERSTOOD,
    ) -> object:
        """Say `ask`, then listen until `interpret` gives Done; commands on the way.

        `repeat` is what "repeat" says (default: the ask); `silence` is the
        answer when nobody speaks (a steal window closing), if it has one."""
        self.current_ask = repeat or ask
        self.say(ask, "prompt")
        failures, offered, asked = 0, False, 0
        while True:
            heard = self.listen(listening)
            if heard.nothing and heard.timed_out and listening.kind == "answer":
                self.say(self.narrator.say("time_up"))
                return pass_value
            if (
                heard.nothing
                and not heard.typed
                and not heard.noise
                and silence is not NOT_UNDERSTOOD
            ):
                return silence
            outcome = NOT_UNDERSTOOD
            if heard.typed or not heard.nothing:
                command = next((c for c in map(und.command_of, heard.alternatives[:1]) if c), None)
                if command:
                    self.run_command(command)
                    if command in RESTATING:
                        self.say(self.pending(), "prompt")
                    failures = 0
                    continue
                if offered and und.is_one_of(heard.text, "pass"):
                    self.say(self.narrator.say("passing_for_you", pass_means=pass_means))
                    return pass_value
                outcome = interpret(heard)
            if isinstance(outcome, Done):
                return outcome.value
            if isinstance(outcome, Ask):
                self.say(outcome.text, "prompt")
                asked += 1
                if asked <= QUESTIONS_BACK:
                    continue
            # A reply ("not reachable", "which one?") counts as a miss too, so that
            # saying the same wrong thing again and again still ends in the offer.
            if isinstance(outcome, Reply):
                self.say(outcome.text)
            failures += 1
            if failures < FAILURES_BEFORE_OFFER:
                if outcome is NOT_UNDERSTOOD:
                    self._say_missed(heard)
            else:
                if offered:
                    self.say(self.narrator.say("passing_for_you", pass_means=pass_means))
                    return pass_value
                key = "three_failures" if self.channel.voice else "three_failures_typed"
                self.say(self.narrator.say(key, pass_means=pass_means))
                offered, failures = True, 0

    def _say_missed(self, heard: Heard) -> None:
        if heard.noise:
            self.say(self.narrator.say("heard_noise"))
        elif heard.nothing and not heard.typed:
            self.say(self.narrator.say("heard_nothing"))
        elif not heard.text:  # an empty typed line: what can be typed here
            self.say(self.help_now())
        else:
            self.say(self.narrator.say("not_understood", heard=heard.text, help=self.help_now()))

    # ------------------------------------------------------------ prompts

    def ask_for_action(self) -> dict:
        prompt = self.game.prompt
        return getattr(self, f"_ask_{prompt['type']}")(prompt)

    def _listening(self, kind: str, prompt: dict, phrases=(), time_limit=None) -> Listening:
        return Listening(
            kind, tuple(phrases), tuple(und.vocabulary()["commands"]), time_limit, dict(prompt)
        )

    def _ask_roll(self, prompt: dict) -> dict:
        host_rolls = self.settings.dice == "host"
        if host_rolls:
            ask = self.narrator.say(
                "ask_roll_host" if self.channel.voice else "ask_roll_host_typed"
            )
        else:
            ask = self.narrator.say("ask_roll_table")
        roller = prompt.get("roller")
        if (
            roller
            and roller != self.named_roller
            and len(self.game.side(prompt["side"])["members"]) > 1
        ):
            ask = self.narrator.say("roller", roller=roller) + " " + ask
        self.named_roller = roller

        def interpret(heard: Heard):
            text = heard.text
            if host_rolls:
                if (heard.typed and not text) or und.is_one_of(text, "roll"):
                    return Done(self.game.roll_die())
                return NOT_UNDERSTOOD
            value = und.die_value(text)
            if value is not None and 1 <= value <= 6:
                return Done(value)
            if und.is_one_of(text, "roll") or und.numbers_in(text):
                return Reply(self.narrator.say("die_value"))
            return NOT_UNDERSTOOD

        phrases = (
            und.vocabulary()["roll"]
            if host_rolls
            else ("one", "two", "three", "four", "five", "six")
        )
        value = self.converse(
            ask,
            self._listening("roll", prompt, phrases),
            interpret,
            pass_value=None,
            pass_means=self.narrator.part("pass_means", "roll"),
        )
        if value is None:
            value = self.game.roll_die()
        return {"type": "roll", "value": value}

    def _ask_move(self, prompt: dict) -> dict:
        side = self.game.side(prompt["side"])
        found = dest.destinations(self.game, side, prompt["roll"], prompt["options"], self.narrator)
        labels = [d.label for d in found]
        roll = num2words(prompt["roll"])
        ask = self.narrator.say("ask_move", options=self.narrator.choices(found), roll=roll)
        every = self.narrator.say("ask_move_all", options="; ".join(labels), roll=roll)
        rules = self.game.rules
        narrowed = {"to": found}  # after "which one?", the answer picks among those

        def interpret(heard: Heard):
            for among in (narrowed["to"], found):
                for text in heard.alternatives:
                    fitting = _fitting(text, among, rules)
                    if len(fitting) == 1:
                        return Done(fitting[0].space)
                    if len(fitting) > 1:
                        narrowed["to"] = fitting
                        return Ask(
                            self.narrator.say("ambiguous", options=_or([d.label for d in fitting]))
                        )
            if dest.named_anything(heard.text, rules):
                return Reply(
                    self.narrator.say("not_reachable", heard=heard.text, options="; ".join(labels))
                )
            return NOT_UNDERSTOOD

        space = self.converse(
            ask,
            self._listening("choice", prompt, labels),
            interpret,
            pass_value=found[0].space,
            pass_means=self.narrator.part("pass_means", "move", first=labels[0]),
            repeat=every,
        )
        return {"type": "move", "to": space}

    def _ask_jump(self, prompt: dict) -> dict:
        category = self.game.rules.board.space(prompt["target"]).category
        ask = self.narrator.say("ask_jump", category=self.narrator.category(category))

        def interpret(heard: Heard):
            answer = und.yes_or_no(heard.text)
            return NOT_UNDERSTOOD if answer is None else Done(answer)

        yes = self.converse(
            ask,
            self._listening("choice", prompt, ("yes", "no")),
            interpret,
            pass_value=False,
            pass_means=self.narrator.part("pass_means", "jump"),
        )
        return {"type": "jump", "yes": yes}

    def _ask_pick(self, prompt: dict) -> dict:
        first, second = prompt["options"]
        card = prompt["card"]
        questions = [
            self.narrator.question_text(self.game.question(card, c)) for c in (first, second)
        ]
        names = [self.narrator.category(c) for c in (first, second)]
        ask = self.narrator.say(
            "ask_pick",
            first=names[0],
            second=names[1],
            first_question=questions[0],
            second_question=questions[1],
        )

        def interpret(heard: Heard):
            said = [
                c for c in und.categories_in(heard.text, self.game.rules) if c in (first, second)
            ]
            if len(said) == 1:
                return Done(prompt["options"].index(said[0]))
            if len(said) == 2:
                return Ask(self.narrator.say("ambiguous", options=_or(names)))
            ordinal = und.ordinal_in(heard.text)
            if ordinal in (1, 2):
                return Done(ordinal - 1)
            return NOT_UNDERSTOOD

        index = self.converse(
            ask,
            self._listening("choice", prompt, names),
            interpret,
            pass_value=0,
            pass_means=self.narrator.part("pass_means", "pick", first=names[0]),
        )
        return {"type": "pick", "index": index}

    def _ask_category(self, prompt: dict) -> dict:
        options = prompt["options"]
        side = self.narrator.who(prompt["side"])
        purpose = prompt["purpose"]
        listed = self.narrator.category_options(options)
        if prompt["chooser"] == "table":
            key = (
                "ask_category_table"
                if purpose not in ("ruby", "ruby_final")
                else f"ask_category_{purpose}"
            )
        elif purpose in ("wild", "joker", "all_play", "final", "ruby", "ruby_final"):
            key = f"ask_category_{purpose}"
        else:
            key = "ask_category_player"
        opponents = [s["name"] for s in self.game.state["sides"] if s["name"] != prompt["side"]]
        ask = self.narrator.say(
            key, side=side, options=listed, year=prompt.get("year"), opponents=_and(opponents)
        )

        def interpret(heard: Heard):
            for text in heard.alternatives:
                said = [c for c in und.categories_in(text, self.game.rules) if c in options]
                if len(said) == 1:
                    return Done(said[0])
                if len(said) > 1:
                    return Ask(
                        self.narrator.say("ambiguous", options=self.narrator.categories(said, "or"))
                    )
            return NOT_UNDERSTOOD

        names = [self.narrator.category(c) for c in options]
        every = ask + " " + self.narrator.say("category_choices", options=_or(names))
        category = self.converse(
            ask,
            self._listening("choice", prompt, names),
            interpret,
            pass_value=options[0],
            pass_means=self.narrator.part("pass_means", "category", first=names[0]),
            repeat=every if listed not in ask else ask,
        )
        return {"type": "category", "category": category}

    def _ask_claims(self, prompt: dict) -> dict:
        question = self.game.state["question"]
        key = (question["card"], question["category"])
        reading = ""
        if key not in self.read_questions:
            self.read_questions.add(key)
            reading = (
                self.narrator.say(
                    "question_all_play",
                    category=self.narrator.category(question["category"]),
                    question=self.narrator.question_text(self.game.question(*key)),
                )
                + " "
            )
        ask = reading + self.narrator.say("ask_claims")
        sides = self._names_dialogue(ask, prompt, "claims")
        return {"type": "claims", "sides": sides}

    def _ask_steal(self, prompt: dict) -> dict:
        ask = self.narrator.say("ask_steal", eligible=_and(prompt["eligible"]))
        return {"type": "steal", "sides": self._names_dialogue(ask, prompt, "steal")}

    def _names_dialogue(self, ask: str, prompt: dict, kind: str) -> list[str]:
        spoken = {}
        for side in self.game.state["sides"]:
            spoken[side["name"]] = side["name"]
            for member in side["members"]:
                spoken[member] = side["name"]
        eligible = prompt["eligible"]

        def interpret(heard: Heard):
            text = heard.text
            if und.is_one_of(text, "nobody"):
                return Done([])
            sides, unknown = und.names_in(text, spoken, fuzzy=self.channel.voice)
            if not sides and not unknown and kind == "steal" and und.says_steal(text):
                if len(eligible) == 1:  # "we steal", "I'll steal": the one who can
                    return Done(list(eligible))
                return Ask(self.narrator.say("who_steals", eligible=_or(eligible)))
            if unknown and (sides or len(unknown) <= 3):
                return Reply(
                    self.narrator.say(
                        "unknown_names", names=_and(unknown), known=_and(list(spoken))
                    )
                )
            if not sides:
                return NOT_UNDERSTOOD
            outside = [s for s in sides if s not in eligible]
            if outside:
                return Reply(
                    self.narrator.say("not_eligible", names=_and(outside), eligible=_and(eligible))
                )
            return Done(sides)

        return self.converse(
            ask,
            self._listening("names", prompt, list(spoken)),
            interpret,
            pass_value=[],
            pass_means=self.narrator.part("pass_means", kind),
            silence=[],
        )

    def _ask_answer(self, prompt: dict) -> dict:
        card, category = prompt["card"], prompt["category"]
        question = self.game.question(card, category)
        side = self.narrator.who(prompt["side"])
        key = "question_coop" if prompt["side"] == TABLE else "question"
        reading = self.narrator.say(
            key,
            side=side,
            category=self.narrator.heading(category),
            question=self.narrator.question_text(question),
        )
        if (card, category) in self.read_questions:
            ask = self.narrator.say("question_again", side=side)
        else:
            self.read_questions.add((card, category))
            ask = reading
        fields = question.answer_fields()
        phrases = [fields["answer"], *fields["accept"], *fields["prompt"], *fields["reject"]]
        members = self.game.side(prompt["side"])["members"] + [prompt["side"]]
        strictness = self.settings.strictness_for(members)
        state = {"prompted": False, "heard": ""}

        def interpret(heard: Heard):
            text = heard.text
            if und.is_one_of(text, "thinking") or not und.normalise(text):
                return Ask(self.narrator.say("answer_or_pass"))  # "hmm", or a blank line
            state["heard"] = text
            if und.is_one_of(text, "pass"):
                self.write("ruling", verdict="reject", reason="passed", heard=text)
                self.say(self.narrator.say("passed_answer"))
                return Done(False)
            if self.judging is None or not self.judging.available:
                return Done(None)
            ruling = self.judging.rule(
                question,
                self.deck_of.get(card, ""),
                card,
                [a for a in heard.alternatives if a.strip()],
                strictness,
            )
            self.write(
                "ruling",
                verdict=ruling.verdict,
                reason=ruling.reason,
                heard=ruling.heard,
                card=card,
                category=category,
                strictness=strictness,
            )
            state["heard"] = ruling.heard
            if ruling.verdict == "accept":
                return Done(True)
            if ruling.verdict == "prompt" and not state["prompted"]:
                state["prompted"] = True
                return Reply(self.narrator.say("more_specific"))
            return Done(False)

        time_limit = self.settings.answer_seconds or None
        correct = self.converse(
            ask,
            self._listening("answer", prompt, phrases, time_limit),
            interpret,
            pass_value=False,
            pass_means=self.narrator.part("pass_means", "answer"),
            repeat=reading,
        )
        if correct is None:
            correct = self._table_judges(question, prompt)
        return {"type": "answer", "correct": correct, "_heard": state["heard"]}

    def _table_judges(self, question, prompt: dict) -> bool:
        """No judge installed: the host reads the answer, the table says right or wrong."""
        ask = self.narrator.say("what_was_the_answer", answer=self.narrator.answer_text(question))

        def interpret(heard: Heard):
            answer = und.yes_or_no(heard.text)
            return NOT_UNDERSTOOD if answer is None else Done(answer)

        right = self.converse(
            ask,
            self._listening("choice", prompt, ("yes", "no")),
            interpret,
            pass_value=False,
            pass_means=self.narrator.part("pass_means", "answer"),
        )
        self.write("ruling", verdict="accept" if right else "reject", reason="the table ruled")
        return right

    # ----------------------------------------------------------- commands

    def active_side(self) -> str:
        prompt = self.game.prompt
        return prompt.get("side") or self.game.state["sides"][self.game.state["turn"]]["name"]

    def help_now(self) -> str:
        prompt = self.game.prompt
        table_roll = self.narrator.part("help_table_roll", self.settings.dice)
        return self.narrator.part("help_now", prompt["type"], table_roll=table_roll)

    def run_command(self, command: str) -> None:
        self.note("command", command=command)
        getattr(self, f"_command_{command}")()

    def pending(self) -> str:
        """The prompt still waiting, in a few words (after a query or help)."""
        prompt = self.game.prompt
        options = prompt.get("options", []) if prompt["type"] == "pick" else []
        names = [self.narrator.category(c) for c in options]
        return self.narrator.part(
            "pending",
            prompt["type"],
            side=self.narrator.who(prompt.get("roller") or self.active_side()),
            first=names[0] if names else "",
            second=names[1] if len(names) > 1 else "",
        )

    def _command_repeat(self) -> None:
        """The last substantive thing: the question or choices, or the last
        ruling with its answer when the question is closed."""
        if self.ruling_step == self.game.meta["steps"]:  # nothing has happened since
            for line in self.ruling_lines:
                self.say(line)
        self.say(self.current_ask, "prompt")

    def _command_answer(self) -> None:
        """'What was the answer?': the answer of the last question closed."""
        if self.closed_question is None:
            self.say(self.narrator.say("no_answer_yet"))
            return
        question = self.game.question(*self.closed_question)
        self.say(self.narrator.say("answer_was", answer=self.narrator.answer_text(question)))

    def _command_where_am_i(self) -> None:
        self.say(self.narrator.where(self.game, self.active_side()))

    def _command_score(self) -> None:
        for line in self.narrator.score(self.game):
            self.say(line)

    def _command_need(self) -> None:
        self.say(self.narrator.need(self.game, self.active_side()))

    def _command_advise(self) -> None:
        from host.advisor.advice import advise  # loads the solver only when asked

        game, prompt = self.game, self.game.prompt
        name = self.active_side()
        side = Engine.side_of(game.state, name)
        labels = None
        if prompt["type"] == "move" and side is not None:
            found = dest.destinations(game, side, prompt["roll"], prompt["options"], self.narrator)
            labels = {d.space: d.label for d in found}
        strengths = {
            c: tuple(v) for c, v in game.answers.get(side["name"] if side else name, {}).items()
        }
        self.say(advise(game.rules, game.state, name, strengths, labels).sentence)

    def _command_whose_turn(self) -> None:
        state = self.game.state
        turn = self.narrator.who(state["sides"][state["turn"]]["name"])
        waiting = self.narrator.part(
            "waiting_for", self.game.prompt["type"], side=self.narrator.who(self.active_side())
        )
        self.say(self.narrator.say("whose_turn", side=turn, waiting=waiting))

    def _command_help(self) -> None:
        self.say(self.help_now())
        self.say(self.narrator.say("help_always"))

    def _command_rules(self) -> None:
        rules = self.game.rules
        space = rules.board.space(self.game.side(self.active_side())["space"])
        category = self.narrator.category(space.category) if space.category else ""
        mode = "coop" if rules.coop else rules.board.hub_role  # the rules of the mode played
        hub_rule = str(_phrase("hub_rules")[mode])
        key = (
            "rules_of_coop" if rules.coop and space.kind in _phrase("rules_of_coop") else "rules_of"
        )
        text = self.narrator.part(
            key, space.kind, sentence=True, category=category, hub_rule=hub_rule
        )
        if rules.steal:
            text += str(_phrase("steal_rule"))
        self.say(text)

    def _command_pause(self) -> None:
        self.save()
        self.say(self.narrator.say("paused"))
        while True:
            heard = self.listen(self._listening("free", self.game.prompt))
            command = und.command_of(heard.text)
            if command == "resume":
                self.say(self.narrator.say("resumed"))
                self.say(self.current_ask, "prompt")
                return
            if command == "save_quit":
                self._command_save_quit()
            if heard.typed or not heard.nothing:
                self.say(self.narrator.say("still_paused"))

    def _command_resume(self) -> None:
        self.say(self.current_ask, "prompt")

    def _command_save_quit(self) -> None:
        self.save()
        self.note("saved and quit")
        self.say(self.narrator.say("saved_and_quit", resume=self.resume_command()))
        raise QuitGame()

    def _command_right(self) -> None:
        self._override(True)

    def _command_wrong(self) -> None:
        self._override(False)

    def _override(self, correct: bool) -> None:
        try:
            ruling, events = self.game.override(correct)
        except CannotUndo as exc:
            self.say(self.narrator.say("override_refused", reason=exc))
            return
        side = self.narrator.who(ruling.get("side"))
        self.say(self.narrator.say("override_right" if correct else "override_wrong", side=side))
        self.write(
            "ruling",
            verdict="accept" if correct else "reject",
            reason="the table overrode",
            heard=ruling.get("heard", ""),
            card=ruling.get("card"),
            category=ruling.get("category"),
            override=True,
        )
        if self.judging is not None and ruling.get("card"):
            question = self.game.question(ruling["card"], ruling["category"])
            problem = self.judging.teach(
                question,
                self.deck_of.get(ruling["card"], ""),
                ruling["card"],
                ruling.get("heard", ""),
                correct,
            )
            if problem:
                self.note(problem)
        self.read_questions = set()
        self.narrate(events)
        self.save()
        raise PromptChanged()

    def _command_skip(self) -> None:
        try:
            events = self.game.skip_question()
        except CannotUndo as exc:
            self.say(self.narrator.say("skip_refused", reason=exc))
            return
        except OutOfCards as exc:
            self.say(self.narrator.say("skip_refused", reason=exc))
            return
        self.say(self.narrator.say("skipped"))
        self.read_questions = set()
        self.narrate([e for e in events if e["type"] not in ("moved", "rolled", "jumped")])
        self.save()
        raise PromptChanged()

    def _adjust(self, change: str) -> None:
        self.say(self.narrator.say(self.channel.adjust(change)))

    def _command_louder(self) -> None:
        self._adjust("louder")

    def _command_softer(self) -> None:
        self._adjust("softer")

    def _command_slower(self) -> None:
        self._adjust("slower")

    def _command_faster(self) -> None:
        self._adjust("faster")

    def _command_short(self) -> None:
        self._verbosity(-1)

    def _command_long(self) -> None:
        self._verbosity(+1)

    def _verbosity(self, step: int) -> None:
        """'shorter' and 'more detail' go one level at a time."""
        levels = VERBOSITY
        now = levels.index(self.narrator.verbosity) if self.narrator.verbosity in levels else 1
        self.narrator.verbosity = levels[max(0, min(len(levels) - 1, now + step))]
        self.say(self.narrator.say(f"verbosity_{self.narrator.verbosity}"))

    def _command_keyboard(self) -> None:
        if not self.channel.voice or self.keyboard_factory is None:
            self.say(self.narrator.say("keyboard_already"))
            return
        self.say(self.narrator.say("switch_to_keyboard"))
        self.channel.close()
        self.channel = self.keyboard_factory()
        self.narrator.typed = True
        self.note("switched to the keyboard")
        self.say(self.current_ask, "prompt")


def _fitting(text: str, among: list, rules) -> list:
    """The destinations among `among` the words fit; an option said back as
    the host read it out is that option."""
    said_back = [d for d in among if und.normalise(d.label) == und.normalise(text)]
    return said_back if len(said_back) == 1 else dest.match(text, among, rules)


def _phrase(key: str):
    from host.table.narrator import phrases

    return phrases()[key]


def _and(names) -> str:
    from host.table.narrator import join

    return join(list(names), "and")


def _or(names) -> str:
    from host.table.narrator import join

    return join(list(names), "or")
