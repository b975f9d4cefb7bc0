"""`trivia-host deck check | stats | import | history`."""

from __future__ import annotations

import argparse
import json
import re
import sys
from functools import cache
from pathlib import Path

from host.cards.check import check_files
from host.cards.deck import REPO_DECKS_DIR, Deck, default_deck_paths, load_decks, parse_deck_file
from host.cards.history import CardHistory
from host.cards.importers import READERS
from host.cards.importers.common import group_into_cards, write_deck
from host.cards.stats import format_stats, stats_report
from host.cards.vocabulary import model_words
from host.errors import UserError
from host.speech.model_paths import find_vosk_model
from host.speech.settings import DEFAULT_CONFIG, load_speech_settings


def register(subparsers) -> None:
    deck = subparsers.add_parser(
        "deck",
        help="check, count and import question decks",
        description="Work with deck files (see decks/FORMAT.md).",
    )
    deck.set_defaults(func=lambda args: deck.print_help() or 0)
    actions = deck.add_subparsers(dest="deck_action", metavar="ACTION")

    check = actions.add_parser(
        "check",
        help="find problems in deck files",
        description="List every problem of the deck files, one line each: "
        "FILE: card ID: field: problem. Exit 1 if there is any error.",
    )
    check.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="deck files (default: every deck in decks/)",
    )
    check.add_argument(
        "--model",
        type=Path,
        metavar="DIR",
        help="Vosk model whose vocabulary the answers are checked against "
        "(default: the model the host would use, if any)",
    )
    check.add_argument(
        "--config",
        type=Path,
        default=DEFAULT_CONFIG,
        help="settings file naming the Vosk model (default: %(default)s)",
    )
    check.set_defaults(func=run_check)

    stats = actions.add_parser("stats", help="count cards, categories and answer kinds")
    stats.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="deck files (default: every deck in decks/)",
    )
    stats.add_argument("--json", action="store_true", help="print JSON instead of text")
    stats.set_defaults(func=run_stats)

    importer = actions.add_parser(
        "import",
        help="make a deck from Open Trivia DB JSON or a CSV table",
        description="Questions are grouped into six-category cards in input "
        "order; questions that do not fill a card are reported.",
    )
    importer.add_argument(
        "--from",
        dest="source",
        choices=sorted(READERS),
        required=True,
        help="otdb: an Open Trivia DB API response; csv: columns category, question, "
        "answer, accept, prompt, reject (lists separated by |), kind, true_false, "
        "say, say_answer, difficulty, year",
    )
    importer.add_argument("input", type=Path, metavar="IN")
    importer.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.yaml")
    importer.add_argument("--name", help="deck name shown to players (default: from IN)")
    importer.add_argument("--language", default="en", help="ISO 639-1 code (default: %(default)s)")
    importer.add_argument("--id-prefix", help="card ids are PREFIX-0001 ... (default: from OUT)")
    importer.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    importer.set_defaults(func=run_import)

    _register_history(actions)


def _register_history(actions) -> None:
    history = actions.add_parser(
        "history",
        help="show or forget which cards earlier games asked",
        description="Games ask cards not asked before first (unless played "
        "with --fresh). This shows how far each deck has got.",
    )
    history.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="deck files (default: every deck in decks/)",
    )
    history.add_argument(
        "--forget", action="store_true", help="forget the history: every card is new again"
    )
    history.add_argument(
        "--history-dir", type=Path, help="where histories are kept (default: the user data folder)"
    )
    history.set_defaults(func=run_history)


def run_history(args: argparse.Namespace) -> int:
    history = CardHistory(args.history_dir)
    for deck in load_decks(_deck_paths(args.files)):
        if args.forget:
            history.forget(deck.name)
            print(f"{deck.name}: history forgotten")
            continue
        own = {card.id for card in deck.cards}
        asked = sum(card_id in own for card_id in history.asked(deck.name))
        print(f"{deck.name}: {asked} of {len(own)} cards asked in earlier games")
    return 0


def _deck_paths(files: list[Path]) -> list[Path]:
    if files:
        return files
    paths = default_deck_paths()
    if not paths:
        raise UserError(f"no deck files in {REPO_DECKS_DIR}; name the files to use")
    return [_as_shown(p) for p in paths]


def _as_shown(path: Path) -> Path:
    """decks/originals/c-01.yaml rather than the whole path, when run in the repository."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def run_check(args: argparse.Namespace) -> int:
    notes: list[str] = []

    @cache
    def vocabulary_for(language: str):
        if args.model is not None and not args.model.is_dir():
            raise UserError(f"{args.model}: no such model folder")
        model = args.model or find_vosk_model(
            load_speech_settings(args.config).vosk_model or None, language
        )
        if model is None:
            notes.append(f"no Vosk model for language {language!r} found: answer words not checked")
            return None
        words = model_words(model)
        if not words:
            notes.append(
                f"{model}: no word list (graph/words.txt or graph/Gr.fst): answer words not checked"
            )
            return None
        notes.append(f"answer words checked against {model} ({len(words)} words)")
        return model.name, words

    report = check_files(_deck_paths(args.files), vocabulary_for)
    for problem in report.problems:
        print(problem)
    for note in notes + report.notes:
        print(f"note: {note}")
    print(report.summary())
    return 1 if report.errors else 0


def run_stats(args: argparse.Namespace) -> int:
    decks: list[Deck] = []
    for path in _deck_paths(args.files):
        result = parse_deck_file(path)
        if result.errors:
            print(
                f"trivia-host: warning: {path}: {len(result.errors)} problem(s), counting only the "
                f"cards without problems (see `trivia-host deck check {path}`)",
                file=sys.stderr,
            )
        if result.deck is not None:
            decks.append(result.deck)
    report = stats_report(decks)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(format_stats(report), end="")
    return 0


def run_import(args: argparse.Namespace) -> int:
    source: Path = args.input
    if not source.is_file():
        raise UserError(f"{source}: no such file")
    if args.output.exists() and not args.force:
        raise UserError(f"{args.output} exists; use --force to overwrite it")
    read = READERS[args.source](source)
    if read.problems:
        for problem in read.problems:
            print(problem, file=sys.stderr)
        raise UserError(f"{source}: {len(read.problems)} problem(s) in the input; nothing written")

    name = args.name or f"Imported from {source.name}"
    prefix = (
        args.id_prefix
        or re.sub(r"[^a-z0-9]+", "-", args.output.stem.lower()).strip("-")
        or "imported"
    )
    grouping = group_into_cards(read.questions, prefix, name)
    for reason, count in sorted(read.skipped.items()):
        print(f"skipped {count} question(s): {reason}")
    for duplicate in grouping.duplicates:
        print(f"skipped a duplicate question: {duplicate}")
    if grouping.leftovers:
        left = ", ".join(
            f"{category}{'' if year is None else f' ({year})'} {count}"
            for (year, category), count in sorted(grouping.leftovers.items(), key=str)
        )
        print(f"left over, not enough to fill a card: {left}")
    if not grouping.cards:
        raise UserError(
            f"{source}: not one card could be filled (a card needs a question in each "
            "of the six categories); nothing written"
        )
    kind = "ruby" if any(card.year is not None for card in grouping.cards) else "standard"
    write_deck(Deck(name, args.language, kind, grouping.cards, args.output), args.output)
    print(
        f"wrote {len(grouping.cards)} card(s), {6 * len(grouping.cards)} questions, to {args.output}"
    )
    return 0
