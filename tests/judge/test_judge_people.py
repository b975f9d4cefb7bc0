"""Rules 4, 9 and 12: people's names."""

from host.judge import AnswerFields, judge

LINCOLN = AnswerFields("Abraham Lincoln", kind="person")


def test_surname_alone_is_prompt_under_normal():
    assert judge(LINCOLN, "lincoln").verdict == "prompt"


def test_surname_alone_is_accept_under_lenient():
    assert judge(LINCOLN, "lincoln", "lenient").verdict == "accept"


def test_surname_alone_is_reject_under_strict():
    assert judge(LINCOLN, "lincoln", "strict").verdict == "reject"


def test_first_name_alone_is_not_the_answer_even_lenient():
    assert judge(LINCOLN, "abraham", "lenient").verdict == "reject"


def test_full_name_under_strict_is_accepted():
    assert judge(LINCOLN, "abraham lincoln", "strict").verdict == "accept"


def test_same_surname_with_another_first_name_is_rejected():
    jackson = AnswerFields("Michael Jackson", kind="person")
    verdict = judge(jackson, "janet jackson")
    assert verdict.verdict == "reject"


def test_surname_with_particle_and_without():
    da_vinci = AnswerFields("Leonardo da Vinci", accept=("Leonardo",), kind="person")
    assert judge(da_vinci, "da vinci").verdict == "prompt"
    assert (
        judge(AnswerFields("Ludwig van Beethoven", kind="person"), "beethoven").verdict == "prompt"
    )


def test_accept_entry_wins_under_every_strictness():
    mozart = AnswerFields("Wolfgang Amadeus Mozart", accept=("Mozart",), kind="person")
    for strictness in ("strict", "normal", "lenient"):
        assert judge(mozart, "mozart", strictness).verdict == "accept"


def test_surname_of_a_birth_name_is_prompt():
    ali = AnswerFields("Muhammad Ali", accept=("Cassius Clay",), kind="person")
    assert judge(ali, "clay").verdict == "prompt"


def test_familiar_forms_of_first_names():
    assert (
        judge(AnswerFields("Margaret Thatcher", kind="person"), "maggie thatcher").verdict
        == "accept"
    )
    assert judge(AnswerFields("Tom Hanks", kind="person"), "thomas hanks").verdict == "accept"
    assert judge(AnswerFields("Lionel Messi", kind="person"), "leo messi").verdict == "accept"


def test_titles_may_be_added_or_dropped():
    assert (
        judge(AnswerFields("Winston Churchill", kind="person"), "sir winston churchill").verdict
        == "accept"
    )
    king = AnswerFields("Martin Luther King Jr.", kind="person")
    assert judge(king, "martin luther king").verdict == "accept"
    assert judge(king, "martin luther").verdict == "reject"


def test_dropped_middle_initial_is_fine_but_a_middle_name_is_vague():
    fdr = AnswerFields("Franklin D. Roosevelt", kind="person")
    assert judge(fdr, "franklin roosevelt").verdict == "accept"
    assert judge(fdr, "franklin roosevelt", "strict").verdict == "prompt"
    assert judge(AnswerFields("John Quincy Adams", kind="person"), "john adams").verdict == "prompt"


BUSH = AnswerFields(
    "George W. Bush",
    prompt=("George Bush", "Bush"),
    reject=("George H. W. Bush",),
    kind="person",
)


def test_initial_without_a_dot():
    assert judge(BUSH, "george w bush").verdict == "accept"
    assert judge(BUSH, "george h w bush").verdict == "reject"
    assert judge(BUSH, "george bush").verdict == "prompt"


def test_regnal_number_is_part_of_the_name():
    louis = AnswerFields("Louis XIV", kind="person")
    assert judge(louis, "louis").verdict == "reject"
    assert judge(louis, "louis the fourteenth").verdict == "accept"


def test_surname_rule_is_for_people_only():
    assert (
        judge(AnswerFields("South Africa", kind="place"), "africa", "lenient").verdict == "reject"
    )


def test_surname_said_in_two_pieces():
    assert (
        judge(AnswerFields("Steven Spielberg", kind="person"), "spiel berg", "lenient").verdict
        == "accept"
    )


def test_generic_words_do_not_attach_to_people():
    assert (
        judge(AnswerFields("Freddie Mercury", kind="person"), "the planet mercury").verdict
        == "reject"
    )


def test_a_sound_alike_of_the_whole_name_run_together_is_not_enough():
    assert judge(AnswerFields("Marie Curie", kind="person"), "mercury").verdict == "reject"


def test_a_double_surname_alone_is_the_surname():
    card = AnswerFields("Gabriel García Márquez", kind="person")
    assert judge(card, "garcia marquez").verdict == "prompt"  # rule 4, normal
    assert judge(card, "garcia marquez", "lenient").verdict == "accept"
    assert judge(card, "garcia marquez", "strict").verdict == "reject"


def test_an_initial_written_twice_is_still_the_initial():
    # flite slt's "George W. Bush": joined, "w w" would be "ww", World War
    assert judge(BUSH, "george w w bush").verdict == "accept"
    assert judge(BUSH, "george george w bush").verdict == "accept"
