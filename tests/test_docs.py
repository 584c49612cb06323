"""Tests of the documentation pages: their examples run, the rule options
table matches the presets field by field, and the rules page — the rules text
users read — gives every rule ID its rule and what the library does, with the
presets' option values, and every ID is named by a test."""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import re
from html.parser import HTMLParser
from pathlib import Path

import attrs
import pytest

import kanasta

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize(
    "page",
    [
        "notation.rst",
        "options.rst",
        "tutorial.rst",
        "rules.rst",
        "architecture.rst",
        "bots.rst",
        "frontend.rst",
        "rl.rst",
        "vector.rst",
        "engines.rst",
    ],
)
def test_page_examples_run(page: str) -> None:
    failures, tried = doctest.testfile(
        str(DOCS / page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert tried > 0 and failures == 0


def _options_table() -> dict[str, tuple[str, str]]:
    """Field -> (Classic cell, Kanasta cell) from the list-table in options.rst."""
    text = (DOCS / "options.rst").read_text(encoding="utf-8")
    rows: dict[str, tuple[str, str]] = {}
    for match in re.finditer(r"^   \* - ``(\w+)``\n     - (.*)\n     - (.*)\n", text, re.MULTILINE):
        rows[match.group(1)] = (match.group(2), match.group(3))
    return rows


def test_options_table_lists_every_rules_field_with_the_preset_values() -> None:
    rows = _options_table()
    fields = [f.name for f in attrs.fields(kanasta.Rules)]
    assert list(rows) == fields  # every field, in the class's order
    classic, kanasta_ = kanasta.Rules.classic().to_dict(), kanasta.Rules.kanasta().to_dict()
    for name, (classic_cell, kanasta_cell) in rows.items():
        assert classic_cell.startswith(f"``{classic[name]!r}``"), (name, classic_cell)
        assert kanasta_cell.startswith(f"``{kanasta_[name]!r}``"), (name, kanasta_cell)


_RULE_ID = r"(?:[GKC]-[A-Z]{2,}-\d+|C2-\d+|E-\d+)"
_PARTS = ("G", "K", "C", "C2", "E")


def _rules_page() -> str:
    return (DOCS / "rules.rst").read_text(encoding="utf-8")


def _rule_ids() -> list[str]:
    """The IDs the rules page defines, each by an entry ``ID — title``, in page order."""
    ids = re.findall(rf"^({_RULE_ID}) — ", _rules_page(), re.MULTILINE)
    assert len(ids) >= 70, "the rules page's entry format changed: update the pattern"
    return ids


def _entries() -> dict[str, str]:
    """Each rule ID's entry on the rules page: its indented body up to the next unindented line."""
    entries: dict[str, str] = {}
    for match in re.finditer(rf"^({_RULE_ID}) — .*\n((?:(?: {{3}}.*)?\n)+)", _rules_page(), re.MULTILINE):
        entries[match.group(1)] = match.group(2)
    return entries


def test_rules_page_defines_each_rule_once_part_by_part() -> None:
    ids = _rule_ids()
    assert len(ids) == len(set(ids)), "an ID has two entries"
    parts = [_PARTS.index(rule.split("-")[0]) for rule in ids]
    assert parts == sorted(parts), "entries go Part G, K, C, C2, E"
    assert set(parts) == set(range(len(_PARTS)))


def test_every_rule_entry_states_the_rule_and_what_the_library_does() -> None:
    entries = _entries()
    assert list(entries) == _rule_ids()
    for rule, body in entries.items():
        assert body.lstrip().startswith("**Rule.** "), rule
        assert "**In the library.** " in body, rule
        stated = body.split("**In the library.**")[0]
        assert len(stated.split()) >= 5, (rule, "the rule text is missing or cut short")


def test_every_rule_id_is_named_by_a_test() -> None:
    """Each rule on the rules page has at least one test naming it (``C-OUT-1`` or ``c_out_1``)."""
    here = Path(__file__).resolve().parent
    text = "\n".join(p.read_text(encoding="utf-8") for p in here.glob("*.py") if p.name != "test_docs.py")
    missing = [
        rule for rule in _rule_ids()
        if not re.search(rf"\b{re.escape(rule)}\b", text) and rule.lower().replace("-", "_") not in text
    ]
    assert missing == []


def test_options_table_cites_existing_rule_ids() -> None:
    text = (DOCS / "options.rst").read_text(encoding="utf-8")
    ids = set(re.findall(rf"\b({_RULE_ID})\b", text))
    assert len(ids) > 30
    assert ids <= set(_rule_ids()), sorted(ids - set(_rule_ids()))


def test_rules_page_cites_only_existing_rule_ids() -> None:
    cited = set(re.findall(rf"\b({_RULE_ID})\b", _rules_page()))
    assert cited - set(_rule_ids()) == set()


def test_docs_and_sources_do_not_point_outside_the_repository() -> None:
    """The repository stands alone: no page, module, test or benchmark cites our working files."""
    root = DOCS.parent
    files = [root / "README.md", *DOCS.glob("*.rst")]
    for folder in ("src", "tests", "benchmarks", "examples"):
        files += [p for p in (root / folder).rglob("*.py") if ".venv" not in p.parts]
    pattern = re.compile(r"RULES\.md|DESIGN\.md|EXAMPLES\.md|EXAMPLES \d|seeds/|seed 00\d")
    offenders = [
        f"{p.relative_to(root)}:{n}"
        for p in files if p.name != "test_docs.py"
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)
    ]
    assert offenders == []


def test_rules_page_gives_the_presets_option_values() -> None:
    """Every "``field`` (Classic ``x``, Kanasta ``y``" on the rules page matches the presets."""
    pairs = re.findall(r"``(\w+)``\s+\(Classic\s+``([^`]+)``,\s+Kanasta\s+``([^`]+)``", _rules_page())
    assert len(pairs) > 40
    classic, kanasta_ = kanasta.Rules.classic().to_dict(), kanasta.Rules.kanasta().to_dict()
    for name, classic_text, kanasta_text in pairs:
        assert name in classic, name
        assert (classic_text, kanasta_text) == (repr(classic[name]), repr(kanasta_[name])), name


def _python_blocks(page: str) -> list[str]:
    """The ``.. code-block:: python`` blocks of a page, dedented."""
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks = []
    for match in re.finditer(r"^\.\. code-block:: python\n\n((?:(?:   .*)?\n)+)", text, re.MULTILINE):
        blocks.append("\n".join(line[3:] for line in match.group(1).splitlines()))
    return blocks


@pytest.mark.parametrize("page", ["index.rst", "tutorial.rst"])
def test_page_code_blocks_run(page: str) -> None:
    blocks = _python_blocks(page)
    assert blocks
    for block in blocks:
        namespace: dict[str, object] = {"__name__": "docs_block"}
        exec(compile(block, f"{page} code block", "exec"), namespace)
        for name, value in list(namespace.items()):
            if name.startswith("test_") and callable(value):
                value()


_DIRECTIVE = re.compile(
    r"^\.\. (?:auto|py:)(module|class|function|data|exception):: ([\w.]+)\n((?:   :.*\n)*)", re.MULTILINE
)


def _api_pages() -> dict[str, list[tuple[str, str, str]]]:
    """Each API page's autodoc directives: (kind, name, options), in page order."""
    return {
        page.name: [m.groups() for m in _DIRECTIVE.finditer(page.read_text(encoding="utf-8"))]
        for page in sorted(DOCS.glob("api*.rst"))
    }


def _object(name: str) -> object:
    module, _, attribute = name.rpartition(".")
    return getattr(importlib.import_module(module), attribute)


def _public_modules() -> list[str]:
    """kanasta's modules that users import: every module without a ``_`` in its name, but the engine's legality core."""
    return sorted(
        info.name for info in pkgutil.walk_packages(kanasta.__path__, "kanasta.")
        if not any(part.startswith("_") for part in info.name.split("."))
        and not info.name.startswith("kanasta.legality")
    )


def test_api_has_a_page_per_public_module() -> None:
    """Like python-chess's reference: each public module on a page of its own (``kanasta.web`` keeps
    its small modules together), and a page per module of ``kanasta``'s own."""
    documented = {
        name: page for page, directives in _api_pages().items() for kind, name, _ in directives if kind == "module"
    }
    assert set(_public_modules()) | {"kanasta"} == set(documented)
    # the old import paths of moved modules share one page, which says where each moved
    together = {name for name, page in documented.items() if name.startswith("kanasta.web.") or page == "api_moved.rst"}
    pages = {page for name, page in documented.items() if name not in together}
    assert len(pages) == len(documented) - len(together)


def test_api_pages_document_every_public_name_once() -> None:
    """Every name in a public module's ``__all__`` is documented: a re-exported one once, under its
    ``kanasta.`` name; a module whose page lists its names explicitly misses none."""
    names: list[str] = []
    whole_modules: set[str] = set()
    for directives in _api_pages().values():
        for kind, name, options in directives:
            listed = re.search(r":members: (.*)", options)
            if kind != "module":
                names.append(name)
            elif listed:
                names += [f"{name}.{member.strip()}" for member in listed.group(1).split(",")]
            elif ":no-members:" not in options:
                whole_modules.add(name)
    assert len(names) == len(set(names)), "a name is documented twice"
    exported = [n for n in names if n.startswith("kanasta.") and n.count(".") == 1]
    assert sorted(n.removeprefix("kanasta.") for n in exported) == sorted(set(kanasta.__all__) - {
        n.rsplit(".", 1)[1] for n in names if n.count(".") > 1
    })
    documented = {id(_object(n)) for n in names}
    for module_name in _public_modules():
        if module_name in whole_modules:
            continue
        module = importlib.import_module(module_name)
        missing = [n for n in module.__all__ if id(getattr(module, n)) not in documented
                   and not any(m in whole_modules and n in importlib.import_module(m).__all__ for m in whole_modules)]
        assert missing == [], module_name


# --------------------------------------------------------------------------
# The built HTML: every internal link lands on a page and an anchor that exist
# (the "[docs]" links of the highlighted sources among them), and no text is
# turned into a mail link (``'@123456`` in a message once rendered as one).  The
# pages are built once per run with Sphinx (the ``docs`` extra), or read from
# KANASTA_DOCS_HTML, a finished build (.ci/run builds the docs once and points it there).


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if found.get(key):
                self.ids.add(str(found[key]))
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))


@pytest.fixture(scope="module")
def built_docs(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, _Page]:
    given = os.environ.get("KANASTA_DOCS_HTML")
    if given:
        root = Path(given)
    else:
        build = pytest.importorskip("sphinx.cmd.build", reason="the docs build needs the docs extra")
        pytest.importorskip("furo", reason="the docs build needs the docs extra")
        root = tmp_path_factory.mktemp("html")
        doctrees = tmp_path_factory.mktemp("doctrees")
        assert build.build_main(["-q", "-b", "html", "-d", str(doctrees), str(DOCS), str(root)]) == 0
    pages = {}
    for path in sorted(root.rglob("*.html")):
        parser = _Page()
        parser.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = parser
    assert len(pages) > 20, f"no built documentation in {root}"
    return pages


def test_built_docs_internal_links_land(built_docs: dict[Path, _Page]) -> None:
    dangling = []
    for path, page in built_docs.items():
        for link in page.links:
            if re.match(r"[a-z][a-z0-9+.-]*:", link):  # https:, mailto: (their own test)
                continue
            target, _, anchor = link.partition("#")
            file = (path.parent / target.split("?")[0]).resolve() if target else path
            if file.suffix != ".html":
                if not file.exists():
                    dangling.append(f"{path.name}: {link}")
            elif file not in built_docs or (anchor and anchor not in built_docs[file].ids):
                dangling.append(f"{path.name}: {link}")
    assert dangling == []


def test_built_docs_have_no_mail_links(built_docs: dict[Path, _Page]) -> None:
    """The docs give no mail address: a ``mailto:`` is text that docutils took for one."""
    mail = [
        f"{path.name}: {link}" for path, page in built_docs.items() for link in page.links if link.startswith("mailto:")
    ]
    assert mail == []


def test_built_docs_module_code_index_lists_only_pages_that_exist(built_docs: dict[Path, _Page]) -> None:
    index = next(page for path, page in built_docs.items() if path.parts[-2:] == ("_modules", "index.html"))
    listed = [link for link in index.links if not link.startswith(("#", "..", "http"))]
    assert listed and "builtins.html" not in listed


# The words of development notes: a user page says what the library does and how it was
# measured, not who worked on it, when, or in which step; that history is in CHANGELOG.md
# and benchmarks/README.md.
_DEVELOPMENT_NOTES = re.compile(
    r"engineers?\b|\bsitting\b(?! in)|\bthis round\b|\bprevious round\b|\bsession\b|\bissue \d+|"
    r"\bcommit [0-9a-f]{7}|the project asks|\bthe lead\b|\bsprint\b|\bTODO\b|\bXXX\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.rst")))
def test_user_pages_hold_no_development_notes(page: str) -> None:
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    notes = [f"{page}:{n}: {line.strip()}" for n, line in enumerate(lines, 1) if _DEVELOPMENT_NOTES.search(line)]
    assert notes == []


def test_development_note_pattern_catches_the_phrases_it_is_for() -> None:
    caught = ["shared with three other engineers' builds", "the search bot of the previous sitting",
              "commit 4c72d3e's search", "above the 55 % the project asks", "Against issue 10's targets",
              "at the start of this round"]
    kept = ["Value of a 2 sitting in its natural place in a run", "a commit of the record", "an issue of the rules"]
    assert [bool(_DEVELOPMENT_NOTES.search(text)) for text in caught + kept] == [True] * len(caught) + [False] * 3


