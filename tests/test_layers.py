"""The library's modules form layers: no import cycle, however the import is written.

Data at the bottom (cards, rules, melds, positions), the rules as functions above
(the rulebook, the legality package, the engine, serialization, views), the
:class:`~kanasta.State` facade on top.  Every ``import`` statement counts: at
module level, inside a function, or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import importlib
import pickle
import re
from pathlib import Path

import attrs

import kanasta

SRC = Path(kanasta.__file__).parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    # the compiled native core (kanasta._core) counts as a module too: its stub stands for it
    return {_module_name(p): p for p in (*SRC.rglob("*.py"), *SRC.rglob("*.pyi"))}


def import_graph() -> dict[str, set[str]]:
    """Each library module and the library modules it imports anywhere in its text."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                # "from kanasta import engine" names a module; "from kanasta.x import y" a name in x
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names
                ]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges.add(target)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_import_graph_has_no_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 20
    assert graph["kanasta.state"] >= {"kanasta.engine", "kanasta.view.player", "kanasta.documents.position"}
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_layers_are_in_order() -> None:
    """The data and the rules never import the State facade; the legality core never imports the engine."""
    graph = import_graph()
    below_the_facade = [
        "kanasta.cards", "kanasta.rules", "kanasta.rulebook", "kanasta.melds", "kanasta.position",
        "kanasta.scoring", "kanasta.engine", "kanasta.reachable", "kanasta.documents.position",
        "kanasta.documents.parts", "kanasta.documents.reading", "kanasta.view", "kanasta.view.player",
        "kanasta.view.seen", "kanasta.view.document",
        "kanasta.legality", "kanasta.legality.checks", "kanasta.legality.moves", "kanasta.legality.finish",
        "kanasta.legality.budget", "kanasta.legality.classic", "kanasta.legality.search",
        "kanasta.legality.situation", "kanasta.legality.tables", "kanasta.legality.witness",
        "kanasta.legality.bounds",
    ]
    for name in below_the_facade:
        assert "kanasta.state" not in graph[name], name
    for name in graph:
        if name.startswith("kanasta.legality"):
            above = ("kanasta.engine", "kanasta.documents", "kanasta.view")
            assert not {n for n in graph[name] if n.startswith(above)}, name
    assert not graph["kanasta.position"] & {"kanasta.engine", "kanasta.legality", "kanasta.rulebook"}


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_each_legality_module_says_what_it_owns_and_stays_readable() -> None:
    """Issue 9: the legality package's modules are concepts, each with a docstring saying what it
    owns, none over about 800 lines."""
    package = SRC / "legality"
    modules = sorted(package.glob("*.py"))
    assert len(modules) >= 10
    for path in modules:
        text = path.read_text(encoding="utf-8")
        docstring = ast.get_docstring(ast.parse(text))
        assert docstring and len(docstring.split()) >= 10, path.name
        assert len(text.splitlines()) <= 800, path.name


RUST_SRC = Path(__file__).resolve().parent.parent / "rust" / "src"


def test_each_rust_module_says_what_it_owns_and_stays_readable() -> None:
    """Issue 10: the native core's files are concepts too, each opening with a ``//!`` comment
    saying what it owns, none over about 800 lines (unit tests included)."""
    files = sorted(RUST_SRC.rglob("*.rs"))
    assert len(files) >= 25
    for path in files:
        name = path.relative_to(RUST_SRC).as_posix()
        lines = path.read_text(encoding="utf-8").splitlines()
        assert lines and lines[0].startswith("//! "), name
        assert len(lines) <= 800, name


# --------------------------------------------------------------------------
# Issue 23: the package's rooms.  Modules that moved into a subpackage keep their old
# import path as a small module that only re-exports the new home's public names, so
# that users' imports and objects pickled before the move (a pickle names its classes
# by module) keep working; nothing in the package imports an old path.

MOVED = {
    "kanasta.seen": ("kanasta.view.seen",),
    "kanasta.viewdoc": ("kanasta.view.document",),
    "kanasta.serialize": ("kanasta.documents.position", "kanasta.documents.parts"),
    "kanasta.record": ("kanasta.documents.record",),
    "kanasta.search": ("kanasta.bots.montecarlo",),
    "kanasta.match": ("kanasta.bots.match", "kanasta.bots.results"),
    "kanasta.stats": ("kanasta.bots.stats",),
    "kanasta.sampling": ("kanasta.bots.sampling",),
}
"""Each old import path and the modules its code now lives in (the first is named first)."""

def test_each_old_import_path_only_re_exports_its_new_home() -> None:
    for old, homes in MOVED.items():
        shim = importlib.import_module(old)
        modules = [importlib.import_module(home) for home in homes]
        # the old module's names, as they were (a home may have gained names since)
        assert set(shim.__all__) <= {name for m in modules for name in m.__all__}, old
        for name in shim.__all__:
            assert any(getattr(shim, name) is getattr(m, name, None) for m in modules if name in m.__all__), name
        assert shim.__doc__ and f":mod:`{homes[0]}`" in shim.__doc__.split("\n", 1)[0], old
        body = ast.parse(_modules()[old].read_text(encoding="utf-8")).body
        for statement in body[1:]:  # after the docstring: imports from the new homes and __all__, nothing else
            if isinstance(statement, ast.ImportFrom):
                assert statement.module in ("__future__", *homes), (old, statement.module)
            else:
                assert isinstance(statement, ast.Assign) and ast.unparse(statement.targets[0]) == "__all__", old


def test_the_api_pages_list_every_old_import_path() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "api_moved.rst").read_text(encoding="utf-8")
    assert sorted(re.findall(r"^\.\. automodule:: (\S+)$", page, re.MULTILINE)) == sorted(MOVED)


def test_no_module_of_the_package_imports_an_old_path() -> None:
    graph = import_graph()
    assert set(MOVED) <= set(graph)
    for name, edges in graph.items():
        assert not edges & set(MOVED), (name, edges & set(MOVED))


def _objects_pickled_before_the_rooms() -> dict[str, object]:
    """The objects of ``tests/data/before_rooms.pickle``, made again: that file was written by this
    code at commit fba0e72, when every module sat flat in ``kanasta`` (``pickle.dump(..., protocol=4)``)."""
    from kanasta.bots import GreedyBot, RandomBot
    from kanasta.match import BotSpec, play_match
    from kanasta.record import GameRecord
    from kanasta.search import SearchBot

    objs: dict[str, object] = {}
    for engine in ("python", "native"):
        s = kanasta.new_game(kanasta.Rules.kanasta(), seed=11, engine=engine)
        for _ in range(12):
            s = s.apply(GreedyBot().choose(s.view(s.current_player)))
        objs[f"state_{engine}"] = s
        objs[f"view_{engine}"] = s.view(0)
        objs[f"view_{engine}_mover"] = s.view(s.current_player)
    state = objs["state_python"]
    assert isinstance(state, kanasta.State)
    objs["actions"] = (*state.legal_actions(), kanasta.parse_action("meld 7H 7S JK"), kanasta.Draw())
    objs["events"] = tuple(e for st in state.history for e in st.events)
    objs["seen_events"] = tuple(e for st in state.view(0).history for e in st.events)
    objs["record"] = GameRecord.from_state(state)
    objs["bots"] = (RandomBot(seed=3), GreedyBot(), SearchBot(seed=1, iterations=2), BotSpec.parse("search:8"))
    objs["match"] = play_match(kanasta.Rules.classic(players=2), ["greedy", "random"], games=2, seed=5)
    return objs


VIEW_FIELDS_THEN = (
    "rules", "seat", "hand_number", "dealer", "scores", "hand", "hand_sizes", "stock_size", "pile", "pile_frozen",
    "melds", "red_threes", "packet_sizes", "packets_taken", "trump", "opened", "melded_this_hand", "player",
    "phase", "turn", "winner", "hand_results", "_legal_actions", "history", "start_events", "hand_moves",
)
"""A view's fields when the pickles were made, in its constructor's order (what a pickled view holds)."""


def test_objects_pickled_before_the_rooms_still_load() -> None:
    """States (of both engines), moves, events, views with their hidden events, a game record, bots and
    a match result pickled when the modules sat flat load as the same objects today."""
    path = Path(__file__).parent / "data" / "before_rooms.pickle"
    data = path.read_bytes()
    for old in (b"kanasta.view", b"_rebuild", b"kanasta.seen", b"kanasta.search", b"kanasta.match", b"kanasta.record"):
        assert old in data  # the file names the old homes
    loaded = pickle.loads(data)
    made = _objects_pickled_before_the_rooms()
    assert set(loaded) == set(made)
    for key, value in made.items():
        if key == "bots":
            assert isinstance(value, tuple)
            for old_bot, bot in zip(loaded[key], value, strict=True):
                assert type(old_bot) is type(bot)
                assert repr(old_bot) == repr(bot) if hasattr(bot, "__slots__") else vars(old_bot) == vars(bot)
        elif key.startswith("view_"):  # the fields a view had then (a field added since loads as its default)
            assert isinstance(value, kanasta.PlayerView)
            for name in VIEW_FIELDS_THEN:
                assert getattr(loaded[key], name) == getattr(value, name), (key, name)
        else:
            assert loaded[key] == value, key
    view = loaded["view_python"]
    assert isinstance(view, kanasta.PlayerView) and any(
        isinstance(e, kanasta.CardsDrawnHidden) for step in view.history for e in step.events
    )


def test_a_view_pickles_by_field_name() -> None:
    """A view pickles its fields by name, so a field added to the view anywhere in its table leaves
    pickles made before it readable: a pickle without a field with a default loads with the default."""
    s = kanasta.new_game(attrs.evolve(kanasta.Rules.classic(), hand_move_limit=30), seed=2)
    s = s.apply(kanasta.Draw())
    view = s.view(0)
    assert view.hand_moves == 1
    data = pickle.dumps(view)
    assert b"pile_frozen" in data and b"legal_actions" in data
    assert pickle.loads(data) == view
    func, (make, fields) = view.__reduce__()
    del fields["hand_moves"], fields["start_events"]
    older = func(make, fields)
    assert older.hand_moves == 0 and older.start_events == () and older.hand == view.hand


# --------------------------------------------------------------------------
# Issue 23: the native crate is layered too.  A module is a file (a folder's ``mod.rs`` is the
# folder's module, ``lib.rs`` the crate's); a file uses another when it names it in a path:
# ``use crate::...``, ``use super::...``, ``self::``, a path in the code (``crate::x::f()``), or a
# module it declares (``mod x;`` then ``x::f`` or ``pub use x::...``).  A path names the deepest
# file it reaches (``crate::legality::checks::explain`` is ``legality/checks/``; a name a folder's
# ``mod.rs`` re-exports is that ``mod.rs``).  No file may use one that uses it back.

_RUST_TOKENS = re.compile(
    r"""//[^\n]*|/\*.*?\*/|b?r(\#*)".*?"\1|b?"(?:\\.|[^"\\])*"|b?'(?:\\.|[^'\\])'|'\w+\b(?!')"""
    r"""|\bmod\s+(?P<mod>\w+)\s*(?P<open>[{;])"""
    r"""|(?P<brace>[{}])"""
    r"""|\buse\s+(?P<use>[^;]*);"""
    r"""|(?<![\w:])(?P<path>\w+(?:::\w+)+)""",
    re.DOTALL,
)


def _rust_module(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] in ("mod", "lib"):
        parts.pop()
    return "::".join(["crate", *parts])


def _use_paths(tree: str) -> list[list[str]]:
    """The paths of one ``use`` tree: ``a::{b, c::{d, self}}`` is ``a::b``, ``a::c::d`` and ``a::c``."""
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+\w+", "", tree))
    paths: list[list[str]] = []

    def expand(prefix: list[str], group: str) -> None:
        depth, start, items = 0, 0, []
        for i, char in enumerate(group):
            depth += {"{": 1, "}": -1}.get(char, 0)
            if char == "," and depth == 0:
                items.append(group[start:i])
                start = i + 1
        items.append(group[start:])
        for item in filter(None, items):
            head, brace, rest = item.partition("{")
            segments = [s for s in head.split("::") if s and s != "self"]
            if brace:
                expand(prefix + segments, rest[: rest.rindex("}")])
            else:
                paths.append(prefix + segments)

    expand([], tree)
    return paths


def _resolve(segments: list[str], module: str, here: str, children: set[str], files: set[str]) -> str | None:
    """The file a path names, seen from ``here`` (the file ``module`` or an inline module in it)."""
    if segments[0] == "crate":
        base, rest = ["crate"], segments[1:]
    elif segments[0] in ("super", "self"):
        base, rest = here.split("::"), segments
        while rest and rest[0] in ("super", "self"):
            if rest[0] == "super":
                base.pop()
            rest = rest[1:]
    elif segments[0] in children and here == module:
        base, rest = module.split("::"), segments  # a module this file declares
    else:
        return None  # another crate (std, pyo3, ...), a type's path, a local name
    target = base + rest
    while "::".join(target) not in files and len(target) > 1:
        target.pop()
    return "::".join(target)


def _file_uses(module: str, text: str, files: set[str]) -> set[str]:
    """The crate's files that the file ``module`` (its text ``text``) uses."""
    children = set(re.findall(r"^\s*(?:pub(?:\([\w: ]+\))?\s+)?mod\s+(\w+)\s*;", text, re.MULTILINE))
    uses: set[str | None] = set()
    inline: list[tuple[int, str]] = []  # the inline modules open here (`mod tests { ... }`): part of the file
    depth = 0
    for token in _RUST_TOKENS.finditer(text):
        here = inline[-1][1] if inline else module
        if token["mod"] and token["open"] == "{":
            inline.append((depth, f"{here}::{token['mod']}"))
            depth += 1
        elif token["brace"]:
            depth += 1 if token["brace"] == "{" else -1
            if inline and token["brace"] == "}" and inline[-1][0] == depth:
                inline.pop()
        elif token["use"] is not None:
            uses.update(_resolve(s, module, here, children, files) for s in _use_paths(token["use"]) if s)
        elif token["path"]:
            uses.add(_resolve(token["path"].split("::"), module, here, children, files))
    return {name for name in uses if name in files and name != module}


def crate_graph(root: Path = RUST_SRC) -> dict[str, set[str]]:
    """Each file of the crate (as its module path) and the files of the crate it uses."""
    files = {_rust_module(p, root): p for p in sorted(root.rglob("*.rs"))}
    return {module: _file_uses(module, path.read_text(encoding="utf-8"), set(files)) for module, path in files.items()}


def test_the_crate_has_no_cycle() -> None:
    graph = crate_graph()
    assert len(graph) > 60
    assert graph["crate::legality::moves"] >= {"crate::legality::checks", "crate::legality::context"}
    assert graph["crate::python"] >= {"crate::python::state", "crate::python::legality"}
    cycle = find_cycle(graph)
    assert cycle is None, "a cycle of the crate's files: " + " -> ".join(cycle or [])


def test_the_crate_graph_reads_every_kind_of_path(tmp_path: Path) -> None:
    files = {
        "lib.rs": "pub mod a;\npub mod b;\npub mod c;\n",
        "a/mod.rs": 'pub mod x;\npub use x::f;\n// use crate::b;\nconst S: &str = "crate::b::g";\n',
        "a/x.rs": (
            "use super::super::b::{self, g as h};\nuse crate::{a::x as y, c::{self}};\n"
            "pub fn f() -> u8 { crate::c::k() + b'{' }\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"
        ),
        "b.rs": "pub fn g() {}\nfn z<'a>(s: &'a str) -> &'a str { s }\n",
        "c.rs": "use crate::a::f;\npub fn k() -> u8 { 1 }\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    graph = crate_graph(tmp_path)
    assert graph == {
        "crate": set(),
        "crate::a": {"crate::a::x"},
        "crate::a::x": {"crate::b", "crate::c"},
        "crate::b": set(),
        "crate::c": {"crate::a"},
    }
    assert find_cycle(graph) == ["crate::a", "crate::a::x", "crate::c", "crate::a"]


CRATE_LAYERS = [
    ["cards", "rng", "limits", "inline"],
    ["melds", "actions"],
    ["rules"],
    ["position"],
    ["scoring", "legality"],
    ["engine"],
    ["documents"],
    ["view"],
    ["rl"],
    ["bots"],
    ["python"],
]
"""The crate's top modules (``rust/src/X.rs`` or ``rust/src/X/``), bottom first, as the
architecture page draws them: a module uses only modules of the layers below it."""


def test_the_crate_s_top_modules_are_in_layers() -> None:
    layer = {name: i for i, names in enumerate(CRATE_LAYERS) for name in names}
    tops = {p.stem if p.is_file() else p.name for p in RUST_SRC.iterdir() if p.name not in ("lib.rs",)}
    assert tops == set(layer), "every top module has its layer"
    for module, uses in crate_graph().items():
        if module == "crate":
            continue
        top = module.split("::")[1]
        for used in uses:
            below = used.split("::")[1] if used != "crate" else None
            assert below is not None and (below == top or layer[below] < layer[top]), f"{module} uses {used}"


# Issue 23: no private name crosses a room's wall.  A room is a subpackage
# (kanasta.view, kanasta.documents, kanasta.bots, kanasta.cli, kanasta.legality,
# kanasta.rl, kanasta.web, and the native core's stub package kanasta._core), or a
# top-level module on its own.  A name starting with "_" (not a dunder) may be
# imported -- "from m import _x", or "m._x" of an imported module m -- only by a
# module of the same room; the package's internals (_native, _core, _rng, _limits)
# may be imported by any module, but not their own "_names".

INTERNALS = frozenset({"kanasta._native", "kanasta._core", "kanasta._rng", "kanasta._limits"})
"""The private top-level modules every room may import."""


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_crossings(sources: dict[str, tuple[str, bool]]) -> list[str]:
    """Each place where a module imports another room's private name, as ``module:line: what``.

    ``sources`` maps each module's dotted name to its source text and whether it is a
    package's ``__init__``.
    """
    packages = {name for name, (_, is_package) in sources.items() if is_package}

    def room(module: str) -> str:
        parts = module.split(".")
        return ".".join(parts[:2]) if len(parts) > 2 or (module in packages and len(parts) == 2) else module

    found: list[str] = []
    for name, (text, is_package) in sorted(sources.items()):
        package = name if is_package else name.rpartition(".")[0]
        here = room(name)
        modules: dict[str, str] = {}  # local name -> the library module it is bound to

        def check(owner: str, attribute: str, line: int, name: str = name, here: str = here) -> None:
            target = f"{owner}.{attribute}"
            if target in sources:  # a module: private ones only from inside their room, or the internals
                if _private(attribute) and target not in INTERNALS and room(target) != here:
                    found.append(f"{name}:{line}: imports the module {target}")
            elif _private(attribute) and room(owner) != here:
                found.append(f"{name}:{line}: imports {target}")

        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                if base.split(".")[0] != "kanasta":
                    continue
                for part in range(2, base.count(".") + 2):  # the modules on the way: kanasta._x.y
                    check(".".join(base.split(".")[: part - 1]), base.split(".")[part - 1], node.lineno)
                for alias in node.names:
                    check(base, alias.name, node.lineno)
                    if f"{base}.{alias.name}" in sources:
                        modules[alias.asname or alias.name] = f"{base}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    if parts[0] != "kanasta":
                        continue
                    for part in range(1, len(parts)):
                        check(".".join(parts[:part]), parts[part], node.lineno)
                    modules[alias.asname or parts[0]] = alias.name if alias.asname else parts[0]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute):
                continue
            chain: list[str] = []
            value: ast.expr = node
            while isinstance(value, ast.Attribute):
                chain.append(value.attr)
                value = value.value
            if not (isinstance(value, ast.Name) and value.id in modules) or isinstance(node.ctx, ast.Store):
                continue
            owner = modules[value.id]
            for attribute in reversed(chain):
                check(owner, attribute, node.lineno)
                if f"{owner}.{attribute}" not in sources:
                    break
                owner = f"{owner}.{attribute}"
    return sorted(set(found))


def _sources() -> dict[str, tuple[str, bool]]:
    return {name: (path.read_text(encoding="utf-8"), path.stem == "__init__") for name, path in _modules().items()}


def test_no_private_name_is_imported_across_a_room_s_wall() -> None:
    sources = _sources()
    assert {"kanasta.view.player", "kanasta.documents.parts", "kanasta.bots.base", "kanasta.cli.play"} <= set(sources)
    assert private_crossings(sources) == []


def test_the_wall_check_finds_each_kind_of_crossing() -> None:
    """Made-up modules: every kind of crossing is found, and what stays inside a room is not."""
    sources = {
        "kanasta": ("", True),
        "kanasta.cards": ("_SHOWN = 20\n", False),
        "kanasta.actions": ("from kanasta.cards import _SHOWN\nimport kanasta.cards as c\nc._x\n", False),
        "kanasta._native": ("_hidden = 1\n", False),
        "kanasta.state": ("from kanasta import _native\nfrom kanasta._native import CONVERT, _hidden\n", False),
        "kanasta.bots": ("from kanasta.bots.base import _inside\n", True),
        "kanasta.bots.base": ("_inside = 1\nfrom kanasta.bots import _x\n", False),
        "kanasta.documents": ("", True),
        "kanasta.documents._reading": ("def fail(): ...\n", False),
        "kanasta.view": ("", True),
        "kanasta.view.document": (
            "from kanasta.documents._reading import fail\nfrom kanasta.documents import _reading\n"
            "from ..bots import base\nbase._inside\n", False,
        ),
    }
    assert private_crossings(sources) == [
        "kanasta.actions:1: imports kanasta.cards._SHOWN",
        "kanasta.actions:3: imports kanasta.cards._x",
        "kanasta.state:2: imports kanasta._native._hidden",
        "kanasta.view.document:1: imports the module kanasta.documents._reading",
        "kanasta.view.document:2: imports the module kanasta.documents._reading",
        "kanasta.view.document:4: imports kanasta.bots.base._inside",
    ]


def test_no_file_is_over_800_lines() -> None:
    """Issue 23: every Python file of the package and every Rust file of the core stays under about 800
    lines (a module's size is a sign it holds more than one concept)."""
    files = [*SRC.rglob("*.py"), *SRC.rglob("*.pyi"), *RUST_SRC.rglob("*.rs")]
    assert len(files) > 100
    long = {path.relative_to(SRC.parent.parent).as_posix(): n for path in files
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 800}
    assert long == {}
