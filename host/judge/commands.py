"""`trivia-host judge`: one answer from the command line, or a CSV of cases."""

from __future__ import annotations

import argparse
import json
import os
import sys

from host.errors import HostError, UserError
from host.judge.cases import Case, read_cases, split_list
from host.judge.core import judge
from host.judge.model import KINDS, STRICTNESS, AnswerFields


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "judge",
        help="judge a heard answer against a card's answer, or a CSV of cases",
        description="Judge what the recognizer heard: accept, prompt or reject, with a reason (JSON).",
    )
    parser.add_argument(
        "heard", nargs="?", help="what was heard; several alternatives separated by |, best first"
    )
    parser.add_argument(
        "--cases",
        metavar="FILE.csv",
        help="judge every row of a CSV file (docs/judge.md), one JSON object per row",
    )
    add_card_arguments(parser)
    parser.set_defaults(func=run)


def add_card_arguments(parser: argparse.ArgumentParser) -> None:
    """The card's fields as options (also used by `trivia-host listen`)."""
    parser.add_argument("--answer", help="the card's answer")
    for name in ("accept", "prompt", "reject"):
        parser.add_argument(
            f"--{name}",
            action="append",
            default=[],
            metavar="ENTRY",
            help=f"{name} entries, separated by | or given several times",
        )
    # No defaults here: an option that was not given can then be told from
    # one that was given where it means nothing (see given_card_options).
    parser.add_argument("--kind", choices=KINDS, help="the answer's kind (default: text)")
    parser.add_argument(
        "--strictness", choices=STRICTNESS, help="how strictly to judge (default: normal)"
    )


def given_card_options(args: argparse.Namespace) -> list[str]:
    """The card options given on the command line, as the user wrote them."""
    names = ("accept", "prompt", "reject", "kind", "strictness")
    return [f"--{name}" for name in names if getattr(args, name)]


def strictness_of(args: argparse.Namespace) -> str:
    return args.strictness or "normal"


def card_fields(args: argparse.Namespace) -> AnswerFields:
    """The card from the options `add_card_arguments` added (`--answer` given)."""
    return AnswerFields(
        answer=args.answer.strip(),
        accept=_joined(args.accept),
        prompt=_joined(args.prompt),
        reject=_joined(args.reject),
        kind=args.kind or "text",
    )


def run(args: argparse.Namespace) -> int:
    if args.cases:
        if args.heard or args.answer:
            raise UserError("give either --cases FILE or a heard text with --answer, not both")
        if given := given_card_options(args):
            raise UserError(f"{given[0]} goes with --answer; in --cases each row has its own")
        return run_cases(args.cases)
    if args.heard is None or not args.answer or not args.answer.strip():
        raise UserError(
            'give what was heard and the card\'s answer: trivia-host judge "heard text" --answer ANSWER'
        )
    fields = card_fields(args)
    verdict = judge(fields, list(split_list(args.heard)) or [""], strictness_of(args))
    report: dict[str, object] = {**verdict.as_json()}
    report["matched"] = verdict.matched
    report["alternatives"] = list(verdict.details)
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _joined(values: list[str]) -> tuple[str, ...]:
    return tuple(entry for value in values for entry in split_list(value))


def run_cases(path: str) -> int:
    """Judge every row first (a bad row stops everything), then print one line per row."""
    lines = []
    for case in read_cases(path):
        heard = case.heard if case.audio is None else transcribe(case)
        verdict = judge(case.fields, list(heard), case.strictness)
        lines.append(json.dumps(verdict.as_json(), ensure_ascii=False))
    try:
        sys.stdout.write("\n".join(lines) + ("\n" if lines else ""))
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into `head`: the reader has what it wanted
        sys.stdout = open(os.devnull, "w")
    return 0


def transcribe(case: Case) -> list[tuple[str, float | None]]:
    """A row with audio and no heard text: ask the speech part what it hears."""
    from host.judge.forms import known_names
    from host.speech.transcribe import transcribe_wav

    expected = list(case.fields.listen_for())
    if case.audio is None:  # only rows with audio are transcribed
        raise UserError(f"row {case.row}: no audio to transcribe")
    try:
        alternatives = transcribe_wav(
            case.audio, expected=expected, known_as=known_names(case.fields)
        )
    except HostError as exc:  # a bad file, or no recognizer can run here
        raise UserError(f"row {case.row}: {exc}") from None
    except (OSError, ValueError, RuntimeError) as exc:
        raise UserError(f"row {case.row}: could not transcribe {case.audio.name} ({exc})") from None
    heard: list[tuple[str, float | None]] = [(str(t), c) for t, c in alternatives]
    return heard or [("", None)]
