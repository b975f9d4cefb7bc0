"""The host's recent clauses are kept, so a line said again plays at once."""

from __future__ import annotations

from host.speech import FakeSynthesizer
from host.speech.recent_lines import RecentLines


class LoadingVoice(FakeSynthesizer):
    """A voice whose model is still loading (the line cache says its lines)."""

    ready = False


def test_a_line_said_again_is_not_made_again():
    voice = FakeSynthesizer()
    lines = RecentLines(voice)
    first = lines.synthesize("Roll.")
    lines.synthesize("Right.")
    again = lines.synthesize("Roll.")
    assert again is first
    assert voice.spoken == ["Roll.", "Right."]


def test_past_its_size_the_line_said_longest_ago_is_made_again():
    voice = FakeSynthesizer(seconds_per_word=0.1)  # 1,600 samples a word: 3,200 bytes
    lines = RecentLines(voice, max_bytes=3 * 3200)
    for line in ["Roll.", "Right.", "Again.", "Roll.", "Wrong."]:  # "Roll." said again: kept
        lines.synthesize(line)
    lines.synthesize("Roll.")
    lines.synthesize("Right.")  # dropped when "Wrong." came: the least recently said
    assert voice.spoken == ["Roll.", "Right.", "Again.", "Wrong.", "Right."]
    assert lines.kept_bytes <= 3 * 3200


def test_a_line_longer_than_all_it_may_keep_is_not_kept():
    voice = FakeSynthesizer(seconds_per_word=0.1)
    lines = RecentLines(voice, max_bytes=3200)
    lines.synthesize("Ann rolled a four.")
    lines.synthesize("Ann rolled a four.")
    assert voice.spoken == ["Ann rolled a four."] * 2
    assert lines.kept_bytes == 0


def test_nothing_is_kept_while_the_voice_is_still_loading():
    voice = LoadingVoice()
    lines = RecentLines(voice)
    lines.synthesize("Welcome to Trivial Pursuit.")
    voice.ready = True
    lines.synthesize("Welcome to Trivial Pursuit.")  # now in the voice that loaded
    lines.synthesize("Welcome to Trivial Pursuit.")
    assert voice.spoken == ["Welcome to Trivial Pursuit."] * 2
