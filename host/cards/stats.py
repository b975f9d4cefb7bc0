"""`deck stats`: what a deck holds, as data (for --json) and as readable text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from host.cards.deck import ANSWER_KINDS, CATEGORIES, DIFFICULTIES, Deck


def deck_stats(deck_or_decks: Iterable[Deck] | Deck) -> dict[str, Any]:
    """Counts over one deck or several together."""
    decks = [deck_or_decks] if isinstance(deck_or_decks, Deck) else list(deck_or_decks)
    cards = [card for deck in decks for card in deck.cards]
    questions = [q for card in cards for q in card.questions.values()]
    per_category = Counter(q.category for q in questions)
    kinds = Counter(q.kind for q in questions)
    true_false = sum(q.true_false for q in questions)
    difficulties = Counter(q.difficulty or "unrated" for q in questions)
    ruby_years = Counter(card.year for card in cards if card.year is not None)
    return {
        "cards": len(cards),
        "questions": len(questions),
        "per_category": {c: per_category[c] for c in CATEGORIES},
        "kinds": {k: kinds[k] for k in ANSWER_KINDS if kinds[k]},
        "true_false": true_false,
        "true_false_share": round(true_false / len(questions), 4) if questions else 0.0,
        "difficulty": {d: difficulties[d] for d in (*DIFFICULTIES, "unrated") if difficulties[d]},
        "ruby_cards_per_year": {str(year): ruby_years[year] for year in sorted(ruby_years)},
    }


def stats_report(decks: list[Deck]) -> dict[str, Any]:
    return {
        "decks": [
            {
                "path": str(d.path) if d.path else None,
                "name": d.name,
                "language": d.language,
                "kind": d.kind,
                **deck_stats(d),
            }
            for d in decks
        ],
        "total": deck_stats(decks),
    }


def format_stats(report: dict[str, Any]) -> str:
    lines = []
    for deck in report["decks"]:
        lines.append(
            f"{deck['path'] or deck['name']}: {deck['name']} ({deck['kind']}, {deck['language']})"
        )
        lines.extend(_stats_lines(deck))
        lines.append("")
    if len(report["decks"]) > 1:
        lines.append("All decks together")
        lines.extend(_stats_lines(report["total"]))
    return "\n".join(lines).rstrip() + "\n"


def _stats_lines(stats: dict[str, Any]) -> list[str]:
    lines = [
        f"  cards: {stats['cards']}, questions: {stats['questions']}",
        "  per category: " + ", ".join(f"{c} {n}" for c, n in stats["per_category"].items()),
        "  answer kinds: " + (", ".join(f"{k} {n}" for k, n in stats["kinds"].items()) or "none"),
        f"  True/False: {stats['true_false']} ({stats['true_false_share']:.1%})",
        "  difficulty: "
        + (", ".join(f"{d} {n}" for d, n in stats["difficulty"].items()) or "none"),
    ]
    years = stats["ruby_cards_per_year"]
    if years:
        lines.append(
            f"  Ruby cards per year ({len(years)} years): "
            + ", ".join(f"{y} {n}" for y, n in years.items())
        )
    return lines
