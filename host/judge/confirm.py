"""Card-aware decisions: rule on what free decoding heard, and when it heard
nothing the card knows, weigh what a pass guided by the card's phrases heard
against it and ask a quick yes/no rather than rule a right answer wrong.

    decide(fields, ["but to get gold"], card_guess="art deco")
    -> Decision(verdict="confirm", ask_about="Art Deco", confidence=0.6, ...)

The confidence of a guess is how much of its sound free decoding also heard
(metaphone codes, the guess aligned inside what was heard: a recognizer that
hears "sock rates" for Socrates heard all of its sounds; one that hears "but
to get gold" for Art Deco heard few). A guess that free decoding also reads
as another answer of the same kind (a competitor: "sydney" for a Canberra
card) or as a listed near miss is never asked about.

judge.md has three verdicts; `Decision.cli_verdict` is what the batch
interface prints for a decision to confirm: the judge's own ruling on what
was heard, since nobody is there to say yes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import jellyfish
from rapidfuzz import fuzz

from host.judge.core import judge
from host.judge.forms import known_as
from host.judge.match import EXACT, best_form
from host.judge.model import Alternative, AnswerFields, Verdict, as_alternatives
from host.judge.normalise import heard_variants
from host.judge.truefalse import read_true_false

CONFIRM = "confirm"
SURE = 0.9  # a ruling on something the card knows (answer, near miss, number)
# Share of the guess's sound free decoding must have heard to ask. On the
# spoken dev set (bench/spoken_decisions.py): at 0.5 the host asked on 7.0% of
# answers and a table saying yes to every question would have had 5.5% false
# accepts; at 0.6, 3.6% and 2.1%, for 1.7 points less accuracy.
ASK_BAR = 0.6
# How alike in sound (metaphone codes, both ways) a short answer heard as
# neither true nor false must be to one of them to ask about it: "truly"
# 0.8, "force" 0.67; "done" (a filler) 0.5, "paris" 0.33.
TRUE_FALSE_BAR = 0.65
DECISIVE_RULES = frozenset({"reject-list", "number", "true-false", "first-name", "override"})


@dataclass(frozen=True)
class Decision:
    verdict: str  # accept | prompt | reject | confirm
    confidence: float  # 0..1: how sure the host is of the verdict
    judged: Verdict  # the judge's ruling on what free decoding heard
    ask_about: str | None = None  # confirm: the card entry to ask about
    reason: str = ""

    @property
    def cli_verdict(self) -> str:
        """judge.md's vocabulary: a decision to confirm prints the judge's ruling."""
        return self.judged.verdict if self.verdict == CONFIRM else self.verdict

    @property
    def question(self) -> str | None:
        """What the host asks ("Did you say Art Deco?"), when it asks."""
        return f"Did you say {self.ask_about}?" if self.ask_about else None


def sound_code(text: str) -> str:
    """The heard text as one string of metaphone codes, filler removed."""
    readings = heard_variants(text)
    if not readings:
        return ""
    return "".join(jellyfish.metaphone(word) for word in readings[-1].tokens)


def sound_support(heard: str, guess: str) -> float:
    """0..1: how much of the guess's sound is found, in order, in what was heard."""
    guessed, said = sound_code(guess), sound_code(heard)
    if not guessed or not said:
        return 0.0
    if len(said) >= len(guessed):  # the guess inside a longer utterance
        return float(fuzz.partial_ratio(guessed, said)) / 100
    return float(fuzz.ratio(guessed, said)) / 100


def true_or_false_by_sound(heard: str | Sequence[Any]) -> str | None:
    """ "True" or "False" when what was heard reads as neither, nor as a hedge,
    but a short alternative (two words at most) sounds like just one of them:
    Whisper writes a flite voice's "true" as "truly", "dreu" or "tree of",
    its "false" as "force"."""
    alternatives = [a.text for a in as_alternatives(heard) if a.text.strip()]
    if any(read_true_false(text) is not None for text in alternatives):
        return None  # said in words: the judge's ruling stands
    for text in alternatives:
        if len(text.split()) > 2:
            continue
        code = sound_code(text)
        alike = [
            word
            for word in ("True", "False")
            if len(code) > 1
            and code[:1] == sound_code(word)[:1]
            and fuzz.ratio(code, sound_code(word)) / 100 >= TRUE_FALSE_BAR
        ]
        if len(alike) == 1:
            return alike[0]
    return None


def _right_lower_alternative(
    fields: AnswerFields, heard: str | Sequence[Any], strictness: str, ruled: Verdict
) -> Decision | None:
    """A number heard wrong by the best alternative but right by a lower one
    ("273|minus 273" for -273: Whisper drops the sign; "1066 26|1066") is
    asked about: the best decides by judge.md's rule 8, but the player may
    well have said the lower one. On the spoken dev set no wrong number had
    a right lower alternative."""
    alternatives = as_alternatives(heard)
    below = _accepted_below(fields, alternatives, strictness)
    if below is None:
        return None
    alternative, lower = below
    return _asked(
        ruled,
        lower.matched or fields.answer,
        f"heard {alternatives[0].text!r}, or {alternative.text!r}, which is the answer",
    )


def _finished_lower_down(
    fields: AnswerFields, heard: str | Sequence[Any], strictness: str, ruled: Verdict
) -> Decision | None:
    """The answer was accepted from a lower reading that is the first reading
    and more ("united states of", read also "united states of america"):
    Whisper, prompted with the card, lends its lower readings the rest of a
    name, said or not. A player who stopped after "Martin Luther" on a
    Martin Luther King card was ruled right (pause_risk_bench's paused names,
    about one in ten), so the host asks. On the spoken dev set and
    judge_dev no right answer was read this way."""
    alternatives = as_alternatives(heard)
    first = _said(alternatives[0].text) if alternatives else ()
    # not a hum read first ("h-n-n", then "h-n-n hydrogen"): the answer followed it
    if not first or judge(fields, [alternatives[0].text], strictness).verdict == "accept":
        return None
    below = _accepted_below(fields, alternatives, strictness)
    if below is None:
        return None
    alternative = below[0]
    lower = _said(alternative.text)
    if len(first) >= len(lower) or lower[: len(first)] != first:
        return None  # the first reading the judge took is no more of the first
    return _asked(
        ruled,
        ruled.matched or fields.answer,
        f"heard {alternatives[0].text!r}; {alternative.text!r} only lower down",
    )


def _named_lower_down(fields: AnswerFields, heard: str | Sequence[Any], ruled: Verdict) -> Decision:
    """The answer was accepted by a well-known name read only below readings
    that matched nothing. Whisper is told the card's well-known names when
    it heard none of its entries, and may then write one for unclear audio:
    espeak-ng's Scottish "the big apple" on a Chicago card was read "the mid
    got old", then, with the names, "the windy city". A player who said the
    name says yes. On five rotations of the spoken dev set and a set of
    other accents, 77 right answers were read so, and that one wrong one."""
    first = as_alternatives(heard)[0].text
    # asked by the name as it is usually written, not as read ("oh old blue
    # eyes", "old reekie" for a player who said "auld reekie")
    names = known_as(ruled.matched or fields.answer)
    name = names[0] if names else ruled.heard
    return _asked(ruled, name, f"heard {first!r}; {ruled.heard!r} only lower down")


def _asked(ruled: Verdict, about: str, reason: str) -> Decision:
    """Ask "Did you say ...?" about `about`, at the bar for asking."""
    return Decision(CONFIRM, ASK_BAR, ruled, ask_about=about, reason=reason)


def _accepted_below(
    fields: AnswerFields, alternatives: Sequence[Alternative], strictness: str
) -> tuple[Alternative, Verdict] | None:
    """The first reading below the best that the judge accepts, with its verdict."""
    for alternative in alternatives[1:]:
        lower = judge(fields, [alternative.text], strictness)
        if lower.verdict == "accept":
            return alternative, lower
    return None


def _said(text: str) -> tuple[str, ...]:
    """The words of a reading, fillers and hums left out."""
    variants = heard_variants(text)
    return variants[0].tokens if variants else ()


def _names_a_competitor(
    heard: str, competitors: Sequence[str], kind: str, guess: str
) -> str | None:
    """Another answer of the card's kind that free decoding wrote, and that
    sounds at least as much like what was heard as the guess does. Written,
    not a slip away: a reading one slip from another answer says no more for
    it than the card-guided pass says for the card. In the demo, flite's
    "Gaul" came out "ball" (a slip of Bali) and "Olympia" "the limp" (of
    Lima), and the host ruled them wrong without asking, though the guided
    pass had heard the card's answer. "good" is a slip of "Gold" too, and
    sounds just like the card's "Kid" (both K-T)."""
    for other in competitors:
        if _written_as(heard, AnswerFields(other, kind=kind)) and sound_support(
            heard, other
        ) >= sound_support(heard, guess):
            return other
    return None


def _written_as(heard: str, fields: AnswerFields) -> bool:
    """The judge accepts what was heard as the answer, read with no slip."""
    found = best_form(heard, fields)
    return found is not None and found[0] <= EXACT and judge(fields, heard).verdict == "accept"


def decide(
    fields: AnswerFields,
    heard: str | Sequence[Any],
    card_guess: str | None = None,
    strictness: str = "normal",
    competitors: Sequence[str] = (),
    ruled: Verdict | None = None,
) -> Decision:
    """The table's decision on an answer; `competitors`: other answers of the
    card's kind (from the decks), `card_guess`: the card-guided pass's phrase;
    `ruled`: the judge's ruling on `heard`, when the caller has it already."""
    ruled = ruled or judge(fields, heard, strictness)
    if ruled.verdict == "reject" and fields.kind == "true_false":
        sounded = true_or_false_by_sound(heard)
        if sounded is not None:
            best = as_alternatives(heard)[0].text
            return _asked(ruled, sounded, f"heard {best!r}, which sounds like {sounded}")
    if ruled.verdict == "reject" and ruled.rule == "number":
        lower = _right_lower_alternative(fields, heard, strictness, ruled)
        if lower is not None:
            return lower
    if ruled.verdict == "accept":
        finished = _finished_lower_down(fields, heard, strictness, ruled)
        if finished is not None:
            return finished
        if ruled.rule == "known-as" and ruled.alternative:
            return _named_lower_down(fields, heard, ruled)
    if ruled.verdict != "reject" or ruled.rule in DECISIVE_RULES:
        return Decision(ruled.verdict, SURE, ruled, reason=ruled.reason)
    if not card_guess:
        return Decision("reject", SURE, ruled, reason=ruled.reason)
    guessed = judge(fields, card_guess, strictness)
    if guessed.verdict == "reject":
        return Decision("reject", SURE, ruled, reason="the card-guided pass heard no answer")
    best = as_alternatives(heard)[0].text if as_alternatives(heard) else ""
    rival = _names_a_competitor(best, competitors, fields.kind, card_guess)
    if rival is not None:
        return Decision("reject", SURE, ruled, reason=f"heard {rival!r}, another answer")
    support = sound_support(best, card_guess)
    if support < ASK_BAR:
        return Decision(
            "reject", 1 - support, ruled, reason=f"too little of {card_guess!r} was heard"
        )
    entry = guessed.matched or fields.answer
    return Decision(
        CONFIRM,
        support,
        ruled,
        ask_about=entry,
        reason=f"free decoding heard {best!r}; the card-guided pass heard {card_guess!r}",
    )
