"""Every test, and every process a test starts, keeps its caches (spoken
lines, decks read from YAML) in one folder of its own, never the user's."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def own_cache_folder(tmp_path_factory):
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        del os.environ["XDG_CACHE_HOME"]
    else:
        os.environ["XDG_CACHE_HOME"] = before
