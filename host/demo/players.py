"""Simulated players: what each says at each prompt, decided by a seeded coin.

A player has a skill (the chance of knowing an answer) and a voice. Knowing,
they say the card's answer, or now and then a vague part of it first (a
"prompt" entry, so the host asks for more); not knowing, they say a near
miss from the card, another card's answer of the same kind (a singer for a
singer; "true" for "false"), or that they do not know. When
the host rules against an answer they knew, they say "that was right"; asked
"Did you say ...?", they say yes only if that was what they said.

The table decides from the `Listening` the host hands out (the engine's
prompt and the phrases it expects), so it plays every edition and mode
without knowing the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from host.rules.engine import TABLE
from host.table.channels import Listening
from host.table.understanding import normalise

COMMANDS = ("repeat", "where am i", "score", "what do i need")
PASS_LINES = ("i don't know", "pass")
NO_LINE = None


@dataclass(frozen=True)
class SimulatedPlayer:
    name: str
    skill: float  # chance of knowing an answer, 0..1
    voice: str = ""  # a flite voice: kal, awb, rms, slt


@dataclass(frozen=True)
class Line:
    speaker: str  # the player's name
    text: str
    intent: str  # answer_right, answer_vague, answer_wrong, pass, command, override, choice,
    # confirm


class SimulatedTable:
    """Every player at the table; `line(listening)` is the next thing said.

    `commands`: the chance of a command (repeat, where am I, ...) before a
    roll; `vague`: the chance a knowing player first gives a card's prompt
    entry; `max_answers`: after that many answers the table says "save and
    quit" (a short demo), None for a whole game; `max_lines` guards against
    a game that never ends.
    """

    def __init__(
        self,
        players: list[SimulatedPlayer],
        cards: dict,
        seed: int = 0,
        commands: float = 0.08,
        vague: float = 0.5,
        overrides: bool = True,
        max_answers: int | None = None,
        max_lines: int = 3000,
    ):
        self.players = {p.name: p for p in players}
        self.cards = cards  # card id -> Card: what the players may know
        self.order = [p.name for p in players]
        self.rng = random.Random(seed)
        self.commands = commands
        self.vague = vague
        self.overrides = overrides
        self.max_answers = max_answers
        self.max_lines = max_lines
        self.lines = 0
        self.answers = 0
        # other cards' answers heard so far, with their kinds: wrong guesses
        self.known_answers: list[tuple[str, str]] = []
        self._question: tuple | None = None  # (card, category, side) being answered
        self._knows = False
        self._vague_said = False
        self._last_said = ""  # the last answer
        self._last_line = ""  # the last thing said, answer or command
        self._to_override: str | None = None  # who will say "that was right"
        self._said_command = False
        self.overrides_said = 0  # "that was right": the host ruled a known answer wrong
        self.confirmations = 0  # "Did you say ...?" questions answered

    # ------------------------------------------------------------ rulings

    def ruled(self, verdict: str, heard: str = "") -> None:
        """The host's ruling of the last answer (from the transcript): a
        player who knew and was ruled wrong objects at the next prompt."""
        if (
            verdict == "reject"
            and self.overrides
            and self._knows
            and self._question
            and self._last_said not in PASS_LINES
        ):
            self._to_override = self._speaker_for(self._question[2])
        elif verdict == "accept":
            self._to_override = None

    # -------------------------------------------------------------- lines

    def line(self, listening: Listening) -> Line | None:
        """The next line, or None when the table stops (the line budget)."""
        said = self._next_line(listening)
        if said is not None and said.intent != "confirm":  # asked again, the same reply
            self._last_line = said.text
        return said

    def _next_line(self, listening: Listening) -> Line | None:
        self.lines += 1
        if self.lines > self.max_lines:
            return NO_LINE
        prompt = listening.prompt
        kind = prompt.get("type")
        side = prompt.get("side") or ""
        if listening.kind == "yes_no" and prompt.get("confirm"):  # "Did you say ...?"
            # about the answer, or about a command the host was unsure of
            asked = prompt["confirm"]
            meant = self._said(asked) or normalise(asked) == normalise(self._last_line)
            reply = "yes" if meant else "no"
            self.confirmations += 1
            return Line(self._speaker_for(side), reply, "confirm")
        if self._to_override and kind != "answer":
            speaker, self._to_override = self._to_override, None
            self.overrides_said += 1
            return Line(speaker, "that was right", "override")
        if self.max_answers is not None and self.answers >= self.max_answers and kind == "roll":
            return Line(self._speaker_for(side), "save and quit", "command")
        if kind == "roll":
            if not self._said_command and self.rng.random() < self.commands:
                self._said_command = True
                return Line(self._speaker_for(side), self.rng.choice(COMMANDS), "command")
            self._said_command = False
            return Line(self._speaker_for(side, prompt.get("roller")), "roll", "choice")
        if kind == "answer" and listening.kind == "answer":
            return self._answer(listening, prompt)
        return Line(self._speaker_for(side), self._choice(listening, prompt), "choice")

    def _choice(self, listening: Listening, prompt: dict) -> str:
        kind = prompt.get("type")
        rng = self.rng
        if kind in ("move", "category", "pick") and listening.phrases:
            return rng.choice(listening.phrases).lower()
        if kind == "jump":
            return rng.choice(["yes", "no"])
        if kind in ("claims", "steal"):
            eligible = [name for name in prompt["eligible"] if rng.random() < self._skill_of(name)]
            rng.shuffle(eligible)
            if not eligible:
                return "nobody"
            names = " and ".join(e.lower() for e in eligible)
            return f"steal {names}" if kind == "steal" else names
        return "yes"  # the table rules an answer itself (no judge installed), or yes/no

    def _answer(self, listening: Listening, prompt: dict) -> Line:
        question = (prompt.get("card"), prompt.get("category"), prompt.get("side"))
        speaker = self._speaker_for(question[2] or "")
        if question != self._question:  # a new question: does this side know it?
            self._question = question
            self._knows = self.rng.random() < self._skill_of(question[2] or "")
            self._vague_said = False
            self.answers += 1
        card = self.cards[question[0]].questions[question[1]]
        answer = card.spoken_answer
        text, intent = self._answer_text(answer, card)
        if (answer, card.kind) not in self.known_answers:
            self.known_answers = (self.known_answers + [(answer, card.kind)])[-30:]
        self._last_said = text
        return Line(speaker, text, intent)

    def _answer_text(self, answer: str, card) -> tuple[str, str]:
        if self._knows:
            vague = card.prompt
            if vague and not self._vague_said and self.rng.random() < self.vague:
                self._vague_said = True
                return vague[0], "answer_vague"
            return answer, "answer_right"
        roll = self.rng.random()
        if card.kind == "true_false":  # a guess at a true-or-false card is the other one
            if roll < 0.8:
                return ("True" if answer.casefold() == "false" else "False"), "answer_wrong"
            return self.rng.choice(PASS_LINES), "pass"
        misses = card.reject
        # a guess is of the kind asked for: a singer for a singer, a city for a city
        others = [a for a, kind in self.known_answers if a != answer and kind == card.kind]
        if misses and roll < 0.5:
            return self.rng.choice(misses), "answer_wrong"
        if others and roll < 0.8:
            return self.rng.choice(others), "answer_wrong"
        return self.rng.choice(PASS_LINES), "pass"

    def _said(self, entry: str) -> bool:
        """Truthfully: was `entry` what they said? The same words, or both
        the card's answer (as written, as spoken, or an accepted form)."""
        said, asked = normalise(self._last_said), normalise(entry)
        if said == asked:
            return True
        if self._question is None:
            return False
        card = self.cards[self._question[0]].questions[self._question[1]]
        right = {normalise(f) for f in (card.answer, card.spoken_answer, *card.accept)}
        return said in right and asked in right

    # --------------------------------------------------------------- who

    def _speaker_for(self, side: str, roller: str | None = None) -> str:
        """The player who speaks for a side: its roller in co-op, a member of a team."""
        if roller in self.players:
            return roller
        if side in self.players:
            return side
        if side == TABLE or not side:
            return self.rng.choice(self.order)
        return self.order[0]

    def _skill_of(self, side: str) -> float:
        if side in self.players:
            return self.players[side].skill
        return max(p.skill for p in self.players.values())
