"""Has the player finished? Judged from the words recognised so far (pure).

When a pause begins, the recognizer's partial result says what was said so
far. A complete utterance (a form on the card, a whole phrase of a closed
list, "pass", or such a thing after words it misheard) needs only a short
pause to end; words that cannot end a turn (a filler, an article, a
conjunction, "it's", the first half of a name the host expects, a lead-in
and one word it does not know) need the full configured silence; anything
else is `OPEN`, in between. A hesitation (fillers only, or a lone word that
is no answer the host knows: Whisper writes "um" as "i'm" or "come") waits
the full silence too, and if the player goes on, the answer is heard from
where they went on (ahead.py). The word lists live in data/turn_end.yaml.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from host.speech.guided import roughly_alike
from host.speech.phrases import first_spoken_form, sound_key
from host.word_sounds import beats, drawn_out_forms, spelt_as_a_hum, syllables
from host.yaml_text import load_yaml

DATA = Path(__file__).with_name("data") / "turn_end.yaml"


# What a filler means where a closed list holds one (the vocabulary's label)
THINKING_MEANING = "thinking"


class Tier(enum.Enum):
    FINAL = "final"  # a whole phrase no longer phrase goes on from: the shortest pause
    COMPLETE = "complete"  # a whole answer or phrase: end after a short pause
    OPEN = "open"  # ends on a word that may end it: a middle pause
    WAITING = "waiting"  # unfinished, or nothing recognised: the full silence
    HESITATION = "hesitation"  # a filler, however written: the full silence, then left out


_WHOLE = (Tier.FINAL, Tier.COMPLETE)


@lru_cache(maxsize=1)
def _word_lists() -> dict[str, frozenset[str]]:
    data = load_yaml(DATA.read_text(encoding="utf-8"))
    for name, group in data.items():
        for word in group:
            if not isinstance(word, str):
                # YAML reads a bare on, off, yes or no as true or false: "on"
                # had been the joiner "true" for as long as the list was read so
                raise ValueError(f"{DATA.name}, {name}: {word!r} is no word (quote it)")
    return {name: frozenset(map(first_spoken_form, group)) for name, group in data.items()}


# lists of words that are no reason to wait
_NOT_GROUPS = ("heard_for_fillers", "whole_replies", "replies_read_wider", "hums_scored")


@lru_cache(maxsize=1)
def _word_groups() -> dict[str, frozenset[str]]:
    """The groups of words a turn does not end on."""
    return {name: words for name, words in _word_lists().items() if name not in _NOT_GROUPS}


def unfinished_words() -> frozenset[str]:
    """Words a turn does not end on (fillers, articles, joiners, lead-ins)."""
    return frozenset().union(*_word_groups().values())


def hesitations() -> frozenset[str]:
    """Fillers and lead-ins ("um", "i think it's"): words that may go before
    an answer and be left out of it."""
    groups = _word_groups()
    return groups["fillers"] | groups["lead_ins"]


def is_hesitation(word: str) -> bool:
    """A filler or lead-in, however long it was drawn out ("hmmm", "ahhh"),
    or a hum however Whisper spelt it ("h-n-n", "h m", "mn")."""
    known = hesitations()
    if spelt_as_a_hum(word):
        return True
    return any(form in known for form in drawn_out_forms(word))


@dataclass(frozen=True)
class TurnEnd:
    """What counts as complete for one listening turn.

    `is_complete(text)`: the words make a whole utterance (the caller knows
    the card and the closed list). `expected`: phrases the host expects,
    whose first words alone are half an utterance ("leonardo da" of
    "leonardo da vinci"); `commands`: the same, except that one word alone
    is taken for a hesitation ("no" of "no idea" is more often "um").
    `closed`: only the expected phrases may be said, so a whole one that
    begins no longer one is FINAL (an answer may always go on).
    `offered`: the choices a prompt reads out; a whole phrase that begins a
    longer one of them is only OPEN ("art" of "Art, two spaces clockwise,
    then one towards the hub": the player pauses at the comma).
    `sounds_whole(words)`: the words sound like a whole answer though spelt
    otherwise ("plate lips"); asked of them with their lead-in left out,
    once they start no expected phrase and end on no unfinished word, and
    of the ruling's wider reading (`_whole_wider`). `sounds_like_the_card`:
    the same, of the card's own entries only; asked of the words with
    their lead-in (`_sounds_whole`).
    `meaning(phrase)`: what a phrase means, as labels; a longer phrase
    that shares one adds nothing ("nobody" of "nobody steals" is FINAL at
    a closed list: the player has said what they meant).
    `on_the_card(text)`: at an answer, the words are whole by the card
    itself, not only as another answer in the decks (`_whole_by_the_card`).
    `right_answers`: the card's answer and the forms it accepts, which the
    recognizer may be asked to weigh against what it heard (`classify`).
    `listed`: the card's other entries (the forms it asks more of, the wrong
    answers it names), whole as well, so weighed with the right answers
    where the words cannot be placed (`likely`, `sure`).
    """

    is_complete: Callable[[str], bool]
    expected: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    closed: bool = False
    offered: tuple[str, ...] = ()
    sounds_whole: Callable[[list[str]], bool] | None = None
    sounds_like_the_card: Callable[[list[str]], bool] | None = None
    meaning: Callable[[str], frozenset[str]] | None = None
    on_the_card: Callable[[str], bool] | None = None
    right_answers: tuple[str, ...] = ()
    listed: tuple[str, ...] = ()

    def classify(
        self,
        partial: str | None,
        guess: str | None = None,
        others: Sequence[str] = (),
        earlier: Callable[[], str | None] | None = None,
        wider: Callable[[], Sequence[str]] | None = None,
        likely: Callable[[Sequence[str]], bool] | None = None,
        sure: Callable[[Sequence[str]], bool] | None = None,
        a_hum: Callable[[Sequence[str], Sequence[str]], bool] | None = None,
        card_path: Callable[[], str | None] | None = None,
        no_wild_reading: Callable[[Sequence[str]], bool] | None = None,
    ) -> Tier:
        """`partial`: the free decoding so far; `guess`: a grammar pass's path
        over the expected phrases, when there is one. A guess that is the
        start of an expected phrase ("george" of "george washington") waits,
        however the free decoding spelt it ("charge"). `others`: the
        recognizer's other readings of the same words; one that is itself a
        whole answer makes them whole ("l", read also "lizard", the card's
        answer). Not one word of one beat, nor one that only sounds like an
        answer or ends on one: fillers said alone had such readings ("no"
        for "oh" on a True/False card, "hey china" for "hmm"); nor
        when the first reading is unfinished ("george w", read also "george w
        bush" when the player had paused inside the name: the card, as
        Whisper's prompt, lends its lower readings the rest of a name); nor,
        after a hesitation or a lead-in and one word no answer, only another
        answer in the decks ("it's not", read also "it's murder", was "it's
        the" drawn out).
        `earlier`: asks how the words up to the pause before this one were
        read (None when there was none), only when that matters (it may cost
        a decode); None when the recognizer cannot tell. `wider`: the
        ruling's readings of the same words (`_whole_wider`), asked only of
        words that would wait (it may cost a decode). `likely(phrases)`: the
        recognizer, not led by the card, finds one of the phrases a likely
        reading of the words, asked of the card's entries (`right_answers`,
        `listed`) only when the words are still open (it costs a forced
        decode): flite slt's "is it ... Tokyo" in noise was "don't heal",
        and it waited the middle pause, 1.8 s; unprompted, Whisper finds
        "Tokyo" a likely reading of those sounds. Not led by the card: with
        it as the prompt, a hum is likelier the card's answer than what
        Whisper wrote for it ("hey china" on a Hydrogen card), and half a
        name its whole ("Martin Luther" on a Martin Luther King card).
        `sure(phrases)`: the same, at a likelier reading, asked of a lead-in
        and one word no answer (`_one_word_left_open`). `a_hum(answers, hums)`: the
        recognizer, not led by the card, finds every one of the answers a
        far-fetched reading of the words and one of the hums a likely one;
        asked when the words are a right answer and whole (`_made_by_the_card`).
        `card_path`: the path so far of a grammar over the card's phrases and
        the commands, heard beside the free decoding; `no_wild_reading(phrases)`:
        the recognizer, not led by the card, could have read the words as one
        of the phrases (`_named_by_the_grammar`, `_rewritten_by_the_card`)."""
        own = self._tier(partial, guess)
        tier = self._widened(own, partial, guess, others, earlier, wider)
        if tier in (Tier.OPEN, Tier.WAITING) and self._named_by_the_grammar(
            partial, guess, card_path, no_wild_reading
        ):
            return Tier.COMPLETE
        if tier is Tier.COMPLETE and a_hum is not None and self._made_by_the_card(partial, a_hum):
            return Tier.OPEN
        if (
            tier is Tier.COMPLETE
            and no_wild_reading is not None
            and self._rewritten_by_the_card(partial, earlier, no_wild_reading)
        ):
            return Tier.OPEN
        entries = (*self.right_answers, *self.listed)
        if tier is Tier.OPEN and likely is not None and entries:
            return Tier.COMPLETE if likely(entries) else tier
        if sure is not None and entries and _one_word_left_open(own, tier, partial):
            return Tier.COMPLETE if sure(entries) else tier
        return tier

    def _named_by_the_grammar(
        self,
        partial: str | None,
        guess: str | None,
        card_path: Callable[[], str | None] | None,
        no_wild_reading: Callable[[Sequence[str]], bool] | None,
    ) -> bool:
        """The card's grammar, heard beside Whisper, is on a right answer of
        two words or more, whole, where Whisper wrote words the end of turn
        cannot place: flite rms's "Rio de ... Janeiro" was "burial d", the
        grammar's path "rio de janeiro", and it waited the middle pause
        (1.8 s) after the name. On the listen sets' 614 answer pauses a
        player went on from, the path was a right answer at none: at a
        thinking pause it is a command ("faster", "where are") or the start
        of a name ("rio de"). A grammar is forced onto some phrase, though:
        espeak-ng's "um ... hmm let me see" in noise, read "um and let me
        see", took it onto "the great gatsby", so the recognizer, not led by
        the card, must find the answer no wild reading of the words
        (`no_wild_reading`, asked last: it costs a forced decode). Not a
        right answer of one word (a filler may take the grammar onto "Emu"),
        nor where Whisper's words begin a phrase the host expects or end on
        a conjunction (the player is going on), nor at a closed list."""
        if self.closed or card_path is None or no_wild_reading is None or partial is None:
            return False
        words = first_spoken_form(partial).split()
        if guess is not None or _starts(words, self.expected):
            return False
        if words and words[-1] in _word_groups()["conjunctions"]:
            return False
        path = first_spoken_form(card_path() or "")
        named = [answer for answer in self.right_answers if first_spoken_form(answer) == path]
        return len(path.split()) > 1 and bool(named) and no_wild_reading(named)

    def _made_by_the_card(
        self, partial: str | None, a_hum: Callable[[Sequence[str], Sequence[str]], bool]
    ) -> bool:
        """The words are a right answer only because the card, as Whisper's
        prompt, made a hum one: hibari's "hmm" in noise, before "... Calcium",
        was read "calcium" and ended the turn before the answer (the player
        ruled right for a hum); not led by the card, Whisper scored "Calcium"
        -16.9 for it and "Um" -6.1. A far-fetched answer alone is no sign: a
        rare name said right scores low as the card spells it ("Túpac Amaru
        II"). Asked only of one word that is a right answer, the fillers
        before it aside: a hum is read as one word (a longer phrase of the
        card is too many words for its sound, `sayable_in`), each asking
        costs a forced decode before the reply, and a reject scores the
        card's right answers low however it was said."""
        said = _without_lead_in(first_spoken_form(partial or "").split())
        return (
            not self.closed
            and len(said) == 1
            and _is_one_of(said, self.right_answers)
            and a_hum(self.right_answers, sorted(_word_lists()["hums_scored"]))
        )

    def _rewritten_by_the_card(
        self,
        partial: str | None,
        earlier: Callable[[], str | None] | None,
        no_wild_reading: Callable[[Sequence[str]], bool],
    ) -> bool:
        """The words are a right answer, though the words before the pause
        before this one were read as other words, no start of it, and the
        recognizer, not led by the card, could not have read them so
        (`no_wild_reading`): the card, as Whisper's prompt, rewrote what was
        said. flite awb's "um ... um" on The Great Gatsby card was "thank
        you" at the first pause, then "the great gatsby" (unprompted -28.1),
        and the turn ended after the second "um", ruled right. Not after
        words that begin the answer, or sound like its start (espeak-ng's
        "The Great ... Gatsby" in noise was "the blade", unprompted -29.3 as
        the title), nor after fillers or lead-ins alone ("it's the"), nor
        after a hesitation left out."""
        if self.closed or earlier is None or partial is None:
            return False
        words = first_spoken_form(partial).split()
        named = [answer for answer in self.right_answers if _names(words, [answer])]
        if not named:
            return False
        before = first_spoken_form(earlier() or "").split()
        rest = _without_lead_in(before)
        if not rest or _starts(before, named) or _names(before, named):
            return False
        if any(_begun_by_sound(w, named) for w in (before, rest)):
            return False  # espeak-ng's "The Great ..." in noise was "the blade"
        return not no_wild_reading(named)

    def _widened(
        self,
        own: Tier,
        partial: str | None,
        guess: str | None,
        others: Sequence[str],
        earlier: Callable[[], str | None] | None,
        wider: Callable[[], Sequence[str]] | None,
    ) -> Tier:
        """The tier by the end of turn's own readings (`_classify`), whole
        if the ruling's wider window reads the waiting words whole."""
        tier = self._classify(own, partial, guess, others, earlier)
        if tier in _WHOLE or wider is None or partial is None or self.on_the_card is None:
            return tier  # a closed list: no card for a wider reading to be whole by
        if own in _WHOLE:
            return tier  # whole, yet held back: the player may be going on
        readings = wider()
        if any(
            self._whole_wider(partial, other, guess)
            or self._fewer_words_wider(partial, other, guess)
            for other in readings
        ):
            return Tier.COMPLETE
        if own is Tier.HESITATION and self._a_reply_wider(partial, readings):
            return Tier.COMPLETE
        return tier

    def _classify(
        self,
        tier: Tier,
        partial: str | None,
        guess: str | None,
        others: Sequence[str],
        earlier: Callable[[], str | None] | None,
    ) -> Tier:
        """The tier by the end of turn's own readings (`classify`, without
        `wider`), from the partial's own (`tier`, `_tier`)."""
        said = partial or ""
        if tier is Tier.COMPLETE and not self.closed and self._finished(said, others, earlier):
            return Tier.WAITING
        fillers = [
            o for o in others if self._filler(o) and not cut_short(o, said) and not _lead_in_talk(o)
        ]
        if tier is Tier.COMPLETE and not self.closed and fillers:
            # the same sound read also as a filler ("emu", read also "mm";
            # "ohm", read also "oh"): the card, as Whisper's prompt, may have
            # made a player's "um" its answer; it ends after the middle pause.
            # Not a reading that stops short of the last words ("it's", of
            # "it's a nile"): it does not say what they were. Nor lead-ins
            # Whisper wrote for words ("um beatles", read also "um it was";
            # "oh beethoven", "oh be go then"): not how it spells a hum
            return Tier.OPEN
        if tier is Tier.WAITING and any(
            self._respelt_whole(said, o, guess) or self._whole_below(said, o, guess) for o in others
        ):
            return Tier.COMPLETE
        if tier not in (Tier.HESITATION, Tier.OPEN):
            return tier
        if (
            tier is Tier.HESITATION
            and not self.closed  # where a hesitation waits longer than a half phrase
            and not self._filler(said)
            and longer_than_a_beat(said)
            and self._begun(others)
        ):
            # a lone word no answer, longer than the fillers Whisper writes
            # as words ("come", "then"), read lower down as the first name
            # of one: flite slt's "Pablo ... Picasso" was "pando", read also
            # "pablo pando". Left out as a hesitation, "... Picasso" alone
            # was a surname; kept, the player's whole answer is heard
            return Tier.WAITING
        if self._filler(said) and any(map(self._filler, others)):
            # a filler read as one twice ("i'm", read also "em"): a whole
            # answer lower down ("emu") is the card, as Whisper's prompt, pulling
            return Tier.HESITATION
        lead_in_and_a_word = _one_word_after_a_lead_in(said)
        # after one word no answer (or only fillers), not merely another
        # answer in the decks: a filler is read lower down as one, and a
        # place card holds a thousand (piper's "erm" in noise was "current",
        # read also "huron", on a Mercury card). Nor after a lead-in and one
        # word, the lead-in's article misread: espeak-ng's "um ... it's the"
        # in noise was "it's not", read also "it's murder" (a crow card's
        # answer), and the turn ended before the player went on
        by_the_card_only = tier is Tier.HESITATION or lead_in_and_a_word
        whole = any(
            longer_than_a_beat(other)
            and self.is_complete(other)
            and (not by_the_card_only or self._whole_by_the_card(other))
            # nor a command or pass: flite rms's "uh" was read "earth",
            # lower down "i don't know", and the turn ended before the answer
            and not one_of_the_phrases(other, self.commands)
            and not (tier is Tier.HESITATION and _a_filler_made_the_card(said, other))
            and self._tier(other, guess) in _WHOLE
            for other in others
        )
        if whole:
            return Tier.COMPLETE
        if tier is Tier.OPEN and lead_in_and_a_word:
            # "it's there": a lead-in and one word no answer of the host's is
            # more often the lead-in's article or a filler misread (Whisper
            # writes a drawn-out "the" as "there", "umm" as "i am") than a
            # whole answer; it waits the full silence, and keeps its words
            # ("i said" of "Isaac ... Newton")
            return Tier.WAITING
        return tier

    def _tier(self, partial: str | None, guess: str | None) -> Tier:
        if partial is None:
            return Tier.WAITING  # the recognizer cannot tell: wait the full silence
        words = first_spoken_form(partial).split()
        guessed = first_spoken_form(guess or "").split()
        guess_begins = _starts(guessed, self.expected)  # the card's grammar heard a phrase begun
        filler = not words or self._filler(partial)
        # "what", "where should i go": fillers and lead-ins that are a
        # command at a prompt, not a player thinking; "yeah": a reply
        a_command = (
            filler
            and self.closed
            and (_a_phrase_of_lead_ins(words, self.expected) or self._says_more_than_um(words))
        )
        if a_command and begins_a_phrase(words, self.expected):
            # "what" of "what does ben need": a stop's closure after it, read
            # as a pause in noise, ended the turn at "what" (the question again)
            return Tier.OPEN
        if filler and not a_command:
            if words and guess_begins and roughly_alike(partial, guess or ""):
                # the first name of a card's answer, written as fillers: piper's
                # "Isaac ..." in noise was "i say", the card's grammar "isaac";
                # left out as a hesitation, "... Newton" alone was a surname
                return Tier.WAITING
            return Tier.HESITATION  # "um", "i think it's", or nothing written
        if words[-1] in _word_groups()["conjunctions"] and not _is_one_of(words, self.expected):
            return Tier.WAITING  # "canberra or": a hedge may follow, "romeo and" goes on
        if guess_begins and self._ends_on_a_command(words):
            # the card's grammar heard a card phrase begun, Whisper a command:
            # flite kal's "um ... Wolfgang" in noise was "um we'll again"
            # ("again": say it again), the grammar's path "wolfgang", and the
            # turn ended before "... Amadeus Mozart"
            return Tier.WAITING
        if self.is_complete(partial) or self._ends_on_a_whole_answer(words):
            if _starts(words, self.offered):
                return Tier.OPEN  # "art" of "art, two spaces clockwise": a comma's pause
            if self.closed and not _starts(words, self._saying_more(words)):
                return Tier.FINAL  # "ben and ann" of two players: nothing can follow
            if not self.closed and self._only_begun(words, partial, guess_begins):
                return Tier.WAITING  # "jurassic" of "jurassic park"
            return Tier.COMPLETE
        rest = _without_lead_in(words)
        sounds_whole = cache(lambda: self._sounds_whole(words))  # asked at most once
        if _starts(words, self.expected) or (
            guess_begins
            # unless the guess is whole itself and the words sound like it:
            # "when ble", guessed "wembley" (the answer; "wembley stadium" too)
            and not (self.is_complete(guess or "") and sounds_whole())
            # or the words are the whole name, its last word misread: "johan
            # cruz" (flite slt's "Johan Cruyff"), guessed "johan"
            and not _all_but_the_last_word(rest, self.expected)
        ):
            return Tier.WAITING  # "leonardo da" of "leonardo da vinci"
        if not rest or words[-1] in unfinished_words():
            return Tier.WAITING  # "it's the", "salt and": the answer goes on
        if sounds_whole():
            return Tier.COMPLETE  # "plate lips": Platelets heard as other words
        if len(words) == 1 and words[0] in _word_lists()["whole_replies"]:
            return Tier.COMPLETE  # "yes": a reply, however wrong ("pass" in noise)
        if len(words) == 1:
            # one word that is no answer the host knows and starts none it
            # expects is more often a hesitation written as a word (Whisper
            # writes "um" as "come", "no", "then") than a whole answer, even
            # when a command starts with it ("come again", "no idea")
            return Tier.HESITATION
        if _starts(words, self.commands) or _starts(guessed, self.commands):
            return Tier.WAITING  # "roll the" of "roll the dice"
        return Tier.OPEN

    def _sounds_whole(self, words: list[str]) -> bool:
        """The words sound like a whole answer (`sounds_whole`): with the
        lead-in left out ("it's plate lips"), or with it, where the
        "lead-in" was the answer's start ("when ble": Wembley); never with
        the fillers before it: flite rms's "um ... er" was "um bird", which
        run together sounds like Umberto Eco. With the lead-in, only like
        an entry on the card: the decks hold so many answers that a lead-in
        and a word sound like one of them (espeak-ng's "it's the ..." with
        people talking was "it's dirty", Iditarod, on a Beatles card, and the
        turn ended before "... Beatles")."""
        if self.sounds_whole is None:
            return False
        said = _without_lead_in(words)
        if said and self.sounds_whole(said):
            return True
        with_it = _after_the_fillers(words)
        return (
            bool(with_it)
            and with_it != said
            and self.sounds_like_the_card is not None
            and self.sounds_like_the_card(with_it)
        )

    def _finished(
        self, partial: str, others: Sequence[str], earlier: Callable[[], str | None] | None
    ) -> bool:
        """The player may still be saying a name the prompt finished
        (`said_so_far_below`); not known without `earlier`."""
        return earlier is not None and (
            said_so_far_below(partial, others, earlier, self.expected) is not None
        )

    def _respelt_whole(self, partial: str, other: str, guess: str | None) -> bool:
        """The other reading is a whole answer that differs from the partial
        only before its last word: hibari's "Alexander the ... Great" in
        noise was "alexander them great", read also "alexander the great",
        and waited the full silence, "great" being a word names go on from
        ("great britain"). Not a reading with more words than the partial:
        the card, as Whisper's prompt, lends lower readings the rest of a
        name the player has not said ("george w", read also "george w bush")."""
        words, respelt = first_spoken_form(partial).split(), first_spoken_form(other).split()
        return (
            len(words) == len(respelt) > 1
            and words[-1] == respelt[-1]
            and words != respelt
            and self.is_complete(other)
            and not one_of_the_phrases(other, self.commands)
            and self._tier(other, guess) in _WHOLE
        )

    def _whole_wider(self, partial: str, other: str, guess: str | None) -> bool:
        """The ruling's wider window reads the words as a whole answer on the
        card, or as words that sound like one, in as many words, one or more
        of them heard otherwise: the last (flite awb's "Sherlock ... Holmes"
        was "sherlock guns" in the end of turn's window, "sherlock holmes"
        in the ruling's; flite's "Platelets" "plate webs", wider "plate
        lips", which sounds like it, and waited 1.8 s), or those before
        the same last word (piper's "Alexander the ... Great", "alexander
        them great", as `_respelt_whole`). Not a reading that says more than
        the words, or other words before a last word it changes (the card,
        as the prompt, lends a reading the rest of a name the player has not
        said: flite kal's "Rio de ..." in noise was "3 up d", wider "rio de
        janeiro"), nor a last word longer by more than a beat ("leonardo
        dar", wider "leonardo davinci"), nor a last word changed that a turn
        goes on from, nor words that start a name or are a filler or one
        word (a filler read as the card: "uh", wider "emu"). A last word
        changed after lead-ins alone only after an article (espeak-ng's "it's
        the ... Nile" was "it's the dial", wider "it's the nile", and waited
        1.8 s; not "um earth", wider "um emu": `_a_word_after_an_article`)."""
        words, wider = first_spoken_form(partial).split(), first_spoken_form(other).split()
        if len(words) < 2 or len(wider) != len(words) or wider == words:
            return False
        last_misheard = (
            wider[:-1] == words[:-1]
            and (bool(_without_lead_in(words[:-1])) or _a_word_after_an_article(words))
            and words[-1] not in unfinished_words()
            and syllables(wider[-1]) <= syllables(words[-1]) + 1
        )
        if not (last_misheard or wider[-1] == words[-1]):
            return False
        return self._whole_reading_of(partial, words, other, guess, sounding=wider)

    def _fewer_words_wider(self, partial: str, other: str, guess: str | None) -> bool:
        """The ruling's wider window reads the words as an entry of the card
        in fewer words, from the same first word, and in no more beats:
        flite's "Mount ... Fuji" was "mount to june" in the end of turn's
        window, "mount fuji" in the ruling's, and waited the full silence.
        No more beats: the card, as the prompt, lends a reading the rest of
        a name the player has not said ("leonardo dar", wider "leonardo
        davinci"). Not words that end on one a turn goes on from, start a
        name, or are a filler (fillers before the first word aside)."""
        words = _after_the_fillers(first_spoken_form(partial).split())
        wider = _after_the_fillers(first_spoken_form(other).split())
        if not wider or len(words) <= len(wider) or words[0] != wider[0]:
            return False
        return (
            words[-1] not in unfinished_words()
            and beats(wider) <= beats(words)
            and self._whole_reading_of(partial, words, other, guess)
        )

    def _whole_reading_of(
        self,
        partial: str,
        words: list[str],
        other: str,
        guess: str | None,
        sounding: list[str] | None = None,
    ) -> bool:
        """What the ruling's wider reading must be to make the words whole
        (`_whole_wider`, `_fewer_words_wider`): words that start no phrase
        the host expects and are no filler, read as an entry of the card (or,
        given its words as `sounding`, as words that sound like a whole
        answer), no command, and whole by its own tier."""
        return (
            not _starts(words, self.expected)
            and not self._filler(partial)
            and self.on_the_card is not None
            and (self.on_the_card(other) or (sounding is not None and self._sounds_whole(sounding)))
            and not one_of_the_phrases(other, self.commands)
            and self._tier(other, guess) in _WHOLE
        )

    def _a_reply_wider(self, partial: str, readings: Sequence[str]) -> bool:
        """A lone word of one beat, no filler as Whisper writes one, that the
        ruling's wider window reads as a one-word reply (data/turn_end.yaml,
        `replies_read_wider`: "pass"): espeak-ng's "pass" in noise was "boss"
        in the end of turn's window, "boss | pause | pass" in the ruling's,
        and waited the full silence as a lone word that may be a hesitation."""
        words = first_spoken_form(partial).split()
        if len(words) != 1 or syllables(words[0]) > 1 or self._filler(partial):
            return False
        replies = _word_lists()["replies_read_wider"]
        return any(first_spoken_form(other) in replies for other in readings)

    def _whole_below(self, partial: str, other: str, guess: str | None) -> bool:
        """The partial waits only on its last word, one a turn goes on from,
        after words of its own that begin no phrase the host expects, and the
        other reading, in no more words, is whole by the card itself: flite
        kal's "oh, a ... penguin" was "um the plane will", read also "um the
        penguin", and waited the full silence. Not a reading in more words
        (the card, as Whisper's prompt, lends lower readings the rest of a
        name), nor after the start of one ("vincent van el", read also
        "vincent van gogh": the player may have paused inside the name), nor
        after a lead-in alone ("it's the", read also "the nile"). Nor a
        conjunction's hedge, nor a reading that stops short of the last word
        ("lizard or", read also "lizard": "... or snake" may follow)."""
        words, below = first_spoken_form(partial).split(), first_spoken_form(other).split()
        if not words or words[-1] not in unfinished_words() or len(below) > len(words):
            return False
        if words[-1] in _word_groups()["conjunctions"] or cut_short(other, partial):
            return False
        said = words[:-1]
        guessed = first_spoken_form(guess or "").split()
        return (
            bool(_without_lead_in(said))
            and not _starts(said, self.expected)
            and not _starts(guessed, self.expected)
            and self.on_the_card is not None
            and self.on_the_card(other)
            and longer_than_a_beat(other)
            and self._tier(other, guess) in _WHOLE
        )

    def _whole_by_the_card(self, text: str) -> bool:
        """Whole by the card or as a command, not only as another answer in
        the decks (`on_the_card`; at a closed list, any phrase of it)."""
        return (
            self.on_the_card is None
            or self.on_the_card(text)
            or one_of_the_phrases(text, self.commands)
        )

    def _begun(self, readings: Sequence[str]) -> bool:
        """A reading starts with the first word of an expected phrase of more
        than one ("pablo pando": Pablo Picasso)."""
        return any(
            begins_a_phrase(first_spoken_form(reading).split()[:1], self.expected)
            for reading in readings
        )

    def _filler(self, text: str) -> bool:
        """Only fillers; at an answer, also as Whisper writes them there
        (`written_as_a_filler`: a lone "and")."""
        return only_hesitation(text) if self.closed else written_as_a_filler(text)

    def _saying_more(self, words: list[str]) -> tuple[str, ...]:
        """The expected phrases that would say more than, or other than, the
        words: not "nobody steals" after "nobody", "roll the dice" after "roll"."""
        if self.meaning is None:
            return self.expected
        said = self.meaning(" ".join(words)) | self.meaning(" ".join(_without_lead_in(words)))
        if not said:
            return self.expected
        return tuple(p for p in self.expected if not self.meaning(p) & said)

    def _says_more_than_um(self, words: list[str]) -> bool:
        """The words are a phrase of the list that means more than a player
        thinking: "yeah" is yes (said to "Did you say Art Deco?", it waited
        the two seconds of a hesitation), "um" only a filler the list holds
        to hear one as such."""
        if self.meaning is None or not _is_one_of(words, self.expected):
            return False
        return bool(self.meaning(" ".join(words)) - {THINKING_MEANING})

    def _ends_on_a_command(self, words: list[str]) -> bool:
        """The words end on a command ("repeat", "say that again")."""
        return any(
            one_of_the_phrases(" ".join(words[start:]), self.commands)
            for start in range(len(words))
        )

    def _only_begun(self, words: list[str], partial: str, guess_begins: bool) -> bool:
        """Whole to the judge, but only the first words of a phrase the host
        expects ("jurassic" of Jurassic Park: the judge takes a name without
        its generic last word), or another answer in the decks where the
        card's grammar heard its name begun ("mario", guessed "marco" of
        Marco Polo). The player is going on: in a list never tuned to,
        "Jurassic ... Park" and "Marco ... Polo" were cut off. Not words the
        grammar alone heard as a start: piper's "Vincent van ... Gogh" was
        "vincent van l" (read also "vincent van gogh"), guessed "vincent van"."""
        if self._first_words_only(words):
            return True
        return guess_begins and not self._whole_by_the_card(partial)

    def _first_words_only(self, words: list[str]) -> bool:
        """The words, with or without a lead-in, are the first words of a
        phrase the host expects and not one of those phrases themselves
        ("galileo" of Galileo Galilei is whole where the card accepts it)."""
        return _starts(words, self.expected) and not _names(words, self.expected)

    def _ends_on_a_whole_answer(self, words: list[str]) -> bool:
        """The last words are complete after words the recognizer garbled:
        Whisper writes "um ... oxygen" as "done oxygen", "I think it's Paris"
        as "i think it paris". Not a command of one beat: flite kal's "hmm"
        in noise was "are you trying to help" ("help", "what", "pass" are
        commands at an answer), and the turn ended before the answer. Nor
        an answer in the decks that is not on the card: flite kal's "hmm" in
        noise was "hey china" on a Saturn card, China a place."""
        for start in range(1, len(words)):
            rest = " ".join(words[start:])
            if _without_lead_in(words[start:]) != words[start:] or not self.is_complete(rest):
                continue
            if not self._whole_by_the_card(rest):
                continue
            if longer_than_a_beat(rest) or not one_of_the_phrases(rest, self.commands):
                return True
        return False


def _one_word_left_open(own: Tier, tier: Tier, partial: str | None) -> bool:
    """A lead-in and one word no answer, open by its words alone, that waits
    the full silence (`_classify`): more often a filler Whisper wrote as a
    word than the answer misheard. A likelier reading of the card's answer
    than open words need (`classify`'s `sure`) makes it whole: espeak-ng's
    "hmm ... Jupiter" in noise was "um jubiner", flite kal's "it's ...
    Shakespeare" "um shave"."""
    return own is Tier.OPEN and tier is Tier.WAITING and _one_word_after_a_lead_in(partial or "")


def _a_word_after_an_article(words: list[str]) -> bool:
    """The last word follows an article ("it's the dial"): a noun, not a word
    Whisper writes for a filler said alone ("it's the earth" for "it's the
    ... er"). pause_risk_bench.py's lead-ins said alone (576 clips, nine
    voices, after "um" and not) were never read so wider as a whole answer."""
    return (
        len(words) > 1
        and words[-2] in _word_groups()["articles"]
        and words[-1] not in _word_lists()["heard_for_fillers"]
    )


def only_hesitation(text: str) -> bool:
    """Only fillers or lead-ins ("um", "hmmm", "m", "i think"): the player is thinking."""
    words = first_spoken_form(text).split()
    return bool(words) and all(is_hesitation(word) for word in words)


def written_as_a_filler(text: str) -> bool:
    """An answer's words that are a filler however Whisper wrote it: fillers,
    lead-ins and "and" only (flite kal16's "um" was "and": kept, "um ...
    Saint" was heard whole as "st louis", the card's prompt finishing the
    name; flite kal's "hmm" in noise "h and m"). Not at a closed list, where
    "and" may be "Ann"."""
    words = first_spoken_form(text).split()
    joiners = _word_groups()["conjunctions"]
    return bool(words) and all(is_hesitation(w) or w in joiners for w in words)


def _lead_in_talk(text: str) -> bool:
    """Two words or more with a lead-in that Whisper writes for words, not for
    a hum ("it was", "i will", "oh be go then"; not "i'm", its "um"). The
    "um" that stands for a hesitation left out does not count."""
    words = first_spoken_form(text).split()
    if words[:1] == ["um"]:
        words = words[1:]
    groups = _word_groups()
    worded = groups["lead_ins"] - groups["fillers"] - {"i", "i'm", "im"}
    return len(words) > 1 and any(w in worded for w in words)


def cut_short(reading: str, partial: str) -> bool:
    """The reading is the partial's first words, and fewer of them."""
    words, whole = first_spoken_form(reading).split(), first_spoken_form(partial).split()
    return len(words) < len(whole) and whole[: len(words)] == words


def said_so_far_below(
    partial: str,
    others: Sequence[str],
    earlier: Callable[[], str | None],
    expected: Iterable[str],
) -> str | None:
    """The lower reading, if any, that is the start of an expected phrase,
    the partial's first words and fewer of them, yet more than were read
    before the last pause (`earlier`, asked only of such a reading): the
    words since were heard, and the card, as Whisper's prompt, wrote the
    rest of a name the player may still be saying. Flite kal's "Martin ...
    Luther ..." was "martin luther king", read also "martin luther"
    ("martin" at the first pause). Not a lower reading of only the words
    before the last pause: "New ... Zealand" was "new zealand", read also
    "new", as at the pause. Nor before any pause since the player began (or
    went on after a hesitation): "William G Morgan", said straight, was
    "william g morgan", read also "william g" (so a name the prompt wrote
    whole at the first pause inside it still ends there: espeak's "Leonardo
    ..." was "leonardo da vinci", read also "leonardo")."""
    for other in others:
        words = first_spoken_form(other).split()
        if cut_short(other, partial) and _starts(words, expected):
            before = earlier()
            if before is not None and len(words) > len(first_spoken_form(before).split()):
                return other
    return None


def _one_word_after_a_lead_in(text: str) -> bool:
    """Fillers or lead-ins, then one word: "it's there", "is it not", "i am"."""
    words = first_spoken_form(text).split()
    return len(words) > 1 and all(is_hesitation(word) for word in words[:-1])


def one_beat_after_a_hesitation(text: str, answers: Iterable[str]) -> bool:
    """Fillers or lead-ins, then one word of one beat that is one of the
    `answers` and starts no longer one: "um mars", "is it rome". A player
    who hesitated and then said a short answer has said it. Not a word
    Whisper writes for a filler ("um earth" for piper's "um ... er"), nor
    the start of another answer ("um prince" of "prince charles")."""
    words = first_spoken_form(text).split()
    if len(words) < 2 or not written_as_a_filler(" ".join(words[:-1])):
        return False
    last = words[-1]
    return (
        not longer_than_a_beat(last)
        and not written_as_a_filler(last)
        and last not in _word_lists()["heard_for_fillers"]
        and one_of_the_phrases(last, tuple(answers))
        and not begins_a_phrase([last], answers)
    )


def one_beat_drawn_out_after_a_hesitation(text: str, answers: Iterable[str]) -> bool:
    """Fillers or lead-ins, then one word of two beats that is no answer but
    sounds, consonant for consonant, like an answer of one beat drawn out
    (`one_beat_after_a_hesitation`), three sounds or more: flite kal's and
    awb's "um ... Mars" in noise was "um maris", and waited the full silence
    as a word no answer (its "mars" only lower down, where a filler is read
    as one too). Not a word of one beat ("um dark", a filler after "um", is
    Drake's sounds), nor a word Whisper writes for a filler or that sounds
    like one (an "er" after "um" was "um bernie": Bern, and "burn"), nor one
    that sounds like fewer sounds ("mari", "MR": "Mare"), nor like an answer
    of more beats (a lead-in said alone, "is it the", was "is written", which
    sounds like Radon; a half name, "william", "well william": Wilma)."""
    words = first_spoken_form(text).split()
    if len(words) < 2 or not written_as_a_filler(" ".join(words[:-1])):
        return False
    last = words[-1]
    if syllables(last) != 2 or written_as_a_filler(last):
        return False
    sound = sound_key([last])
    if sound in _sounds_of("heard_for_fillers") or one_of_the_phrases(last, tuple(answers)):
        return False
    answer = _one_beat_answers_by_sound(tuple(answers)).get(sound)
    return answer is not None and one_beat_after_a_hesitation(f"um {answer}", answers)


def _a_filler_made_the_card(fillers: str, reading: str) -> bool:
    """Fillers or lead-ins of two words or more (`fillers`: "um" left out,
    then another), and a reading of them whose other words sound like a
    filler: the card, as Whisper's prompt, made one its answer. espeak-ng's
    and piper's "um ... um" was "um umm", read also "um emu" on an Emu card,
    and the turn ended before the player went on. A lone filler read also
    as the card ("i'm", read also "emu") may be the answer said alone: it
    stays whole."""
    if len(first_spoken_form(fillers).split()) < 2:
        return False
    words = [w for w in first_spoken_form(reading).split() if not is_hesitation(w)]
    return bool(words) and sound_key(words) in _sounds_of("fillers")


@lru_cache(maxsize=4)
def _sounds_of(word_list: str) -> frozenset[str]:
    """The sounds (metaphone) of a list's words (data/turn_end.yaml): of the
    fillers themselves ("em" and "emu" sound alike), or of the words
    Whisper writes for a filler said alone (`heard_for_fillers`)."""
    return frozenset(sound_key([word]) for word in _word_lists()[word_list])


@lru_cache(maxsize=16)
def _one_beat_answers_by_sound(answers: tuple[str, ...]) -> dict[str, str]:
    """The one-word answers of one beat by their sound (metaphone), three
    sounds or more (fewer match words by chance). Kept: as `_spoken_forms`."""
    by_sound: dict[str, str] = {}
    for answer in answers:
        words = first_spoken_form(answer).split()
        key = sound_key(words)
        if len(words) == 1 and syllables(words[0]) == 1 and len(key) >= 3:
            by_sound.setdefault(key, words[0])
    return by_sound


def longer_than_a_beat(text: str) -> bool:
    """Not one word of one beat: Whisper writes fillers said alone as such
    words ("earth" for "uh"; lower down "no" for "oh", "em" for "erm").
    Fillers and lead-ins before it do not count: after a hesitation left out
    ("um earth", piper's "um ... er" in noise) the word is as short."""
    words = [w for w in first_spoken_form(text).split() if not is_hesitation(w)]
    return len(words) > 1 or (len(words) == 1 and syllables(words[0]) > 1)


def _a_phrase_of_lead_ins(words: list[str], phrases: Iterable[str]) -> bool:
    """The words are one of the phrases, and some are lead-ins ("what", "go",
    "where should i go": at an answer, words that start one). Not a filler
    the list holds to hear it as one ("um", "hmm" at "Did you say ...?")."""
    lead_ins = _word_groups()["lead_ins"]
    return _is_one_of(words, phrases) and any(word in lead_ins for word in words)


def after_the_lead_in(text: str) -> str:
    """The words after the fillers, articles and lead-ins a phrase starts
    with ("the wild space": "wild space")."""
    return " ".join(_without_lead_in(first_spoken_form(text).split()))


def a_lead_in_alone(text: str) -> bool:
    """Lead-ins and an article only, the article last ("it's the", "is it
    a"): the words before an answer, however Whisper worded them."""
    groups = _word_groups()
    words = first_spoken_form(text).split()
    lead_ins = groups["lead_ins"] | groups["articles"]
    return bool(words) and words[-1] in groups["articles"] and all(w in lead_ins for w in words)


def _without_lead_in(words: list[str]) -> list[str]:
    """The words after the fillers and lead-ins a player starts with."""
    start = 0
    while start < len(words) and words[start] in unfinished_words():
        start += 1
    return words[start:]


def _after_the_fillers(words: list[str]) -> list[str]:
    """The words after the fillers and hums a player starts with ("um",
    "hmm", "h-n-n"), lead-ins kept."""
    fillers = _word_groups()["fillers"]
    start = 0
    while start < len(words) and (words[start] in fillers or spelt_as_a_hum(words[start])):
        start += 1
    return words[start:]


def _all_but_the_last_word(words: list[str], phrases: Iterable[str]) -> bool:
    """The words are as many as a phrase's, two or more, all but the last
    the phrase's own, and the last of three letters or more ("george w"
    is half of "george washington", the player pausing inside it)."""
    if len(words) < 2 or len(words[-1]) < 3:
        return False
    for phrase in phrases:
        target = first_spoken_form(phrase).split()
        if len(target) == len(words) and target[:-1] == words[:-1]:
            return True
    return False


def _begun_by_sound(words: list[str], phrases: Iterable[str]) -> bool:
    """The words sound like the first words, not all, of a phrase ("the
    blade": "the great" of The Great Gatsby)."""
    said = " ".join(words)
    for phrase in phrases:
        parts = first_spoken_form(phrase).split()
        if any(roughly_alike(said, " ".join(parts[:size])) for size in range(1, len(parts))):
            return True
    return False


def _starts(words: list[str], phrases: Iterable[str]) -> bool:
    """The words, with or without a lead-in ("it's leonardo"), begin a phrase."""
    return begins_a_phrase(words, phrases) or begins_a_phrase(_without_lead_in(words), phrases)


def _names(words: list[str], phrases: Iterable[str]) -> bool:
    """The words, with or without a lead-in ("it's canberra"), are one of the phrases."""
    return _is_one_of(words, phrases) or _is_one_of(_without_lead_in(words), phrases)


def _is_one_of(words: list[str], phrases: Iterable[str]) -> bool:
    return " ".join(words) in {first_spoken_form(phrase) for phrase in phrases}


def begins_a_phrase(words: list[str], phrases: Iterable[str]) -> bool:
    """`words` are the first words, not all, of an expected phrase."""
    if not words:
        return False
    for phrase in phrases:
        target = first_spoken_form(phrase).split()
        if len(words) < len(target) and target[: len(words)] == words:
            return True
    return False


def closed_list_test(phrases: Iterable[str]) -> Callable[[str], bool]:
    """Complete: the words, less a leading filler, are one of the phrases."""
    known = _spoken_forms(tuple(phrases))

    def is_complete(text: str) -> bool:
        words = first_spoken_form(text).split()
        whole, rest = " ".join(words), " ".join(_without_lead_in(words))
        return _unquoted(whole) in known or _unquoted(rest) in known

    return is_complete


def one_of_the_phrases(text: str, phrases: tuple[str, ...]) -> bool:
    """The text is one of the phrases as recognizers spell them, apostrophes
    aside ("i don't know" is the lists' "i dont know")."""
    return _unquoted(first_spoken_form(text)) in _spoken_forms(phrases)


@lru_cache(maxsize=16)
def _spoken_forms(phrases: tuple[str, ...]) -> frozenset[str]:
    """The phrases as recognizers spell them. Kept: an answer's list holds
    the decks' other answers of its kind (about a thousand), the same for
    every question of that kind."""
    return frozenset(_unquoted(first_spoken_form(p)) for p in phrases if first_spoken_form(p))


def _unquoted(text: str) -> str:
    """ "i don't know" and "i dont know" are one phrase (lists spell it either way)."""
    return text.replace("'", "")
