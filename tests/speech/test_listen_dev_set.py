"""bench/listen_dev_set.py: who says each line of the end-of-turn dev sets."""

import numpy as np

from bench.listen_dev_set import VOICES, babble, voice_for, with_noise
from host.speech.vad_level import at_gain


def test_the_tuned_list_keeps_its_voices_from_seed_to_seed():
    tuned = [[voice_for(line, seed, VOICES, "tuned") for line in range(8)] for seed in (1, 2, 3)]
    assert tuned[0] == tuned[1] == tuned[2]
    assert tuned[0][:4] == list(VOICES)


def test_the_other_lists_turn_their_voices_with_the_seed():
    for items in ("held-out", "fresh"):
        first, second = (voice_for(0, seed, VOICES, items) for seed in (1, 2))
        assert first != second


def _level_db(samples) -> float:
    return 20 * np.log10(np.sqrt(np.mean(np.asarray(samples, np.float64) ** 2)))


def test_table_talk_is_mixed_in_at_the_asked_level_below_the_voice():
    rng = np.random.default_rng(1)
    voice = (8000 * np.sin(np.arange(16000) / 5)).astype(np.int16)
    talk = rng.normal(size=40000) * np.repeat(rng.uniform(0, 1, 40), 1000)  # words and gaps
    mixed = with_noise(voice, 12.0, rng, talk)
    added = mixed.astype(np.float64) - voice
    assert abs(_level_db(voice) - _level_db(added) - 12.0) < 0.5


def test_table_talk_is_a_stretch_of_the_talk_itself_at_unit_level():
    talk = np.arange(1.0, 101.0)
    piece = babble(30, np.random.default_rng(2), talk)
    stretches = (np.resize(np.roll(talk, -start), 30) for start in range(len(talk)))
    assert any(np.allclose(piece, s / np.sqrt(np.mean(s**2))) for s in stretches)


def test_a_recording_played_quieter_keeps_its_shape():
    voice = (8000 * np.sin(np.arange(16000) / 5)).astype(np.int16)
    quieter = at_gain(voice, -20.0)
    assert abs(_level_db(voice) - _level_db(quieter) - 20.0) < 0.05
    assert np.corrcoef(voice, quieter)[0, 1] > 0.999
    assert at_gain(voice, 0.0) is voice
