"""The game loop: the engine's prompt in words, what the table says back,
the action it means, the events in words, a save — until the game is over.

The loop only knows a channel (say / listen), so the keyboard, a script and
the voice all drive the same conversation. Commands work at every prompt;
three failed hearings in a row offer the keyboard or a pass, and three more
take the pass, so the host never loops forever.
"""

from __future__ import annotations

import shlex
from dataclasses import replace

from host.cards.dealer import OutOfCards
from host.rules.engine import TABLE, IllegalAction
from host.rules.protocol import Event
from host.signals import Signal
from host.table import understanding as und
from host.table.channels import EndOfInput, Heard, Listening
from host.table.game import CannotUndo
from host.table.narrator import number_words, suggested
from host.table.prompts import NOT_UNDERSTOOD, PROMPTS, Ask, Done, Reply, did_you_say

FAILURES_BEFORE_OFFER = 3

# After these the pending prompt is restated in a few words.
RESTATING = frozenset(
    ["where_am_i", "score", "need", "advise", "whose_turn", "help", "rules", "answer"]
)
QUESTIONS_BACK = 4  # then a question back counts as a miss after all
# Commands that change the game (a ruling, the question, the evening) or how
# the host talks to the table (its voice, how much it says, the keyboard).
# Heard by voice when the recognizer's two passes disagreed, they are asked
# about first: room noise written "that was wrong" where the player said
# "rules" would rule a right answer wrong and teach the judge so, and a
# player who cannot see the board should not find the host faster or
# terser because "speak up" was written "speed up". On commands_bench.py
# (the roll prompt, nine voices, clean and in noise) the voice settings
# heard where nobody meant one were disputed 10 times of 12 (the help's
# phrases and other talk, 702 utterances) and 11 of 12 (other ways of
# saying commands, 459); those meant, 26 of 145 and 16 of 68.
VOICE_SETTINGS = frozenset(["louder", "softer", "slower", "faster", "short", "long"])
ASKED_FIRST = (
    frozenset(["right", "wrong", "skip", "undo", "save_quit", "keyboard"]) | VOICE_SETTINGS
)


class PromptChanged(Signal):
    """The game moved under the current prompt (override, skip): ask afresh."""


class QuitGame(Signal):
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
        self.dialogue: str | None = None  # a question inside a prompt ("confirm"), for help
        # said in place of "Right!" or "No." for the answer about to be applied:
        # "A pass.", "Time's up!" (the player knows it is no answer)
        self.ruled_as: str | None = None
        self.deck_of = {card.id: card.deck for card in game.cards.values()}

    # ------------------------------------------------------------ running

    def start(self, opening_events: list[Event], welcomed: str | None = None) -> str:
        """`welcomed`: the welcome, said before the decks were read; logged
        in its place, not said again."""
        if self.judging is None:
            self.say(self.narrator.say("no_judge"))
        self.narrate(opening_events, welcomed=welcomed)
        self.save()
        if self.judging is not None:
            self.judging.start_preparing()  # after the first words: a thread would delay them
        return self.run()

    def resume(self, welcomed: str | None = None) -> str:
        """`welcomed`: "Welcome back!", said before the decks were read;
        logged, not said again."""
        self.note("resumed")
        if welcomed is None:
            self.say(self.narrator.say("welcome_back"))
        else:
            self._log_said(welcomed)
        for line in self.narrator.score(self.game):
            self.say(line)
        if self.judging is not None:
            self.judging.start_preparing()  # after the first words: a thread would delay them
        return self.run()

    def run(self) -> str:
        try:
            while not self.game.over:
                try:
                    action, heard = self.ask_for_action()
                except PromptChanged:
                    continue
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
        ruled_as, self.ruled_as = self.ruled_as, None
        try:
            events = self.game.step(action)
        except IllegalAction as exc:
            self.say(self.narrator.say("illegal_now", reason=exc))
            return
        except OutOfCards as exc:
            self.say(self.narrator.say("out_of_cards", reason=exc))
            self.save()
            raise QuitGame() from None
        self.write("action", action=action)
        if action["type"] == "answer" and self.game.meta.get("last_ruling"):
            self.game.meta["last_ruling"].update(heard=heard or "", **self._asked())
        self.narrate(events, ruled_as)
        self.save()

    def correct_roll(self, value: int, heard: Heard) -> None:
        """The table's die was misheard ("I rolled a four" at the move): the
        roll is made again with `value`, and the move asked afresh. By voice,
        asked about first: table talk was heard as one ("i need a drink" as
        "i rolled a three", flite kal in noise and hibari clean)."""
        if self.game.prompt.get("roll") == value:
            self.say(self.narrator.say("roll_same", value=number_words(value)))
            raise PromptChanged()
        if not heard.typed:
            ask = self.narrator.say("roll_asked", value=number_words(value))
            meant = did_you_say(self, ask, self.game.prompt, heard.text, False, "command")
            self.note("roll asked about", value=value, heard=heard.text, meant=meant)
            if not meant:
                self.say(self.narrator.say("command_not_meant"))
                raise PromptChanged()
        try:
            events = self.game.correct_roll(value)
        except CannotUndo as exc:
            self.say(self.narrator.say("roll_refused", reason=exc))
            raise PromptChanged() from None
        self.note("roll corrected", value=value)
        self.say(self.narrator.say("roll_corrected", value=number_words(value)))
        for event in events:  # the new roll, said just now: in the transcript, not said twice
            if event["type"] == "rolled":
                self.write("event", event=event)
        self.narrate([e for e in events if e["type"] != "rolled"])
        self.save()
        raise PromptChanged()

    def _too_late_for_the_roll(self, heard: Heard) -> bool:
        """ "I rolled a four" once the move is made: said why it stands, not
        judged as an answer or a choice (at the move it rolls again)."""
        if self.settings.dice != "table" or self.game.prompt["type"] in ("roll", "move"):
            return False
        if und.rolled_value(heard.text) is None:
            return False
        self.say(self.narrator.say("roll_refused", reason="the move is made"))
        return True

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
        self._log_said(text)

    def _log_said(self, text: str) -> None:
        key = getattr(text, "key", "")
        self.write("said", text=str(text), **({"key": key} if key else {}))

    def narrate(
        self, events: list[Event], ruled_as: str | None = None, welcomed: str | None = None
    ) -> None:
        """Say and log the events; `ruled_as`: the phrase said for the ruling;
        `welcomed`: the game_started event's words, already said."""
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
            if event["type"] == "game_started" and welcomed is not None:
                self._log_said(welcomed)
                continue
            if event["type"] == "answered" and ruled_as:
                line = self.narrator.ruling_as(ruled_as, event)
            else:
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
        if listening.commands:  # and the queries about someone, by this table's names
            listening = replace(listening, names=tuple(self.spoken_names()))
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
        if suggested(ask) and not listening.suggested:
            listening = replace(listening, suggested=tuple(suggested(ask)))
        failures, offered, asked = 0, False, 0
        while True:
            heard = self.listen(listening)
            if heard.nothing and heard.timed_out and listening.kind == "answer":
                self.ruled_as = "time_up"  # "Time's up!", said as the ruling
                return pass_value
            if (
                heard.nothing
                and not heard.typed
                and not heard.noise
                and silence is not NOT_UNDERSTOOD
            ):
                return silence
            outcome = NOT_UNDERSTOOD
            if self._too_late_for_the_roll(heard):
                continue
            if heard.typed or not heard.nothing:
                command, about = self._command_in(heard)
                if command and not self._meant(command, heard):
                    continue
                if command:
                    self.run_command(command, about)
                    if command in RESTATING:
                        self.say(table_commands.pending(self), "prompt")
                    failures = 0
                    continue
                if offered and und.is_one_of(heard.text, "pass"):
                    self._passing(listening, "passed_answer", "passing_as_asked", pass_means)
                    return pass_value
                outcome = interpret(heard)
            if isinstance(outcome, Done):
                return outcome.value
            if isinstance(outcome, Ask):
                asked += 1
                if asked <= QUESTIONS_BACK:
                    self.say(outcome.text, "prompt")
                    continue
            # A reply ("not reachable", "which one?") counts as a miss too, so that
            # saying the same wrong thing again and again still ends in the offer.
            if isinstance(outcome, Reply):
                self.say(outcome.text)
            failures += 1
            if failures < FAILURES_BEFORE_OFFER:
                if outcome is NOT_UNDERSTOOD:
                    self._say_missed(heard)
                elif isinstance(outcome, Ask):  # not before the offer, nor the pass
                    self.say(outcome.text, "prompt")
            else:
                if offered:
                    self._passing(listening, "passed_for_you", "passing_for_you", pass_means)
                    return pass_value
                key = "three_failures" if self.channel.voice else "three_failures_typed"
                self.say(self.narrator.say(key, pass_means=pass_means))
                offered, failures = True, 0

    def _passing(self, listening: Listening, ruling: str, saying: str, pass_means: str) -> None:
        """Pass after the offer: at an answer, `ruling` is said as the ruling
        ("A pass.", not "No."); elsewhere, `saying` says what the pass does."""
        if listening.kind == "answer":
            self.ruled_as = ruling
        else:
            self.say(self.narrator.say(saying, pass_means=pass_means))

    def _meant(self, command: str, heard: Heard) -> bool:
        """Whether to carry out `command`: yes, unless it changes the game, was
        heard by voice with the recognizer's passes in dispute, and the
        player does not say yes to "Did you say ...?"."""
        if command not in ASKED_FIRST or heard.typed or not heard.disputed:
            return True
        ask = self.narrator.say("did_you_say", answer=heard.text)
        said = did_you_say(self, ask, self.game.prompt, heard.text, False, "command")
        self.note("command asked about", command=command, heard=heard.text, meant=said)
        if not said:
            self.say(self.narrator.say("command_not_meant"))
        return bool(said)

    def _say_missed(self, heard: Heard) -> None:
        if heard.noise:
            self.say(self.narrator.say("heard_noise"))
        elif heard.nothing and not heard.typed:
            self.say(self.narrator.say("heard_nothing"))
        elif not heard.text:  # an empty typed line: what can be typed here
            self.say(table_commands.help_now(self))
        else:
            self.say(
                self.narrator.say(
                    "not_understood", heard=heard.text, help=table_commands.help_now(self)
                )
            )

    # ------------------------------------------------------------ dispatch

    def ask_for_action(self) -> tuple[dict, str | None]:
        """The pending prompt's dialogue: (the action, the words heard)."""
        prompt = self.game.prompt
        return PROMPTS[prompt["type"]](self, prompt)

    def run_command(self, command: str, about: str | None = None) -> None:
        """`about`: the side a query was asked about by name ("where is Ben")."""
        if about is None:
            self.note("command", command=command)
            COMMANDS[command](self)
        else:
            self.note("command", command=command, about=about)
            ABOUT_SOMEONE[command](self, about)

    def spoken_names(self) -> dict[str, str]:
        """Every name said at the table, players' and teams', to its side
        (not the co-op's one side, "table": nobody asks "where is table")."""
        spoken = {}
        for side in self.game.state["sides"]:
            if side["name"] != TABLE:
                spoken[side["name"]] = side["name"]
            for member in side["members"]:
                spoken[member] = side["name"]
        return spoken

    def _command_in(self, heard: Heard) -> tuple[str | None, str | None]:
        """(the command the best alternative is, the side it asks about by
        name: "what wedges does Ann have"), or (None, None)."""
        best = heard.alternatives[0] if heard.alternatives else ""
        command = und.command_of(best)
        if command:
            return command, None
        names = self.spoken_names()
        about = und.about_someone(best, names, fuzzy=not heard.typed)
        if about is None and heard.card_guess:
            # at an answer the card's grammar heard the query ("where is ann")
            # and Whisper the same words but the name ("where is jan", flite's "Ann")
            guess = und.about_someone(heard.card_guess, names)
            if guess and guess[0] in und.asks_about_someone(best):
                about = guess
        return about or (None, None)


from host.table import table_commands  # noqa: E402  (the commands raise this module's exceptions)
from host.table.table_commands import ABOUT_SOMEONE, COMMANDS  # noqa: E402
