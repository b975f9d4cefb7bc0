"""PocketSphinx's dictionary read from its file says what the loaded decoder
says: a player's name is checked before the recognizer has loaded."""

from __future__ import annotations

import pytest

from host.speech import sphinx_words

pytest.importorskip("pocketsphinx")

WORDS = (
    "ann ben cy dee ramona siobhan xzavier zyx nguyen ochoa oconnor "
    "mikhail tal canberra trivial pursuit red pink history zzz q e bob2 ann's"
)


def test_the_file_and_the_decoder_know_the_same_words():
    from host.speech.sphinx_engine import PocketSphinxRecognizer

    path = sphinx_words.dictionary_path()
    assert path is not None
    decoder = PocketSphinxRecognizer(adapt=False, free_decoding=False)
    for word in WORDS.split():
        assert sphinx_words.missing_words(word, path) == decoder.missing_words(word), word


def test_a_name_it_cannot_say_is_missing():
    path = sphinx_words.dictionary_path()
    assert sphinx_words.missing_words("ann xzavier ben", path) == ["xzavier"]


def test_the_decoder_is_asked_about_each_word_once():
    """The binding's lookup_word leaks the pronunciation it returns, and every
    closed list asks about all its words: an answer once found is remembered."""
    from host.speech.sphinx_engine import PocketSphinxRecognizer

    decoder = PocketSphinxRecognizer(adapt=False, free_decoding=False)
    assert decoder.missing_words("roll the xzavier") == ["xzavier"]
    assert decoder.missing_words("roll xzavier roll") == ["xzavier"]
    asked = decoder.in_dictionary.cache_info()
    assert (asked.misses, asked.hits) == (3, 3)
