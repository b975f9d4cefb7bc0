"""Classic rules (rulings 1-10), as scripted games."""

import pytest

from host.cards.dealer import CardCatalog
from host.rules.editions import load_rules
from host.rules.engine import Engine, IllegalAction
from tests.rules.scripted import replay, types


def test_rule_6_correct_on_category_space_rolls_again_and_owned_hq_gives_no_second_wedge():
    result = replay("""
        edition: classic
        players: [Ann, Ben]
        dice: [6, 1, 1, 2]
        script:
          - move: 0        # history HQ
          - answer: right  # wedge history, roll again
          - move: 1        # brown (arts) space
          - answer: right  # roll again
          - move: 0        # back on the history HQ, already owned
          - answer: right  # a plain question: no second wedge, roll again
          - move: 2        # roll again space: no question
    """)
    ann = result["players"]["Ann"]
    assert ann == {"space": 2, "wedges": ["history"], "tokens": 0, "ruby": False}
    assert result["next"] == "Ann"
    assert result["cards"] == 3
    assert types(result).count("wedge_won") == 1
    assert types(result)[-1] == "roll_again"


def test_rule_6_wrong_answer_passes_the_turn_left():
    result = replay("""
        edition: classic
        players: [Ann, Ben, Cy]
        dice: [3, 3]
        script:
          - move: 44       # science
          - answer: wrong  # turn passes to Ben
          - move: 49       # entertainment
          - answer: wrong  # turn passes to Cy
    """)
    assert result["next"] == "Cy"
    assert [e["side"] for e in result["events"] if e["type"] == "turn_started"] == [
        "Ann",
        "Ben",
        "Cy",
    ]


def test_rule_7_hub_before_six_wedges_is_wild_and_gives_no_wedge():
    result = replay("""
        edition: classic
        players: [Ann, Ben]
        dice: [1, 1]
        script:
          - move: 42           # sports
          - answer: right
          - move: 72           # the hub: wild
          - category: arts     # the player chooses
          - answer: right      # roll again, no wedge
    """)
    assert result["players"]["Ann"]["wedges"] == []
    assert result["players"]["Ann"]["space"] == 72
    chosen = [e for e in result["events"] if e["type"] == "category_chosen"]
    assert chosen == [
        {
            "type": "category_chosen",
            "side": "Ann",
            "by": "player",
            "purpose": "wild",
            "category": "arts",
        }
    ]
    assert result["next"] == "Ann" and result["cards"] == 2


def test_rulebook_first_move_from_the_hub_reaches_every_colour_on_a_spoke():
    rules = load_rules("classic")
    for roll in range(1, 6):
        destinations = rules.moves.destinations(72, roll)
        colours = {rules.board.space(d).category for d in destinations}
        assert len(colours) == 6, roll


def test_illegal_destination_is_refused_with_the_legal_ones():
    with pytest.raises(Exception) as error:
        replay("""
            edition: classic
            players: [Ann, Ben]
            dice: [4]
            script:
              - move: 3
        """)
    assert "script entry 1 (move: 3)" in str(error.value)
    assert "legal: 45, 50, 55, 60, 65, 70" in str(error.value)


# --- six wedges: exact entry to the hub and the final question (rule 8) ---------------------

CATALOG = CardCatalog(standard=("c1", "c2", "c3"))


def game_with_six_wedges(space: int):
    engine = Engine(load_rules("classic"), CATALOG)
    state, _ = engine.new_game(["Ann", "Ben"], seed=1)
    ann, ben = state["sides"]
    ann["wedges"] = ["arts", "entertainment", "geography", "history", "science", "sports"]
    ann["space"] = space
    ben["turns"] = 1  # Ben has played: no breakthrough here (rule 9 is tested below)
    return engine, state


def test_rule_8_six_wedges_landing_on_the_hub_by_exact_roll_gets_the_final_question():
    engine, state = game_with_six_wedges(42)
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 72})
    prompt = state["prompt"]
    assert prompt["type"] == "category" and prompt["chooser"] == "opponents"
    assert prompt["purpose"] == "final"
    engine.step(state, {"type": "category", "category": "sports"})
    events = engine.step(state, {"type": "answer", "correct": True})
    assert state["over"] and state["winners"] == ["Ann"]
    assert events[-1] == {"type": "game_over", "winners": ["Ann"]}


def test_rule_8_overshooting_the_hub_answers_the_space_landed_on_and_rolls_again():
    engine, state = game_with_six_wedges(42)
    engine.step(state, {"type": "roll", "value": 2})
    assert state["prompt"]["options"] == [44, 47, 52, 57, 62, 67]
    engine.step(state, {"type": "move", "to": 52})
    assert state["prompt"]["type"] == "answer" and state["prompt"]["category"] == "arts"
    engine.step(state, {"type": "answer", "correct": True})
    assert state["prompt"] == {"type": "roll", "side": "Ann"}


def test_rule_8_wrong_final_ends_the_turn_and_the_piece_must_move_out():
    engine, state = game_with_six_wedges(42)
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 72})
    engine.step(state, {"type": "category", "category": "history"})
    engine.step(state, {"type": "answer", "correct": False})
    assert not state["over"] and state["prompt"] == {"type": "roll", "side": "Ben"}
    engine.step(state, {"type": "roll", "value": 3})
    engine.step(state, {"type": "move", "to": 44})
    engine.step(state, {"type": "answer", "correct": False})
    engine.step(state, {"type": "roll", "value": 6})  # Ann again, from the hub
    assert 72 not in state["prompt"]["options"]  # a move never ends where it started


def test_final_question_category_must_be_a_known_category():
    engine, state = game_with_six_wedges(42)
    engine.step(state, {"type": "roll", "value": 1})
    engine.step(state, {"type": "move", "to": 72})
    with pytest.raises(IllegalAction, match="unknown category 'poetry'"):
        engine.step(state, {"type": "category", "category": "poetry"})


# --- the first-turn breakthrough (rule 9) ----------------------------------------------------


def breakthrough_turn(player_wins_final: bool = True) -> tuple[list[int], list[str]]:
    """Dice and script for a whole first turn that takes all six wedges and the final."""
    dice, script = [], []
    for hq in (0, 7, 14, 21, 28, 35):
        dice += [6]
        script += [f"- move: {hq}", "- answer: right"]
        dice += [6]
        if hq != 35:
            script += ["- move: 72", "- category: history", "- answer: right"]
        else:
            script += [
                "- move: 72",
                "- category: sports",
                f"- answer: {'right' if player_wins_final else 'wrong'}",
            ]
    return dice, script


def scripted(players, turns) -> str:
    dice = [d for t in turns for d in t[0]]
    lines = [line for t in turns for line in t[1]]
    return f"edition: classic\nplayers: {players}\ndice: {dice}\nscript:\n" + "\n".join(
        "  " + line for line in lines
    )


def test_rule_9_a_first_turn_win_lets_the_others_equal_it_and_all_who_do_win():
    result = replay(
        scripted(
            "[Ann, Ben, Cy]", [breakthrough_turn(), breakthrough_turn(), breakthrough_turn(False)]
        )
    )
    assert result["over"] is True
    assert result["winners"] == ["Ann", "Ben"]
    assert "breakthrough" in types(result)


def test_rule_9_the_others_get_one_turn_only():
    ann = breakthrough_turn()
    ben_fails = ([3], ["- move: 44", "- answer: wrong"])
    result = replay(scripted("[Ann, Ben]", [ann, ben_fails]))
    assert result["over"] is True and result["winners"] == ["Ann"]


def test_teams_play_one_piece_keyed_by_team_name():
    result = replay("""
        edition: classic
        teams: {Red: [Ann, Cy], Blue: [Ben, Dee]}
        dice: [6, 1]
        script:
          - move: 7        # sports HQ
          - answer: right
          - move: 8
          - answer: wrong
    """)
    assert set(result["players"]) == {"Red", "Blue"}
    assert result["players"]["Red"]["wedges"] == ["sports"]
    assert result["next"] == "Blue"
