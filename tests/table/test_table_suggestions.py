"""Every phrase the host suggests at a prompt is in what the recognizer
expects there (issue 13, item 5): "Say [roll]", "[Yes] or [no]", the choices
read out after a roll, "say [steal] ... or [no]", "[pass]", the commands that
help lists. Suggestions are marked in the phrase data (host/table/data/
phrases.yaml: words in [brackets]); the narrator hands them on with each
line (`Line.suggests`).

Games by voice are played with a bot at every verbosity; at the first
prompt of each kind the table also asks for help, asks the score (the
prompt is restated) and is not understood three times (the keyboard or a
pass is offered), so every line said at a prompt is heard. Each line's
suggestions must be in that prompt's grammar (`expectation_for`).
"""

from __future__ import annotations

import re

import pytest
from table_bots import TableBot
from table_sitting import play_args
from table_talk import phrase_texts

from host.table import understanding as und
from host.table.channels import NOISE, Listening, ScriptedChannel
from host.table.narrator import phrases
from host.table.prompts import PROMPTS
from host.table.setup import play
from host.table.voice import expectation_for

VERBOSITIES = ("long", "normal", "short")
GAMES = [
    ("classic", None, 3, "host"),
    ("genus2", "standard", 4, "host"),
    ("genus6", "classic", 11, "host"),
    ("ruby", None, 5, "host"),
    ("classic", None, 6, "table"),  # the table's own die: its help at the move
]
PROBE = ["help", "score", NOISE, NOISE, NOISE]  # help, the prompt restated, the offer
KINDS = set(PROMPTS) | {"confirm"}  # the confirm question ("Did you say ...?") too


class Listener(ScriptedChannel):
    """A voice table that notes, at each listen, what it was told since the last."""

    def __init__(self, lines=(), responder=None):
        super().__init__(lines, responder=responder, voice=True)
        self.heard_at: list[tuple[Listening, list]] = []
        self._mark = 0

    def listen(self, listening: Listening):
        self.heard_at.append((listening, self.said[self._mark :]))
        self._mark = len(self.said)
        return super().listen(listening)


def kind_of(listening: Listening) -> str:
    return "confirm" if listening.kind == "yes_no" else str(listening.prompt.get("type", ""))


def probing(bot):
    """The bot's lines, after the probe at the first prompt of each kind."""
    pending: dict[str, list[str]] = {}

    def respond(listening: Listening):
        kind = kind_of(listening)
        queue = pending.setdefault(kind, list(PROBE))
        return queue.pop(0) if queue else bot(listening)

    return respond


def grammar(listening: Listening) -> set[str]:
    expected = expectation_for(listening)
    return {und.normalise(p) for p in expected.phrases + expected.commands}


def missing_suggestions(channel: Listener) -> tuple[set[str], list[str]]:
    """(the prompt kinds heard, 'kind: key suggests X' for each suggestion not expected)."""
    kinds, missing = set(), []
    for listening, lines in channel.heard_at:
        if listening.kind == "free" or not listening.prompt:
            continue  # setup, and pause: free speech hears any words
        kinds.add(kind_of(listening))
        expected = grammar(listening)
        for line in lines:
            for suggestion in getattr(line, "suggests", ()):
                if und.normalise(suggestion) not in expected:
                    missing.append(f"{kind_of(listening)}: {line.key} suggests {suggestion!r}")
    return kinds, missing


@pytest.mark.parametrize("verbosity", VERBOSITIES)
def test_every_suggestion_at_a_prompt_is_in_its_grammar(fast_tmp, verbosity):
    kinds, missing = set(), []
    for index, (edition, mode, seed, dice) in enumerate(GAMES):
        channel = Listener(responder=probing(TableBot(seed=seed, max_lines=500)))
        folder = fast_tmp / f"{verbosity}-{index}"
        args = play_args(
            folder, edition=edition, mode=mode, seed=seed, verbosity=verbosity, dice=dice
        )
        play(args, channel=channel)
        found, gaps = missing_suggestions(channel)
        kinds |= found
        missing += gaps
    # the confirm question: Ottawa said, heard as "a tower" (tests/table/test_table_confirm.py)
    channel = Listener(["roll", "geography", "a tower [card: ottawa]"] + PROBE + ["yes"])
    play(play_args(fast_tmp / f"{verbosity}-confirm", verbosity=verbosity), channel=channel)
    found, gaps = missing_suggestions(channel)
    kinds |= found
    missing += gaps
    assert kinds >= KINDS, f"prompts never reached: {sorted(KINDS - kinds)}"
    assert not missing, sorted(set(missing))


def test_what_a_question_suggested_is_what_the_recognizer_is_told_to_expect(fast_tmp):
    # "Say [roll].": the recognizer's prompt names "roll", not its nine
    # other wordings ("rules" said in noise was heard as "roll it" when it did)
    channel = Listener(responder=TableBot(seed=3, max_lines=60))
    play(play_args(fast_tmp / "game", edition="genus6", seed=3), channel=channel)
    rolls = [listening for listening, _ in channel.heard_at if listening.kind == "roll"]
    assert rolls and all(listening.suggested == ("roll",) for listening in rolls)
    likely = expectation_for(rolls[0]).likely
    assert likely[0] == "roll" and "roll it" not in likely and "save and quit" in likely


# Words after "say" that describe what to say rather than suggest it.
DESCRIBING = {
    "your",
    "the",
    "a",
    "one",
    "what",
    "again",
    "it",
    "more",
    "that",
    "or",
    "instead",
    "whether",
}


def test_every_say_in_the_phrases_marks_what_it_suggests():
    """A new "say X" without [X] would escape the test above: 'say' and 'type'
    are followed by a marked suggestion or by words that describe one."""
    unmarked = []

    for key, entry in phrases().items():
        for text in phrase_texts(entry):
            for word in re.findall(r"(?<!you )\b(?:[Ss]ay|[Tt]ype) ([^\s\[,.?]+)", text):
                if word.lower() not in DESCRIBING:
                    unmarked.append(f"{key}: {text}")
    assert not unmarked, unmarked
