"""Tests of the documentation pages: their examples run, the rule options
table matches the presets field by field, and the rules page — the rules text
users read — gives every rule ID its rule and what the library does, with the
presets' option values, and every ID is named by a test."""

from __future__ import annotations

import doctest
import re
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


def test_api_page_documents_every_public_name_by_concept() -> None:
    """Every name ``kanasta`` exports has its own entry in a concept section of the API page."""
    text = (DOCS / "api.rst").read_text(encoding="utf-8")
    concepts = text.split(".. _api-modules:")[0]
    documented = set(re.findall(r"^\.\. auto(?:class|function|data|exception):: kanasta\.(?:\w+\.)?(\w+)$",
                                concepts, re.MULTILINE))
    assert sorted(set(kanasta.__all__) - documented) == []
    assert sorted(documented - set(kanasta.__all__)) == []
