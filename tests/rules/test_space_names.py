"""Space wording lives in one data file (host/rules/data/spaces.yaml), in
the styles the host needs: in a sentence, in a list of choices."""

from host.rules.board import HUB, KINDS
from host.rules.editions import load_rules
from host.rules.spaces import space_name, space_words


def test_every_kind_of_space_has_words():
    assert set(space_words()) == KINDS


def test_spaces_are_named_in_the_editions_category_names():
    rules = load_rules("classic")
    names = rules.names
    hq = rules.board.space(0)
    assert space_name(rules, 0) == f"the {names[hq.category]} headquarters"
    assert space_name(rules, HUB) == "the hub"
    for space in rules.board.spaces:
        words = space_name(rules, space.id)
        assert "{" not in words
        if space.category:
            assert names[space.category] in words
        for category in space.split:
            assert names[category] in words


def test_an_article_fits_the_category_name():
    rules = load_rules("classic")
    plain = [s for s in rules.board.spaces if s.kind == "category"]
    for space in plain:
        name = rules.names[space.category]
        article = "an" if name[0].lower() in "aeiou" else "a"
        assert space_name(rules, space.id) == f"{article} {name} space"


def test_every_kind_is_worded_for_a_sentence_and_for_a_list_of_choices():
    for kind, styles in space_words().items():
        assert {"said", "choice"} <= set(styles), kind
    rules = load_rules("classic")
    assert (
        space_name(rules, 0, "choice")
        == f"{rules.names[rules.board.space(0).category]} headquarters"
    )
