"""docs/architecture.md's import picture is the imports' own (tools/import_graph.py)."""

import shutil
from pathlib import Path

import pytest

from tools.import_graph import BEGIN, END, check, folder_graph, main, render

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"


def test_the_picture_is_current() -> None:
    problem = check(DOC, render(folder_graph(ROOT)))
    assert problem is None, problem


def test_a_stale_picture_fails_with_a_diff(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "architecture.md"
    shutil.copy(DOC, doc)
    text = doc.read_text(encoding="utf-8")
    dropped = "  client --> api\n"
    assert text.count(dropped) == 1
    doc.write_text(text.replace(dropped, ""), encoding="utf-8")
    assert main(["--check", str(doc)]) == 1
    err = capsys.readouterr().err
    assert "the import graph is stale; run `make architecture`" in err
    assert "\n+" + dropped in err  # the diff shows the edge the block lacks
    assert main(["--write", str(doc)]) == 0
    assert doc.read_text(encoding="utf-8") == text
    assert main(["--check", str(doc)]) == 0


def test_a_document_without_markers_is_refused(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "notes.md"
    doc.write_text(f"# Notes\n{BEGIN}\nno end marker\n", encoding="utf-8")
    assert main(["--check", str(doc)]) == 2
    assert f"no {BEGIN} ... {END} block" in capsys.readouterr().err


def write(root: Path, files: dict[str, str]) -> None:
    for name, source in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(source, encoding="utf-8")


def test_the_graph_of_a_tiny_tree(tmp_path: Path) -> None:
    write(tmp_path, {
        "engine/__init__.py": "import os\nfrom engine.cards import DECK\n",
        "engine/cards.py": "DECK = 52\n",
        "engine/chess/__init__.py": "from ..cards import DECK\nfrom .rules import RULES\n",
        "engine/chess/rules.py": "RULES = 1\n",
        "engine/go/__init__.py": "",
        "solver/__init__.py": "def hint():\n    from engine import chess\n",
        "solver/chess/__init__.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                    "    import engine.chess.rules\nfrom solver import util\n",
        "solver/util/__init__.py": "from engine.cards import DECK\n",  # not a game: shared
        "solver/notes/readme.py": "import engine.go\n",  # no __init__: still solver's
        "api/__init__.py": "import flask\nimport solver.chess\nfrom api.chess import X\n",
        "api/chess/__init__.py": "from . import wire\nfrom engine import go\nX = 1\n",
        "api/chess/wire.py": "from api import chess\n",
        "api/static/sdk.js": "// no Python here\n",
    })
    graph = folder_graph(tmp_path)
    assert graph.folders == (
        ("engine", ("engine", "engine/chess", "engine/go")),
        ("solver", ("solver", "solver/chess")),
        ("api", ("api", "api/chess")),
    )
    assert graph.edges == (
        ("engine/chess", "engine"),
        ("solver", "engine"), ("solver", "engine/chess"), ("solver", "engine/go"),
        ("solver/chess", "engine/chess"), ("solver/chess", "solver"),
        ("api", "solver/chess"), ("api", "api/chess"),
        ("api/chess", "engine/go"),
    )
    block = render(graph)
    assert block.startswith("```mermaid\nflowchart TD\n  subgraph layer_api[\"api\"]\n")
    assert '    engine["engine/ (shared)"]\n    engine_chess["engine/chess/"]\n' in block
    assert "  api_chess --> engine_go\n```\n" in block
