"""What a scripted sitting at the table needs: the test decks and play()'s arguments.

A module of its own (not conftest.py) so tests and subprocesses can import it
by a name no other test folder uses.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

FIXTURES = Path(__file__).parent / "fixtures"
DECKS = [str(FIXTURES / "table_standard.yaml"), str(FIXTURES / "table_ruby.yaml")]


def play_args(folder, **options) -> SimpleNamespace:
    save_dir = options.pop("save_dir", folder)
    args = dict(
        edition="classic",
        mode=None,
        players="Ann,Ben",
        teams=None,
        text=True,
        resume=False,
        fresh=False,
        seed=7,
        dice=None,
        deck=DECKS,
        verbosity=None,
        config=str(FIXTURES / "table_config.yaml"),
        save_dir=str(save_dir),
    )
    args.update(options)
    return SimpleNamespace(**args)
