"""kanasta's build backend: maturin's, after a check that the tools are there.

Building kanasta from source (``pip install .``, an sdist) compiles the native
core ``kanasta._core`` from ``rust/``: that needs Rust (``cargo``; maturin
downloads a toolchain itself when ``cargo`` is missing, unless the environment
variable ``MATURIN_NO_INSTALL_RUST`` is set) and a C compiler (``cc``: Rust
links with it, and the mimalloc allocator is C).  Without ``cc`` the build
would stop deep inside cargo's output (``linker `cc` not found``); this
backend says so in one line before anything is compiled.  A wheel needs
neither tool.  Every hook is maturin's; only the wheel and metadata hooks
check first.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping
from typing import Any

import maturin
from maturin import (
    build_sdist,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    get_requires_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "missing_tool",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]


def missing_tool(*, compiling: bool) -> str | None:
    """The one-line message naming the tool a source build lacks, or None when none is missing.

    ``compiling``: the hook compiles (a wheel), so the C compiler is needed too;
    the metadata hooks only need ``cargo``.
    """
    if shutil.which("cargo") is None and os.environ.get("MATURIN_NO_INSTALL_RUST"):
        return ("kanasta: building from source needs Rust, and `cargo` is not on PATH "
                "(MATURIN_NO_INSTALL_RUST is set, so maturin will not download it): "
                "install Rust from https://rustup.rs, or install a kanasta wheel")
    if compiling and sys.platform != "win32" and not os.environ.get("CC") and shutil.which("cc") is None:
        return ("kanasta: building from source needs a C compiler, and `cc` is not on PATH "
                "(Rust links with it): install gcc or clang (Debian/Ubuntu: apt install gcc; "
                "macOS: xcode-select --install), or install a kanasta wheel")
    return None


def _check(*, compiling: bool) -> None:
    message = missing_tool(compiling=compiling)
    if message is not None:
        raise SystemExit(message)


def build_wheel(wheel_directory: str, config_settings: Mapping[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    _check(compiling=True)
    return str(maturin.build_wheel(wheel_directory, config_settings, metadata_directory))


def build_editable(wheel_directory: str, config_settings: Mapping[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    _check(compiling=True)
    return str(maturin.build_editable(wheel_directory, config_settings, metadata_directory))


def prepare_metadata_for_build_wheel(metadata_directory: str,
                                     config_settings: Mapping[str, Any] | None = None) -> str:
    _check(compiling=False)
    return str(maturin.prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def prepare_metadata_for_build_editable(metadata_directory: str,
                                        config_settings: Mapping[str, Any] | None = None) -> str:
    _check(compiling=False)
    return str(maturin.prepare_metadata_for_build_editable(metadata_directory, config_settings))
