"""The engine's protocol as types: state, prompts, actions and events.

Everything here describes plain JSON data (saves and scripted games hold it
as it is), so the kinds are `Literal` strings rather than Enum members: a
TypedDict union narrows on a Literal `type`, and an Enum member would leak
into saves (yaml.safe_dump refuses Enum values). The runtime tuples
(PROMPT_KINDS, ...) come from the same Literals, so the two cannot differ.

Keys named `from` cannot be class attributes, so those TypedDicts use the
functional form. No `from __future__ import annotations` here: with string
annotations Python 3.11 cannot tell NotRequired keys at run time
(__optional_keys__, which key_problems reads).
"""

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict, get_args

from host.cards.dealer import DealerState

# ------------------------------------------------------------------- kinds

PromptKind = Literal[
    "roll", "move", "jump", "pick", "category", "claims", "steal", "answer", "over"
]
ActionKind = Literal["roll", "move", "jump", "pick", "category", "claims", "steal", "answer"]
EventKind = Literal[
    "game_started",
    "turn_started",
    "rolled",
    "moved",
    "jumped",
    "jump_declined",
    "split_picked",
    "category_chosen",
    "all_play_claims",
    "steal_declared",
    "answered",
    "roll_again",
    "card_drawn",
    "question_asked",
    "question_closed",
    "token_won",
    "token_spent",
    "wedge_won",
    "moved_to_hub",
    "ruby_taken",
    "turn_ended",
    "final_won",
    "breakthrough",
    "game_over",
]
# Why a question is asked: decides what a right answer earns.
Purpose = Literal["space", "wild", "joker", "final", "all_play", "steal", "ruby", "ruby_final"]
# The purposes a category prompt chooses for (a steal never chooses).
CategoryPurpose = Literal["wild", "joker", "final", "all_play", "ruby", "ruby_final"]
Chooser = Literal["player", "opponents", "table"]
DeckName = Literal["standard", "ruby"]
TokenReason = Literal["owned_colour", "steal_space"]

PROMPT_KINDS: tuple[PromptKind, ...] = get_args(PromptKind)
ACTION_KINDS: tuple[ActionKind, ...] = get_args(ActionKind)
EVENT_KINDS: tuple[EventKind, ...] = get_args(EventKind)
PURPOSES: tuple[Purpose, ...] = get_args(Purpose)

# ------------------------------------------------------------------- state


class SideState(TypedDict):
    name: str
    members: list[str]
    space: int
    wedges: list[str]  # category ids, sorted
    tokens: int
    turns: int


class QuestionState(TypedDict):
    card: str
    deck: DeckName
    category: str
    purpose: Purpose
    wedge: bool  # a right answer earns a wedge
    stealable: bool
    true_false: bool


class Breakthrough(TypedDict):
    winners: list[int]  # side indexes
    remaining: list[int]  # sides still to play their first turn


# ----------------------------------------------------------------- prompts


class RollPrompt(TypedDict):
    type: Literal["roll"]
    side: str
    roller: NotRequired[str]  # co-op: the member whose turn it is to roll


class MovePrompt(TypedDict):
    type: Literal["move"]
    side: str
    roll: int
    options: list[int]  # legal destination space ids, sorted


class JumpPrompt(TypedDict):
    type: Literal["jump"]
    side: str
    space: int
    target: int
    category: str


class PickPrompt(TypedDict):
    type: Literal["pick"]
    side: str
    options: list[str]  # the split space's two categories
    card: str


class CategoryPrompt(TypedDict):
    type: Literal["category"]
    side: str
    chooser: Chooser
    purpose: CategoryPurpose
    options: list[str]
    card: NotRequired[str]  # Ruby: the card already drawn
    year: NotRequired[int | None]


class ClaimsPrompt(TypedDict):
    type: Literal["claims"]
    side: str
    eligible: list[str]


class StealPrompt(TypedDict):
    type: Literal["steal"]
    side: str
    eligible: list[str]


class AnswerPrompt(TypedDict):
    type: Literal["answer"]
    side: str
    category: str
    card: str
    deck: DeckName
    purpose: Purpose
    stealable: bool


class OverPrompt(TypedDict):
    type: Literal["over"]


Prompt = (
    RollPrompt
    | MovePrompt
    | JumpPrompt
    | PickPrompt
    | CategoryPrompt
    | ClaimsPrompt
    | StealPrompt
    | AnswerPrompt
    | OverPrompt
)


class GameState(TypedDict):
    edition: str
    mode: str
    sides: list[SideState]
    turn: int  # index of the side whose turn it is
    roller: int  # co-op: index of the member who rolls next
    ruby_holder: int | None
    cards: int  # cards drawn so far
    dealer: DealerState
    question: QuestionState | None
    queue: list[str]  # claimers or stealers still to answer
    lander: int | None  # all-play: the side that landed on the hub
    breakthrough: Breakthrough | None
    over: bool
    winners: list[str]
    rank: str | None  # co-op rank at the end
    prompt: Prompt


# ----------------------------------------------------------------- actions


class RollAction(TypedDict):
    type: Literal["roll"]
    value: int


class MoveAction(TypedDict):
    type: Literal["move"]
    to: int


class JumpAction(TypedDict):
    type: Literal["jump"]
    yes: bool


class PickAction(TypedDict):
    type: Literal["pick"]
    index: int


class CategoryAction(TypedDict):
    type: Literal["category"]
    category: str


class ClaimsAction(TypedDict):
    type: Literal["claims"]
    sides: list[str]


class StealAction(TypedDict):
    type: Literal["steal"]
    sides: list[str]


class AnswerAction(TypedDict):
    type: Literal["answer"]
    correct: bool


Action = (
    RollAction
    | MoveAction
    | JumpAction
    | PickAction
    | CategoryAction
    | ClaimsAction
    | StealAction
    | AnswerAction
)

# ------------------------------------------------------------------ events


class GameStarted(TypedDict):
    type: Literal["game_started"]
    edition: str
    mode: str
    sides: list[str]


class TurnStarted(TypedDict):
    type: Literal["turn_started"]
    side: str
    roller: NotRequired[str]


class Rolled(TypedDict):
    type: Literal["rolled"]
    side: str
    value: int


Moved = TypedDict(
    "Moved",
    {
        "type": Literal["moved"],
        "side": str,
        "from": int,
        "to": int,
        "roll": int,
        "path": list[int],
    },
)
Jumped = TypedDict("Jumped", {"type": Literal["jumped"], "side": str, "from": int, "to": int})


class JumpDeclined(TypedDict):
    type: Literal["jump_declined"]
    side: str
    space: int


class SplitPicked(TypedDict):
    type: Literal["split_picked"]
    side: str
    category: str


class CategoryChosen(TypedDict):
    type: Literal["category_chosen"]
    side: str
    by: Chooser
    purpose: CategoryPurpose
    category: str


class AllPlayClaims(TypedDict):
    type: Literal["all_play_claims"]
    sides: list[str]


class StealDeclared(TypedDict):
    type: Literal["steal_declared"]
    sides: list[str]


class Answered(TypedDict):
    type: Literal["answered"]
    side: str
    correct: bool
    card: str
    category: str


class RollAgain(TypedDict):
    type: Literal["roll_again"]
    side: str
    space: NotRequired[int]  # landed on a roll-again space (else: after a right answer)


class CardDrawn(TypedDict):
    type: Literal["card_drawn"]
    card: str
    deck: DeckName
    year: NotRequired[int | None]  # Ruby cards


class QuestionAsked(TypedDict):
    type: Literal["question_asked"]
    side: str | None  # None: an all-play question, put to everyone
    card: str
    deck: DeckName
    category: str
    purpose: Purpose


class QuestionClosed(TypedDict):
    type: Literal["question_closed"]
    card: str
    deck: DeckName
    category: str
    right: str | None  # the side that answered it right, if any


class TokenWon(TypedDict):
    type: Literal["token_won"]
    side: str
    why: TokenReason
    tokens: int


class TokenSpent(TypedDict):
    type: Literal["token_spent"]
    side: str
    tokens: int


class WedgeWon(TypedDict):
    type: Literal["wedge_won"]
    side: str
    category: str
    wedges: list[str]


MovedToHub = TypedDict("MovedToHub", {"type": Literal["moved_to_hub"], "side": str, "from": int})
RubyTaken = TypedDict("RubyTaken", {"type": Literal["ruby_taken"], "side": str, "from": str | None})


class TurnEnded(TypedDict):
    type: Literal["turn_ended"]
    side: str


class FinalWon(TypedDict):
    type: Literal["final_won"]
    side: str


class BreakthroughStarted(TypedDict):
    type: Literal["breakthrough"]
    side: str
    others: list[str]


class GameOver(TypedDict):
    type: Literal["game_over"]
    winners: list[str]
    cards: NotRequired[int]  # co-op
    rank: NotRequired[str | None]  # co-op


Event = (
    GameStarted
    | TurnStarted
    | Rolled
    | Moved
    | Jumped
    | JumpDeclined
    | SplitPicked
    | CategoryChosen
    | AllPlayClaims
    | StealDeclared
    | Answered
    | RollAgain
    | CardDrawn
    | QuestionAsked
    | QuestionClosed
    | TokenWon
    | TokenSpent
    | WedgeWon
    | MovedToHub
    | RubyTaken
    | TurnEnded
    | FinalWon
    | BreakthroughStarted
    | GameOver
)

# The TypedDict of each kind, for checks at the edges and in tests.
PROMPT_TYPES: dict[PromptKind, type] = {
    "roll": RollPrompt,
    "move": MovePrompt,
    "jump": JumpPrompt,
    "pick": PickPrompt,
    "category": CategoryPrompt,
    "claims": ClaimsPrompt,
    "steal": StealPrompt,
    "answer": AnswerPrompt,
    "over": OverPrompt,
}
ACTION_TYPES: dict[ActionKind, type] = {
    "roll": RollAction,
    "move": MoveAction,
    "jump": JumpAction,
    "pick": PickAction,
    "category": CategoryAction,
    "claims": ClaimsAction,
    "steal": StealAction,
    "answer": AnswerAction,
}
EVENT_TYPES: dict[EventKind, type] = {
    "game_started": GameStarted,
    "turn_started": TurnStarted,
    "rolled": Rolled,
    "moved": Moved,
    "jumped": Jumped,
    "jump_declined": JumpDeclined,
    "split_picked": SplitPicked,
    "category_chosen": CategoryChosen,
    "all_play_claims": AllPlayClaims,
    "steal_declared": StealDeclared,
    "answered": Answered,
    "roll_again": RollAgain,
    "card_drawn": CardDrawn,
    "question_asked": QuestionAsked,
    "question_closed": QuestionClosed,
    "token_won": TokenWon,
    "token_spent": TokenSpent,
    "wedge_won": WedgeWon,
    "moved_to_hub": MovedToHub,
    "ruby_taken": RubyTaken,
    "turn_ended": TurnEnded,
    "final_won": FinalWon,
    "breakthrough": BreakthroughStarted,
    "game_over": GameOver,
}


def key_problems(data: Mapping[str, object], shape: type) -> list[str]:
    """How `data` differs from the keys of TypedDict `shape` (empty: it fits).

    A check of keys only, at the edges (a loaded save, a test of what the
    engine emits); the values are the type checker's job inside the engine."""
    required: frozenset[str] = getattr(shape, "__required_keys__", frozenset())
    optional: frozenset[str] = getattr(shape, "__optional_keys__", frozenset())
    missing = sorted(required - set(data))
    unknown = sorted(set(data) - required - optional)
    return [f"{shape.__name__}: missing {k!r}" for k in missing] + [
        f"{shape.__name__}: unexpected {k!r}" for k in unknown
    ]
