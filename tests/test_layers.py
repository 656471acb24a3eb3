"""The layers point down only: engine <- solver <- workers, api <- client (docs/architecture),
and the engine's modules form a DAG: no import cycle, not even through an import inside a
function or under ``TYPE_CHECKING``."""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Which project packages each layer may import.  Beyond them, engine, solver and client take
# only the standard library (client speaks HTTP with urllib).
ALLOWED = {
    "engine": {"engine"},
    "solver": {"solver", "engine"},
    "workers": {"workers", "solver", "engine"},
    "api": {"api", "workers", "solver", "engine"},
    "client": {"client", "api"},  # the public HTTP API only; api for the in-process default
}
STDLIB_ONLY = {"engine", "solver", "client"}
PROJECT = set(ALLOWED)


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def layer_files() -> list[tuple[str, Path]]:
    return [(layer, path) for layer in ALLOWED for path in sorted((ROOT / layer).rglob("*.py"))]


@pytest.mark.parametrize(("layer", "path"), layer_files(),
                         ids=lambda x: str(x.relative_to(ROOT)) if isinstance(x, Path) else x)
def test_imports_point_down(layer: str, path: Path) -> None:
    for name in imported_modules(path):
        if name in PROJECT:
            assert name in ALLOWED[layer], f"{path.relative_to(ROOT)} imports {name}"
        elif layer in STDLIB_ONLY:
            assert name in sys.stdlib_module_names or name == "__future__", (
                f"{path.relative_to(ROOT)} imports third-party {name}")


def test_the_checker_sees_a_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import flask\nfrom api import create_app\n")
    assert imported_modules(bad) == {"flask", "api"}


# --- no import cycle inside a package ---------------------------------------------------

ACYCLIC = ("engine", "solver", "workers", "api", "client")
"""The packages whose modules must form a DAG (docs/engine.md "Modules")."""


def module_files(package_dir: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package (``__init__`` is the
    package itself)."""
    files = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = [package_dir.name, *path.relative_to(package_dir).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        files[".".join(parts)] = path
    return files


def import_graph(package_dir: Path) -> dict[str, dict[str, list[int]]]:
    """Module -> the package's modules it imports -> the lines that import each.

    Every import statement counts, wherever it is: at module level, inside a function, under
    ``if TYPE_CHECKING:``.  ``from p import name`` imports the submodule ``p.name`` when
    there is one, else ``p`` itself (its ``__init__``).
    """
    files = module_files(package_dir)

    def owner(name: str) -> str | None:  # the innermost module of the package named
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, dict[str, list[int]]] = {}
    for module, path in files.items():
        edges: dict[str, list[int]] = {}
        here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from this package (level 1) or one above
                    base = ".".join([*here[:len(here) - node.level + 1], *filter(None, [base])])
                names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in files else base
                         for alias in node.names]
            else:
                continue
            for target in {owner(name) for name in names} - {None, module}:
                assert target is not None
                edges.setdefault(target, []).append(node.lineno)
        graph[module] = {target: sorted(lines) for target, lines in sorted(edges.items())}
    return graph


def import_cycles(graph: dict[str, dict[str, list[int]]]) -> list[list[str]]:
    """Every elementary cycle once, from its least module (exhaustive: for small graphs)."""
    cycles: list[list[str]] = []

    def extend(path: list[str]) -> None:
        for nxt in graph[path[-1]]:
            if nxt == path[0]:
                cycles.append(path)
            elif nxt > path[0] and nxt not in path:
                extend([*path, nxt])

    for start in sorted(graph):
        extend([start])
    return cycles


def describe(cycle: list[str], graph: dict[str, dict[str, list[int]]],
             files: dict[str, Path]) -> str:
    """``a -> b -> a``, then each step with the lines that import."""
    steps = list(zip(cycle, [*cycle[1:], cycle[0]], strict=True))
    lines = [f"    {a} -> {b}: {files[a].relative_to(ROOT)}:{', '.join(map(str, graph[a][b]))}"
             for a, b in steps]
    return "\n".join([" -> ".join([*cycle, cycle[0]]), *lines])


@pytest.mark.parametrize("package", ACYCLIC)
def test_modules_form_a_dag(package: str) -> None:
    graph = import_graph(ROOT / package)
    cycles = import_cycles(graph)
    files = module_files(ROOT / package)
    assert not cycles, f"{len(cycles)} import cycle(s) in {package}/:\n" + "\n".join(
        describe(cycle, graph, files) for cycle in cycles)


def test_the_cycle_finder_sees_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from pkg.a import A\n")
    (pkg / "a.py").write_text("from pkg import b\nA = 1\n")
    (pkg / "b.py").write_text("def f():\n    from pkg.c import C\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from .a import A\n    from . import A\nC = 2\n")
    (pkg / "d.py").write_text("import pkg.sub.e\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "e.py").write_text("from .. import d\nfrom pkg import A\n")
    graph = import_graph(pkg)
    assert graph["pkg.a"] == {"pkg.b": [1]}  # a submodule named in from-import
    assert graph["pkg.b"] == {"pkg.c": [2]}  # inside a function
    assert graph["pkg.c"] == {"pkg": [4], "pkg.a": [3]}  # relative, under TYPE_CHECKING
    assert graph["pkg.sub.e"] == {"pkg": [2], "pkg.d": [1]}
    assert import_cycles(graph) == [
        ["pkg", "pkg.a", "pkg.b", "pkg.c"],
        ["pkg.a", "pkg.b", "pkg.c"],
        ["pkg.d", "pkg.sub.e"],
    ]


# --- a game's internals stay inside its package ------------------------------------------

SPLIT = ("engine", "solver")
"""The layers with a sub-package per game (``engine/cassino/``, ``solver/cassino/``)."""


def game_packages(layer: str = "engine") -> list[str]:
    """Every game sub-package of ``layer`` (a folder with an ``__init__.py``)."""
    return sorted(p.parent.name for p in (ROOT / layer).glob("*/__init__.py"))


def internal_imports(path: Path, games: list[str],
                     layer: str = "engine") -> list[tuple[int, str]]:
    """The imports in ``path`` of a module inside a game's package of ``layer``
    (``<layer>.<game>.x``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if len(parts) > 2 and parts[0] == layer and parts[1] in games:
                found.append((node.lineno, name))
    return found


MOVING = {"solver/__init__.py"}
"""Shared modules that still import Cassino's solver modules: the solver's root keeps
Cassino's names as aliases from before the games were peers."""


@pytest.mark.parametrize("split", SPLIT)
def test_only_a_game_imports_its_internals(split: str) -> None:
    """Outside ``<layer>/<game>/`` a game is used through its package (``engine.cassino``,
    ``solver.cassino``): the engine's and the solver's own part of each game."""
    games = game_packages(split)
    assert "cassino" in games
    offenders = []
    for layer in ALLOWED:
        for path in sorted((ROOT / layer).rglob("*.py")):
            inside = [g for g in games  # a game's folder in any layer: its own parts
                      if any((ROOT / other / g) in path.parents for other in ALLOWED)]
            for line, name in internal_imports(path, games, split):
                if name.split(".")[1] not in inside and \
                        str(path.relative_to(ROOT)) not in MOVING:
                    offenders.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not offenders, "\n".join(offenders)


def test_the_internals_check_sees_an_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import engine.cassino.sums\nfrom engine.cassino.play import State\n"
                   "from engine.cassino import State\nfrom engine.cards import DECK\n"
                   "from solver.cassino.search import Search\nfrom solver.cassino import Worlds\n"
                   "import solver.cassino.evaluation\nfrom solver.ranking import Tally\n")
    assert internal_imports(bad, ["cassino"]) == [(1, "engine.cassino.sums"),
                                                  (2, "engine.cassino.play")]
    assert internal_imports(bad, ["cassino"], "solver") == [
        (5, "solver.cassino.search"), (7, "solver.cassino.evaluation")]


def test_the_internals_check_flags_a_solver_module(tmp_path: Path) -> None:
    """A generic solver module importing inside ``solver/cassino/`` is an offender; the
    game's own modules may import each other."""
    generic = ROOT / "solver" / "ranking.py"
    inside = ROOT / "solver" / "cassino" / "worlds.py"
    assert (ROOT / "solver" / "cassino") not in generic.parents
    assert (ROOT / "solver" / "cassino") in inside.parents
    assert internal_imports(inside, ["cassino"], "solver")  # allowed there: its own package
    bad = tmp_path / "core.py"
    bad.write_text("from solver.cassino.search import Search\n")
    assert internal_imports(bad, game_packages("solver"), "solver") == [
        (1, "solver.cassino.search")]


# --- the API's shared part names no game ---------------------------------------------------


def game_imports(path: Path, games: list[str]) -> list[tuple[int, str]]:
    """The imports in ``path`` of a game's package in any layer (``engine.rummy``,
    ``solver.cassino.levels``, ``api.conquian.schemas``), inside functions too."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            parts = node.module.split(".")
            names = [f"{node.module}.{alias.name}" for alias in node.names] \
                if len(parts) == 1 else [node.module]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[0] in PROJECT and parts[1] in games:
                found.append((node.lineno, ".".join(parts[:2])))
    return found


def test_the_shared_api_imports_no_game() -> None:
    """``api/``'s shared modules (the wire's envelopes in ``api/schemas.py`` included) reach
    a game through the registry only (engine.games, solver.games, api.served): each game's
    forms are in its own folder, ``api/<game>/schemas.py`` (issue 26)."""
    games = game_packages()
    offenders = []
    for path in sorted((ROOT / "api").rglob("*.py")):
        if any((ROOT / "api" / g) in path.parents for g in games):
            continue
        offenders += [f"{path.relative_to(ROOT)}:{line} imports {name}"
                      for line, name in game_imports(path, games)]
    assert not offenders, "\n".join(offenders)


def test_the_game_import_check_sees_every_form(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from engine.rummy import VARIANTS\nimport solver.cassino.levels\n"
                   "from api import conquian\nfrom engine import cards\n"
                   "def f():\n    from api.cassino.schemas import MoveSchema\n")
    assert sorted(game_imports(bad, ["cassino", "conquian", "rummy"])) == [
        (1, "engine.rummy"), (2, "solver.cassino"), (3, "api.conquian"), (6, "api.cassino")]
