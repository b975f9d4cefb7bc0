"""The in-game "advise" command, as moments of games: what the player hears."""

import random

import pytest

from host.advisor.advice import advise, estimated_p
from host.advisor.policies import simulated_table
from host.advisor.tally import record_answers
from host.rules.board import HUB
from host.rules.editions import load_rules
from host.rules.engine import TABLE, Engine
from tests.advisor.solo_games import small_catalog

FIVE_WITHOUT_SCIENCE = ["arts", "entertainment", "geography", "history", "sports"]


@pytest.fixture(scope="module")
def catalog():
    return small_catalog()


def game(edition, catalog, mode=None, players=("Ann", "Bob")):
    rules = load_rules(edition, mode)
    engine = Engine(rules, catalog)
    state, _ = engine.new_game(list(players), seed=1)
    return rules, engine, state


def test_a_needed_wedge_in_reach_is_the_advice_and_the_record_is_the_reason(catalog):
    rules, engine, state = game("classic", catalog)
    ann = state["sides"][0]
    ann["space"], ann["wedges"] = 24, list(FIVE_WITHOUT_SCIENCE)
    engine.step(state, {"type": "roll", "value": 4})  # Ann rolls a 4 from space 24
    assert state["prompt"]["options"] == [20, 28, 61]
    advice = advise(rules, state, "Ann", {"science": (3, 4), "history": (1, 3)})
    assert advice.best.choice == 28
    assert [r.choice for r in advice.ranked][1:] in ([20, 61], [61, 20])
    assert advice.sentence.startswith(
        "The Science and Nature wedge: you need Science and Nature, "
        "and you've answered 3 of 4 Science and Nature questions (about "
    )
    assert advice.sentence.endswith(
        f" turns better than a History question at space {advice.ranked[1].choice})."
    )


def test_the_hosts_own_names_for_destinations_are_used(catalog):
    rules, engine, state = game("classic", catalog)
    ann = state["sides"][0]
    ann["space"], ann["wedges"] = 24, list(FIVE_WITHOUT_SCIENCE)
    engine.step(state, {"type": "roll", "value": 4})
    labels = {20: "History, clockwise", 28: "the Science wedge", 61: "History, towards the hub"}
    advice = advise(rules, state, "Ann", {}, labels=labels)
    assert advice.sentence.startswith("The Science wedge: you need Science and Nature")
    assert {r.name for r in advice.ranked} == set(labels.values())


def test_at_the_hub_the_advice_is_the_players_best_category(catalog):
    rules, engine, state = game("classic", catalog)
    engine.step(state, {"type": "roll", "value": 6})
    engine.step(state, {"type": "move", "to": 28})
    engine.step(state, {"type": "answer", "correct": True})  # the Science wedge
    engine.step(state, {"type": "roll", "value": 6})
    engine.step(state, {"type": "move", "to": HUB})  # the hub: choose a category
    advice = advise(rules, state, "Ann", {"science": (4, 5), "history": (1, 3)})
    assert advice.best.choice == "science"
    assert advice.ranked[-1].choice == "history"
    assert advice.sentence.startswith(
        "Science and Nature: you've answered 4 of 5 Science and Nature questions (about 0."
    )


def test_a_genus2_jumper_to_a_needed_wedge_says_jump(catalog):
    rules, engine, state = game("genus2", catalog)
    state["sides"][0]["space"] = 7
    engine.step(state, {"type": "roll", "value": 2})
    engine.step(state, {"type": "move", "to": 9})  # the green jumper
    assert state["prompt"]["type"] == "jump"
    advice = advise(rules, state, "Ann", {})
    assert advice.best.choice is True
    assert advice.sentence.startswith("Jump to the Science and Nature wedge (about ")


def test_coop_advice_is_for_the_table_and_counts_cards(catalog):
    rules, engine, state = game("genus6", catalog, "coop")
    state["sides"][0]["wedges"] = ["entertainment", "geography", "history", "science"]
    engine.step(state, {"type": "roll", "value": 6})  # from the hub: the six HQs
    advice = advise(rules, state, "Bob", {"arts": (3, 3)})  # Bob asks for the table
    needed = {rules.board.hq_of("arts"), rules.board.hq_of("sports")}
    assert {r.choice for r in advice.ranked[:2]} == needed
    assert advice.ranked[2].cost - advice.ranked[1].cost > 0.5  # an owned colour wastes a card
    assert advice.sentence.startswith(
        "The Art and Literature wedge: you need Art and Literature, and you've answered 3 of 3"
    )


@pytest.mark.parametrize(
    "who, step, heard",
    [
        ("Ann", None, "Roll first; then say advise and I'll tell you the best move."),
        (
            "Bob",
            {"type": "roll", "value": 6},
            "It is Ann's go; I can advise Bob on their own move.",
        ),
        ("Zed", None, "Zed is not playing this game."),
    ],
)
def test_nothing_to_advise_is_said_plainly(catalog, who, step, heard):
    rules, engine, state = game("classic", catalog)
    if step:
        engine.step(state, step)
    advice = advise(rules, state, who, {})
    assert advice.ranked == () and advice.sentence == heard


def test_strengths_start_neutral_and_learn_from_answers(catalog):
    assert estimated_p({}) == (0.5,) * 6
    assert estimated_p({"science": (3, 4)})[4] == 0.62  # (3 + 2) / (4 + 4), rounded
    _rules, engine, state = game("classic", catalog)
    tally = {}
    record_answers(tally, engine.step(state, {"type": "roll", "value": 6}))
    record_answers(tally, engine.step(state, {"type": "move", "to": 28}))
    record_answers(tally, engine.step(state, {"type": "answer", "correct": True}))
    record_answers(tally, engine.step(state, {"type": "roll", "value": 1}))
    record_answers(tally, engine.step(state, {"type": "move", "to": 29}))  # a Sports space
    record_answers(tally, engine.step(state, {"type": "answer", "correct": False}))
    assert tally == {"Ann": {"science": [1, 1], "sports": [0, 1]}}


@pytest.mark.parametrize(
    "edition, mode",
    [
        ("classic", "standard"),
        ("genus2", "short"),
        ("genus6", "classic"),
        ("genus6", "coop"),
        ("ruby", "quick"),
    ],
)
def test_advice_at_every_prompt_of_random_games_is_a_sentence(catalog, edition, mode):
    rules = load_rules(edition, mode)
    engine = Engine(rules, catalog)
    players = ["Ann", "Bob", "Cy"]
    skills = {TABLE: (0.6,) * 6} if rules.coop else {n: (0.6,) * 6 for n in players}
    table = simulated_table(rules, skills, "random", random.Random(1))
    start = {n: ["arts", "history", "sports"] for n in players} if rules.start_wedges else None
    advised = set()
    for seed in range(3):
        state, _ = engine.new_game(players, seed=seed, start_wedges=start)
        while not state["over"]:
            prompt = state["prompt"]
            advice = advise(rules, state, "Ann" if rules.coop else prompt["side"], {})
            assert advice.sentence.endswith(".") and "  " not in advice.sentence
            if advice.ranked:
                advised.add(prompt["type"])
                assert [r.cost for r in advice.ranked] == sorted(r.cost for r in advice.ranked)
            engine.step(state, table.act(state))
    assert "move" in advised and "category" in advised
