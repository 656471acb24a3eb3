"""The layers point down only: engine <- solver <- workers, api <- client (docs/architecture)."""

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
