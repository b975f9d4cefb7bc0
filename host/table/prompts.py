"""The engine's prompts, one dialogue each: the words that ask for it, the
phrases to expect, and an interpreter from what was heard to a value (Done),
a question back (Ask), a reply that counts as a miss (Reply), or nothing
understood. PROMPTS maps a prompt's type to its dialogue; each returns the
action and, beside it, the words heard (kept for the judge's overrides).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from host.judge.model import AnswerFields
from host.rules.engine import TABLE
from host.table import destinations as dest
from host.table import understanding as und
from host.table.channels import Heard, Listening
from host.table.judging import heard_fields
from host.table.narrator import join, number_words


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


NOT_UNDERSTOOD = object()


@dataclass(frozen=True)
class RolledInstead:
    """ "I rolled a four" at the move: the table's die was misheard."""

    value: int
    heard: Heard


def listening(
    kind: str, prompt: dict, phrases=(), time_limit=None, also=(), card=None
) -> Listening:
    return Listening(
        kind,
        tuple(phrases),
        tuple(und.vocabulary()["commands"]),
        time_limit,
        dict(prompt),
        tuple(also),
        card,
    )


def roll(table, prompt: dict) -> tuple[dict, str | None]:
    host_rolls = table.settings.dice == "host"
    if host_rolls:
        ask = table.narrator.say("ask_roll_host" if table.channel.voice else "ask_roll_host_typed")
    else:
        ask = table.narrator.say("ask_roll_table")
    roller = prompt.get("roller")
    if (
        roller
        and roller != table.named_roller
        and len(table.game.side(prompt["side"])["members"]) > 1
    ):
        ask = table.narrator.say("roller", roller=roller, ask=ask)
    table.named_roller = roller

    def interpret(heard: Heard):
        text = heard.text
        if host_rolls:
            if (heard.typed and not text) or und.is_one_of(text, "roll"):
                return Done(table.game.roll_die())
            return NOT_UNDERSTOOD
        value = und.die_face(text)
        if value is not None:
            return Done(value)
        if und.is_one_of(text, "roll") or und.numbers_in(text):
            return Reply(table.narrator.say("die_value"))
        return NOT_UNDERSTOOD

    phrases = und.vocabulary()["roll"] if host_rolls else und.DIE_FACES
    value = table.converse(
        ask,
        listening("roll", prompt, phrases),
        interpret,
        pass_value=None,
        pass_means=table.narrator.part("pass_means", "roll"),
    )
    if value is None:
        value = table.game.roll_die()
    return {"type": "roll", "value": value}, None


def move(table, prompt: dict) -> tuple[dict, str | None]:
    side = table.game.side(prompt["side"])
    found = dest.destinations(table.game, side, prompt["roll"], prompt["options"], table.narrator)
    labels = [d.label for d in found]
    roll = number_words(prompt["roll"])
    ask = table.narrator.say("ask_move", options=table.narrator.choices(found), roll=roll)
    every = table.narrator.say(
        "ask_move_all", options="; ".join(f"[{x}]" for x in labels), roll=roll
    )
    rules = table.game.rules
    narrowed = {"to": found}  # after "which one?", the answer picks among those
    spoken = table.narrator.choice_places(found)  # "second": the second place read out

    table_die = table.settings.dice == "table"

    def interpret(heard: Heard):
        # lower readings too: espeak's "it was a two" was Whisper's "one",
        # the grammar's "it was a two" (asked about before it counts)
        rolls = (und.rolled_value(text) for text in heard.alternatives)
        rolled = next((value for value in rolls if value is not None), None)
        if rolled is not None:
            if table_die:
                return Done(RolledInstead(rolled, heard))
            return Reply(table.narrator.say("host_rolled", value=roll))
        for among in (narrowed["to"], found):
            for text in heard.alternatives:
                places = spoken if among is found else None
                fitting = _fitting(text, among, rules, places)
                if len(fitting) == 1:
                    return Done(fitting[0].space)
                if len(fitting) > 1:
                    narrowed["to"] = fitting
                    return Ask(
                        table.narrator.say("ambiguous", options=_or([d.label for d in fitting]))
                    )
        if dest.named_anything(heard.text, rules):
            return Reply(
                table.narrator.say("not_reachable", heard=heard.text, options="; ".join(labels))
            )
        return NOT_UNDERSTOOD

    # the table's die, misheard, is said again here ("I rolled a five")
    corrections = ROLL_CORRECTIONS if table_die else ()
    space = table.converse(
        ask,
        listening("choice", prompt, (*labels, *corrections), also=[d.name for d in found]),
        interpret,
        pass_value=found[0].space,
        pass_means=table.narrator.part("pass_means", "move", first=labels[0]),
        repeat=every,
    )
    if isinstance(space, RolledInstead):
        table.correct_roll(space.value, space.heard)  # asks afresh, with its own choices
    return {"type": "move", "to": space}, None


# What a closed list hears for a roll said again at the move: "i rolled a
# five", "it was a five" (understanding.rolled_value reads more ways)
ROLL_CORRECTIONS = tuple(
    f"{lead} {face}" for lead in ("i rolled a", "it was a") for face in und.DIE_FACES
)


def jump(table, prompt: dict) -> tuple[dict, str | None]:
    category = table.game.rules.board.space(prompt["target"]).category
    ask = table.narrator.say("ask_jump", category=table.narrator.category(category))
    yes = _yes_or_no(
        table,
        ask,
        listening("choice", prompt, ("yes", "no")),
        pass_value=False,
        pass_means=table.narrator.part("pass_means", "jump"),
    )
    return {"type": "jump", "yes": yes}, None


def _yes_or_no(table, ask, heard_as: Listening, pass_value, pass_means):
    """A yes-or-no question: True or False, or `pass_value` after the misses."""

    def interpret(heard: Heard):
        answer = und.yes_or_no(heard.text)
        return NOT_UNDERSTOOD if answer is None else Done(answer)

    return table.converse(ask, heard_as, interpret, pass_value=pass_value, pass_means=pass_means)


def pick(table, prompt: dict) -> tuple[dict, str | None]:
    first, second = prompt["options"]
    card = prompt["card"]
    questions = [
        table.narrator.question_text(table.game.question(card, c)) for c in (first, second)
    ]
    names = [table.narrator.category(c) for c in (first, second)]
    ask = table.narrator.say(
        "ask_pick",
        first=names[0],
        second=names[1],
        first_question=questions[0],
        second_question=questions[1],
    )

    def interpret(heard: Heard):
        said = [c for c in und.categories_in(heard.text, table.game.rules) if c in (first, second)]
        if len(said) == 1:
            return Done(prompt["options"].index(said[0]))
        if len(said) == 2:
            return Ask(table.narrator.say("ambiguous", options=_or(names)))
        ordinal = und.ordinal_in(heard.text)
        if ordinal in (1, 2):
            return Done(ordinal - 1)
        return NOT_UNDERSTOOD

    index = table.converse(
        ask,
        listening("choice", prompt, names),
        interpret,
        pass_value=0,
        pass_means=table.narrator.part("pass_means", "pick", first=names[0]),
    )
    return {"type": "pick", "index": index}, None


def category(table, prompt: dict) -> tuple[dict, str | None]:
    options = prompt["options"]
    side = table.narrator.who(prompt["side"])
    purpose = prompt["purpose"]
    listed = table.narrator.category_options(options)
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
    opponents = [s["name"] for s in table.game.state["sides"] if s["name"] != prompt["side"]]
    ask = table.narrator.say(
        key, side=side, options=listed, year=prompt.get("year"), opponents=_and(opponents)
    )

    def interpret(heard: Heard):
        for text in heard.alternatives:
            said = [c for c in und.categories_in(text, table.game.rules) if c in options]
            if len(said) == 1:
                return Done(said[0])
            if len(said) > 1:
                return Ask(
                    table.narrator.say("ambiguous", options=table.narrator.categories(said, "or"))
                )
        return NOT_UNDERSTOOD

    names = [table.narrator.category(c) for c in options]
    colours = [table.game.rules.board.colour_of.get(c, "") for c in options]
    listed_again = table.narrator.say("category_choices", options=_or(f"[{n}]" for n in names))
    category = table.converse(
        ask,
        listening("choice", prompt, names, also=[c for c in colours if c]),
        interpret,
        pass_value=options[0],
        pass_means=table.narrator.part("pass_means", "category", first=names[0]),
        repeat=ask if set(names) <= set(ask.suggests) else ask + " " + listed_again,
    )
    return {"type": "category", "category": category}, None


def claims(table, prompt: dict) -> tuple[dict, str | None]:
    question = table.game.state["question"]
    key = (question["card"], question["category"])
    reading = ""
    if key not in table.read_questions:
        table.read_questions.add(key)
        reading = (
            table.narrator.say(
                "question_all_play",
                category=table.narrator.category(question["category"]),
                question=table.narrator.question_text(table.game.question(*key)),
            )
            + " "
        )
    ask = reading + table.narrator.say("ask_claims")
    sides = _names_dialogue(table, ask, prompt, "claims")
    return {"type": "claims", "sides": sides}, None


def steal(table, prompt: dict) -> tuple[dict, str | None]:
    ask = table.narrator.say("ask_steal", eligible=_and(prompt["eligible"]))
    return {"type": "steal", "sides": _names_dialogue(table, ask, prompt, "steal")}, None


def _names_dialogue(table, ask: str, prompt: dict, kind: str) -> list[str]:
    spoken = table.spoken_names()
    eligible = prompt["eligible"]

    def interpret(heard: Heard):
        text = heard.text
        if und.is_one_of(text, "nobody"):
            return Done([])
        sides, unknown = und.names_in(text, spoken, fuzzy=table.channel.voice)
        if not sides and not unknown and kind == "steal" and und.says_steal(text):
            if len(eligible) == 1:  # "we steal", "I'll steal": the one who can
                return Done(list(eligible))
            return Ask(table.narrator.say("who_steals", eligible=_or(eligible)))
        if unknown and (sides or len(unknown) <= 3):
            return Reply(
                table.narrator.say("unknown_names", names=_and(unknown), known=_and(list(spoken)))
            )
        if not sides:
            return NOT_UNDERSTOOD
        outside = [s for s in sides if s not in eligible]
        if outside:
            return Reply(
                table.narrator.say("not_eligible", names=_and(outside), eligible=_and(eligible))
            )
        return Done(sides)

    may = [name for name, side in spoken.items() if side in eligible]
    return table.converse(
        ask,
        listening("names", prompt, list(spoken), also=may),
        interpret,
        pass_value=[],
        pass_means=table.narrator.part("pass_means", kind),
        silence=[],
    )


def answer(table, prompt: dict) -> tuple[dict, str | None]:
    card, category = prompt["card"], prompt["category"]
    question = table.game.question(card, category)
    side = table.narrator.who(prompt["side"])
    key = "question_coop" if prompt["side"] == TABLE else "question"
    reading = table.narrator.say(
        key,
        side=side,
        category=table.narrator.heading(category),
        question=table.narrator.question_text(question),
    )
    if (card, category) in table.read_questions:
        ask = table.narrator.say("question_again", side=side)
    else:
        table.read_questions.add((card, category))
        ask = reading
    phrases = list(AnswerFields.from_mapping(question.answer_fields()).listen_for())
    members = table.game.side(prompt["side"])["members"] + [prompt["side"]]
    strictness = table.settings.strictness_for(members)
    # said_again: the card's entry the host heard unsure and asked to hear again
    state = {"prompted": False, "heard": "", "asked": False, "said_again": None}
    deck = table.deck_of.get(card, "")
    where = {"card": card, "category": category, "strictness": strictness}

    def interpret(heard: Heard):
        text = heard.text
        if und.is_one_of(text, "thinking") or not und.normalise(text):
            return Ask(table.narrator.say("answer_or_pass"))  # "hmm", or a blank line
        state["heard"] = text
        if und.is_one_of(text, "pass"):
            table.write("ruling", verdict="reject", reason="passed", heard=text)
            table.ruled_as = "passed_answer"  # "A pass.", said as the ruling
            return Done(False)
        if table.judging is None:
            return Done(None)
        # typed text has no card guess; after one "Did you say ...?" no second
        may_ask = not heard.typed and not state["asked"]
        guess = heard.card_guess if may_ask else None
        alternatives = [a for a in heard.alternatives if a.strip()]
        ruling = table.judging.rule(
            question, deck, card, alternatives, strictness, guess, table.game.cards, spoken=may_ask
        )
        state["heard"] = ruling.heard
        if ruling.verdict == "confirm" and _others_may_answer(table, prompt):
            # "Did you say Ottawa?" would tell the stealers or claimers still
            # to answer; asking to hear it again tells them nothing
            if state["said_again"] is None:
                state["said_again"] = ruling.ask_about
                table.write("ruling", verdict="say_again", reason=ruling.reason, heard=ruling.heard)
                return Ask(table.narrator.say("say_again"))
            # said again: if again the card-guided pass heard the same entry
            # of the card in what free decoding garbled, two hearings agree
            # (and as the entry rules: "True" heard twice on a False card is wrong)
            agreed = state["said_again"] == ruling.ask_about
            entry = [str(ruling.ask_about)]
            ruling = replace(
                ruling,
                verdict=table.judging.rule(question, deck, card, entry, strictness).verdict
                if agreed
                else "reject",
                reason=f"heard twice as {ruling.ask_about}: {ruling.reason}"
                if agreed
                else f"unsure twice, of different entries: {ruling.reason}",
            )
        if ruling.verdict == "confirm" and ruling.ask_about:
            state["asked"] = True
            said = _asked_about(table, prompt, question, ruling, where, card_guess=guess)
            if said is None:
                return Done(False)
            if not said:
                return Ask(table.narrator.say("answer_again"))
            heard_as = ruling.heard
            ruling = table.judging.rule(question, deck, card, [ruling.ask_about], strictness)
            table.write(
                "ruling",
                verdict=ruling.verdict,
                reason=f"confirmed: {ruling.reason}",
                heard=heard_as,
                confirmed=ruling.heard,
                confidence=ruling.confidence,
                **where,
            )
        else:
            table.write(
                "ruling",
                verdict=ruling.verdict,
                reason=ruling.reason,
                heard=ruling.heard,
                confidence=ruling.confidence,
                **where,
            )
        if ruling.verdict == "accept":
            return Done(True)
        if ruling.verdict == "prompt" and not state["prompted"]:
            state["prompted"] = True
            return Reply(table.narrator.say("more_specific"))
        return Done(False)

    time_limit = table.settings.answer_seconds or None
    others = ()
    if table.channel.voice and table.judging is not None:
        others = table.judging.other_answers(question, table.game.cards)
    correct = table.converse(
        ask,
        listening("answer", prompt, phrases, time_limit, also=others, card=heard_fields(question)),
        interpret,
        pass_value=False,
        pass_means=table.narrator.part("pass_means", "answer"),
        repeat=reading,
    )
    if correct is None:
        correct = _table_judges(table, question, prompt)
    return {"type": "answer", "correct": bool(correct)}, str(state["heard"])


def _others_may_answer(table, prompt: dict) -> bool:
    """Someone else may still answer this question: a steal may follow, or
    claimers or stealers are waiting their turn."""
    return bool(prompt.get("stealable")) or bool(table.game.state.get("queue"))


def _asked_about(
    table, prompt: dict, question, ruling, where: dict, card_guess: str | None
) -> bool | None:
    """ "Did you say Art Deco?": True for yes, False for no, None when no yes
    or no came (the usual misses, then a pass). The transcript keeps the
    decision, the question and the reply."""
    about = str(ruling.ask_about)
    spoken = table.narrator.answer_text(question) if about == question.answer else about
    ask = table.narrator.say("did_you_say", answer=spoken)
    table.write(
        "ruling",
        verdict="confirm",
        reason=ruling.reason,
        heard=ruling.heard,
        card_guess=card_guess,
        confidence=ruling.confidence,
        ask_about=about,
        question=str(ask),
        **where,
    )

    said = did_you_say(table, ask, prompt, about, None, "answer")
    reply = {True: "yes", False: "no", None: "none"}[said]
    table.note("confirm reply", question=str(ask), reply=reply, ask_about=about)
    if said is None:
        table.write("ruling", verdict="reject", reason=f"no yes or no to {str(ask)!r}", **where)
    return said


def did_you_say(table, ask, prompt: dict, about: str, pass_value, pass_means: str):
    """ "Did you say ...?" about `about` (the card's answer, a command), asked
    inside the pending `prompt`: help and "repeat" are about the question
    while it is open. True, False, or `pass_value` after the misses."""
    outer = table.current_ask, table.dialogue
    table.dialogue = "confirm"
    try:
        return _yes_or_no(
            table,
            ask,
            listening("yes_no", {**prompt, "confirm": about}, ("yes", "no")),
            pass_value=pass_value,
            pass_means=table.narrator.part("pass_means", pass_means),
        )
    finally:
        table.current_ask, table.dialogue = outer


def _table_judges(table, question, prompt: dict) -> bool:
    """No judge at the table: the host reads the answer, the table says right or wrong."""
    ask = table.narrator.say("what_was_the_answer", answer=table.narrator.answer_text(question))
    right = _yes_or_no(
        table,
        ask,
        listening("choice", prompt, ("yes", "no")),
        pass_value=False,
        pass_means=table.narrator.part("pass_means", "answer"),
    )
    table.write("ruling", verdict="accept" if right else "reject", reason="the table ruled")
    return right


PROMPTS = {
    "roll": roll,
    "move": move,
    "jump": jump,
    "pick": pick,
    "category": category,
    "claims": claims,
    "steal": steal,
    "answer": answer,
}


def _fitting(text: str, among: list, rules, places=None) -> list:
    """The destinations among `among` the words fit; an option said back as
    the host read it out is that option."""
    said_back = [d for d in among if und.normalise(d.label) == und.normalise(text)]
    return said_back if len(said_back) == 1 else dest.match(text, among, rules, places)


def _and(names) -> str:
    return join(list(names), "and")


def _or(names) -> str:
    return join(list(names), "or")
