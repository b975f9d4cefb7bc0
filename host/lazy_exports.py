"""A package's exports, each imported from its module when first asked for.

Python imports a package's `__init__` before any module in it, so a package
that imports its exports eagerly makes every one of its modules cost the
whole package. The host's first word needs few modules; this keeps the
others (turn-taking, recognition, the judge's rules) for later.

    _EXPORTS = {"audio": ("Audio", "read_wav"), ...}
    __all__, __getattr__ = lazy_exports(__name__, _EXPORTS)
    if TYPE_CHECKING:  # the same names, for mypy
        from host.speech.audio import Audio, read_wav

Those imports are for mypy alone: pyproject.toml lets ruff leave them
(F401), and mypy take them as the package's (implicit_reexport, where the
package is checked strictly). tests/test_lazy_exports.py checks that they
name what `_EXPORTS` names.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_exports(
    package: str, exports: dict[str, tuple[str, ...]]
) -> tuple[list[str], Callable[[str], Any]]:
    """The package's `__all__`, and its module `__getattr__` (PEP 562):
    `exports` maps each module of the package to the names it exports."""
    home = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)  # imported once; a test may still replace it
        return value

    return sorted(home), __getattr__
