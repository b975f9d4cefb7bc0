"""The `trivia-host` command builds only the parser of the command asked for
(host/cli.py): each command is registered by the module MODULE_OF names, and
anything else (no command, --help, a typo) gets every command."""

from __future__ import annotations

import subprocess
import sys

import pytest

from host.cli import COMMAND_MODULES, MODULE_OF, build_parser, main, modules_for


def commands_of(parser) -> set[str]:
    (subparsers,) = (a for a in parser._actions if a.dest == "command")
    return set(subparsers.choices)


@pytest.mark.parametrize("module", COMMAND_MODULES)
def test_each_command_is_registered_by_the_module_named_for_it(module):
    assert commands_of(build_parser([module])) == {c for c, m in MODULE_OF.items() if m == module}


def test_every_command_module_is_named():
    assert set(MODULE_OF.values()) == set(COMMAND_MODULES)
    assert commands_of(build_parser()) == set(MODULE_OF)


def test_play_imports_no_other_command_module_it_does_not_use():
    code = (
        "import sys; from host.cli import build_parser, modules_for; "
        "build_parser(modules_for(['play', '--text'])); "
        "print(sorted(m for m in sys.modules if m.endswith(('commands', 'listen_command'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    # play takes the voice options from `voices`
    assert done.stdout.strip() == "['host.speech.voice_commands', 'host.table.commands']", (
        done.stderr
    )


def test_no_command_or_a_typo_gets_every_command(capsys):
    assert modules_for([]) is None and modules_for(["--help"]) is None
    assert modules_for(["plya"]) is None
    with pytest.raises(SystemExit):
        main(["plya"])
    assert "invalid choice: 'plya'" in capsys.readouterr().err
