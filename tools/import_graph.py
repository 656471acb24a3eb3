"""The house's import picture: which folder imports which (docs/architecture.md "The
picture"), as a Mermaid flowchart.

A node is a folder: a layer's shared part (the modules of ``engine/`` outside any game's
folder, ``solver/``'s, ...) or one game's folder in a layer (``engine/cassino/``,
``solver/rummy/``, ``api/<game>/``).  A layer's sub-package is a game's folder when the
engine has a game of that name (``engine/<name>/``); any other sub-package is part of its
layer's shared part.  An edge ``A --> B``: some module of A imports a module of B, by any
import statement (at module level, inside a function, under ``if TYPE_CHECKING:``).

    python tools/import_graph.py                              # print the block
    python tools/import_graph.py --write docs/architecture.md  # rewrite it between the markers
    python tools/import_graph.py --check docs/architecture.md  # exit 1 (and a diff) if stale

Standard library only.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = ["BEGIN", "END", "LAYERS", "Graph", "check", "folder_graph", "render", "replace_block"]

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engine", "solver", "workers", "api", "client")
"""The layers, lowest first: imports point from a later layer to an earlier one."""
BEGIN = "<!-- import-graph:begin -->"
END = "<!-- import-graph:end -->"


@dataclass(frozen=True)
class Graph:
    """The folders by layer (shared part first, then the games' folders by name) and the
    edges between them, sorted."""

    folders: tuple[tuple[str, tuple[str, ...]], ...]
    edges: tuple[tuple[str, str], ...]


def games_of(root: Path, layer: str) -> list[str]:
    """The games' folders of ``layer``: its sub-packages named as a game of the engine."""
    games = {p.parent.name for p in (root / "engine").glob("*/__init__.py")}
    return sorted(p.parent.name for p in (root / layer).glob("*/__init__.py")
                  if p.parent.name in games)


def module_name(root: Path, path: Path) -> tuple[str, bool]:
    """The dotted name of the module at ``path`` and whether it is a package's
    ``__init__``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if package else parts), package


def imported_names(tree: ast.Module, module: str, package: bool) -> Iterable[str]:
    """Every dotted name an import statement of ``tree`` names, relative ones resolved;
    ``from p import x`` names ``p.x`` (a submodule or just an attribute of ``p``)."""
    here = module.split(".") if package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                kept = here[:len(here) - node.level + 1]
                base = ".".join([*kept, base] if base else kept)
            yield from (f"{base}.{alias.name}" for alias in node.names)


@lru_cache(maxsize=4096)
def _file_imports(path: Path, stamp: tuple[int, int], module: str,
                  package: bool) -> tuple[str, ...]:
    """:func:`imported_names` of the file at ``path``, parsed once while its modification
    time and size (``stamp``) stay the same (parsing is most of the time a graph takes)."""
    del stamp  # a part of the cache's key only
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return tuple(imported_names(tree, module, package))


def folder_graph(root: Path = ROOT, layers: Sequence[str] = LAYERS) -> Graph:
    """The folders of ``root``'s layers (those that exist) and which imports which."""
    present = [layer for layer in layers if (root / layer / "__init__.py").is_file()]
    games = {layer: games_of(root, layer) for layer in present}

    def folder(name: str) -> str | None:
        parts = name.split(".")
        if parts[0] not in games:
            return None  # the standard library or a third party
        if len(parts) > 1 and parts[1] in games[parts[0]]:
            return f"{parts[0]}/{parts[1]}"
        return parts[0]

    edges: set[tuple[str, str]] = set()
    for layer in present:
        for path in sorted((root / layer).rglob("*.py")):
            module, package = module_name(root, path)
            source = folder(module)
            stat = path.stat()
            for name in _file_imports(path, (stat.st_mtime_ns, stat.st_size), module, package):
                target = folder(name)
                if source and target and target != source:
                    edges.add((source, target))
    folders = tuple((layer, (layer, *(f"{layer}/{game}" for game in games[layer])))
                    for layer in present)
    rank = {name: i for i, (_, names) in enumerate(folders) for name in names}
    order = {name: (rank[name], name != name.split("/")[0], name) for name in rank}
    return Graph(folders, tuple(sorted(edges, key=lambda e: (order[e[0]], order[e[1]]))))


def _node(folder: str) -> str:
    return folder.replace("/", "_")


def render(graph: Graph) -> str:
    """The Mermaid block: a subgraph per layer, highest first, arrows pointing down."""
    lines = ["```mermaid", "flowchart TD"]
    for layer, names in reversed(graph.folders):
        lines.append(f'  subgraph layer_{layer}["{layer}"]')
        for name in names:
            label = f"{name}/ (shared)" if name == layer else f"{name}/"
            lines.append(f'    {_node(name)}["{label}"]')
        lines.append("  end")
    lines += [f"  {_node(a)} --> {_node(b)}" for a, b in graph.edges]
    lines.append("```")
    return "\n".join(lines) + "\n"


def replace_block(text: str, block: str, where: str = "the document") -> str:
    """``text`` with ``block`` between its markers (each on a line of its own)."""
    begin, end = text.find(BEGIN + "\n"), text.find("\n" + END)
    if begin < 0 or end < begin:
        raise ValueError(f"{where}: no {BEGIN} ... {END} block (each marker on its own line)")
    return text[:begin + len(BEGIN) + 1] + block + text[end + 1:]


def check(doc: Path, block: str) -> str | None:
    """``None`` when ``doc``'s block is ``block``, else the message and the diff."""
    text = doc.read_text(encoding="utf-8")
    fresh = replace_block(text, block, str(doc))
    if fresh == text:
        return None
    diff = difflib.unified_diff(text.splitlines(keepends=True), fresh.splitlines(keepends=True),
                                f"{doc} (committed)", f"{doc} (from the imports)")
    return (f"{doc}: the import graph is stale; run `make architecture` "
            f"(python tools/import_graph.py --write {doc}) and commit it.\n" + "".join(diff))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="The house's import picture (docs/architecture.md), a Mermaid flowchart.")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", metavar="DOC", type=Path,
                        help="replace the block between the markers of DOC")
    action.add_argument("--check", metavar="DOC", type=Path,
                        help="exit 1, with a diff, when DOC's block is stale")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the project's root (default: this file's parent's parent)")
    args = parser.parse_args(argv)
    block = render(folder_graph(args.root))
    try:
        if args.check:
            problem = check(args.check, block)
            if problem:
                print(problem, end="", file=sys.stderr)
                return 1
        elif args.write:
            text = args.write.read_text(encoding="utf-8")
            args.write.write_text(replace_block(text, block, str(args.write)), encoding="utf-8")
        else:
            print(block, end="")
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
