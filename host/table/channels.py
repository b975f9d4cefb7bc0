"""How the table talks and listens: one small interface, three kinds.

The loop core only calls `say` and `listen`. The keyboard prints plain lines
(a screen reader reads them well) and reads typed lines; the scripted channel
feeds lines from a list or a responder (tests, bots); the voice channel
(voice.py) synthesizes, plays, listens and recognizes.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from host.signals import Signal

if TYPE_CHECKING:
    from host.judge.model import AnswerFields

SILENCE, NOISE, TIME_UP = "<silence>", "<noise>", "<time up>"
CARD_GUESS = re.compile(r"\s*\[card:\s*([^\]]*)\]\s*$")  # "... [card: art deco]"
DISPUTED = re.compile(r"\s*\[disputed\]\s*$")  # "that was wrong [disputed]"


class EndOfInput(Signal):
    """The input ended (end of file, end of a script): save and stop."""


@dataclass(frozen=True)
class Heard:
    """What came in: alternatives best first; none means nothing was heard."""

    alternatives: tuple[str, ...] = ()
    typed: bool = False
    noise: bool = False  # sound, but no words in it
    timed_out: bool = False  # the answer time (house rule) ran out
    confidences: tuple[float, ...] = ()
    # what the recognizer's pass guided by the card's phrases heard (answers
    # by voice only): the host may ask "Did you say ...?" about it
    card_guess: str | None = None
    # the recognizer's two passes heard different phrases (Recognition.disputed)
    disputed: bool = False

    @property
    def text(self) -> str:
        return self.alternatives[0] if self.alternatives else ""

    @property
    def nothing(self) -> bool:
        return not any(a.strip() for a in self.alternatives)

    def as_log(self) -> dict:
        log: dict = {"alternatives": list(self.alternatives), "typed": self.typed}
        if self.noise:
            log["noise"] = True
        if self.timed_out:
            log["timed_out"] = True
        if self.confidences:
            log["confidences"] = [round(c, 3) for c in self.confidences]
        if self.card_guess:
            log["card_guess"] = self.card_guess
        if self.disputed:
            log["disputed"] = True
        return log


@dataclass(frozen=True)
class Listening:
    """What the table waits for, so a recognizer can expect it."""

    kind: str  # answer | choice | names | roll | yes_no | free
    phrases: tuple[str, ...] = ()  # choices, or the card's answer phrases
    commands: tuple[str, ...] = ()
    time_limit: float | None = None
    prompt: dict = field(default_factory=dict)  # the engine's prompt (for bots)
    # choices: other names of them (a colour), heard but not offered; answers:
    # the decks' other answers of the card's kind, a whole answer if said alone;
    # names: those who may claim or steal (a list of names goes on only to them)
    also: tuple[str, ...] = ()
    # answers: the card as the judge reads it (kind, accept, prompt, reject), so
    # the end of turn knows a whole answer as the ruling will ("no way" on a
    # True/False card); None: the phrases stand for it
    card: AnswerFields | None = None
    # what the host's question suggested saying ("Say [roll]."): the likeliest
    # words, which a recognizer with a text prompt may name
    suggested: tuple[str, ...] = ()
    # the table's names, players' and teams': the queries about each are
    # heard with the commands ("where is Ben")
    names: tuple[str, ...] = ()


class Channel(Protocol):
    voice: bool

    def say(self, text: str, kind: str = "narration") -> None: ...

    def listen(self, listening: Listening) -> Heard: ...

    def adjust(self, change: str) -> str: ...

    def close(self) -> None: ...


class KeyboardChannel:
    """Printed lines out, typed lines in."""

    voice = False

    def __init__(
        self, read: Callable[[str], str] = input, write: Callable[[str], None] | None = None
    ):
        self._read = read
        self._write = write or (lambda line: print(line, flush=True))

    def say(self, text: str, kind: str = "narration") -> None:
        self._write(text)

    def listen(self, listening: Listening) -> Heard:
        try:
            line = self._read("> ")
        except EOFError:
            raise EndOfInput("end of input") from None
        return Heard((line.strip(),), typed=True)

    def adjust(self, change: str) -> str:
        return "keyboard_adjust"

    def close(self) -> None:
        pass


class ScriptedChannel:
    """Lines from a script, then from a responder; collects what was said.

    A line "a|b" is two alternatives, "<silence>" nothing heard, "<noise>"
    sound without words, "<time up>" the answer time ran out in silence.
    A voice line may end in "[card: c]": the pass guided by the card's
    phrases heard c ("but to get gold [card: art deco]"); the host may then
    ask "Did you say Art Deco?". A voice line may end in "[disputed]": the
    recognizer's two passes heard different phrases ("that was wrong
    [disputed]" is asked about before the ruling changes).
    `responder(listening)` answers once the
    lines run out; without one the input ends (EndOfInput).
    """

    def __init__(
        self,
        lines: Iterable[str] = (),
        responder: Callable[[Listening], str] | None = None,
        voice: bool = False,
        echo: bool = False,
    ):
        self.lines = list(lines)
        self.responder = responder
        self.voice = voice
        self.echo = echo
        self.said: list[str] = []
        self.log: list[str] = []  # said and heard, in order, as a transcript
        self.adjustments: list[str] = []

    def say(self, text: str, kind: str = "narration") -> None:
        self.said.append(text)
        self.log.append(text)
        if self.echo:
            print(text, file=sys.stdout)

    def listen(self, listening: Listening) -> Heard:
        if self.lines:
            line = self.lines.pop(0)
        elif self.responder is not None:
            line = self.responder(listening)
            if line is None:
                raise EndOfInput("the responder stopped")
        else:
            raise EndOfInput("the script ended")
        self.log.append(f"> {line}")
        if self.echo:
            print(f"> {line}", file=sys.stdout)
        if line == SILENCE:
            return Heard(())
        if line == NOISE:
            return Heard((), noise=True)
        if line == TIME_UP:
            return Heard((), timed_out=True)
        disputed = self.voice and DISPUTED.search(line) is not None
        said, guess = _card_guess(DISPUTED.sub("", line)) if self.voice else (line, None)
        return Heard(
            tuple(a.strip() for a in said.split("|")),
            typed=not self.voice,
            card_guess=guess,
            disputed=disputed,
        )

    def adjust(self, change: str) -> str:
        self.adjustments.append(change)
        return f"voice_{change}" if self.voice else "keyboard_adjust"

    def close(self) -> None:
        pass


def _card_guess(line: str) -> tuple[str, str | None]:
    """A scripted voice line without its "[card: ...]" ending, and that guess."""
    found = CARD_GUESS.search(line)
    if found is None:
        return line, None
    return line[: found.start()], found.group(1).strip() or None
