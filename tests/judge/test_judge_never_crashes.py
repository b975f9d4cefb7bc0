"""Whatever the recognizer returns, the judge answers with a verdict and a reason."""

from hypothesis import given, settings
from hypothesis import strategies as st

from host.judge import AnswerFields, judge
from host.judge.model import KINDS

CARDS = [
    AnswerFields("Canberra", reject=("Sydney",), kind="place"),
    AnswerFields("1969", kind="year"),
    AnswerFields("Abraham Lincoln", kind="person"),
    AnswerFields("Star Wars: Episode IV - A New Hope", prompt=("Star Wars",), kind="title"),
    AnswerFields("True", kind="true_false"),
]

heard_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)
spoken_words = st.lists(
    st.sampled_from(
        [
            "the",
            "a",
            "um",
            "i",
            "think",
            "it's",
            "is",
            "nineteen",
            "sixty",
            "nine",
            "o",
            "oh",
            "two",
            "second",
            "viii",
            "x",
            "lincoln",
            "abe",
            "sydney",
            "canberra",
            "star",
            "wars",
            "episode",
            "iv",
            "new",
            "hope",
            "true",
            "not",
            "false",
            "yes",
            "no",
            "maybe",
            "or",
            "and",
            "u",
            "s",
            "a",
        ]
    ),
    max_size=12,
).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(CARDS),
    st.one_of(heard_text, spoken_words),
    st.sampled_from(["strict", "normal", "lenient"]),
)
def test_any_heard_text_gets_a_verdict_and_a_reason(card, heard, strictness):
    verdict = judge(card, heard, strictness)
    assert verdict.verdict in ("accept", "prompt", "reject")
    assert verdict.reason


@settings(max_examples=60, deadline=None)
@given(heard_text.filter(lambda t: t.strip()), st.sampled_from(KINDS), heard_text)
def test_any_card_text_gets_a_verdict(answer, kind, heard):
    card = AnswerFields(answer, accept=(answer.upper(),), kind=kind)
    assert judge(card, [(heard, 0.9), (answer, 0.1)]).verdict in ("accept", "prompt", "reject")
