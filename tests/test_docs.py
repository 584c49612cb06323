"""Tests of the documentation pages: their examples run, the rule options
table matches the presets field by field, and the rules page covers every
rule ID of RULES.md with the presets' option values."""

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
    ["notation.rst", "options.rst", "tutorial.rst", "rules.rst", "architecture.rst", "bots.rst", "frontend.rst"],
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


def test_options_table_cites_existing_rule_ids() -> None:
    text = (DOCS / "options.rst").read_text(encoding="utf-8")
    ids = set(re.findall(r"\b([GKCE]-[A-Z]+-\d+|C2-\d+)\b", text))
    assert len(ids) > 30
    rules_md = Path(__file__).resolve().parent.parent.parent / "shared" / "RULES.md"
    if not rules_md.exists():
        pytest.skip("shared/RULES.md is not beside the project")
    known = set(re.findall(r"\*\*([GKCE]-[A-Z]+-\d+|C2-\d+)\*\*", rules_md.read_text(encoding="utf-8")))
    assert ids <= known, sorted(ids - known)


RULES_MD = Path(__file__).resolve().parent.parent.parent / "shared" / "RULES.md"
_RULE_ID = r"(?:[GKC]-[A-Z]+-\d+|C2-\d+|E-\d+)"


def _rules_md_ids() -> list[str]:
    """The IDs of RULES.md, each defined by a list item ``- **ID** ...`` (or ``- **E-1 Title.**``)."""
    if not RULES_MD.exists():
        pytest.skip("shared/RULES.md is not beside the project")
    text = RULES_MD.read_text(encoding="utf-8")
    ids = re.findall(rf"^- \*\*({_RULE_ID})\b", text, re.MULTILINE)
    assert len(ids) >= 70, "the RULES.md format changed: update the pattern"
    return ids


def _rules_page() -> str:
    return (DOCS / "rules.rst").read_text(encoding="utf-8")


def test_rules_page_has_an_entry_for_every_rule_id() -> None:
    entries = re.findall(rf"^({_RULE_ID}) — ", _rules_page(), re.MULTILINE)
    ids = _rules_md_ids()
    assert [i for i in ids if i not in entries] == []
    assert len(entries) == len(set(entries)), "an ID has two entries"
    assert entries == ids, "entries are in RULES.md order"


def test_rules_page_cites_only_existing_rule_ids() -> None:
    cited = set(re.findall(rf"\b({_RULE_ID})\b", _rules_page()))
    known = set(_rules_md_ids())
    assert cited - known == set()


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
