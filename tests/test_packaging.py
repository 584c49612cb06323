"""Packaging: the build backend's one-line messages, the abi3 build and the project metadata.

``.ci/run`` builds the wheel and installs it where no ``cargo`` is on ``PATH``;
these tests check the parts that need no build.
"""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _backend() -> ModuleType:
    pytest.importorskip("maturin")
    spec = importlib.util.spec_from_file_location("kanasta_build", ROOT / "build_backend" / "kanasta_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _path_with(tmp_path: Path, *tools: str) -> str:
    """A PATH of one folder holding only empty executables with these names."""
    for tool in tools:
        exe = tmp_path / tool
        exe.write_text("#!/bin/sh\n")
        exe.chmod(0o755)
    return str(tmp_path)


@pytest.mark.skipif(sys.platform == "win32", reason="the C compiler check is for cc")
def test_backend_names_a_missing_c_compiler_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("PATH", _path_with(tmp_path, "cargo"))
    monkeypatch.delenv("CC", raising=False)
    message = backend.missing_tool(compiling=True)
    assert message is not None and "\n" not in message
    assert "`cc` is not on PATH" in message
    # the metadata hooks compile nothing: they need no C compiler
    assert backend.missing_tool(compiling=False) is None
    with pytest.raises(SystemExit, match="needs a C compiler"):
        backend.build_wheel(str(tmp_path))
    # a compiler named by CC is taken as given
    monkeypatch.setenv("CC", "/opt/my-cc")
    assert backend.missing_tool(compiling=True) is None


def test_backend_names_a_missing_cargo_when_maturin_may_not_fetch_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("PATH", _path_with(tmp_path, "cc"))
    monkeypatch.setenv("MATURIN_NO_INSTALL_RUST", "1")
    message = backend.missing_tool(compiling=False)
    assert message is not None and "\n" not in message
    assert "`cargo` is not on PATH" in message and "https://rustup.rs" in message
    with pytest.raises(SystemExit, match="needs Rust"):
        backend.prepare_metadata_for_build_wheel(str(tmp_path))
    # without the variable maturin downloads a toolchain itself: nothing to say yet
    monkeypatch.delenv("MATURIN_NO_INSTALL_RUST")
    assert backend.missing_tool(compiling=False) is None


def test_backend_keeps_every_hook_of_maturin() -> None:
    backend = _backend()
    import maturin

    hooks = ["build_wheel", "build_sdist", "build_editable", "get_requires_for_build_wheel",
             "get_requires_for_build_sdist", "get_requires_for_build_editable",
             "prepare_metadata_for_build_wheel", "prepare_metadata_for_build_editable"]
    for hook in hooks:
        assert hasattr(maturin, hook), hook
        assert callable(getattr(backend, hook)), hook


def test_the_core_is_built_for_the_stable_abi() -> None:
    cargo = tomllib.loads((ROOT / "rust" / "Cargo.toml").read_text())
    assert "pyo3/abi3-py311" in cargo["features"]["python"]
    import kanasta._core

    assert kanasta._core.__file__ is not None and ".abi3." in Path(kanasta._core.__file__).name


def test_project_metadata_names_its_urls_and_pythons() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == ">=3.11"
    assert set(project["urls"]) >= {"Repository", "Documentation", "Changelog"}
    assert project["urls"]["Repository"] == "https://github.com/kanasta-dev/kanasta"
    pythons = {c.rsplit(" :: ", 1)[1] for c in project["classifiers"]
               if c.startswith("Programming Language :: Python :: 3.")}
    assert pythons == {"3.11", "3.12", "3.13"}
