"""The same loop by voice: the host's words synthesized and played, the
players' words endpointed and recognized with alternatives, as the prompt
expects. Fakes stand in for the sound card; one game runs through the real
PocketSphinx recognizer with flite voices for the players."""

from __future__ import annotations

import shutil

import numpy as np
import pytest
from table_sitting import play_args
from table_talk import keys

from host.speech import FakeSpeaker, FakeSynthesizer, Hypothesis, Recognition, SpeechSettings
from host.table import setup as table_setup
from host.table import understanding as und
from host.table import voice
from host.table.channels import EndOfInput, Listening, ScriptedChannel
from host.table.setup import play
from host.table.voice import VoiceChannel, expectation_for

RATE = 16000
SPEECH = (3000 * np.sin(2 * np.pi * 220 * np.arange(int(0.6 * RATE)) / RATE)).astype(np.int16)


class QueueMicrophone:
    """Frames from a queue of utterances, silence when it is empty."""

    def __init__(self):
        self.queue = np.zeros(0, np.int16)
        self.frame_size = int(RATE * 0.03)
        self.broken = False

    def speak(self, samples: np.ndarray) -> None:
        self.queue = np.concatenate([self.queue, samples])

    def read(self, count=None):
        if self.broken:
            from host.speech import AudioDeviceError

            raise AudioDeviceError("the microphone stopped working (unplugged)")
        count = count or self.frame_size
        frame, self.queue = self.queue[:count], self.queue[count:]
        return np.concatenate([frame, np.zeros(count - len(frame), np.int16)])

    def close(self):
        pass


class ScriptedRecognizer:
    """Each utterance's alternatives from a script ('<silence>': nobody speaks,
    '': a sound without words); the microphone gets a voice-like tone to endpoint."""

    name = "scripted"
    sample_rate = RATE

    def __init__(self, script, microphone):
        self.script = list(script)
        self.microphone = microphone
        self.expectations = []

    def stream(self, expectation):
        if not self.script:
            raise EndOfInput("the script ended")
        self.expectations.append(expectation)
        line = self.script.pop(0)
        if line == "<unplug>":
            self.microphone.broken = True
            line = "<silence>"
        if line != "<silence>":
            self.microphone.speak(SPEECH)
        alternatives = tuple(
            Hypothesis(t, 0.9 - 0.1 * i) for i, t in enumerate(line.split("|")) if t
        )
        return _Stream(Recognition(alternatives, "scripted", expectation.kind))

    def missing_words(self, phrase):
        return [w for w in phrase.lower().split() if w == "xzavier"]


class _Stream:
    def __init__(self, result):
        self.result = result

    def accept(self, samples):
        pass

    def finish(self):
        return self.result


def voice_channel(script, captions=None):
    microphone = QueueMicrophone()
    recognizer = ScriptedRecognizer(script, microphone)
    rates = []

    def synthesizer_at(rate):
        rates.append(rate)
        return FakeSynthesizer()

    channel = VoiceChannel(
        FakeSynthesizer(),
        FakeSpeaker(),
        microphone,
        recognizer,
        SpeechSettings(no_speech_timeout=2.0, vad="energy"),  # the fake voice is a tone
        gate=None,
        synthesizer_factory=synthesizer_at,
        caption=(captions.append if captions is not None else lambda line: None),
    )
    channel.rates = rates
    return channel


def test_a_turn_by_voice(fast_tmp):
    captions = []
    channel = voice_channel(["roll", "geography", "toronto|ottawa", "ottawa"], captions)
    outcome = play(play_args(fast_tmp, verbosity="short"), channel=channel)
    assert outcome == "ended"
    assert captions[:5] == [
        "The classic Genus edition. Ann and Ben.",
        "Ann.",
        "Roll.",
        "(heard: roll)",
        "Four: Geography; 5 more?",
    ]
    # the card's reject list decides: 'toronto' is heard first
    assert captions[captions.index("(heard: toronto | ottawa)") + 1] == "Wrong."
    assert channel.speaker.played, "the host's words were played"
    kinds = [e.kind for e in channel.recognizer.expectations]
    assert kinds == ["closed", "closed", "answer", "closed"]
    assert "roll" in channel.recognizer.expectations[0].phrases
    assert "Ottawa" in channel.recognizer.expectations[2].phrases


def test_each_turns_listening_begins_by_giving_freed_memory_back(fast_tmp, monkeypatch):
    import host.speech.listening as listening

    events = []
    listen_turn = listening.listen_turn

    def listened(*args, **kwargs):
        events.append("listen")
        return listen_turn(*args, **kwargs)

    monkeypatch.setattr("host.table.voice.give_back", lambda: events.append("give back"))
    monkeypatch.setattr(listening, "listen_turn", listened)
    channel = voice_channel(["roll", "geography", "toronto|ottawa", "ottawa"])
    play(play_args(fast_tmp, verbosity="short"), channel=channel)
    assert events[:4] == ["give back", "listen"] * 2
    assert events.count("give back") == events.count("listen") >= 4


def test_each_turn_starts_from_the_room_the_turn_before_heard(fast_tmp, monkeypatch):
    # a quiet player who answers as the microphone opens is raised from the first frame
    import host.speech as speech
    from host.speech.endpoint import EnergyVad
    from host.speech.vad_level import LevelledVad

    rooms = []

    def levelled(settings, room_dbfs=None):
        rooms.append(room_dbfs)
        vad = LevelledVad(EnergyVad(), EnergyVad())
        vad.recall_room(room_dbfs)
        return vad

    monkeypatch.setattr(speech, "make_vad", levelled)
    play(play_args(fast_tmp, verbosity="short"), channel=voice_channel(["roll", "geography"]))
    assert rooms[0] is None  # the first turn hears the room itself
    assert len(rooms) >= 3 and all(round(room) == -150 for room in rooms[1:])  # digital silence


def test_silence_three_times_offers_the_keyboard_then_passes(fast_tmp):
    captions = []
    script = ["roll", "first"] + ["<silence>"] * 6
    channel = voice_channel(script, captions)
    play(play_args(fast_tmp, verbosity="short"), channel=channel)
    assert captions.count("Nothing heard.") == 4
    assert "Three misses. Say use the keyboard, or pass to count it as a pass." in captions
    # said as the ruling, as a pass is: no "Wrong." after it
    ruling = captions.index("Counted as a pass.")
    assert captions[ruling + 1].startswith("Answer: ")
    assert "Wrong." not in captions


def test_noise_is_asked_again(fast_tmp):
    captions = []
    channel = voice_channel(["", "roll"], captions)
    play(play_args(fast_tmp, verbosity="short"), channel=channel)
    assert captions[3:5] == ["(heard a sound, no words)", "Say again?"]


def test_saying_keyboard_switches_to_typing(fast_tmp, monkeypatch):
    typed = ScriptedChannel(["roll"])
    monkeypatch.setattr(table_setup, "KeyboardChannel", lambda: typed)
    channel = voice_channel(["use the keyboard"])
    play(play_args(fast_tmp, verbosity="short"), channel=channel)
    assert keys(typed.said[:2]) == ["ask_roll_host", "ask_move"]


def test_an_unplugged_microphone_hands_over_to_the_keyboard(fast_tmp, monkeypatch):
    typed = ScriptedChannel(["roll"])
    monkeypatch.setattr(voice, "KeyboardChannel", lambda: typed)
    channel = voice_channel(["<unplug>"])
    play(play_args(fast_tmp, verbosity="short"), channel=channel)
    assert typed.said[0].startswith(
        "the microphone stopped working (unplugged). The game goes on by keyboard"
    )
    assert keys(typed.said[1:2]) == ["ask_move"]


def test_louder_softer_slower_faster(fast_tmp):
    captions = []
    channel = voice_channel(["louder", "slower", "faster", "faster"] + ["softer"] * 8, captions)
    play(play_args(fast_tmp, verbosity="short"), channel=channel)
    assert [c for c in captions if c in ("Louder.", "Softer.", "Slower.", "Faster.")] == [
        "Louder.",
        "Slower.",
        "Faster.",
        "Faster.",
    ] + ["Softer."] * 7
    assert captions[-2] == "That's as far as it goes."
    assert channel.rates == [150, 175, 200]
    assert channel.volume == pytest.approx(1.25 / 1.25**7)


def test_no_microphone_means_keyboard_said_clearly(fast_tmp, monkeypatch):
    typed = ScriptedChannel(["roll"])
    monkeypatch.setattr(table_setup, "KeyboardChannel", lambda: typed)

    def no_mic(config, notice=print):
        raise voice.VoiceUnavailable("cannot open the default microphone (no device)")

    monkeypatch.setattr(voice, "make_voice_channel", no_mic)
    play(play_args(fast_tmp, text=False, config=None, verbosity="short"))
    assert (
        typed.said[0]
        == "No microphone (cannot open the default microphone (no device)): keyboard mode."
    )


def test_a_name_the_recognizer_cannot_hear_becomes_a_colour(fast_tmp):
    captions = []
    channel = voice_channel(["roll"], captions)
    play(play_args(fast_tmp, players="Ann,Xzavier", verbosity="short"), channel=channel)
    assert captions[0] == "I may not hear the name Xzavier; I will call that player Pink instead."
    assert captions[1] == "The classic Genus edition. Ann and Pink."


def test_named_players_are_checked_in_the_dictionary_while_the_recognizer_loads(fast_tmp):
    """--players: the welcome does not wait for the recognizer's model; its
    dictionary, which needs none, says which names it cannot hear."""
    from host.speech.background import BackgroundLoad

    captions, happened = [], []
    channel = voice_channel(["roll"], captions)
    recognizer = channel.recognizer

    def load():
        happened.append("recognizer loaded")
        return recognizer

    def dictionary(phrase):
        happened.append(f"looked up {phrase}")
        return recognizer.missing_words(phrase)

    channel._recognizer, channel.dictionary = BackgroundLoad("the recognizer", load), dictionary
    play(play_args(fast_tmp, players="Ann,Xzavier", verbosity="short"), channel=channel)
    assert happened == ["looked up ann", "looked up xzavier", "recognizer loaded"]
    assert captions[:2] == [
        "I may not hear the name Xzavier; I will call that player Pink instead.",
        "The classic Genus edition. Ann and Pink.",
    ]


def test_claims_are_heard_against_a_list_of_name_sequences():
    from host.table.channels import Listening

    expectation = expectation_for(Listening("names", ("Ann", "Ben", "Cy"), ("score", "repeat")))
    assert expectation.kind == "closed"
    assert {"ann", "ann and ben", "steal cy and ann", "nobody", "score"} <= set(expectation.phrases)


def test_at_a_names_prompt_each_name_is_a_reply_the_recognizer_may_score():
    """flite's "Ann" was written "and", and no phrase was heard: each player's
    name, "nobody" and "steal" are replies scored with the names, as the
    players spelt them, as Whisper's prompt; "um" is heard as itself."""
    from host.table.channels import Listening

    names = expectation_for(Listening("names", ("Ann", "Ben", "Cy"), ("score",)))
    assert names.replies == (("ann",), ("ben",), ("cy",), ("nobody", "no"), ("steal",))
    assert names.likely == ("Ann", "Ben", "Cy", "nobody", "steal")
    assert {"um", "hmm"} <= set(names.phrases)
    # Whisper wrote flite's "um" as "done", and nobody stole: typed only
    assert "done" not in names.phrases and und.is_one_of("done", "nobody")


def test_no_steal_phrasings_and_thinking_aloud_are_in_what_the_recognizer_expects():
    """Issue 15 by voice: 'no' was a YAML boolean and never in the steal grammar;
    'we steal', 'Cy will steal' and a 'hmm' at a question must be hearable."""
    from host.table.channels import Listening

    names = expectation_for(Listening("names", ("Ann", "Ben", "Cy"), ("score",)))
    assert {"no", "we steal", "cy will steal", "cy steals", "steal for ann", "steal"} <= set(
        names.phrases
    )
    assert "true" not in names.phrases
    answer = expectation_for(Listening("answer", ("Ottawa",), ("score",)))
    assert "hmm" in answer.commands


@pytest.mark.skipif(not shutil.which("flite"), reason="flite is not installed")
def test_players_heard_through_pocketsphinx(fast_tmp):
    """flite voices say the players' lines; the real recognizer hears them."""
    pytest.importorskip("pocketsphinx")
    from host.speech import make_synthesizer
    from host.speech.sphinx_engine import PocketSphinxRecognizer

    players = make_synthesizer("flite")
    microphone = QueueMicrophone()
    real = PocketSphinxRecognizer(adapt=False)
    lines = ["roll", "score", "the history wedge", "canberra"]

    class Speaking:
        name, sample_rate = real.name, real.sample_rate

        def stream(self, expectation):
            if not lines:
                raise EndOfInput("done")
            said = players.synthesize(lines.pop(0)).resampled(RATE).samples
            microphone.speak(
                np.concatenate([np.zeros(RATE // 4, np.int16), said, np.zeros(RATE, np.int16)])
            )
            return real.stream(expectation)

        def missing_words(self, phrase):
            return real.missing_words(phrase)

    captions = []
    channel = VoiceChannel(
        FakeSynthesizer(),
        FakeSpeaker(),
        microphone,
        Speaking(),
        SpeechSettings(no_speech_timeout=3.0),
        caption=captions.append,
    )
    play(
        play_args(fast_tmp, edition="genus6", mode="classic", seed=2, verbosity="short"),
        channel=channel,
    )
    heard = [c for c in captions if c.startswith("(heard")]
    assert heard[0] == "(heard: roll)"
    assert heard[1].startswith("(heard: score")
    assert heard[2].startswith("(heard: the history wedge")
    assert any(c.startswith("Ann: 0 wedges") for c in captions)


def test_players_say_their_names_one_by_one(fast_tmp):
    captions = []
    script = ["seven", "three", "my name is ann", "yes", "ben", "no", "ben", "yes", "", "", "roll"]
    channel = voice_channel(script, captions)
    play(play_args(fast_tmp, players=None, verbosity="short"), channel=channel)
    said = [c for c in captions if not c.startswith("(heard")]
    assert said[:12] == [
        "How many players?",
        "How many players?",
        "Player 1: name?",
        "I heard Ann. Is that right? Yes or no.",
        "Player 2: name?",
        "I heard Ben. Is that right? Yes or no.",
        "Player 2: name?",
        "I heard Ben. Is that right? Yes or no.",
        "Player 3: name?",
        "Player 3: name?",
        "I'll call you Blue.",
        "The classic Genus edition. Ann, Ben and Blue.",
    ]


def test_the_greeting_does_not_wait_for_the_recognizer_and_the_first_listen_does(fast_tmp):
    """The recognizer loads on a helper thread (started once the host talks);
    the first listen waits for it and hears through it."""
    import threading

    from host.speech.background import BackgroundLoad

    microphone = QueueMicrophone()
    release = threading.Event()
    made = []

    def slow_recognizer():
        release.wait()  # loading takes as long as the test wants
        made.append(ScriptedRecognizer(["roll"], microphone))
        return made[0]

    captions = []
    channel = VoiceChannel(
        FakeSynthesizer(),
        FakeSpeaker(),
        microphone,
        BackgroundLoad("a scripted recognizer", slow_recognizer),
        SpeechSettings(no_speech_timeout=2.0, vad="energy"),
        caption=captions.append,
    )
    channel.say("Welcome to Trivial Pursuit.")  # returns while the recognizer is still loading
    assert channel.speaker.played and not made
    threading.Timer(0.05, release.set).start()
    heard = channel.listen(Listening("choice", ("roll",)))
    assert heard.text == "roll" and made
    assert channel.voice


def played_when_the_decks_are_read(fast_tmp, monkeypatch, script, captions=None, **options):
    """Plays by voice; how many clauses the host had played as it began
    reading the decks. Its second clause waits for that (at most 5 s): decks
    read once the first line is under way are read after exactly one."""
    import threading

    reading = threading.Event()

    class Speaker(FakeSpeaker):
        def play(self, audio):
            if len(self.played) == 1:
                reading.wait(timeout=5)
            return super().play(audio)

    channel = voice_channel(script, captions)
    channel.speaker = Speaker()
    played_by_then = []
    read_decks = table_setup.load_decks

    def load_decks(paths):
        played_by_then.append(len(channel.speaker.played))
        reading.set()
        return read_decks(paths)

    monkeypatch.setattr(table_setup, "load_decks", load_decks)
    assert play(play_args(fast_tmp, **options), channel=channel) == "ended"
    return played_by_then


def test_the_decks_are_read_once_the_welcome_is_under_way(fast_tmp, monkeypatch):
    """Read before it, the decks keep the table waiting for the host's first
    word (and hold Python's lock while the voice model loads); read after
    it, between the welcome and the first turn."""
    played = played_when_the_decks_are_read(fast_tmp, monkeypatch, [])
    assert played == [1]  # "Welcome to Trivial Pursuit," and no more


def test_a_saved_games_decks_are_read_as_the_host_offers_it(fast_tmp, monkeypatch):
    """Yes is answered at once: the decks were read while the host asked."""
    play(play_args(fast_tmp, verbosity="short"), channel=ScriptedChannel(["save and quit"]))
    captions: list[str] = []
    played = played_when_the_decks_are_read(
        fast_tmp, monkeypatch, ["yes"], captions, verbosity="short"
    )
    assert played == [1]  # "Resume classic standard," and no more
    assert captions[:3] == [
        "Resume classic standard, Ann and Ben, 0 cards played? Yes or no.",
        "(heard: yes)",
        "Game resumed.",
    ]


def test_a_recognizer_that_cannot_load_in_the_background_means_keyboard_said_clearly(
    fast_tmp, monkeypatch, capsys
):
    from host.errors import ModelError
    from host.speech.background import BackgroundLoad

    def broken():
        raise ModelError("the PocketSphinx model is damaged; reinstall pocketsphinx")

    typed = ScriptedChannel([])
    monkeypatch.setattr(voice, "KeyboardChannel", lambda: typed)
    captions = []
    channel = VoiceChannel(
        FakeSynthesizer(),
        FakeSpeaker(),
        QueueMicrophone(),
        BackgroundLoad("a broken recognizer", broken),
        SpeechSettings(no_speech_timeout=2.0, vad="energy"),
        caption=captions.append,
    )
    outcome = play(play_args(fast_tmp, verbosity="short"), channel=channel)
    assert outcome == "ended"
    # the players' names are checked against the recognizer's words before the welcome
    assert typed.said[:2] == [
        "the PocketSphinx model is damaged; reinstall pocketsphinx. "
        "The game goes on by keyboard: type your answers.",
        "The classic Genus edition. Ann and Ben.",
    ]
    assert not channel.voice


def test_an_answer_is_listened_for_with_its_card_as_the_judge_reads_it(table):
    """The end of turn knows a whole answer as the ruling will (hearing.py):
    the game hands the listening its card, kind and lists included."""
    from table_bots import StatelessBot

    bot = StatelessBot(max_lines=60)
    cards = []

    def responder(listening: Listening):
        if listening.kind == "answer":
            cards.append((listening.phrases, listening.card))
        return bot(listening)

    table(responder=responder, voice=True)
    assert cards, "a question was asked"
    for phrases, card in cards:
        assert card is not None and card.answer == phrases[0]
        assert set(card.reject) <= set(phrases) and card.kind


def test_captions_show_the_cards_spelling_where_the_voice_reads_a_respelling(fast_tmp):
    from host.cards.deck import Question
    from host.rules.editions import load_rules
    from host.table.narrator import Narrator

    captions = []
    channel = voice_channel([], captions)
    narrator = Narrator(load_rules("classic", "standard"), "short", typed=False)
    saarinen = Question(
        "art",
        "Who designed the Gateway Arch in St. Louis?",
        "Eero Saarinen",
        say="Who designed the Gateway Arch in Saint Louis?",
        say_answer="Ay-ro Sah-ri-nen",
    )
    channel.say(narrator.say("answer_was", answer=narrator.answer_text(saarinen)))
    channel.say(narrator.say("did_you_say", answer=narrator.answer_text(saarinen)))
    assert channel.synthesizer.spoken == [
        "Answer:",
        "Ay-ro Sah-ri-nen.",
        "You said Ay-ro Sah-ri-nen?",
    ]
    assert captions == ["Answer: Eero Saarinen.", "You said Eero Saarinen?"]


def test_a_line_said_again_is_made_once_until_the_voice_changes_speed(fast_tmp):
    channel = voice_channel(["roll"])
    made = channel.synthesizer
    channel.say("Roll.")
    channel.say("Roll.")
    assert made.spoken == ["Roll."]
    assert len(channel.speaker.played) == 2
    channel.adjust("slower")
    channel.say("Roll.")
    assert channel.synthesizer is not made and channel.synthesizer.spoken == ["Roll."]
