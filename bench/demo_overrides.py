"""How often the table has to overrule the host: `trivia-host demo` over several
seeds, its players speaking in every installed flite voice in turn (seeds in a
row give them all; `demo --player-voices`), counting the answers, the host's
"Did you say ...?" questions and the players' "that was right" overrides.

The target (issue 13): at most one override in fifteen answers.

    .venv/bin/python bench/demo_overrides.py [--seeds 1,2,3] [--questions 10]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
END_LINE = re.compile(
    r"after (\d+) questions, \d+ s; the host asked (\d+) 'Did you say \.\.\.\?', "
    r"the players overruled it (\d+) times"
)


def one_demo(seed: int, questions: int) -> tuple[str, int, int, int]:
    with tempfile.TemporaryDirectory(prefix="demo-overrides-") as folder:
        done = subprocess.run(
            [sys.executable, "-m", "host", "demo", "--seed", str(seed)]
            + ["--questions", str(questions), "--wav", str(Path(folder) / "host.wav")],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
    found = END_LINE.search(done.stdout)
    if done.returncode != 0 or not found:
        raise SystemExit(f"seed {seed}: the demo failed:\n{done.stderr or done.stdout[-2000:]}")
    voices = next(
        (line for line in done.stdout.splitlines() if line.startswith("Players' voices")), ""
    )
    answers, asked, overrides = (int(n) for n in found.groups())
    return voices.partition(": ")[2], answers, asked, overrides


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--questions", type=int, default=10, help="answers per game")
    args = parser.parse_args()
    totals = [0, 0, 0]
    for seed in (int(s) for s in args.seeds.split(",")):
        voices, answers, asked, overrides = one_demo(seed, args.questions)
        totals = [t + n for t, n in zip(totals, (answers, asked, overrides))]
        print(
            f"seed {seed} ({voices}): {answers} answers, asked {asked}, overrides {overrides}",
            flush=True,
        )
    answers, asked, overrides = totals
    per_fifteen = 15 * overrides / answers if answers else float("nan")
    print(
        f"all: {answers} answers, asked {asked} ({asked / max(answers, 1):.0%}), "
        f"overrides {overrides} ({per_fifteen:.1f} per 15 answers; target at most 1)"
    )


if __name__ == "__main__":
    main()
