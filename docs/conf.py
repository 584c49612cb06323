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
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}

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


# --------------------------------------------------------------------------
# The build is nitpicky (``-n``): every cross-reference must resolve.  Names
# outside this project cannot (the build has no network for intersphinx), so
# they are listed here; everything of kanasta's must resolve.
nitpick_ignore_regex = [
    ("py:.*", r"(fractions|collections|collections\.abc|enum|json|random|typing|typing_extensions|attrs|attr)(\..*)?"),
    ("py:.*", r"hypothesis(\..*)?"),
    ("py:.*", r"(numpy|np|npt|gymnasium|pettingzoo|pyspiel|starlette|argparse)(\..*)?"),
    ("py:.*", r"(Fraction|Sequence|Iterable|Iterator|Mapping|Callable|IntEnum|Enum)"),
    # the history's private link type, named in State's signature
    ("py:class", r"(kanasta\..*)?LogNode"),
    # the type variables of functions that make positions or views of the class they are given
    ("py:class", r"kanasta\.(engine|serialize|viewdoc|_position)\.[PV]"),
]


def _resolve_short_name(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Let docstrings say ``State.apply`` or, inside a class, ``meld``: try ``kanasta.``-qualified names.

    Public objects are documented under the names users import (``kanasta.State``), while a
    module's docstring naturally writes ``State.to_dict`` and a class's ``:attr:`meld```.
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    candidates = []
    if not target.startswith("kanasta."):
        candidates.append(f"kanasta.{target}")
        cls = node.get("py:class")
        if cls and "." not in target:
            candidates.append(f"kanasta.{cls.split('.')[-1]}.{target}")
    domain = env.get_domain("py")
    if not target.startswith("kanasta."):
        # module-level data of a submodule, named from a docstring shown under ``kanasta``
        candidates += [f"{module}.{target}" for module in sorted(domain.modules) if module.startswith("kanasta.")]
    for candidate in candidates:
        for role in (node["reftype"], "obj"):
            found = domain.resolve_xref(env, node["refdoc"], app.builder, role, candidate, node, contnode)
            if found is not None:
                return found
    return None


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _note_module)
    app.connect("autodoc-skip-member", _skip_reexported)
    app.connect("missing-reference", _resolve_short_name)
