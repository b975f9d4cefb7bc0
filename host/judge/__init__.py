"""The answer judge: what the recognizer heard against a card -> accept / prompt / reject.

    from host.judge import AnswerFields, judge
    judge(AnswerFields("Canberra", reject=("Sydney",), kind="place"), "um i think it's canberra")
    -> Verdict(verdict='accept', reason="accepted: 'um i think it's canberra' is Canberra", ...)

The contract is docs/judge.md; each rule lives in its own module.
"""

from typing import TYPE_CHECKING

from host.lazy_exports import lazy_exports

# module -> the names exported from it, each imported when first asked for:
# a module of the package (the model's constants, before the host's first
# word) is imported without the rules and their word lists
_EXPORTS = {
    "core": ("judge", "judge_alternative"),
    "model": ("Alternative", "AnswerFields", "Verdict"),
    "overrides": ("OverrideBook", "QuestionKey"),
}
__all__, __getattr__ = lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:  # the same names, for mypy
    from host.judge.core import judge, judge_alternative
    from host.judge.model import Alternative, AnswerFields, Verdict
    from host.judge.overrides import OverrideBook, QuestionKey
