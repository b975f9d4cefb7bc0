"""`trivia-host demo`: a short game played by simulated players, by sound.

Two players (or, with --coop, a co-op table) speak their answers and
commands in flite voices into the host's microphone; the host hears them
through its real recognizer, judges, moves the pieces, and talks back into
a WAV file. The transcript is printed as the game goes.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from host.board.live import live_board
from host.demo.bridge import FLITE_VOICES, PlayerVoices, WavSpeaker
from host.demo.players import SimulatedPlayer, SimulatedTable
from host.demo.table import HostVoice, audio_table, game_args
from host.errors import EngineError, HostError, UserError

DEMO_PLAYERS = ("Ann", "Ben")
DEMO_SEED = 11


def demo_setup(coop: bool) -> tuple[str, str, list[str]]:
    """(edition, mode, players) of the demo game."""
    if coop:
        return "genus6", "coop", list(DEMO_PLAYERS)
    return "genus6", "trivial", list(DEMO_PLAYERS)


def run_demo(args) -> int:
    from host.cards.deck import load_decks
    from host.speech import SpeechSettings
    from host.speech.voice_commands import with_voice_options
    from host.table.game import resolve_deck_paths
    from host.table.setup import play

    if not 0.0 <= args.skill <= 1.0:
        raise UserError(f"--skill must be between 0 and 1, not {args.skill}")
    edition, mode, names = demo_setup(args.coop)
    wav = Path(args.wav)
    started = time.monotonic()
    print(
        f"Demo: {edition} {mode}, players {' and '.join(names)} (skill {args.skill:.0%}); "
        f"the host's voice goes to {wav}.",
        flush=True,
    )
    try:
        speech = SpeechSettings.from_mapping(with_voice_options({}, args))
        host = HostVoice.start(speech, notice=lambda m: print(m, flush=True))
        print(f"The host speaks with {_voice_name(host.synthesizer)}.", flush=True)
    except (HostError, OSError, RuntimeError) as exc:
        raise EngineError("the speech engines cannot start", detail=str(exc)) from exc
    paths = resolve_deck_paths(args.deck or ())
    cards = {card.id: card for deck in load_decks(paths) for card in deck.cards}
    voices_of = voices_in_turn(names, player_voices(args.player_voices), args.seed)
    players = [SimulatedPlayer(name, args.skill, voices_of[name]) for name in names]
    print("Players' voices: " + ", ".join(f"{p.name} {p.voice}" for p in players), flush=True)
    table = SimulatedTable(players, cards, seed=args.seed, max_answers=args.questions)
    voices = PlayerVoices({p.name: p.voice for p in players}, fallback=host.synthesizer)
    if not voices.flite:
        print("flite is not installed: the players speak with the host's synthesizer.")
    speaker = WavSpeaker(wav)
    with tempfile.TemporaryDirectory(prefix="trivia-host-demo-") as folder:
        save_dir = Path(args.save_dir) if args.save_dir else Path(folder)
        channel = audio_table(
            host,
            table,
            voices,
            save_dir,
            speaker=speaker,
            caption=lambda line: print(f"HOST: {line}", flush=True),
            echo=lambda line: print(line, flush=True),
        )
        try:
            with live_board({}, args) as board:
                outcome = play(
                    game_args(
                        save_dir,
                        edition,
                        mode,
                        names,
                        args.seed,
                        [str(p) for p in paths],
                        verbosity=args.verbosity,
                    ),
                    channel=channel,
                    board=board,
                )
        finally:
            speaker.close()
    seconds = time.monotonic() - started
    kept = (
        f" The game is kept in {args.save_dir}."
        if args.save_dir
        else " (The demo's save was in a temporary folder; --save-dir keeps it.)"
    )
    print(
        f"\nThe demo {_ended(outcome)} after {table.answers} questions, {seconds:.0f} s; "
        f"the host asked {table.confirmations} 'Did you say ...?', "
        f"the players overruled it {table.overrides_said} times. "
        f"The host spoke {speaker.seconds:.0f} s of audio: {wav}.{kept}",
        file=sys.stdout,
        flush=True,
    )
    return 0


def player_voices(option: str | None) -> list[str]:
    """The players' flite voices: the ones named, else every installed one
    (not only those the recognizer hears best), else the usual four."""
    from host.speech.synth import program_voices

    installed = [name for name, _ in program_voices("flite")]
    if not option:
        return installed or list(FLITE_VOICES)
    named = [v.strip() for v in option.split(",") if v.strip()]
    unknown = [v for v in named if installed and v not in installed]
    if unknown or not named:
        raise UserError(
            f"--player-voices: no flite voice {', '.join(unknown) or repr(option)}; "
            f"installed: {', '.join(installed)}"
        )
    return named


def voices_in_turn(names: list[str], voices: list[str], seed: int) -> dict[str, str]:
    """Each player's voice, taken in turn from a place the seed picks: seeds in
    a row give the players every voice."""
    start = seed * len(names)
    return {name: voices[(start + i) % len(voices)] for i, name in enumerate(names)}


def _voice_name(synthesizer) -> str:
    voice = getattr(synthesizer, "voice", "") or "its default voice"
    return f"{synthesizer.name} ({voice})"


def _ended(outcome: str) -> str:
    return {"over": "game was won", "quit": "stopped (saved and quit)", "ended": "stopped"}.get(
        outcome, outcome
    )
