"""Rule 7: True/False answers.

true/yes/right/correct mean True, false/no/wrong/incorrect mean False; "not"
flips the word after it and alone means False; a hedge ("true or false", "maybe") or both polarities
at once is wrong.
"""

from __future__ import annotations

from host.judge.lexicon import is_hesitation_word, lexicon
from host.judge.normalise import basic_tokens

TRUE, FALSE, HEDGE = "true", "false", "hedge"


def _starts_with(tokens: list[str], at: int, phrases: tuple[tuple[str, ...], ...]) -> int:
    """Length of the longest phrase found at position `at`, or 0."""
    for phrase in phrases:  # longest first
        if tuple(tokens[at : at + len(phrase)]) == phrase:
            return len(phrase)
    return 0


def read_true_false(text: str) -> str | None:
    """TRUE, FALSE, HEDGE, or None when the text says neither."""
    lex = lexicon()
    tokens = [t for t in basic_tokens(text) if not is_hesitation_word(t)]
    for at in range(len(tokens)):
        if _starts_with(tokens, at, lex.tf_hedges):
            return HEDGE
    said: set[str] = set()
    negate = False
    at = 0
    while at < len(tokens):
        token = tokens[at]
        if token in lex.tf_negations and not _starts_with(tokens, at, lex.tf_false):
            negate = not negate
            at += 1
            continue
        size_true = _starts_with(tokens, at, lex.tf_true)
        size_false = _starts_with(tokens, at, lex.tf_false)
        polarity = TRUE if size_true >= size_false else FALSE
        size = max(size_true, size_false)
        neutral = _starts_with(tokens, at, lex.tf_neutral)
        if neutral > size:
            at += neutral  # "all right, it's true": the "right" of "all right" is no answer
            continue
        if size:
            if negate:
                polarity = FALSE if polarity == TRUE else TRUE
            said.add(polarity)
            negate = False
            at += size
            continue
        if token not in lex.tf_ignore:
            return None  # something else was said: not a plain true/false answer
        at += 1
    if negate and not said:
        said.add(FALSE)  # "absolutely not", "not at all" said alone
    if len(said) > 1:
        return HEDGE
    return said.pop() if said else None


def card_truth(answer: str) -> str | None:
    """What a True/False card's answer says (True / False / yes / no ...)."""
    reading = read_true_false(answer)
    return reading if reading in (TRUE, FALSE) else None
