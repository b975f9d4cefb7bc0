"""bench/turn_end_replay.py: a turn's pauses replayed under other silences."""

from pytest import approx

from bench.turn_end_replay import ends_at, silences
from host.speech.endpoint import EndpointPolicy

ANSWER = EndpointPolicy.answer(end_silence=2.0).with_early_end(0.3, 1.8)

# "um ... way no series": a hesitation the player went on from after 1.2 s,
# then words the end of turn could not place
UM_THEN_GARBLED = [
    {"began_at": 0.6, "tier": "hesitation", "words": "uh", "lasted": 1.2},
    {"began_at": 3.0, "tier": "open", "words": "um way no series", "lasted": None},
]


def test_the_configs_own_silences_end_the_turn_where_the_game_did():
    assert ends_at(UM_THEN_GARBLED, silences(ANSWER, None), thinking_pause=0.6) == (
        approx(4.8),
        False,
    )


def test_an_open_reading_after_a_thinking_pause_may_end_sooner():
    ended = ends_at(UM_THEN_GARBLED, silences(ANSWER, 0.45), thinking_pause=0.6)
    assert ended == (approx(3.45), False)


def test_a_pause_shorter_than_the_thinking_pause_changes_nothing():
    assert ends_at(UM_THEN_GARBLED, silences(ANSWER, 0.45), thinking_pause=1.5) == (
        approx(4.8),
        False,
    )


def test_ending_in_a_pause_the_player_went_on_from_is_a_cut_off():
    # "um ... where you're not at all ... da": half a name misheard after a hesitation
    pauses = [
        {"began_at": 0.6, "tier": "hesitation", "words": "um", "lasted": 1.2},
        {"began_at": 2.7, "tier": "open", "words": "um where you're not at all", "lasted": 0.9},
        {"began_at": 3.9, "tier": "open", "words": "um where you're not at all", "lasted": None},
    ]
    assert ends_at(pauses, silences(ANSWER, None), thinking_pause=0.6) == (approx(5.7), False)
    assert ends_at(pauses, silences(ANSWER, 0.45), thinking_pause=0.6) == (approx(3.15), True)


def test_a_tier_whose_silence_is_not_changed_keeps_it():
    waiting = [{"began_at": 1.0, "tier": "waiting", "words": "it's the", "lasted": None}]
    assert ends_at(waiting, silences(ANSWER, 0.45), thinking_pause=0.6) == (approx(3.0), False)
