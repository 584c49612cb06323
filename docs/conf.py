"""Sphinx configuration for the kanasta documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``
(warnings are errors).  No extension needs the network.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any

# Document the source tree next to this file, whether or not it is installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import attrs
from sphinx.util.inspect import stringify_signature

import kanasta

project = "kanasta"
author = "kanasta developers"
copyright = "2026, kanasta developers"
release = kanasta.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.extlinks",
    "sphinx.ext.viewcode",
]

# The project's repository, named once: the pages link files in it with the
# ``:repo:`` role (``:repo:`benchmarks/bench_rl.py```), and the theme's "view
# this page" links go there.  pyproject.toml's [project.urls] names the same.
REPOSITORY = "https://github.com/kanasta-dev/kanasta"
extlinks = {"repo": (f"{REPOSITORY}/blob/main/%s", "%s")}

templates_path: list[str] = []
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

html_theme = "furo"
html_title = f"kanasta {release}"
html_theme_options = {
    "source_repository": f"{REPOSITORY}/",
    "source_branch": "main",
    "source_directory": "docs/",
}

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
    # the history's private link type, which kanasta.view.seen.seen_history takes
    ("py:class", r"(kanasta\..*)?LogNode"),
    # the type variables of functions that make positions or views of the class they are given
    ("py:class", r"kanasta\.(engine|documents\.position|view\.document)\.[PV]"),
    ("py:class", r"kanasta\.documents\.reading\._T"),
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


# --------------------------------------------------------------------------
# Private fields out of public signatures: an attrs class's fields whose names
# start with ``_`` (``State``'s history link ``_log``) are still ``__init__``
# arguments (attrs names them without the underscore), for the library's own
# use; the signature shown drops them.


def _public_signature(
    app: Any, what: str, name: str, obj: Any, options: Any, signature: str | None, return_annotation: str | None
) -> tuple[str, str | None] | None:
    if what != "class" or signature is None or not attrs.has(obj):
        return None
    private = {field.alias for field in attrs.fields(obj) if field.name.startswith("_") and field.init}
    if not private:
        return None
    sig = inspect.signature(obj)
    sig = sig.replace(parameters=[p for p in sig.parameters.values() if p.name not in private])
    return stringify_signature(sig, show_return_annotation=False, unqualified_typehints=True), return_annotation


# --------------------------------------------------------------------------
# The highlighted source pages (sphinx.ext.viewcode) and their "[docs]" links
# back to each documented object.  viewcode files an object under the module
# its ``__module__`` names, which for data and properties is the module of the
# value's class (``builtins``): those are kept in the module that documents
# them.  And it writes every back-link of a source module with one prefix (the
# documenting module of the first object it met, so ``kanasta.Position`` for
# ``kanasta.position.Position``): each link is pointed at its object's anchor.


def _lookup(modname: str, attribute: str) -> Any:
    value: Any = importlib.import_module(modname)
    for part in attribute.split("."):
        value = getattr(value, part)
    return value


def _follow_imported(app: Any, modname: str, attribute: str) -> str | None:
    try:
        value = _lookup(modname, attribute)
    except (ImportError, AttributeError):
        return None
    if isinstance(value, property) and value.fget is not None:
        return str(value.fget.__module__)
    if inspect.isclass(value) or inspect.isroutine(value):
        return None  # viewcode's own answer: the module that defines it
    return modname


_BACKLINK = re.compile(r'(<div class="viewcode-block" id="([^"]+)">\n<a class="viewcode-back" href="[^"#]*#)([^"]+)"')


def _point_backlinks(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if not pagename.startswith("_modules/") or "body" not in context:
        return
    modname = pagename.removeprefix("_modules/").replace("/", ".")
    objects = app.env.get_domain("py").objects

    def point(match: re.Match[str]) -> str:
        name = match.group(2)
        # the name in its module (a class re-exported by ``kanasta`` is filed under it too), or the
        # same object under the package that re-exports it
        for prefix in (modname, "kanasta", *(modname.rsplit(".", n)[0] for n in range(1, modname.count(".")))):
            entry = objects.get(f"{prefix}.{name}")
            if entry is not None and (prefix == modname or _lookup(prefix, name) is _lookup(modname, name)):
                return f'{match.group(1)}{entry.node_id}"'
        return match.group(0)

    context["body"] = _BACKLINK.sub(point, context["body"])


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _note_module)
    app.connect("autodoc-skip-member", _skip_reexported)
    app.connect("missing-reference", _resolve_short_name)
    app.connect("autodoc-process-signature", _public_signature)
    app.connect("viewcode-follow-imported", _follow_imported)
    app.connect("html-page-context", _point_backlinks)
