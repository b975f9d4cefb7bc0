"""Card-aware decisions on the spoken dev set: how often the host would ask
"Did you say ...?", and what it would rule, against the judge alone.

    .venv/bin/python bench/spoken_decisions.py /tmp/spoken [--show]

Reads the <condition>.heard.csv files of bench/spoken_dev_set.py (what the
recognizer heard and what its card-guided pass guessed, per row) and decides
each row with host.judge.confirm.decide, competitors from the installed decks.
Per group of voices and noise it prints:
- judge alone: accuracy and false accepts of the judge on what was heard
  (what `judge --cases` prints, since a decision to confirm prints the
  judge's ruling);
- with confirmation: the share of answers the host asks about; accuracy when
  the player answers the question truthfully; false accepts made without
  asking; and false accepts if every player asked said yes (the worst case).
"""

from __future__ import annotations

import argparse
import csv
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from host.cards.deck import load_decks  # noqa: E402 (after sys.path)
from host.judge.cases import split_list  # noqa: E402
from host.judge.competitors import CompetitorPool  # noqa: E402
from host.judge.confirm import CONFIRM, decide  # noqa: E402
from host.judge.core import judge  # noqa: E402
from host.judge.model import AnswerFields  # noqa: E402
from host.table.game import resolve_deck_paths  # noqa: E402
from host.table.judging import answer_fields_of  # noqa: E402


@dataclass
class Tally:
    rows: int = 0
    judge_right: int = 0
    judge_false_accepts: int = 0
    not_accept: int = 0
    asked: int = 0
    right_if_truthful: int = 0
    false_accepts: int = 0
    false_accepts_if_yes: int = 0
    wrong: list[str] = field(default_factory=list)

    def add(self, expected: str, alone: str, decided: str, if_yes: str = "", yes: bool = False):
        """`if_yes`: the ruling on the entry asked about, should the player say
        yes; `yes`: what a truthful player says (the entry is what they said)."""
        self.rows += 1
        self.not_accept += expected != "accept"
        self.judge_right += alone == expected
        self.judge_false_accepts += alone == "accept" and expected != "accept"
        if decided == CONFIRM:
            self.asked += 1
            final = if_yes if yes else "reject"  # no: asked to answer again, counted wrong
            self.false_accepts_if_yes += if_yes == "accept" and expected != "accept"
        else:
            final = decided
            self.false_accepts += decided == "accept" and expected != "accept"
            self.false_accepts_if_yes += decided == "accept" and expected != "accept"
        self.right_if_truthful += final == expected

    def line(self) -> str:
        n, na = max(self.rows, 1), max(self.not_accept, 1)
        return (
            f"{self.rows:4d} rows | judge alone {self.judge_right / n:6.1%} FA "
            f"{self.judge_false_accepts / na:5.1%} | asks {self.asked / n:5.1%}, "
            f"right {self.right_if_truthful / n:6.1%}, FA {self.false_accepts / na:5.1%} "
            f"(all say yes: {self.false_accepts_if_yes / na:5.1%})"
        )


def deck_pool() -> list[AnswerFields]:
    """Every answer in the shipped decks, as a game reads them for competitors."""
    decks = load_decks(resolve_deck_paths(()))
    return answer_fields_of({card.id: card for deck in decks for card in deck.cards})


def groups_of(condition: str) -> list[str]:
    family = {"flite": "flite", "espeak": "espeak-ng"}.get(condition.split("-")[0], "neural")
    noise = "clean" if condition.endswith("clean") else "-".join(condition.split("-")[-2:])
    state = "clean" if noise == "clean" else "noisy"
    return [f"{family} {state}", f"{family} all", f"all {noise}", "all", f"voice {condition}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--show", action="store_true", help="list the rows asked about or wrong")
    args = parser.parse_args()
    pool = CompetitorPool(deck_pool())
    tallies: dict[str, Tally] = {}
    for path in sorted(args.folder.glob("*.heard.csv")):
        condition = path.name.split(".")[0]
        with path.open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                fields = AnswerFields(
                    row["answer"],
                    split_list(row["accept"]),
                    split_list(row["prompt"]),
                    split_list(row["reject"]),
                    row["kind"] or "text",
                )
                heard = list(split_list(row["heard"])) or [""]
                strictness = row["strictness"] or "normal"
                alone = judge(fields, heard, strictness).verdict
                decision = decide(
                    fields, heard, row["guess"] or None, strictness, pool.competitors(fields)
                )
                if_yes, yes = "", False
                if decision.ask_about:
                    entry = decision.ask_about
                    if_yes = judge(fields, [entry], strictness).verdict
                    # a truthful player says yes if the entry is what they said
                    said = AnswerFields(entry, kind=fields.kind)
                    yes = judge(said, [row["spoken"]], strictness).verdict == "accept"
                for group in groups_of(condition):
                    tally = tallies.setdefault(group, Tally())
                    tally.add(row["expected"], alone, decision.verdict, if_yes, yes)
                if args.show and (decision.verdict == CONFIRM or alone != row["expected"]):
                    print(
                        f"{condition}: expected {row['expected']}, judge {alone}, decided "
                        f"{decision.verdict} ({decision.confidence:.2f}): {row['answer']!r} "
                        f"said {row['spoken']!r} heard {row['heard']!r} guess {row['guess']!r}"
                    )
    for group in sorted(tallies, key=lambda g: (g.startswith("voice"), g)):
        print(f"{group:32s} {tallies[group].line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
