"""Tests of the documentation pages: their examples run, and the rule options
table matches the presets field by field."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import attrs
import pytest

import kanasta

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize("page", ["notation.rst", "options.rst"])
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
