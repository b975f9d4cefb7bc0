"""Rule 5 for single words: a slip is allowed, a different answer is not."""

from host.judge.words import edit_allowance, same_first_name, sounds_alike, word_cost


def test_identical_words_cost_nothing():
    assert word_cost("canberra", "canberra") == 0.0


def test_one_letter_slip_in_a_word_is_allowed():
    assert word_cost("austin", "austen") is not None
    assert word_cost("jupitor", "jupiter") is not None


def test_short_words_allow_no_letter_edits():
    assert edit_allowance(3) == 0
    assert word_cost("rna", "dna") is None


def test_phonetic_equivalents_are_slips():
    assert sounds_alike("know", "no")
    assert sounds_alike("goff", "gogh")  # gh said as f
    assert sounds_alike("yousane", "usain")
    assert word_cost("shakespier", "shakespeare") is not None


def test_two_names_of_different_countries_are_never_a_slip():
    assert word_cost("iceland", "ireland") is None
    assert word_cost("niger", "nigeria") is None
    assert word_cost("baseball", "basketball") is None


def test_numbers_must_be_exact():
    assert word_cost("1968", "1969") is None
    assert word_cost("story2", "story") is None


def test_number_homophone_reads_as_the_number():
    assert word_cost("too", "2") is not None
    assert word_cost("too", "3") is None


def test_familiar_first_names():
    assert same_first_name("maggie", "margaret")
    assert same_first_name("tom", "thomas")
    assert same_first_name("leo", "lionel")
    assert not same_first_name("tom", "margaret")


def test_singular_and_plural_are_one_word():
    assert word_cost("toys", "toy") is not None
    assert word_cost("netherland", "netherlands") is not None


def test_a_generic_word_is_never_a_slip_for_a_name():
    assert word_cost("island", "iceland") is None


def test_short_words_that_share_only_consonants_do_not_sound_alike():
    assert not sounds_alike("poe", "pei")
    assert not sounds_alike("ride", "red")
    assert sounds_alike("road", "rhode")  # silent h and final e


def test_a_short_word_that_lost_a_syllable_does_not_sound_alike():
    # metaphone drops vowels: "em" and "emu" are both EM, but "em" is how
    # Whisper writes a player's "um", and an emu has two syllables
    assert word_cost("em", "emu") is None
    assert word_cost("emu", "emu") == 0.0


def test_first_letter_changed_in_a_short_word_is_another_word():
    assert word_cost("eagle", "beagle") is None


def test_two_card_words_run_together_allow_letter_slips_only():
    assert word_cost("mercury", "mariecurie", phonetic=False) is None
