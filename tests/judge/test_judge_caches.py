from host.judge import AnswerFields, judge
from host.judge.caches import _PER_CARD, forget_cards
from host.table.judging import Judging


def filled() -> list[int]:
    return [cached.cache_info().currsize for cached in _PER_CARD]


def test_a_new_game_starts_with_the_judges_caches_empty(tmp_path):
    judge(AnswerFields("Vincent van Gogh", accept=("Van Gogh",), kind="person"), "vincent van go")
    assert all(size > 0 for size in filled())  # the last game's card and what was heard
    Judging(tmp_path / "overrides.json")  # the table of the next game
    assert filled() == [0] * len(_PER_CARD)


def test_judging_after_forgetting_rules_as_before():
    card = AnswerFields("Canberra", reject=("Sydney",), kind="place")
    before = judge(card, "um i think it's canberra")
    forget_cards()
    assert judge(card, "um i think it's canberra") == before
