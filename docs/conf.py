"""Sphinx configuration for the kanasta documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``
(warnings are errors).  No extension needs the network.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path
from typing import Any

# Document the source tree next to this file, whether or not it is installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import kanasta

project = "kanasta"
author = "kanasta developers"
copyright = "2026, kanasta developers"
release = kanasta.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]

templates_path: list[str] = []
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

html_theme = "furo"
html_title = f"kanasta {release}"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}

# --------------------------------------------------------------------------
# Each public class and function is documented once, under the name users
# import it by: ``kanasta.Card``, not ``kanasta.cards.Card`` (the docstrings
# cross-reference ``kanasta.X``).  The API page documents the ``kanasta``
# package first, then each module; a module's members that the package
# re-exports are skipped there.  Module-level data (``DECK``, the ``Action``
# alias, ...) keeps its docstring only in its own module, so it stays there.

_current_module: list[str] = [""]


def _note_module(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    if what == "module":
        _current_module[0] = name


def _skip_reexported(app: Any, what: str, name: str, obj: Any, skip: bool, options: Any) -> bool | None:
    module = _current_module[0]
    if what != "module" or not module.startswith("kanasta.") or name not in kanasta.__all__:
        return None
    if getattr(kanasta, name, None) is obj and (inspect.isclass(obj) or inspect.isfunction(obj)):
        return True
    return None


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _note_module)
    app.connect("autodoc-skip-member", _skip_reexported)
