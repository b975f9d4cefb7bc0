"""German Genus (2) (rulings 11-12) and 40th Anniversary Ruby (rulings 21-25), as scripted games."""

import pytest

from host.cards.dealer import CardCatalog
from host.errors import UserError
from host.rules.editions import load_rules
from host.rules.engine import Engine
from tests.rules.scripted import replay, types

# --- genus2 ------------------------------------------------------------------------------


def test_rule_11_jumper_taken_answers_the_corner_question_and_wins_its_wedge():
    result = replay("""
        edition: genus2
        players: [Ann, Ben]
        dice: [6, 2]
        script:
          - move: 0        # yellow corner (history)
          - answer: right  # wedge history, remain in turn
          - move: 2        # jumper with a small brown wedge
          - jump: yes      # to the brown corner, 21
          - answer: right  # wedge arts
    """)
    assert result["players"]["Ann"]["space"] == 21
    assert result["players"]["Ann"]["wedges"] == ["arts", "history"]
    assert "jumped" in types(result) and result["next"] == "Ann"


def test_rule_11_jumper_declined_is_a_plain_question_of_its_colour_in_the_standard_game():
    result = replay("""
        edition: genus2
        players: [Ann, Ben]
        dice: [6, 2]
        script:
          - move: 0
          - answer: right
          - move: 2
          - jump: no       # stays: an arts question, no wedge
          - answer: right
    """)
    asked = [e["category"] for e in result["events"] if e["type"] == "question_asked"]
    assert asked == ["history", "arts"]
    assert result["players"]["Ann"] == {
        "space": 2,
        "wedges": ["history"],
        "tokens": 0,
        "ruby": False,
    }


def test_rule_11_the_jump_is_offered_even_for_an_owned_colour():
    engine = Engine(load_rules("genus2"), CardCatalog(standard=("c1",)))
    state, _ = engine.new_game(["Ann", "Ben"], seed=1)
    state["sides"][0]["space"], state["sides"][0]["wedges"] = 0, ["arts"]
    engine.step(state, {"type": "roll", "value": 2})
    engine.step(state, {"type": "move", "to": 2})  # the brown (arts) jumper
    assert state["prompt"]["type"] == "jump" and state["prompt"]["target"] == 21
    engine.step(state, {"type": "jump", "yes": True})
    assert state["prompt"]["type"] == "answer" and state["prompt"]["category"] == "arts"
    engine.step(state, {"type": "answer", "correct": True})  # owned: a plain question
    assert state["sides"][0]["wedges"] == ["arts"] and state["prompt"]["type"] == "roll"


def test_rule_11_joker_centre_lets_the_player_choose_and_gives_no_wedge_even_in_the_short_game():
    result = replay("""
        edition: genus2
        mode: short
        players: [Ann, Ben]
        dice: [1, 1]
        script:
          - move: 42          # orange (sports) space
          - answer: right     # short game: wedge sports
          - move: 72          # the joker centre
          - category: history
          - answer: right     # no wedge on the joker
    """)
    assert result["players"]["Ann"]["wedges"] == ["sports"]
    assert [e["purpose"] for e in result["events"] if e["type"] == "category_chosen"] == ["joker"]


def test_rule_11_short_game_wedge_on_any_coloured_space_and_on_a_declined_jumper():
    result = replay("""
        edition: genus2
        mode: short
        players: [Ann, Ben]
        dice: [6, 2]
        script:
          - move: 0           # corner: wedge history
          - answer: right
          - move: 2           # brown jumper
          - jump: no          # a declined jumper counts as coloured
          - answer: right     # wedge arts
    """)
    assert result["players"]["Ann"]["wedges"] == ["arts", "history"]


def test_rule_11_short_game_owned_colour_gives_nothing_but_another_roll():
    result = replay("""
        edition: genus2
        mode: short
        players: [Ann, Ben]
        dice: [6, 1]
        script:
          - move: 0        # wedge history
          - answer: right
          - move: 46       # arts space on the spoke
          - answer: right  # wedge arts
    """)
    assert result["players"]["Ann"]["wedges"] == ["arts", "history"]


def test_rule_11_breakthrough_applies_in_genus2():
    assert load_rules("genus2", "standard").breakthrough
    assert load_rules("genus2", "short").breakthrough


# --- ruby --------------------------------------------------------------------------------


def test_rule_21_a_wedge_ends_the_turn():
    result = replay("""
        edition: ruby
        players: [Ann, Ben]
        dice: [6]
        script:
          - move: 0        # history wedge space
          - answer: right  # wedge; the turn is over
    """)
    assert result["players"]["Ann"]["wedges"] == ["history"]
    assert result["next"] == "Ben"


def test_rule_21_owned_wedge_space_is_a_plain_question_and_rolls_again():
    result = replay("""
        edition: ruby
        players: [Ann, Ben]
        dice: [6, 3, 1, 1]
        script:
          - move: 0        # wedge history; turn over
          - answer: right
          - move: 44       # Ben: science
          - answer: wrong
          - move: 1        # Ann: arts space next to the history wedge space
          - answer: right
          - move: 0        # owned colour: a plain question
          - answer: right  # roll again
    """)
    assert result["players"]["Ann"]["wedges"] == ["history"]
    assert result["next"] == "Ann"
    assert types(result)[-1] == "roll_again"


def test_rule_22_ruby_space_shows_the_year_before_the_category_and_takes_the_ruby_from_its_holder():
    result = replay("""
        edition: ruby
        players: [Ann, Ben]
        dice: [1, 1, 1, 1]
        script:
          - move: 42            # sports
          - answer: right
          - move: 72            # the centre Ruby space
          - category: history
          - answer: right       # Ann takes the Ruby
          - move: 42
          - answer: wrong       # Ben's turn
    """)
    assert result["players"]["Ann"]["ruby"] is True
    drawn = [e for e in result["events"] if e["type"] == "card_drawn" and e["deck"] == "ruby"]
    assert drawn and drawn[0]["year"] in (1989, 1997)
    order = types(result)
    assert order.index("card_drawn", order.index("moved", 3)) < order.index("category_chosen")

    engine = Engine(
        load_rules("ruby"), CardCatalog(standard=("c1",), ruby=("r1",), years={"r1": 1997})
    )
    state, _ = engine.new_game(["Ann", "Ben"], seed=1)
    state["ruby_holder"] = 0
    state["turn"] = 1
    state["prompt"] = {"type": "roll", "side": "Ben"}
    state["sides"][1]["space"] = 42
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 72})
    assert state["prompt"]["year"] == 1997 and state["prompt"]["purpose"] == "ruby"
    engine.step(state, {"type": "category", "category": "sports"})
    events = engine.step(state, {"type": "answer", "correct": True})
    assert {"type": "ruby_taken", "side": "Ben", "from": "Ann"} in events
    assert state["ruby_holder"] == 1 and state["prompt"] == {"type": "roll", "side": "Ben"}


def ruby_game_with_five_wedges(holds_ruby: bool):
    engine = Engine(
        load_rules("ruby"), CardCatalog(standard=("c1", "c2"), ruby=("r1",), years={"r1": 2004})
    )
    state, _ = engine.new_game(["Ann", "Ben"], seed=1)
    ann = state["sides"][0]
    ann["wedges"] = ["arts", "entertainment", "geography", "science", "sports"]
    ann["space"] = 1
    state["ruby_holder"] = 0 if holds_ruby else None
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 0})  # the history wedge space
    return engine, state


def test_rule_23_six_wedges_and_the_ruby_at_the_end_of_the_turn_wins_at_once():
    engine, state = ruby_game_with_five_wedges(holds_ruby=True)
    engine.step(state, {"type": "answer", "correct": True})
    assert state["over"] and state["winners"] == ["Ann"]


def test_rule_23_six_wedges_without_the_ruby_moves_to_the_centre_and_answers_ruby_questions():
    engine, state = ruby_game_with_five_wedges(holds_ruby=False)
    events = engine.step(state, {"type": "answer", "correct": True})
    assert {"type": "moved_to_hub", "side": "Ann", "from": 0} in events
    assert state["sides"][0]["space"] == 72 and state["prompt"]["side"] == "Ben"
    engine.step(state, {"type": "roll", "value": 3})
    engine.step(state, {"type": "move", "to": 44})
    engine.step(state, {"type": "answer", "correct": False})
    # Ann's turn: no roll; a Ruby card, its year, her choice of category
    prompt = state["prompt"]
    assert prompt["type"] == "category" and prompt["purpose"] == "ruby_final"
    assert prompt["chooser"] == "player" and prompt["year"] == 2004
    engine.step(state, {"type": "category", "category": "sports"})
    engine.step(state, {"type": "answer", "correct": False})  # wrong: turn over, stays
    assert state["sides"][0]["space"] == 72 and state["prompt"]["side"] == "Ben"
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 43})
    engine.step(state, {"type": "answer", "correct": False})
    engine.step(state, {"type": "category", "category": "history"})
    events = engine.step(state, {"type": "answer", "correct": True})
    assert state["over"] and state["winners"] == ["Ann"] and state["ruby_holder"] == 0


def test_rule_24_quick_game_starts_with_three_chosen_wedges():
    result = replay("""
        edition: ruby
        mode: quick
        players: [Ann, Ben]
        start_wedges: {Ann: [history, sports, arts], Ben: [science, geography, entertainment]}
        dice: []
        script: []
    """)
    assert result["players"]["Ann"]["wedges"] == ["arts", "history", "sports"]
    assert result["players"]["Ben"]["wedges"] == ["entertainment", "geography", "science"]


def test_rule_24_quick_game_wedges_must_be_three_different_ones():
    with pytest.raises(UserError, match="Ann needs 3 different start wedges"):
        replay("""
            edition: ruby
            mode: quick
            players: [Ann, Ben]
            start_wedges: {Ann: [history, history, arts], Ben: [science, geography, sports]}
            dice: []
            script: []
        """)
