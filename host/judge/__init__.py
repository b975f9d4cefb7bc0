"""The answer judge: what the recognizer heard against a card -> accept / prompt / reject.

    from host.judge import AnswerFields, judge
    judge(AnswerFields("Canberra", reject=("Sydney",), kind="place"), "um i think it's canberra")
    -> Verdict(verdict='accept', reason="accepted: 'um i think it's canberra' is Canberra", ...)

The contract is docs/judge.md; each rule lives in its own module.
"""

from host.judge.core import judge, judge_alternative
from host.judge.model import Alternative, AnswerFields, Verdict
from host.judge.overrides import OverrideBook, QuestionKey

__all__ = [
    "Alternative",
    "AnswerFields",
    "OverrideBook",
    "QuestionKey",
    "Verdict",
    "judge",
    "judge_alternative",
]
