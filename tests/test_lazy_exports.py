"""host.speech and host.judge name their exports and import each only when it
is asked for: the host's first word waits for none of the turn-taking,
recognition or judging modules (host/lazy_exports.py)."""

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGES = ["host.speech", "host.judge"]


@pytest.mark.parametrize("name", PACKAGES)
def test_every_export_is_its_modules_own(name):
    package = importlib.import_module(name)
    for module, names in package._EXPORTS.items():
        home = importlib.import_module(f"{name}.{module}")
        for exported in names:
            assert getattr(package, exported) is getattr(home, exported)
    assert package.__all__ == sorted(n for names in package._EXPORTS.values() for n in names)


@pytest.mark.parametrize("name", PACKAGES)
def test_mypy_is_told_of_the_same_names(name):
    package = importlib.import_module(name)
    tree = ast.parse(Path(package.__file__).read_text(encoding="utf-8"))
    told = {
        (node.module.rsplit(".", 1)[-1], alias.name)
        for block in tree.body
        if isinstance(block, ast.If)  # if TYPE_CHECKING:
        for node in block.body
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }
    exported = {(module, n) for module, names in package._EXPORTS.items() for n in names}
    assert told == exported


def test_a_name_a_package_does_not_export_is_an_attribute_error():
    import host.speech

    with pytest.raises(AttributeError, match=r"'host\.speech' has no attribute 'Nothing'"):
        host.speech.Nothing  # noqa: B018


def test_a_replaced_export_stays_replaced(monkeypatch):
    import host.speech

    monkeypatch.setattr(host.speech, "make_vad", "a test's own")
    from host.speech import make_vad

    assert make_vad == "a test's own"


def test_a_module_of_either_package_is_imported_alone():
    probe = (
        "import sys, host.speech.background, host.judge.model; "
        "print(sorted(m for m in sys.modules if m.startswith(('host.speech.', 'host.judge.'))))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['host.judge.model', 'host.speech.background']"
