"""The voice channel: say = synthesize and play (microphone muted), listen =
endpoint and recognize with alternatives, expecting what the prompt allows.

Every line said and heard is also printed, as captions. If a device fails
mid-game the channel says so and carries on with the keyboard, so a pulled
USB microphone never ends a game. The recognizer and the voice model may
still be loading (speech/background.py) when the host first speaks: the
first lines come from the line cache (speech/loading_voice.py), loading
starts once the first line is played, the first `listen` waits for the
recognizer (players' names are looked up in its dictionary file meanwhile),
and a recognizer or voice that cannot load is one more reason to carry on
with the keyboard.
"""

from __future__ import annotations

import numpy as np

from host.errors import DeviceError, HostError, plain_sentence
from host.memory import give_back
from host.speech.background import BackgroundLoad
from host.speech.loading_voice import LoadingSynthesizer
from host.speech.recent_lines import RecentLines
from host.table import understanding as und
from host.table.channels import Heard, KeyboardChannel, Listening
from host.table.narrator import always_suggested, shown

VOLUME_STEP, RATE_STEP = 1.25, 25
VOLUME_RANGE, RATE_RANGE = (0.25, 2.0), (100, 300)


class VoiceUnavailable(DeviceError):
    """No microphone, speaker or speech engine: the message says which and why."""


class VoiceChannel:
    def __init__(
        self,
        synthesizer,
        speaker,
        microphone,
        recognizer,
        settings,
        gate=None,
        synthesizer_factory=None,
        caption=print,
        dictionary=None,
    ):
        self._lines = RecentLines(synthesizer)  # a line said again plays at once
        self.speaker = speaker
        self.microphone = microphone
        self._recognizer = recognizer  # a recognizer, or a BackgroundLoad of one
        self.dictionary = dictionary  # phrase -> words it cannot hear, while it loads
        self.settings = settings
        self.gate = gate
        self.synthesizer_factory = synthesizer_factory
        self.caption = caption
        self.volume = 1.0
        self.rate = settings.rate
        self._fallback: KeyboardChannel | None = None
        self._room_dbfs: float | None = None  # the room's level, as the last turn heard it
        self._while_talking: list[BackgroundLoad] = []  # loads begun once a line is under way

    @property
    def synthesizer(self):
        return self._lines.synthesizer

    @property
    def voice(self) -> bool:
        return self._fallback is None

    @property
    def recognizer(self):
        """The recognizer, waiting while it loads; VoiceUnavailable if it could not load."""
        if isinstance(self._recognizer, BackgroundLoad):
            try:
                self._recognizer = self._recognizer.result()
            except (HostError, OSError, RuntimeError) as exc:
                raise VoiceUnavailable(plain_sentence(exc)) from exc
        return self._recognizer

    # -------------------------------------------------------------- talk

    def load_while_talking(self, load: BackgroundLoad) -> None:
        """Begin `load` once the next line is under way, as the voice's and
        the recognizer's: begun before, it holds Python's lock while the
        first line waits for the voice model."""
        self._while_talking.append(load)

    def say(self, text: str, kind: str = "narration") -> None:
        if self._fallback is not None:
            return self._fallback.say(text, kind)
        self.caption(shown(text))  # the card's spelling, where the voice reads a respelling
        from host.speech import AudioDeviceError, SynthesisError
        from host.speech.synth import synthesize_clauses

        try:
            for audio in synthesize_clauses(self._lines, text):
                played = self.speaker.play(_louder(audio, self.volume))
                # the table hears the host: load the voice and the ears while it talks
                if isinstance(self.synthesizer, LoadingSynthesizer):
                    self.synthesizer.start_loading()
                if isinstance(self._recognizer, BackgroundLoad):
                    self._recognizer.start()
                for load in self._while_talking:
                    load.start()
                self._while_talking.clear()
                if not played:
                    break
        except (AudioDeviceError, SynthesisError) as exc:
            self._lose_voice(plain_sentence(exc))

    def listen(self, listening: Listening) -> Heard:
        if self._fallback is not None:
            return self._fallback.listen(listening)
        from host.speech import AudioDeviceError, ListenOutcome, make_vad
        from host.speech.listening import listen_turn
        from host.table.hearing import plan_for

        plan = plan_for(listening, self.settings)
        if isinstance(self.synthesizer, LoadingSynthesizer):
            self.synthesizer.started_listening()
        give_back()  # the last turn's decodes and lines are done with (memory.py)
        try:
            recognizer = self.recognizer
        except VoiceUnavailable as exc:
            return self._lose_voice(str(exc)).listen(listening)
        vad = make_vad(self.settings, self._room_dbfs)
        try:
            heard = listen_turn(
                self.microphone,
                recognizer,
                plan.expectation,
                plan.policy,
                plan.turn_end,
                self.gate,
                vad=vad,
            )
        except AudioDeviceError as exc:
            return self._lose_voice(plain_sentence(exc)).listen(listening)
        room = getattr(vad, "room_heard", None)  # a detector raised to a speaking level
        self._room_dbfs = self._room_dbfs if room is None else room
        timed_out = heard.outcome is ListenOutcome.TIME_UP
        if heard.recognition is None:
            return Heard((), timed_out=timed_out)
        pairs = [(text, confidence) for text, confidence in heard.alternatives if text.strip()]
        if not pairs:
            self.caption("(heard a sound, no words)")
            return Heard((), noise=True)
        self.caption(f"(heard: {' | '.join(text for text, _ in pairs)})")
        guess = heard.recognition.card_guess
        return Heard(
            tuple(t for t, _ in pairs),
            confidences=tuple(c for _, c in pairs),
            timed_out=timed_out,
            card_guess=guess.text if guess is not None and guess.text.strip() else None,
            disputed=heard.recognition.disputed,
        )

    def unknown_words(self, phrase: str) -> list[str]:
        """Words of `phrase` the recognizer cannot hear (names, before the game)."""
        if self._fallback is not None:
            return []
        loading = isinstance(self._recognizer, BackgroundLoad) and not self._recognizer.done
        if loading and self.dictionary is not None:
            try:  # the same answer without waiting for the model
                return list(self.dictionary(und.normalise(phrase)))
            except OSError:
                pass
        try:
            return list(self.recognizer.missing_words(und.normalise(phrase)))
        except VoiceUnavailable as exc:
            self._lose_voice(str(exc))
            return []
        except Exception:
            return []

    # ----------------------------------------------------------- adjust

    def adjust(self, change: str) -> str:
        if self._fallback is not None:
            return "keyboard_adjust"
        if change in ("louder", "softer"):
            volume = self.volume * (VOLUME_STEP if change == "louder" else 1 / VOLUME_STEP)
            if not VOLUME_RANGE[0] <= volume <= VOLUME_RANGE[1]:
                return "voice_limit"
            self.volume = volume
            return f"voice_{change}"
        rate = self.rate + (RATE_STEP if change == "faster" else -RATE_STEP)
        if not RATE_RANGE[0] <= rate <= RATE_RANGE[1] or self.synthesizer_factory is None:
            return "voice_limit"
        try:
            new = self.synthesizer_factory(rate)
        except Exception:
            return "voice_limit"
        self.synthesizer.close()
        self._lines, self.rate = RecentLines(new), rate
        return f"voice_{change}"

    def close(self) -> None:
        for part in (self.microphone, self.speaker, self.synthesizer):
            try:
                part.close()
            except Exception:
                pass

    def _lose_voice(self, reason: str) -> KeyboardChannel:
        self._fallback = KeyboardChannel()
        self._fallback.say(f"{reason}. The game goes on by keyboard: type your answers.")
        self.close()
        return self._fallback


def expectation_for(listening: Listening):
    """What the recognizer should expect: answers are guided by the card's
    phrases; choices and commands are closed lists of what may be said."""
    from host.judge.forms import known_names  # the judge: not before the first word
    from host.speech import Expectation

    commands = tuple(listening.commands)
    if commands:  # "where is Ben": the queries about the table's players
        commands += und.queries_about(listening.names)
    if listening.kind == "answer":
        return Expectation.answer(
            listening.phrases,
            commands + und.vocabulary()["pass"] + und.vocabulary()["thinking"],
            known_names(listening.card) if listening.card is not None else (),
        )
    if listening.kind == "names":
        words = und.vocabulary()
        names = [und.normalise(n) for n in listening.phrases if und.normalise(n)]
        return Expectation.closed(
            dict.fromkeys(
                name_sequences(listening.phrases)
                + list(commands)
                + [w for w in words["nobody"] if w not in words["typed_only"]]
                + list(words["steal_words"])
                # "um" is heard as itself, not as "tom" or "ann"
                + list(words["thinking"])
            ),
            # a name said alone is short, and Whisper writes it as a word
            # ("and" for flite's "Ann"): each player's name, "nobody" and
            # "steal" are replies it may score, with the names as its prompt
            replies=(*((n,) for n in names), NOBODY_REPLY, STEAL_REPLY),
            likely=(*(n.strip() for n in listening.phrases), "nobody", "steal"),  # as spelt:
            # the prompt's "Ann" leads to "Ann" (log p -1.8), its "ann" less (-5.9)
            meaning=und.meanings_of,
        )
    if listening.kind == "free":
        return Expectation.free()
    if listening.kind == "yes_no":  # "Did you say ...?": short closed lists are heard well
        words = und.vocabulary()
        return Expectation.closed(
            # a hesitation is heard as itself ("um" was heard as "no"), and
            # the turn waits for the reply after it (hearing.plan_for)
            dict.fromkeys(
                words["yes"] + words["no"] + words["pass"] + words["thinking"] + commands
            ),
            replies=(words["yes"], words["no"]),
            meaning=und.meanings_of,
        )
    words = und.vocabulary()
    replies: tuple[tuple[str, ...], ...] = ()
    if set(listening.phrases) == {"yes", "no"}:  # "Jump?", "Was that right?"
        replies = (words["yes"] + words["jump_yes"], words["no"] + words["jump_no"])
    choices = list(listening.phrases) + list(listening.also) + list(commands)
    for group in ("yes", "no", "jump_yes", "jump_no", "roll", "pass"):
        choices += words[group]
    for group in ("categories", "kinds", "directions"):
        for phrases in words[group].values():
            choices += phrases
    choices += list(words["ordinals"]) + list(words["die_words"])
    # what the host offered and its help's commands are the likeliest said;
    # not at a yes-or-no question, whose replies are scored instead
    heard = dict.fromkeys(c for c in choices if c)
    offered = listening.suggested or listening.phrases
    likely = () if replies else (*(und.normalise(p) for p in offered), *always_suggested())
    listened = {und.normalise(c) for c in heard}
    return Expectation.closed(
        heard, replies, (p for p in likely if p in listened), meaning=und.meanings_of
    )


# The ways of saying nobody and steal the host suggests, scored as replies at a
# names prompt: each scored phrase costs a forced decoding (8 ms here: three
# players' names and these, 45 ms), in the listening loop at a pause
NOBODY_REPLY = ("nobody", "no")
STEAL_REPLY = ("steal",)


def name_sequences(names, limit: int = 400) -> list[str]:
    """'ann', 'ann and ben', 'steal ann and ben', 'cy steals', 'steal for ann', ...: free decoding hears
    names badly, so claims and steals are a closed list of name sequences."""
    from itertools import permutations

    names = [und.normalise(n) for n in names if und.normalise(n)]
    sequences: list[str] = []
    for length in range(1, len(names) + 1):
        batch = [" and ".join(p) for p in permutations(names, length)]
        if len(sequences) + 2 * len(batch) > limit:
            break
        sequences += batch + [f"steal {s}" for s in batch]
    alone = [f"{name} will steal" for name in names] + [f"{name} steals" for name in names]
    return sequences + alone + [f"steal for {name}" for name in names]


def _louder(audio, volume: float):
    if volume == 1.0:
        return audio
    from host.speech import Audio

    samples = np.clip(audio.samples.astype(np.float32) * volume, -32768, 32767).astype(np.int16)
    return Audio(samples, audio.rate)


def make_voice_channel(config: dict, notice=print) -> VoiceChannel:
    """Microphone, speaker, recognizer and synthesizer from the config's speech section."""
    from host.speech import (
        AudioDeviceError,
        MicGate,
        Microphone,
        Speaker,
        SpeechSettings,
        make_synthesizer,
    )
    from host.speech.engines import load_recognizer_in_background
    from host.speech.loading_voice import loading_synthesizer

    try:
        settings = SpeechSettings.from_mapping(config.get("speech"))
    except HostError as exc:
        raise VoiceUnavailable(plain_sentence(exc)) from exc
    try:
        microphone = Microphone(settings.input_device or None)
    except AudioDeviceError as exc:
        raise VoiceUnavailable(plain_sentence(exc)) from exc
    try:
        gate = MicGate(settings.speaker_tail)
        speaker = Speaker(settings.output_device or None, gate=gate)
    except AudioDeviceError as exc:
        microphone.close()
        raise VoiceUnavailable(plain_sentence(exc)) from exc

    engine = [settings.synthesizer]

    def synthesizer_at(rate: int):
        made = make_synthesizer(engine[0], settings.voice, rate, settings.volume, notice=notice)
        engine[0] = made.name  # auto is decided once: "slower" keeps the voice, no new notice
        return made

    def loaded(name: str) -> None:
        engine[0] = name

    try:
        recognizer, dictionary = load_recognizer_in_background(settings, notice=notice)
        # chosen now; its model loads while the first lines play from the cache
        synthesizer = loading_synthesizer(
            engine[0], settings.voice, settings.rate, settings.volume, notice, loaded
        )
    except (HostError, OSError, RuntimeError) as exc:
        microphone.close()
        speaker.close()
        raise VoiceUnavailable(plain_sentence(exc)) from exc
    return VoiceChannel(
        synthesizer,
        speaker,
        microphone,
        recognizer,
        settings,
        gate,
        synthesizer_factory=synthesizer_at,
        dictionary=dictionary,
    )
