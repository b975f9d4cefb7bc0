"""Genus VI (rulings 13-20): Split, Wild, Steal, All-Play, the final, teams and the co-op challenge."""

import pytest

from host.cards.dealer import CardCatalog
from host.rules.editions import load_rules
from host.rules.engine import Engine, IllegalAction
from tests.rules.scripted import replay, types

ALL_SIX = ["arts", "entertainment", "geography", "history", "science", "sports"]


def events_of(result, kind):
    return [e for e in result["events"] if e["type"] == kind]


def test_rule_13_classic_mode_wedge_only_on_a_wedge_space():
    result = replay("""
        edition: genus6
        mode: classic
        players: [Ann, Ben]
        dice: [1, 5]
        script:
          - move: 42        # sports space
          - answer: right   # roll again, no wedge in classic mode
          - move: 0         # yellow Wedge space (history), five steps out along spoke 0
          - answer: right   # wedge history
    """)
    assert result["players"]["Ann"]["wedges"] == ["history"]
    assert result["next"] == "Ann"


def test_rule_14_owned_colour_on_a_wedge_space_in_classic_mode_gives_a_steal_token():
    result = replay("""
        edition: genus6
        mode: classic
        players: [Ann, Ben]
        dice: [6, 1, 1]
        script:
          - move: 0         # history Wedge space
          - answer: right   # wedge history
          - move: 1
          - answer: right
          - move: 0         # owned colour
          - answer: right   # a Steal token instead, roll again
    """)
    ann = result["players"]["Ann"]
    assert ann["wedges"] == ["history"] and ann["tokens"] == 1
    assert events_of(result, "token_won")[0]["why"] == "owned_colour"
    assert result["next"] == "Ann"


def test_rule_14_trivial_mode_owned_colour_anywhere_gives_a_token():
    result = replay("""
        edition: genus6
        mode: trivial
        players: [Ann, Ben]
        dice: [1, 1, 1]
        script:
          - move: 42        # sports: wedge
          - answer: right
          - move: 72        # the All-Play hub
          - category: sports
          - claims: [Ann]
          - answer: right   # owned: a token, and the lander rolls again
    """)
    ann = result["players"]["Ann"]
    assert ann["wedges"] == ["sports"] and ann["tokens"] == 1
    assert result["next"] == "Ann"


def test_rule_15_steal_space_gives_a_token_on_landing_even_after_a_wrong_answer():
    result = replay("""
        edition: genus6
        mode: classic
        players: [Ann, Ben]
        dice: [6, 2]
        script:
          - move: 14        # blue Wedge space
          - answer: right   # wedge geography
          - move: 12        # STEAL space (blue)
          - answer: wrong   # keeps the token
    """)
    assert result["players"]["Ann"]["tokens"] == 1
    assert events_of(result, "token_won")[0]["why"] == "steal_space"
    assert result["next"] == "Ben"


def test_rule_15_split_reads_two_questions_from_one_card_and_the_player_picks_one():
    result = replay("""
        edition: genus6
        mode: trivial
        players: [Ann, Ben]
        dice: [6, 2]
        script:
          - move: 0         # history wedge
          - answer: right
          - move: 40        # SPLIT: orange (sports) + yellow (history)
          - pick: 0         # sports
          - answer: right   # trivial mode: wedge sports
    """)
    assert result["players"]["Ann"]["wedges"] == ["history", "sports"]
    assert result["cards"] == 2
    assert events_of(result, "split_picked")[0]["category"] == "sports"


def test_rule_15_wild_space_the_player_picks_the_category():
    engine = Engine(load_rules("genus6", "trivial"), CardCatalog(standard=("c1", "c2")))
    state, _ = engine.new_game(["Ann", "Ben"], seed=1)
    state["sides"][0]["space"] = 0
    engine.step(state, {"type": "roll", "value": 5})
    engine.step(state, {"type": "move", "to": 5})  # WILD
    assert state["prompt"]["type"] == "category" and state["prompt"]["purpose"] == "wild"
    engine.step(state, {"type": "category", "category": "arts"})
    engine.step(state, {"type": "answer", "correct": True})
    assert state["sides"][0]["wedges"] == ["arts"]


def test_rule_15_roll_again_space_asks_no_question():
    result = replay("""
        edition: genus6
        mode: classic
        players: [Ann, Ben]
        dice: [6, 2]
        script:
          - move: 0
          - answer: right
          - move: 2         # ROLL AGAIN
    """)
    assert result["cards"] == 1 and types(result)[-1] == "roll_again"


ALL_PLAY = """
    edition: genus6
    mode: classic
    players: [Ann, Ben, Cy]
    dice: [1, 1]
    script:
      - move: 42           # Ann: sports
      - answer: right
      - move: 72           # the All-Play hub
      - category: science  # the lander picks
"""


def test_rule_16_all_play_lander_right_rolls_again():
    result = replay(
        ALL_PLAY
        + """
      - claims: [Ann, Ben]
      - answer: right      # Ann, first to claim
    """
    )
    assert result["players"]["Ann"]["wedges"] == ["science"]
    assert result["next"] == "Ann"


def test_rule_16_all_play_won_by_another_claimer_passes_left_of_the_lander():
    result = replay(
        ALL_PLAY
        + """
      - claims: [Cy, Ann, Ben]
      - answer: wrong      # Cy
      - answer: wrong      # Ann
      - answer: right      # Ben: wedge science
    """
    )
    assert result["players"]["Ben"]["wedges"] == ["science"]
    assert result["players"]["Ann"]["wedges"] == [] and result["players"]["Cy"]["wedges"] == []
    assert result["next"] == "Ben"  # left of the lander Ann
    answered = [e["side"] for e in events_of(result, "answered")]
    assert answered == ["Ann", "Cy", "Ann", "Ben"]


def test_rule_16_all_play_nobody_claims_passes_left():
    result = replay(
        ALL_PLAY
        + """
      - claims: []
    """
    )
    assert result["next"] == "Ben" and result["cards"] == 2


def test_rule_16_all_play_everyone_wrong_passes_left_of_the_lander():
    result = replay(
        ALL_PLAY
        + """
      - claims: [Ben, Cy]
      - answer: wrong
      - answer: wrong
    """
    )
    assert result["next"] == "Ben"
    closed = events_of(result, "question_closed")[-1]
    assert closed["right"] is None


def test_rule_16_all_play_cannot_be_stolen_even_with_tokens_around():
    engine = Engine(load_rules("genus6", "classic"), CardCatalog(standard=("c1", "c2")))
    state, _ = engine.new_game(["Ann", "Ben"], seed=1)
    state["sides"][1]["tokens"] = 2
    state["sides"][0]["space"] = 42
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 72})
    engine.step(state, {"type": "category", "category": "arts"})
    engine.step(state, {"type": "claims", "sides": ["Ann"]})
    engine.step(state, {"type": "answer", "correct": False})
    assert state["prompt"] == {"type": "roll", "side": "Ben"}


STEAL_SETUP = """
    edition: genus6
    mode: classic
    players: [Ann, Ben, Cy]
    true_false: false
    dice: [6, 2, 6, 2, 6, 2, 3]
    script:
      - move: 14        # Ann: blue Wedge space
      - answer: right   # wedge geography
      - move: 12        # STEAL space: a token
      - answer: wrong   # nobody else has a token: no steal window
      - move: 14        # Ben: the same two spaces
      - answer: right
      - move: 12
      - answer: wrong   # Ann holds a token: a steal window opens
"""


def test_rule_17_steal_window_opens_only_when_another_side_holds_a_token():
    result = replay(
        STEAL_SETUP
        + """
      - steal: []
      - move: 28        # Cy
      - answer: wrong   # Ann and Ben hold tokens
      - steal: [Ben, Ann]
      - answer: wrong   # Ben spends a token and misses
      - answer: right   # Ann spends hers and wins the science wedge
    """
    )
    players = result["players"]
    assert players["Ann"]["wedges"] == ["geography", "science"]
    assert players["Ann"]["tokens"] == 0 and players["Ben"]["tokens"] == 0
    assert result["next"] == "Ann"  # left of the original player, Cy
    spent = [e["side"] for e in events_of(result, "token_spent")]
    assert spent == ["Ben", "Ann"]


def test_rule_17_a_stealer_who_owns_the_colour_gets_a_new_token():
    result = replay(
        STEAL_SETUP
        + """
      - steal: [Ann]       # Ann steals Ben's geography question, owns geography
      - answer: right
    """
    )
    ann = result["players"]["Ann"]
    assert ann["wedges"] == ["geography"] and ann["tokens"] == 1  # spent one, got one
    assert result["next"] == "Cy"


def test_rule_17_a_declared_stealer_who_never_answers_keeps_the_token():
    result = replay(
        STEAL_SETUP
        + """
      - steal: []
      - move: 28
      - answer: wrong
      - steal: [Ann, Ben]
      - answer: right      # Ann is right: Ben never answers
    """
    )
    assert result["players"]["Ben"]["tokens"] == 1


def test_rule_17_no_steal_window_for_a_true_false_question():
    catalog = CardCatalog(standard=("c1",), true_false={"c1": frozenset({"geography"})})
    engine = Engine(load_rules("genus6", "classic"), catalog)
    state, _ = engine.new_game(["Ann", "Ben"], seed=1)
    state["sides"][1]["tokens"] = 1
    engine.step(state, {"type": "roll", "value": 6})
    engine.step(state, {"type": "move", "to": 14})  # geography: a True/False question
    assert state["prompt"]["stealable"] is False
    engine.step(state, {"type": "answer", "correct": False})
    assert state["prompt"] == {"type": "roll", "side": "Ben"}


def test_rule_17_an_ineligible_stealer_is_refused():
    with pytest.raises(Exception, match="Cy cannot steal now"):
        replay(
            STEAL_SETUP
            + """
      - steal: [Cy]
        """
        )


def six_wedge_game(mode="classic"):
    engine = Engine(load_rules("genus6", mode), CardCatalog(standard=("c1", "c2", "c3")))
    state, _ = engine.new_game(["Ann", "Ben"], seed=1)
    state["sides"][0]["wedges"] = ["arts", "entertainment", "geography", "science", "sports"]
    return engine, state


def test_rule_18_sixth_wedge_moves_the_piece_to_the_hub_and_ends_the_turn():
    engine, state = six_wedge_game()
    engine.step(state, {"type": "roll", "value": 6})
    engine.step(state, {"type": "move", "to": 0})
    events = engine.step(state, {"type": "answer", "correct": True})
    assert {"type": "moved_to_hub", "side": "Ann", "from": 0} in events
    assert state["sides"][0]["space"] == 72 and state["prompt"]["side"] == "Ben"


def test_rule_18_sixth_wedge_from_an_all_play_gives_no_roll_again():
    engine, state = six_wedge_game()
    state["sides"][0]["space"] = 42
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 72})
    engine.step(state, {"type": "category", "category": "history"})
    engine.step(state, {"type": "claims", "sides": ["Ann"]})
    engine.step(state, {"type": "answer", "correct": True})
    assert state["sides"][0]["wedges"] == ALL_SIX and state["prompt"]["side"] == "Ben"


def test_rule_18_final_question_each_later_turn_category_by_the_opponents_until_right():
    engine, state = six_wedge_game()
    engine.step(state, {"type": "roll", "value": 6})
    engine.step(state, {"type": "move", "to": 0})
    engine.step(state, {"type": "answer", "correct": True})  # sixth wedge, to the hub
    engine.step(state, {"type": "roll", "value": 3})  # Ben
    engine.step(state, {"type": "move", "to": 44})
    engine.step(state, {"type": "answer", "correct": False})
    prompt = state["prompt"]
    assert prompt["type"] == "category" and prompt["chooser"] == "opponents"
    assert prompt["purpose"] == "final" and prompt["side"] == "Ann"
    engine.step(state, {"type": "category", "category": "science"})
    assert state["prompt"]["stealable"] is False
    engine.step(state, {"type": "answer", "correct": False})  # stays on the hub
    assert state["sides"][0]["space"] == 72 and state["prompt"]["side"] == "Ben"
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 43})
    engine.step(state, {"type": "answer", "correct": False})
    engine.step(state, {"type": "category", "category": "arts"})
    engine.step(state, {"type": "answer", "correct": True})
    assert state["over"] and state["winners"] == ["Ann"]


def test_rule_18_a_stealer_winning_the_sixth_wedge_moves_to_the_hub_and_play_goes_on():
    engine, state = six_wedge_game()
    state["sides"][0]["tokens"] = 1
    state["sides"][0]["space"] = 50
    state["turn"] = 1
    state["prompt"] = {"type": "roll", "side": "Ben"}
    engine.step(state, {"type": "roll", "value": 6})
    engine.step(state, {"type": "move", "to": 0})  # Ben on the history Wedge space
    engine.step(state, {"type": "answer", "correct": False})
    engine.step(state, {"type": "steal", "sides": ["Ann"]})
    events = engine.step(state, {"type": "answer", "correct": True})
    assert {"type": "moved_to_hub", "side": "Ann", "from": 50} in events
    assert state["prompt"]["side"] == "Ann" and state["prompt"]["purpose"] == "final"


def test_teams_claim_and_steal_by_a_member_name():
    result = replay("""
        edition: genus6
        mode: trivial
        teams: {Red: [Ann, Cy], Blue: [Ben, Dee]}
        dice: [1, 1]
        script:
          - move: 42
          - answer: right
          - move: 72
          - category: arts
          - claims: [Dee]      # Dee claims for Blue
          - answer: right
    """)
    assert result["players"]["Blue"]["wedges"] == ["arts"]
    assert result["next"] == "Blue"


# --- co-op challenge (rule 19) -------------------------------------------------------------


def coop_script(wrong_answers: int) -> str:
    """Wrong answers back and forth on spoke 0 (sports 42, entertainment 43), then six right
    ones walking out along it: sports, entertainment, science, geography, arts, history HQ."""
    assert wrong_answers % 2 == 0, "an even number ends on 43, next to 42"
    lines = [f"- move: {m}\n- answer: wrong" for m in [42, 43] * (wrong_answers // 2)]
    lines += [f"- move: {m}\n- answer: right" for m in [42, 43, 44, 45, 46, 0]]
    script = "\n".join(lines).replace("\n", "\n      ")
    return f"""
    edition: genus6
    mode: coop
    players: [Ann]
    dice: {[1] * (wrong_answers + 6)}
    script:
      {script}
    """


def test_rule_19_coop_six_right_answers_in_six_colours_is_genius():
    result = replay(coop_script(0))
    assert result["over"] and result["winners"] == ["table"]
    assert result["cards"] == 6 and result["rank"] == "Genius"
    assert result["players"]["table"]["wedges"] == ALL_SIX


def test_rule_19_coop_fifty_cards_is_dingus():
    result = replay(coop_script(44))
    assert result["over"] and result["cards"] == 50 and result["rank"] == "Dingus"


def test_rule_19_coop_has_no_tokens_and_no_steal_and_the_table_picks_at_the_hub():
    result = replay("""
        edition: genus6
        mode: coop
        players: [Ann, Ben]
        dice: [1, 1]
        script:
          - move: 42
          - answer: wrong     # no steal window, the table rolls on
          - move: 72
          - category: arts
          - answer: right
    """)
    assert result["players"]["table"]["wedges"] == ["arts"]
    chosen = events_of(result, "category_chosen")[0]
    assert chosen["by"] == "table" and chosen["purpose"] == "wild"
    assert result["next"] == "table" and result["rank"] is None


def test_rule_19_coop_rollers_take_turns():
    engine = Engine(load_rules("genus6", "coop"), CardCatalog(standard=("c1", "c2")))
    state, _ = engine.new_game(["Ann", "Ben"], seed=1)
    assert state["prompt"]["roller"] == "Ann"
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 42})
    engine.step(state, {"type": "answer", "correct": False})
    assert state["prompt"]["roller"] == "Ben"


def test_coop_needs_no_second_player_but_other_modes_do():
    engine = Engine(load_rules("genus6", "classic"), CardCatalog(standard=("c1",)))
    with pytest.raises(IllegalAction, match="at least two"):
        engine.new_game(["Ann"])


def test_the_claims_event_keeps_every_claimer_in_order():
    result = replay(
        ALL_PLAY
        + """
      - claims: [Cy, Ann]
      - answer: right
    """
    )
    assert events_of(result, "all_play_claims")[0]["sides"] == ["Cy", "Ann"]


def test_a_script_that_ends_at_a_steal_names_the_stealer_the_game_waits_on():
    result = replay(
        STEAL_SETUP
        + """
      - steal: [Ann]       # the script ends before Ann answers
    """
    )
    assert result["over"] is False
    assert result["next"] == "Ann"  # scenario.md: the player the game is waiting on


def test_a_script_that_ends_at_an_all_play_answer_names_the_claimer():
    result = replay("""
        edition: genus6
        mode: classic
        players: [Ann, Ben, Cy]
        dice: [1, 1]
        script:
          - move: 42        # sports space
          - answer: right   # roll again
          - move: 72        # the hub: an All-Play
          - category: arts
          - claims: [Cy, Ann]   # the script ends before Cy answers
    """)
    assert result["next"] == "Cy"
