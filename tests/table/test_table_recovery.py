"""Issue 15's bugs, each by keyboard (and by voice where that path differs):
what the table says is understood, the pending prompt comes back after a
query, and nothing moves a piece the player did not choose.

Assertions are on phrase keys and events, so a change of wording breaks none.
"""

from __future__ import annotations

import json

from table_bots import StatelessBot
from table_talk import keys, keys_after, said_after

from host.table.channels import Listening
from host.table.transcript import read_transcript


def first_at(kind: str, line: str, bot=None):
    """A responder: `line` at the first prompt of `kind`, the bot elsewhere."""
    bot = bot or StatelessBot(max_lines=600)

    def responder(listening: Listening):
        if listening.prompt.get("type") == kind and not responder.done:
            responder.done = True
            return line
        return bot(listening)

    responder.done = False
    return responder


def events(folder) -> list[dict]:
    path = next(folder.rglob("*.transcript.jsonl"))
    return [line["event"] for line in read_transcript(path) if line["kind"] == "event"]


# ------------------------------------------------------------ yes and no


def test_no_at_the_steal_prompt_is_no_steal(table):
    responder = first_at("steal", "no")
    _outcome, channel = table(
        responder=responder, edition="genus6", mode="classic", seed=11, verbosity="short"
    )
    assert responder.done, "the game never reached a steal"
    assert keys_after(channel, "no")[0] == "no_steals"


def test_no_is_no_by_voice_and_true_is_not_yes(table):
    from host.table import understanding as und

    assert und.yes_or_no("no") is False
    assert und.is_one_of("no", "nobody")
    assert und.yes_or_no("true") is None
    responder = first_at("steal", "no")
    _outcome, channel = table(
        responder=responder,
        voice=True,
        edition="genus6",
        mode="classic",
        seed=11,
        verbosity="short",
    )
    assert keys_after(channel, "no")[0] == "no_steals"


# ------------------------------------------------------------ destinations


def test_a_destination_by_its_number_in_the_list(table):
    _outcome, channel = table(["roll", "3"])  # a four from the hub: six spokes
    moved = [e for e in events(table.save_dir) if e["type"] == "moved"]
    ask = channel.said[channel.said.index(next(s for s in channel.said if s.key == "ask_move"))]
    third = ask.split(": ", 1)[1].split("; ")[2]
    assert moved and third.startswith(_category_name(moved[0]["to"]))


def test_number_three_and_the_geography_one_are_understood(table):
    _outcome, channel = table(["roll", "number three"])
    assert keys_after(channel, "number three")[0] == "moved"
    _outcome, channel = table(["roll", "the geography one"], fresh=True)
    assert keys_after(channel, "the geography one")[0] == "moved"
    assert said_after(channel, "the geography one")[1].startswith("Ann, Geography.")


def test_the_one_towards_the_hub(table):
    lines = ["roll", "geography", "Ottawa", "roll", "the one towards the hub"]
    _outcome, channel = table(lines, verbosity="short", seed=7)  # then a three: two ways out
    assert said_after(channel, "the one towards the hub")[0].startswith("Sports: ")


def test_which_one_questions_back_are_no_misses_and_the_answer_picks_among_them(table):
    lines = ["roll", "geography", "Ottawa", "roll"] + ["art"] * 4 + ["clockwise"]
    _outcome, channel = table(lines, verbosity="short", seed=7)  # two Art and Literature ways
    said = keys(channel.said)
    assert said.count("ambiguous") == 4
    assert "three_failures_typed" not in said and "passing_for_you" not in said
    moved = [e for e in events(table.save_dir) if e["type"] == "moved"][-1]
    assert moved["path"][-1] == moved["to"] and keys_after(channel, "clockwise")[0] == "question"


# ------------------------------------------------------------ answers


def test_a_blank_line_or_hmm_at_a_question_is_no_answer(table):
    _outcome, channel = table(["roll", "geography", "", "hmm", "Ottawa"])
    assert keys_after(channel, "hmm") == ["answer_or_pass"]
    assert keys_after(channel, "Ottawa")[0] == "right"
    verdicts = [e["correct"] for e in events(table.save_dir) if e["type"] == "answered"]
    assert verdicts == [True]


def test_hmm_by_voice_is_no_answer_either(table):
    _outcome, channel = table(["roll", "geography", "hmm", "Ottawa"], voice=True)
    assert keys_after(channel, "hmm") == ["answer_or_pass"]
    assert keys_after(channel, "Ottawa")[0] == "right"


# ------------------------------------------------------------ recovery


def test_after_a_query_the_pending_prompt_is_restated(table):
    _outcome, channel = table(["roll", "score", "help", "where am i", "first"])
    for typed in ("score", "help", "where am i"):
        assert keys_after(channel, typed)[-1] == "pending.move"


def test_repeat_after_a_ruling_repeats_the_ruling_and_its_answer(table):
    _outcome, channel = table(["roll", "geography", "Toronto", "repeat"], verbosity="short")
    assert keys_after(channel, "repeat")[:-1] == keys_after(channel, "Toronto")  # then input ends
    assert "Answer: Ottawa." in said_after(channel, "repeat")


def test_what_was_the_answer_whos_winning_and_whose_roll(table):
    lines = ["roll", "geography", "Toronto", "what was the answer", "who's winning", "whose roll"]
    _outcome, channel = table(lines, verbosity="short")
    assert said_after(channel, "what was the answer")[0] == "Answer: Ottawa."
    assert keys_after(channel, "who's winning")[0] == "score_line"
    assert keys_after(channel, "whose roll")[0] == "whose_turn"


def test_the_answer_is_not_told_while_the_question_is_open(table):
    _outcome, channel = table(["roll", "geography", "what was the answer"])
    assert keys_after(channel, "what was the answer")[0] == "no_answer_yet"


def test_steal_phrasings(table):
    for line in ("Cy will steal", "we steal", "Cy steals", "steal for Cy", "steal"):
        responder = first_at("steal", line)
        _outcome, channel = table(
            responder=responder,
            fresh=True,
            players="Ann,Ben,Cy",
            edition="genus6",
            mode="classic",
            seed=11,
            verbosity="short",
        )
        assert responder.done
        assert keys_after(channel, line)[0] in (
            "steals",
            "token_spent",
            "not_eligible",
            "who_steals",
        )


def test_a_split_question_is_read_again_once_chosen(table):
    responder = first_at("pick", "second")
    _outcome, channel = table(
        responder=responder, edition="genus6", mode="classic", seed=11, verbosity="short"
    )
    assert responder.done, "the game never reached a split space"
    after = said_after(channel, "second")
    assert keys(after)[:2] == ["split_picked", "question"]


# ------------------------------------------------------------ written text


def test_the_keyboard_shows_the_card_and_the_voice_says_the_respelling():
    from types import SimpleNamespace

    from host.cards.deck import Question
    from host.rules.editions import load_rules
    from host.table.narrator import Narrator

    card = Question(
        "science", "What is H2O?", "Water", say="What is H two O?", say_answer="wah ter"
    )
    game = SimpleNamespace(question=lambda *_: card)
    closed = {"type": "question_closed", "card": "c", "category": "science", "right": None}
    rules = load_rules("classic", "standard")
    typed, spoken = Narrator(rules, typed=True), Narrator(rules, typed=False)
    assert typed.event(closed, game).endswith(" Water.")
    assert spoken.event(closed, game).endswith(" wah ter.")
    assert typed.question_text(card) == "What is H2O?"
    assert spoken.question_text(card) == "What is H two O?"


# ------------------------------------------------------------ wording


def test_articles_before_categories():
    from host.rules.editions import load_rules
    from host.table.narrator import Narrator

    narrator = Narrator(load_rules("classic", "standard"))
    line = narrator.part("rules_of", "category", sentence=True, category="Art and Literature")
    assert line.startswith("An Art and Literature space: answer an Art and Literature question")


def test_the_ruby_kept_is_not_taken():
    from host.rules.editions import load_rules
    from host.table.narrator import Narrator

    narrator = Narrator(load_rules("ruby", "standard"))
    line = narrator.event({"type": "ruby_taken", "side": "Ann", "from": "Ann"}, game=None)
    assert line.key == "ruby_kept"


def test_the_resume_hint_names_the_save_folder(table):
    _outcome, channel = table(["save and quit"])
    assert f"--save-dir {table.save_dir}" in channel.said[-1]


def test_names_with_talk_around_them_and_why_a_list_is_refused(table):
    lines = ["Ann and Ann", "Ann", "a, b, c, d, e, f, g", "um, it's Ann and Ben and Cy", "yes"]
    _outcome, channel = table(lines, players=None)
    assert keys_after(channel, "Ann and Ann") == ["players_twice"]
    assert keys_after(channel, "Ann") == ["players_too_few"]
    assert keys_after(channel, "a, b, c, d, e, f, g") == ["players_too_many"]
    assert said_after(channel, "um, it's Ann and Ben and Cy") == [
        "Playing: Ann, Ben and Cy. Is that right? Yes or no."
    ]


# ------------------------------------------------------------ co-op


def test_coop_rules_at_the_hub_describe_the_coop(table):
    _outcome, channel = table(["rules"], edition="genus6", mode="coop", players="Ann,Ben")
    rule = said_after(channel, "rules")[0]
    assert "All-Play" not in rule and "table" in rule


def test_coop_says_whose_roll_it_is(table):
    bot = StatelessBot(max_lines=60)
    _outcome, channel = table(
        responder=bot, edition="genus6", mode="coop", players="Ann,Ben", verbosity="short"
    )
    rollers = [s.split(".")[0] for s in channel.said if s.key == "roller"]
    assert {"Ann rolls", "Ben rolls"} <= set(rollers)


def test_coop_counts_a_skipped_card(table):
    _outcome, _channel = table(
        ["roll", "first", "skip", "save and quit"], edition="genus6", mode="coop", players="Ann"
    )
    save = json.loads(next(table.save_dir.glob("*.json")).read_text())
    drawn = [e for e in events(table.save_dir) if e["type"] == "card_drawn"]
    assert len(drawn) == 2 and save["state"]["cards"] == 2


def test_skip_at_the_hubs_category_choice_is_refused_and_rewinds_nothing(table):
    # no card is drawn before the category is chosen: "skip" had gone back to
    # the last card drawn, a turn or more before, and played it again
    bot = StatelessBot(max_lines=800)
    lines = ["skip the question", "where am i"]  # said at the hub, then the next prompt

    def responder(listening: Listening):
        at_the_hub = listening.prompt.get("type") == "category" and not listening.prompt.get("card")
        if lines and (at_the_hub or len(lines) == 1):
            return lines.pop(0)
        return bot(listening)

    _outcome, channel = table(responder=responder, seed=7, verbosity="short")
    assert not lines, "the game never reached the hub"
    assert said_after(channel, "skip the question") == [
        "Nothing to skip: no question is being asked."
    ]
    assert said_after(channel, "where am i") == ["Ben is on the hub.", "Which category?"]


def _category_name(space: int) -> str:
    from host.rules.editions import load_rules

    rules = load_rules("classic", "standard")
    return rules.names[rules.board.space(space).category]


def test_second_is_the_second_place_read_out_when_ways_are_grouped(table):
    # a three (seed 7, second roll): "Art, two ways; or Sports" — second is Sports
    lines = ["roll", "geography", "Ottawa", "roll", "second"]
    _outcome, channel = table(lines, verbosity="short", seed=7)
    assert said_after(channel, "roll")[0] == "Four: Geography; 5 more?"
    assert said_after(channel, "second")[0].startswith("Sports: ")
