"""The "advise" command: the best destination and why, from the player's answers so far."""

import json


def test_advise_at_a_move_prompt_names_a_reachable_destination_and_why(table):
    _outcome, channel = table(["roll", "advise me"])
    ask, advice, _pending, _ended = channel.said[-4:]  # the move prompt, advice, "where to?", end
    assert advice.split(":")[0] in ask  # one of the destinations just offered
    assert "question" in advice or "wedge" in advice


def test_advise_when_there_is_nothing_to_choose_says_so(table):
    _outcome, channel = table(["advise me"])
    assert any("roll" in line.lower() for line in channel.said[-3:])


def test_answers_are_counted_for_the_advisor_and_an_override_recounts_them(table):
    _outcome, _channel = table(["roll", "first", "no idea", "that was right"])
    save = json.loads(next(table.save_dir.glob("*.json")).read_text())
    tally = save["meta"]["answers"]
    ((side, categories),) = tally.items()
    assert side == "Ann" and list(categories.values()) == [[1, 1]]
