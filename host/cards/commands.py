"""`trivia-host deck check | stats | import | history`."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from functools import cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from host.cards.check import check_files
from host.cards.deck import (
    Deck,
    Problem,
    default_deck_paths,
    load_decks,
    parse_deck_file,
)
from host.cards.history import CardHistory
from host.cards.importers import READERS
from host.cards.importers.common import group_into_cards, write_deck
from host.cards.spoken import (
    MAX_WORD_ERROR_RATE,
    PARTS,
    as_problem,
    far_from_text,
    listen_back,
    spoken_lines,
)
from host.cards.stats import format_stats, stats_report
from host.cards.vocabulary import model_words
from host.errors import UserError
from host.resources import shipped_decks_dir
from host.speech.engines import RECOGNIZERS, SYNTHESIZERS
from host.speech.model_paths import find_vosk_model
from host.speech.settings import load_speech_settings

if TYPE_CHECKING:  # argparse's subparsers type cannot be subscripted at run time
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]


def register(subparsers: Subparsers) -> None:
    deck = subparsers.add_parser(
        "deck",
        help="check, count and import question decks",
        description="Work with deck files (see decks/FORMAT.md).",
    )
    deck.set_defaults(func=lambda args: _help(deck))
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
        help="settings file naming the Vosk model (default: your own, else the shipped one)",
    )
    check.add_argument(
        "--deck",
        dest="decks",
        action="append",
        type=Path,
        default=[],
        metavar="FILE",
        help="a deck file to check (repeatable; the same as naming FILE)",
    )
    _register_spoken(check)
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


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def _register_spoken(check: argparse.ArgumentParser) -> None:
    spoken = check.add_argument_group(
        "pronunciation (--spoken)",
        "Each answer and question is spoken by a synthesizer and heard by the recognizer; "
        "those that come back far from the written text are listed, so a say or "
        "say_answer form can be added. Slow: seconds a line.",
    )
    spoken.add_argument(
        "--spoken", action="store_true", help="also check how the questions and answers sound"
    )
    spoken.add_argument(
        "--limit", type=int, metavar="N", help="check only the first N lines spoken"
    )
    spoken.add_argument(
        "--part",
        choices=("answers", "questions", "both"),
        default="both",
        help="what to speak (default: %(default)s)",
    )
    spoken.add_argument(
        "--max-wer",
        type=float,
        default=MAX_WORD_ERROR_RATE,
        metavar="RATE",
        help="word error rate above which a line is listed (default: %(default)s)",
    )
    spoken.add_argument(
        "--synthesizer",
        choices=SYNTHESIZERS.names(),
        default="flite",
        help="voice to speak with (default: %(default)s; PocketSphinx hears espeak-ng's "
        "voice so badly that nearly every line would be listed)",
    )
    spoken.add_argument(
        "--voice",
        default="",
        help="the synthesizer's voice (default: flite's slt, the clearest to PocketSphinx; "
        "flite's own default, kal, comes back as noise for one word in two)",
    )
    spoken.add_argument(
        "--recognizer",
        choices=RECOGNIZERS.choices(),
        help="recognizer (default: as in the settings file)",
    )


def _register_history(actions: Subparsers) -> None:
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
        raise UserError(f"no deck files in {shipped_decks_dir()}; name the files to use")
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
    def vocabulary_for(language: str) -> tuple[str, frozenset[str]] | None:
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

    report = check_files(_deck_paths(args.files + args.decks), vocabulary_for)
    if args.spoken:
        if args.limit is not None and args.limit < 1:
            raise UserError("--limit must be 1 or more")
        spoken_problems, spoken_notes = check_spoken(report.decks, args)
        report.problems.extend(spoken_problems)
        notes += spoken_notes
    for problem in report.problems:
        print(problem)
    for note in notes + report.notes:
        print(f"note: {note}")
    print(report.summary())
    return 1 if report.errors else 0


def check_spoken(decks: list[Deck], args: argparse.Namespace) -> tuple[list[Problem], list[str]]:
    """Speak and hear the decks' lines (spoken.py); the warnings and a summary."""
    from tqdm import tqdm

    from host.speech.audio import Audio
    from host.speech.synth import CommandLineSynthesizer, SynthesisError
    from host.speech.transcribe import file_recognizer, transcribe_audio

    try:
        voice = args.voice or ("slt" if args.synthesizer == "flite" else "")
        synthesizer = CommandLineSynthesizer(args.synthesizer, voice=voice)
    except SynthesisError as error:
        raise UserError(f"--spoken: {error}") from None
    settings = load_speech_settings(args.config)
    recognizer = file_recognizer(args.recognizer, settings)

    def hear(text: str) -> str:
        try:
            audio = synthesizer.synthesize(text)
        except SynthesisError as error:
            raise UserError(f"--spoken: {error}") from None
        padded = Audio.join([Audio.silence(0.3), audio, Audio.silence(0.3)])
        return transcribe_audio(padded, None, args.recognizer, settings).recognition.text

    def knows(word: str) -> bool:
        return not recognizer.missing_words(word)

    parts = PARTS if args.part == "both" else (args.part,)
    lines = list(islice(spoken_lines(decks, parts), args.limit))
    started = time.perf_counter()
    results = list(listen_back(tqdm(lines, desc="speaking", unit="line"), hear, knows))
    elapsed = time.perf_counter() - started
    far = far_from_text(results, args.max_wer)
    not_judged = [r for r in results if r.word_error_rate is None]
    notes = [
        f"spoken by {synthesizer.name} ({synthesizer.voice or 'default voice'}), heard by {recognizer.name}: {len(results)} line(s) in "
        f"{elapsed:.0f} s, {len(far)} far from the text (word error rate above "
        f"{args.max_wer:.0%}), {len(not_judged)} not judged (words the recognizer does not know"
        + (f", e.g. {', '.join(not_judged[0].unknown)}" if not_judged else "")
        + ")"
    ]
    return [as_problem(r) for r in far], notes


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
