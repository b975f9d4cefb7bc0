"""What the board page shows of a game, from its save (meta + engine state)
and its cards: the pieces and their wedges, whose turn, the roll, the
question being asked and the last ruling.

The answer of a question is shown only once that question is over: after
its ruling, and not while it is still open to a steal or another answer.
Pure: the caller loads the cards and rules and keeps the previous view.
"""

from __future__ import annotations

from host.board.style import load_style
from host.board.svg import Piece, board_svg, space_description
from host.rules.editions import Rules

MISSING_TEXT = "(this card is not in the game's decks)"


def game_view(data: dict, cards: dict, rules: Rules, previous: dict | None = None) -> dict:
    """The page's view of a saved game. `cards`: card id -> Card; `previous`:
    the last view, whose roll is kept while the same side plays on."""
    state, meta = data["state"], data.get("meta") or {}
    prompt = state.get("prompt") or {}
    turn = _turn_side(state)
    sides = [_side(index, side, state, turn, rules) for index, side in enumerate(state["sides"])]
    view = {
        "edition": state["edition"],
        "mode": state["mode"],
        "title": f"{state['edition']} edition, {state['mode']} mode",
        "proposal": rules.board.proposal,
        "categories": [_category(c, rules) for c in rules.names],
        "sides": sides,
        "tokens": rules.steal or any(side["tokens"] for side in sides),
        "turn": turn,
        "waiting_for": prompt.get("type"),
        "roll": _roll(prompt, turn, previous),
        "question": _question(state, cards, rules),
        "ruling": _ruling(meta.get("last_ruling"), state, cards, rules),
        "over": bool(state.get("over")),
        "winners": list(state.get("winners") or []),
        "cards_played": state.get("cards", 0),
    }
    view["svg"] = board_svg(rules.board, rules.names, _pieces(sides), title=_picture_title(view))
    return view


def saved_game_svg(data: dict, rules: Rules) -> str:
    """A saved game as a picture standing on its own: the board, the pieces,
    and below them the categories and each side's wedges."""
    state = data["state"]
    turn = _turn_side(state)
    sides = [_side(index, side, state, turn, rules) for index, side in enumerate(state["sides"])]
    view = {"title": f"{state['edition']} edition, {state['mode']} mode", "sides": sides}
    return board_svg(
        rules.board, rules.names, _pieces(sides), title=_picture_title(view), legend=True
    )


def _pieces(sides: list[dict]) -> list[Piece]:
    return [
        Piece(s["number"], s["name"], s["space"], tuple(s["wedge_ids"]), s["turn"], s["ruby"])
        for s in sides
    ]


def _turn_side(state: dict) -> str | None:
    if state.get("over"):
        return None
    side = (state.get("prompt") or {}).get("side")
    if side:
        return side
    index = state.get("turn")
    return state["sides"][index]["name"] if isinstance(index, int) else None


def _side(index: int, side: dict, state: dict, turn: str | None, rules: Rules) -> dict:
    space = rules.board.space(side["space"])
    return {
        "number": index + 1,
        "name": side["name"],
        "members": list(side.get("members") or []),
        "space": side["space"],
        "where": space_description(space, rules.board, rules.names),
        "wedges": [_category(c, rules) for c in side["wedges"]],
        "wedge_ids": list(side["wedges"]),
        "tokens": side.get("tokens", 0),
        "ruby": state.get("ruby_holder") == index,
        "turn": side["name"] == turn,
    }


def _category(category: str, rules: Rules) -> dict:
    colour = rules.board.colour_of[category]
    return {
        "id": category,
        "name": rules.names[category],
        "symbol": load_style().symbols[category],
        "colour": colour,
        "fill": load_style().colours[colour].fill,
        "ink": load_style().colours[colour].text,
    }


def _roll(prompt: dict, turn: str | None, previous: dict | None) -> dict | None:
    if "roll" in prompt and prompt.get("side"):
        return {"side": prompt["side"], "value": prompt["roll"]}
    kept = (previous or {}).get("roll")
    return kept if kept and kept["side"] == turn else None


def _question(state: dict, cards: dict, rules: Rules) -> dict | None:
    """The open question: its category and text, never its answer."""
    question = state.get("question")
    if not question:
        return None
    prompt = state.get("prompt") or {}
    asked = _asked(cards, question)
    return {
        "side": prompt.get("side"),
        **_category(question["category"], rules),
        "text": asked.text if asked else MISSING_TEXT,
    }


def _ruling(last: dict | None, state: dict, cards: dict, rules: Rules) -> dict | None:
    """The last ruling, with the answer, once its question is over."""
    if not last or (last.get("action") or {}).get("type") != "answer":
        return None
    before = last.get("state") or {}
    question = before.get("question")
    if not question or _same_question(question, state.get("question")):
        return None  # still open (a steal, another answer): no answer yet
    asked = _asked(cards, question)
    return {
        "side": (before.get("prompt") or {}).get("side"),
        "correct": bool(last["action"].get("correct")),
        **_category(question["category"], rules),
        "text": asked.text if asked else MISSING_TEXT,
        "answer": asked.answer if asked else "",
    }


def _same_question(a: dict, b: dict | None) -> bool:
    if not b:
        return False
    return (a.get("card"), a.get("category")) == (b.get("card"), b.get("category"))


def _asked(cards: dict, question: dict):
    card = cards.get(question.get("card"))
    return card.questions.get(question.get("category")) if card else None


def _picture_title(view: dict) -> str:
    where = "; ".join(
        f"{s['number']} {s['name']}: {s['where']}, "
        f"{len(s['wedges'])} wedge{'s' if len(s['wedges']) != 1 else ''}"
        for s in view["sides"]
    )
    return f"The board ({view['title']}). {where}."
