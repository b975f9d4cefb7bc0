"""`trivia-host listen FILE.wav`: a recording through the game's listening path.

The recording stands in for the microphone (then silence, as in a quiet
room); the frames go through the same plan (hearing.py) and listening path
(speech/listening.py) as the game's, and one JSON object says when the host
decided, when it was ready to reply, what it heard and, for an answer with
the card's fields, the judge's ruling (docs/listen.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from host.errors import UserError
from host.judge.commands import add_card_arguments, card_fields, given_card_options, strictness_of

MIN_RATE = 8000  # below this a recording holds too little of a voice to resample
ENDED = {  # the endpointer's outcome -> the contract's name
    "ended": "speech_end",
    "no_speech": "no_speech",
    "time_up": "time_up",
}


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "listen",
        help="listen to a WAV file as the game listens to a player; print the decision (JSON)",
        description="Run a recording through the game's listening path (VAD, end of turn, "
        "recognizer, judge) and print when the host decided, when it was ready to reply, "
        "what it heard and the ruling.",
    )
    parser.add_argument("wav", metavar="FILE.wav", help="16-bit PCM mono WAV")
    parser.add_argument(
        "--for",
        dest="waiting_for",
        required=True,
        choices=("answer", "command"),
        help="what the host waits for: the answer to a question, or a command or choice",
    )
    add_card_arguments(parser)
    parser.add_argument(
        "--expect", metavar='"phrase|phrase"', help="--for command: the phrases the host expects"
    )
    parser.add_argument(
        "--realtime",
        action="store_true",
        help="deliver frames at the audio's own rate (default: as fast as possible, "
        "with the audio position as the host's clock)",
    )
    parser.add_argument("--config", help="config file (default: config.yaml)")
    parser.set_defaults(func=run)
    _errors_in_one_line(parser)


def _errors_in_one_line(parser: argparse.ArgumentParser) -> None:
    """Bad options: one line on stderr and status 2, not the usage text."""

    def error(message: str):
        print(f"trivia-host listen: {message} (see trivia-host listen --help)", file=sys.stderr)
        sys.exit(2)

    parse_known = parser.parse_known_args

    def parse_known_args(args=None, namespace=None):
        namespace, extras = parse_known(args, namespace)
        if extras:
            error(f"unrecognized arguments: {' '.join(extras)}")
        return namespace, extras

    parser.error = error  # type: ignore[method-assign]
    parser.parse_known_args = parse_known_args  # type: ignore[method-assign]


def run(args: argparse.Namespace) -> int:
    from host.config import read_config
    from host.speech.audio import RECOGNIZER_RATE, read_wav
    from host.speech.settings import SpeechSettings
    from host.table.settings import settings_from_config

    fields = _card(args)
    config = read_config(args.config)
    speech = SpeechSettings.from_mapping(config.get("speech"))
    play = settings_from_config(config)
    audio = _recording(args.wav, read_wav, RECOGNIZER_RATE)
    expected = tuple(p.strip() for p in (args.expect or "").split("|") if p.strip())
    others = deck_answers(play.decks, fields) if fields and args.waiting_for == "answer" else ()
    listening = listening_for(args.waiting_for, fields, expected, play.answer_seconds, others)
    report = listen_to(
        audio.samples,
        listening,
        speech,
        _recognizer(speech),
        strictness_of(args),
        realtime=args.realtime,
    )
    print(json.dumps(report, ensure_ascii=False))
    return 0


def listening_for(waiting_for: str, fields, expected=(), answer_seconds: float = 0, also=()):
    """What the game would wait for: an answer to this card, or a command or
    choice. `also`: the decks' other answers of the card's kinds (whole answers
    to the game's end of turn, after a word or more)."""
    from host.table import understanding as und
    from host.table.channels import Listening

    commands = tuple(und.vocabulary()["commands"])
    if waiting_for == "answer":
        phrases = fields.listen_for() if fields else ()
        return Listening(
            "answer", phrases, commands, answer_seconds or None, also=tuple(also), card=fields
        )
    return Listening("choice", tuple(expected), commands)


def deck_answers(decks: tuple[str, ...], fields) -> tuple[str, ...]:
    """The answers of the card's kinds (`CompetitorPool.kinds_of`) in the
    decks the game would play with (none when they cannot be read: the game
    would not start, listening still can)."""
    from host.cards.deck import load_decks
    from host.table.game import resolve_deck_paths
    from host.table.judging import whole_answers

    try:
        loaded = load_decks(resolve_deck_paths(decks))
    except (UserError, OSError, ValueError):
        return ()
    return whole_answers({card.id: card for deck in loaded for card in deck.cards}, fields)


def listen_to(
    samples,
    listening,
    speech,
    recognizer,
    strictness="normal",
    realtime=False,
    vad=None,
) -> dict:
    """The contract's report for 16 kHz `samples` heard as the game hears them
    (and judged against the listening's card, if it has one)."""
    report, _utterance = listen_with_utterance(
        samples, listening, speech, recognizer, strictness, realtime, vad
    )
    return report


def listen_with_utterance(
    samples, listening, speech, recognizer, strictness="normal", realtime=False, vad=None
):
    """`listen_to`'s report, and the Utterance behind it (benches read what
    the report leaves out: whether the recognizer's passes agreed)."""
    from host.judge.core import judge
    from host.speech import make_vad
    from host.speech.audio import RECOGNIZER_RATE
    from host.speech.listening import RecordingSource, listen_turn
    from host.table.hearing import plan_for

    plan = plan_for(listening, speech)
    source = RecordingSource(samples, RECOGNIZER_RATE, realtime=realtime)
    heard = listen_turn(
        source,
        recognizer,
        plan.expectation,
        plan.policy,
        plan.turn_end,
        vad=vad or make_vad(speech),
    )
    texts = [text for text, _ in heard.alternatives if text.strip()]
    report: dict = {
        "ended": _ended(heard.outcome.value, texts),
        "decided_at_s": round(heard.listened_seconds, 3),
    }
    fields = listening.card
    verdict = judge(fields, texts or [""], strictness) if fields else None
    ready = time.monotonic()
    if realtime:
        assert source.started is not None  # the endpointer read at least one frame
        report["ready_at_s"] = round(ready - source.started, 3)
    else:  # the audio position of the decision, plus the work still needed after it
        report["ready_at_s"] = round(heard.listened_seconds + ready - heard.decided_clock, 3)
    report["heard"] = texts
    if verdict is not None:
        report.update(verdict.as_json())
    return report, heard


def _ended(outcome: str, texts: list[str]) -> str:
    """The contract's name for how listening ended. A sound with no words is
    no speech (the game says it heard none and listens again); an answer
    time limit that ran out is time up, words or not, as the game says."""
    if outcome == "ended" and not texts:
        return "no_speech"
    return ENDED[outcome]


def _card(args: argparse.Namespace):
    given = given_card_options(args)
    if args.answer is not None and not args.answer.strip():
        raise UserError("--answer is empty")
    if args.waiting_for == "command":
        if args.answer is not None or given:
            raise UserError("card fields (--answer, --kind, ...) go with --for answer")
        return None
    if args.expect:
        raise UserError("--expect goes with --for command (an answer is judged on the card)")
    if given and args.answer is None:
        raise UserError(f"{given[0]} needs the card's --answer")
    return card_fields(args) if args.answer is not None else None


def _recording(path: str, read_wav, rate: int):
    """The file as 16 kHz mono samples, or a one-line reason it cannot be."""
    try:
        info = read_wav(path, allow_empty=True)  # silence from the start, as the spec says
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if info.audio.rate < MIN_RATE:
        raise UserError(
            f"{path}: {info.audio.rate} Hz is too low a sample rate to resample for "
            f"listening (at least {MIN_RATE} Hz)"
        )
    return info.audio.resampled(rate)


def _recognizer(settings):
    """The recognizer, as the game makes it (one microphone, live decoding)."""
    from host.speech.engines import make_recognizer

    try:
        return make_recognizer(settings, notice=lambda message: None, live=True)
    except (OSError, RuntimeError) as exc:
        raise UserError(f"the recognizer cannot start ({exc})") from None
