"""bench/listen_dev_set.py: who says each line of the end-of-turn dev sets."""

from bench.listen_dev_set import VOICES, voice_for


def test_the_tuned_list_keeps_its_voices_from_seed_to_seed():
    tuned = [[voice_for(line, seed, VOICES, "tuned") for line in range(8)] for seed in (1, 2, 3)]
    assert tuned[0] == tuned[1] == tuned[2]
    assert tuned[0][:4] == list(VOICES)


def test_the_other_lists_turn_their_voices_with_the_seed():
    for items in ("held-out", "fresh"):
        first, second = (voice_for(0, seed, VOICES, items) for seed in (1, 2))
        assert first != second
