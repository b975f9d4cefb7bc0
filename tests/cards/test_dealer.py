"""The editions' card handling (docs/rulings.md 10, 12, 20, 25) and no repeats within a game."""

from host.cards import dealer
from host.cards.dealer import CardCatalog

CARDS = tuple(f"c{i:02d}" for i in range(12))


def catalog(**kwargs):
    return CardCatalog(standard=CARDS, **kwargs)


def test_rule_10_two_boxes_alternate_and_a_used_card_goes_to_the_back_of_its_box():
    state = dealer.new_dealer("two_boxes", catalog(), seed=None, order=list(CARDS))
    assert state["boxes"] == [list(CARDS[0::2]), list(CARDS[1::2])]
    drawn = [dealer.draw(state, catalog(), "history") for _ in range(4)]
    assert drawn == ["c00", "c01", "c02", "c03"]
    assert state["boxes"][0][-2:] == ["c00", "c02"] and state["boxes"][1][-2:] == ["c01", "c03"]


def test_no_question_is_asked_twice_while_unasked_ones_remain():
    state = dealer.new_dealer("two_boxes", catalog(), seed=3)
    asked = [(dealer.draw(state, catalog(), "arts"), "arts") for _ in range(len(CARDS))]
    assert len(set(asked)) == len(CARDS)
    # every card's arts question is used: now other categories still find fresh questions
    fresh = {dealer.draw(state, catalog(), "sports") for _ in range(len(CARDS))}
    assert fresh == set(CARDS)


def test_rule_12_a_holder_gets_a_new_set_when_its_divider_card_comes_round():
    cards = tuple(f"g{i:03d}" for i in range(60))
    cat = CardCatalog(standard=cards)
    state = dealer.new_dealer("divider_sets", cat, seed=None, order=list(cards))
    assert len(state["sets"]) == 6 and all(len(s) == 10 for s in state["sets"])
    assert state["holders"] == [0, 1]
    first_holder = [dealer.draw(state, cat, "history") for _ in range(20)][0::2]
    assert set(first_holder) == set(state["sets"][0])
    dealer.draw(state, cat, "history")  # holder 0's divider came round: a new set
    assert state["holders"][0] == 2 and state["rested"][-1] == 0


def test_rule_20_read_cards_go_to_a_discard_pile_shuffled_back_when_the_deck_runs_out():
    state = dealer.new_dealer("discard_pile", catalog(), seed=5)
    first_round = [dealer.draw(state, catalog(), "science") for _ in range(len(CARDS))]
    assert sorted(first_round) == sorted(CARDS) and state["deck"] == []
    dealer.draw(state, catalog(), "science")
    assert state["shuffles"] == 1 and len(state["deck"]) == len(CARDS) - 1


def test_rule_25_ruby_box_front_card_then_back_of_the_box():
    cat = CardCatalog(
        standard=CARDS, ruby=("r1", "r2", "r3"), years={"r1": 1980, "r2": 1990, "r3": 2000}
    )
    state = dealer.new_dealer("ruby_boxes", cat, seed=1)
    order = list(state["ruby"])
    assert [dealer.draw_ruby(state, cat) for _ in range(4)] == order + order[:1]


def test_true_false_questions_are_skipped_when_the_game_wants_none():
    cat = catalog(true_false={c: frozenset({"history"}) for c in CARDS[:11]})
    state = dealer.new_dealer("discard_pile", cat, seed=None, order=list(CARDS))
    assert dealer.draw(state, cat, "history", allow_true_false=False) == "c11"
    assert dealer.draw(state, cat, "sports", allow_true_false=False) == "c00"


def test_the_same_seed_deals_the_same_cards():
    runs = []
    for _ in range(2):
        state = dealer.new_dealer("discard_pile", catalog(), seed=42)
        runs.append([dealer.draw(state, catalog(), "geography") for _ in range(30)])
    assert runs[0] == runs[1]
