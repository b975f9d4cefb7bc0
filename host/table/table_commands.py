"""What the table can ask for at any prompt ("repeat", "score", "that was
right", "pause", ...): one function per command, found by name in COMMANDS.

Queries say something and change nothing; overrides and skips change the
game under the pending prompt and say so (PromptChanged asks afresh).
"""

from __future__ import annotations

from typing import NoReturn

from host.cards.dealer import OutOfCards
from host.rules.engine import Engine
from host.table import conversation
from host.table import destinations as dest
from host.table import understanding as und
from host.table.game import CannotUndo
from host.table.narrator import phrases
from host.table.prompts import listening
from host.table.settings import VERBOSITY


def active_side(table) -> str:
    prompt = table.game.prompt
    return prompt.get("side") or table.game.state["sides"][table.game.state["turn"]]["name"]


def help_now(table) -> str:
    prompt = table.game.prompt
    kind = table.dialogue or prompt["type"]
    table_roll = table.narrator.part("help_table_roll", table.settings.dice)
    # only where it is said: a part's suggestions go with the line it fills
    table_move = table.narrator.part(
        "help_table_move", table.settings.dice if kind == "move" else "host"
    )
    return table.narrator.part("help_now", kind, table_roll=table_roll, table_move=table_move)


def pending(table) -> str:
    """The prompt still waiting, in a few words (after a query or help)."""
    prompt = table.game.prompt
    options = prompt.get("options", []) if prompt["type"] == "pick" else []
    names = [table.narrator.category(c) for c in options]
    return table.narrator.part(
        "pending",
        table.dialogue or prompt["type"],
        side=table.narrator.who(prompt.get("roller") or active_side(table)),
        first=names[0] if names else "",
        second=names[1] if len(names) > 1 else "",
        question=table.current_ask,
    )


def repeat(table) -> None:
    """The last substantive thing: the question or choices, or the last
    ruling with its answer when the question is closed."""
    if table.ruling_step == table.game.meta["steps"]:  # nothing has happened since
        for line in table.ruling_lines:
            table.say(line)
    table.say(table.current_ask, "prompt")


def answer(table) -> None:
    """'What was the answer?': the answer of the last question closed."""
    if table.closed_question is None:
        table.say(table.narrator.say("no_answer_yet"))
        return
    question = table.game.question(*table.closed_question)
    table.say(table.narrator.say("answer_was", answer=table.narrator.answer_text(question)))


def where_am_i(table) -> None:
    where_is(table, active_side(table))


def score(table) -> None:
    for line in table.narrator.score(table.game):
        table.say(line)


def need(table) -> None:
    needs_of(table, active_side(table))


def where_is(table, side: str) -> None:
    table.say(table.narrator.where(table.game, side))


def standing_of(table, side: str) -> None:
    table.say(table.narrator.standing(table.game, side))


def needs_of(table, side: str) -> None:
    table.say(table.narrator.need(table.game, side))


def advise(table) -> None:
    from host.advisor.advice import advise  # loads the solver only when asked

    game, prompt = table.game, table.game.prompt
    name = active_side(table)
    side = Engine.side_of(game.state, name)
    labels = None
    if prompt["type"] == "move" and side is not None:
        found = dest.destinations(game, side, prompt["roll"], prompt["options"], table.narrator)
        labels = {d.space: d.label for d in found}
    strengths = {
        c: tuple(v) for c, v in game.answers.get(side["name"] if side else name, {}).items()
    }
    table.say(advise(game.rules, game.state, name, strengths, labels).sentence)


def whose_turn(table) -> None:
    state = table.game.state
    turn = table.narrator.who(state["sides"][state["turn"]]["name"])
    waiting = table.narrator.part(
        "waiting_for", table.game.prompt["type"], side=table.narrator.who(active_side(table))
    )
    table.say(table.narrator.say("whose_turn", side=turn, waiting=waiting))


def help(table) -> None:
    table.say(help_now(table))
    choice = table.game.choice_to_undo()
    if choice:  # "If I misheard the move, say undo."
        taken = table.narrator.part("choice_taken_back", choice)
        table.say(table.narrator.say("help_undo", choice=taken))
    table.say(table.narrator.say("help_always"))
    state = table.game.state
    sides = state["sides"]
    if len(sides) > 1:  # "where is Ben": the next side's name as the example
        after = sides[(state["turn"] + 1) % len(sides)]["name"]
        table.say(table.narrator.say("help_someone", name=after))


def rules(table) -> None:
    rules = table.game.rules
    space = rules.board.space(table.game.side(active_side(table))["space"])
    category = table.narrator.category(space.category) if space.category else ""
    mode = "coop" if rules.coop else rules.board.hub_role  # the rules of the mode played
    hub_rule = str(phrases()["hub_rules"][mode])
    key = "rules_of_coop" if rules.coop and space.kind in phrases()["rules_of_coop"] else "rules_of"
    text = table.narrator.part(key, space.kind, sentence=True, category=category, hub_rule=hub_rule)
    if rules.steal:
        text += str(phrases()["steal_rule"])
    table.say(text)


def pause(table) -> None:
    table.save()
    table.say(table.narrator.say("paused"))
    while True:
        heard = table.listen(listening("free", table.game.prompt))
        command = und.command_of(heard.text)
        if command == "resume":
            table.say(table.narrator.say("resumed"))
            table.say(table.current_ask, "prompt")
            return
        if command == "save_quit":
            save_quit(table)
        if heard.typed or not heard.nothing:
            table.say(table.narrator.say("still_paused"))


def resume_prompt(table) -> None:
    table.say(table.current_ask, "prompt")


def save_quit(table) -> None:
    table.save()
    table.note("saved and quit")
    table.say(table.narrator.say("saved_and_quit", resume=table.resume_command()))
    raise conversation.QuitGame()


def right(table) -> None:
    _override(table, True)


def wrong(table) -> None:
    _override(table, False)


def _override(table, correct: bool) -> None:
    try:
        ruling, events = table.game.override(correct)
    except CannotUndo as exc:
        table.say(table.narrator.say("override_refused", reason=exc))
        return
    side = table.narrator.who(ruling.get("side"))
    table.say(table.narrator.say("override_right" if correct else "override_wrong", side=side))
    table.write(
        "ruling",
        verdict="accept" if correct else "reject",
        reason="the table overrode",
        heard=ruling.get("heard", ""),
        card=ruling.get("card"),
        category=ruling.get("category"),
        override=True,
    )
    if table.judging is not None and ruling.get("card"):
        question = table.game.question(ruling["card"], ruling["category"])
        problem = table.judging.teach(
            question,
            table.deck_of.get(ruling["card"], ""),
            ruling["card"],
            ruling.get("heard", ""),
            correct,
        )
        if problem:
            table.note(problem)
    _asked_afresh(table, events)


def skip(table) -> None:
    try:
        events = table.game.skip_question()
    except (CannotUndo, OutOfCards) as exc:
        table.say(table.narrator.say("skip_refused", reason=exc))
        return
    table.say(table.narrator.say("skipped"))
    _asked_afresh(table, [e for e in events if e["type"] not in ("moved", "rolled", "jumped")])


def undo(table) -> None:
    """A misheard choice taken back: the prompt it answered is asked again."""
    try:
        action = table.game.undo_choice()
    except CannotUndo as exc:
        table.say(table.narrator.say("undo_refused", reason=exc))
        return
    table.note("choice taken back", action=action)
    taken = table.narrator.part("choice_taken_back", action["type"])
    table.say(table.narrator.say("undone", choice=taken))
    _asked_afresh(table)


def _asked_afresh(table, events=()) -> NoReturn:
    """The game changed under the pending prompt (an override, a skip, an
    undo): what follows is said, saved, and the prompt asked afresh."""
    table.read_questions = set()
    table.narrate(list(events))
    table.save()
    raise conversation.PromptChanged()


def _adjust(table, change: str) -> None:
    table.say(table.narrator.say(table.channel.adjust(change)))


def louder(table) -> None:
    _adjust(table, "louder")


def softer(table) -> None:
    _adjust(table, "softer")


def slower(table) -> None:
    _adjust(table, "slower")


def faster(table) -> None:
    _adjust(table, "faster")


def short(table) -> None:
    _verbosity(table, -1)


def long(table) -> None:
    _verbosity(table, +1)


def _verbosity(table, step: int) -> None:
    """'shorter' and 'more detail' go one level at a time."""
    levels = VERBOSITY
    now = levels.index(table.narrator.verbosity) if table.narrator.verbosity in levels else 1
    table.narrator.verbosity = levels[max(0, min(len(levels) - 1, now + step))]
    table.say(table.narrator.say(f"verbosity_{table.narrator.verbosity}"))


def keyboard(table) -> None:
    if not table.channel.voice or table.keyboard_factory is None:
        table.say(table.narrator.say("keyboard_already"))
        return
    table.say(table.narrator.say("switch_to_keyboard"))
    table.channel.close()
    table.channel = table.keyboard_factory()
    table.narrator.typed = True
    table.note("switched to the keyboard")
    table.say(table.current_ask, "prompt")


COMMANDS = {
    "repeat": repeat,
    "answer": answer,
    "where_am_i": where_am_i,
    "score": score,
    "need": need,
    "advise": advise,
    "whose_turn": whose_turn,
    "help": help,
    "rules": rules,
    "pause": pause,
    "resume": resume_prompt,
    "save_quit": save_quit,
    "right": right,
    "wrong": wrong,
    "skip": skip,
    "undo": undo,
    "louder": louder,
    "softer": softer,
    "slower": slower,
    "faster": faster,
    "short": short,
    "long": long,
    "keyboard": keyboard,
}

# The queries asked about someone by name ("where is Ben"), by command
ABOUT_SOMEONE = {
    "where_am_i": where_is,
    "score": standing_of,
    "need": needs_of,
}
