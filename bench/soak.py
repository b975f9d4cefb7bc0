"""Soak: many whole games in one process, by keyboard and by audio, with no
crash, no growing memory, and every game ending (won, not cut off).

Simulated players (host/demo/players.py) play every edition and mode in
turn; the keyboard games type their lines, the audio games speak them in
flite voices through the real recognizer. Memory is the process's resident
size after each game; "growth" compares the last tenth of the games with
the second tenth (the first games warm the caches).

    .venv/bin/python bench/soak.py [--keyboard 200] [--audio 10]
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAMES = [
    ("classic", "standard"),
    ("genus2", "standard"),
    ("genus2", "short"),
    ("genus6", "classic"),
    ("genus6", "trivial"),
    ("genus6", "coop"),
    ("ruby", "standard"),
]


def resident_mb() -> float:
    """Current resident set size (Linux /proc), in MB."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def play_one(number: int, by: str, host, cards, paths, voices) -> tuple[str, int]:
    from host.demo.bridge import FLITE_VOICES
    from host.demo.players import SimulatedPlayer, SimulatedTable
    from host.demo.table import audio_table, game_args, typed_table
    from host.table.setup import play

    edition, mode = GAMES[number % len(GAMES)]
    names = ["Ann", "Ben", "Cy"][: 2 + number % 2]
    players = [SimulatedPlayer(n, 0.7, FLITE_VOICES[i]) for i, n in enumerate(names)]
    table = SimulatedTable(players, cards, seed=number, commands=0.05, max_lines=4000)
    with tempfile.TemporaryDirectory(prefix="trivia-soak-") as folder:
        args = game_args(
            folder, edition, mode, names, number, [str(p) for p in paths], verbosity="short"
        )
        if by == "keyboard":
            channel = typed_table(table, folder)
        else:
            channel = audio_table(
                host, table, voices, folder, caption=lambda line: None, echo=lambda line: None
            )
        outcome = play(args, channel=channel)
    return outcome, table.lines


def soak(by: str, games: int, host, cards, paths, voices) -> bool:
    started = time.monotonic()
    outcomes: dict[str, int] = {}
    memory, lines, crashes = [], 0, 0
    for number in range(games):
        try:
            outcome, said = play_one(number, by, host, cards, paths, voices)
        except Exception:
            crashes += 1
            outcome, said = "crash", 0
            traceback.print_exc()
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        lines += said
        gc.collect()
        memory.append(resident_mb())
        if (number + 1) % max(1, games // 10) == 0:
            print(
                f"  {by}: {number + 1}/{games} games, {time.monotonic() - started:.0f} s, "
                f"{memory[-1]:.0f} MB",
                flush=True,
            )
    tenth = max(1, games // 10)
    early = (
        sum(memory[tenth : 2 * tenth]) / len(memory[tenth : 2 * tenth] or [1])
        if games >= 20
        else memory[0]
    )
    late = sum(memory[-tenth:]) / tenth
    seconds = time.monotonic() - started
    print(
        f"{by}: {games} games in {seconds:.0f} s ({seconds / games:.2f} s a game), "
        f"{lines} lines; outcomes {outcomes}; crashes {crashes}"
    )
    print(
        f"  resident memory: first game {memory[0]:.0f} MB, early {early:.0f} MB, "
        f"last {late:.0f} MB, growth {late - early:+.1f} MB; peak "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
    )
    return crashes == 0 and outcomes.get("over", 0) == games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keyboard", type=int, default=200, help="keyboard games (default 200)")
    parser.add_argument("--audio", type=int, default=10, help="games by audio (default 10)")
    args = parser.parse_args()

    from host.cards.deck import load_decks
    from host.demo.bridge import FLITE_VOICES, PlayerVoices
    from host.demo.table import HostVoice
    from host.speech import FakeSynthesizer
    from host.table.game import resolve_deck_paths

    paths = resolve_deck_paths(())
    cards = {c.id: c for d in load_decks(paths) for c in d.cards}
    ok = True
    if args.keyboard:
        ok &= soak("keyboard", args.keyboard, None, cards, paths, None)
    if args.audio:
        # the host's own voice is not what is soaked here: a fake keeps the run short
        host = HostVoice.start(synthesizer=FakeSynthesizer(), notice=lambda m: None)
        voices = PlayerVoices(
            {n: FLITE_VOICES[i] for i, n in enumerate(["Ann", "Ben", "Cy"])},
            fallback=host.synthesizer,
        )
        ok &= soak("audio", args.audio, host, cards, paths, voices)
    print("soak:", "every game ended, no crash" if ok else "FAILED (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
