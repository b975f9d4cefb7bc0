"""Soak: many whole games in one process, by keyboard and by audio, with no
crash, no growing memory, and every game ending (won, not cut off).

Simulated players (host/demo/players.py) play every edition and mode in
turn; the keyboard games type their lines, the audio games speak them in
flite voices through the real recognizer. Memory is the process's resident
size after each game (printed after every game by audio); the host's part
of it must stay flat after the warm-up (the first game; the first tenth of
20 or more, as the caches fill): growth of at most FLAT_MB, else the verdict
is NOT FLAT and the soak fails. The host's part is the resident size less
the simulated players' voices, which the table keeps in memory up to
VOICE_MEMORY_BYTES (16 MB) and fills over several whole games: bounded,
and not the host's; both figures are printed. `--trace` prints what grew
between games (Python allocations by line, objects by type, and how much of
the resident size a malloc_trim gives back) to hunt a leak; `--questions N`
makes short games; `--edition genus6/classic` plays that one edition and mode
every game (a table's evening) instead of each in turn.

The games go through the editions in turn, so their first round also warms
what each edition loads (its decks' answers as the end of turn reads them,
its board): with 20-question games the host's share rose over the first six
or seven games, also with the allocator's free pages given back after every
game, then stayed level, and one edition every game was flat from the first
(+7 MB), as were 40-question games (+5 MB, the same with the judge's caches
cleared after every game). Ten whole games of one edition (400-950 lines each)
still rose +14 MB, levelling from the seventh; with the neural voice's
memory arena off and glibc's mmap threshold fixed (host/memory.py) the
host's share was 20 MB lower (207 MB after the first game) but still rose
+15 MB, level from the seventh game again. With the judge's caches emptied
as each game starts (host/judge/caches.py) the first five games stayed
within 2 MB (217 218 218 218 219), then the sixth and seventh stepped up
4 and 5 MB and the longest game 2 more: +12.9 MB, the same steps in a run
beside other work (+11.7). Not Whisper's windows (decodes of 1-25 s audio
keep nothing) nor MKL's buffer cache (no change with MKL_DISABLE_FAST_MM).
With glibc's arenas capped at two (host/memory.py): 209 207 207 210 210 216
215 216 215 217, +8.0 MB, FLAT (and +7.9 in a run with MALLOC_ARENA_MAX=2);
the one step left is the sixth game, the longest (746 lines).

    .venv/bin/python bench/soak.py [--keyboard 200] [--audio 10] [--questions N]
                                   [--edition EDITION/MODE] [--trace]
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import resource
import sys
import tempfile
import time
import traceback
import tracemalloc
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FLAT_MB = 10  # resident growth after the warm-up that still counts as flat

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


def play_one(
    number: int, by: str, host, cards, paths, voices, questions: int | None, editions: list
) -> tuple[str, int]:
    from host.demo.bridge import FLITE_VOICES
    from host.demo.players import SimulatedPlayer, SimulatedTable
    from host.demo.table import audio_table, game_args, typed_table
    from host.table.setup import play

    edition, mode = editions[number % len(editions)]
    names = ["Ann", "Ben", "Cy"][: 2 + number % 2]
    players = [SimulatedPlayer(n, 0.7, FLITE_VOICES[i]) for i, n in enumerate(names)]
    table = SimulatedTable(
        players, cards, seed=number, commands=0.05, max_answers=questions, max_lines=4000
    )
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


class Tracer:
    """What grew between two games: Python allocations by line (tracemalloc)
    and live objects by type (the garbage collector's view)."""

    def __init__(self) -> None:
        tracemalloc.start(6)
        self.snapshot = tracemalloc.take_snapshot()
        self.counts = self._counts()

    @staticmethod
    def _counts() -> Counter:
        return Counter(type(o).__qualname__ for o in gc.get_objects())

    def report(self, top: int = 8) -> None:
        snapshot, counts = tracemalloc.take_snapshot(), self._counts()
        print("    grew most (tracemalloc, by traceback):")
        for stat in snapshot.compare_to(self.snapshot, "traceback")[:top]:
            frames = [f for f in stat.traceback if "/host/" in f.filename] or list(stat.traceback)
            where = " < ".join(f"{Path(f.filename).name}:{f.lineno}" for f in frames[::-1][:3])
            print(f"      {stat.size_diff / 1024:+9.0f} KiB {stat.count_diff:+7d} blocks  {where}")
        grown = (counts - self.counts).most_common(top)
        traced = tracemalloc.get_traced_memory()[0] / 2**20
        before = resident_mb()
        ctypes.CDLL("libc.so.6").malloc_trim(0)
        print(
            f"    python heap {traced:.0f} MB; resident {before:.0f} -> {resident_mb():.0f} MB trimmed"
        )
        print("    objects grown:", ", ".join(f"{name} +{n}" for name, n in grown) or "none")
        self.snapshot, self.counts = snapshot, counts


def soak(
    by: str,
    games: int,
    host,
    cards,
    paths,
    voices,
    questions: int | None,
    trace: bool,
    editions: list = GAMES,
) -> bool:
    started = time.monotonic()
    outcomes: dict[str, int] = {}
    memory: list[float] = []
    voices_mb: list[float] = []  # the simulated players' voices kept, after each game
    lines, crashes = 0, 0
    tracer = Tracer() if trace else None
    every = 1 if by == "audio" else max(1, games // 10)
    for number in range(games):
        try:
            outcome, said = play_one(number, by, host, cards, paths, voices, questions, editions)
        except Exception:
            crashes += 1
            outcome, said = "crash", 0
            traceback.print_exc()
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        lines += said
        gc.collect()
        memory.append(resident_mb())
        voices_mb.append(voices.memory_bytes / 2**20 if voices else 0.0)
        if (number + 1) % every == 0:
            kept = f" (players' voices {voices_mb[-1]:.0f} MB)" if voices else ""
            print(
                f"  {by}: game {number + 1}/{games}, {time.monotonic() - started:.0f} s, "
                f"{said} lines, {outcome}; resident {memory[-1]:.0f} MB{kept}",
                flush=True,
            )
        if tracer is not None:
            tracer.report()
    seconds = time.monotonic() - started
    print(
        f"{by}: {games} games in {seconds:.0f} s ({seconds / games:.2f} s a game), "
        f"{lines} lines; outcomes {outcomes}; crashes {crashes}"
    )
    flat = memory_verdict(by, memory, voices_mb)
    ended = {"over"} if questions is None else {"over", "quit"}
    return flat and crashes == 0 and sum(outcomes.get(o, 0) for o in ended) == games


def memory_verdict(by: str, memory: list[float], voices_mb: list[float]) -> bool:
    """Flat: after the warm-up (the first game, or the first tenth of many),
    the host's resident memory grows by no more than FLAT_MB. The host's is
    the resident size less `voices_mb`, the players' voices the simulated
    table keeps (bounded by VOICE_MEMORY_BYTES), after each game."""
    warm = max(1, len(memory) // 10) if len(memory) >= 20 else 1
    host = [m - v for m, v in zip(memory, voices_mb)]
    growth = host[-1] - host[warm - 1]
    voices_growth = voices_mb[-1] - voices_mb[warm - 1]
    flat = growth <= FLAT_MB
    if len(memory) <= 20:
        print(f"  resident memory (MB) after each game: {_figures(memory)}")
        if any(voices_mb):
            print(f"    of which the players' voices (MB): {_figures(voices_mb)}")
            print(f"    the host's, less those voices (MB): {_figures(host)}")
    else:
        print(f"  resident memory: first game {memory[0]:.0f} MB, last {memory[-1]:.0f} MB")
    print(
        f"  {by} memory: {'FLAT' if flat else 'NOT FLAT'} — the host's {growth:+.1f} MB "
        f"from game {warm} ({host[warm - 1]:.0f} MB) to the last ({host[-1]:.0f} MB), bound "
        f"{FLAT_MB} MB (resident {memory[-1] - memory[warm - 1]:+.1f} MB, of which the players' "
        f"voices {voices_growth:+.1f} MB); peak "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
    )
    return flat


def _figures(values: list[float]) -> str:
    return " ".join(f"{v:.0f}" for v in values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keyboard", type=int, default=200, help="keyboard games (default 200)")
    parser.add_argument("--audio", type=int, default=10, help="games by audio (default 10)")
    parser.add_argument(
        "--questions",
        type=int,
        default=0,
        help="end each game (save and quit) after this many questions; 0: whole games (default)",
    )
    parser.add_argument(
        "--edition",
        choices=[f"{e}/{m}" for e, m in GAMES],
        help="play only this edition and mode (default: each in turn)",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="after each game, print what grew (tracemalloc by line, objects by type); slower",
    )
    args = parser.parse_args()
    from host.memory import tune_allocator

    tune_allocator()  # as `trivia-host` does before it loads anything

    from host.cards.deck import load_decks
    from host.demo.bridge import FLITE_VOICES, PlayerVoices
    from host.demo.table import HostVoice
    from host.speech import FakeSynthesizer
    from host.table.game import resolve_deck_paths

    paths = resolve_deck_paths(())
    cards = {c.id: c for d in load_decks(paths) for c in d.cards}
    questions = args.questions or None
    editions = [tuple(args.edition.split("/"))] if args.edition else GAMES
    ok = True
    if args.keyboard:
        ok &= soak(
            "keyboard", args.keyboard, None, cards, paths, None, questions, args.trace, editions
        )
    if args.audio:
        # the host's own voice is not what is soaked here: a fake keeps the run short
        host = HostVoice.start(synthesizer=FakeSynthesizer(), notice=lambda m: None)
        voices = PlayerVoices(
            {n: FLITE_VOICES[i] for i, n in enumerate(["Ann", "Ben", "Cy"])},
            fallback=host.synthesizer,
        )
        ok &= soak("audio", args.audio, host, cards, paths, voices, questions, args.trace, editions)
    print("soak:", "every game ended, no crash" if ok else "FAILED (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
