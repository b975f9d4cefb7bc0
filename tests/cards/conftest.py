"""The `trivia-host` command with only the deck sub-commands registered, so
these tests do not depend on the other parts of the host being importable."""

import pytest

import host.cli


@pytest.fixture
def trivia_host(monkeypatch):
    monkeypatch.setattr(host.cli, "COMMAND_MODULES", ["host.cards.commands"])
    return host.cli.main
