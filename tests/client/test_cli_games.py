"""Each game's terminal table is a module of its own, found by the game's name
(client/games/, docs/play.md "Per-game modules"): a module dropped in is a ``--game``
choice, and the default game is the server's first (``GET /v1/catalog``)."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import client.games
from client.api import CardGames, InProcessTransport
from client.cli import main

CLIENT = Path(client.games.__file__).resolve().parent.parent

TINY = '''
TITLE = "Snap"


def play(client, args, symbols, stdin, out, delay):
    out.write(f"snap: {args.game} {args.variant} seat {args.seat}\\n")
    return 0
'''


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_a_games_module_is_found_by_its_name(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "snap.py").write_text(TINY, encoding="utf-8")
    monkeypatch.setattr(client.games, "__path__", [*client.games.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "client.games.snap", raising=False)
    try:
        assert "snap" in client.games.names() and "Snap" in client.games.titles()
        status, out, err = run(["play", "--game", "snap", "--variant", "fast", "--seat", "1"])
        assert (status, out) == (0, "snap: snap fast seat 1\n"), err
        with pytest.raises(SystemExit) as refused:  # argparse: no module, no choice
            run(["play", "--game", "war"])
        assert refused.value.code == 2
    finally:
        sys.modules.pop("client.games.snap", None)


def test_the_default_game_is_the_catalogs_first(monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = CardGames.catalog

    def rummy_first(self: CardGames) -> dict[str, Any]:
        games = catalog(self)["games"]
        return {"games": sorted(games, key=lambda g: g["name"] != "rummy")}

    monkeypatch.setattr(CardGames, "catalog", rummy_first)
    status, out, err = run(["play", "--seed", "3", "--opponent", "random"], "q\n")
    assert status == 0, err
    assert "New hand of Poker Rum" in out and out.rstrip().endswith("Bye.")


def test_no_shared_module_branches_on_a_games_name() -> None:
    # what differs between games is in each game's module (client/games/), found by the
    # name; the shared modules compare no game's name (issue 26)
    catalog = CardGames(InProcessTransport()).catalog()["games"]
    names = {g["name"] for g in catalog}
    quoted = "|".join(re.escape(name) for name in sorted(names))
    compared = re.compile(rf"""(==|!=|\bin)\s*[(\[{{]?\s*["']({quoted})["']"""
                          rf"""|["']({quoted})["']\s*(==|!=)""")
    shared = sorted(p for p in CLIENT.glob("*.py"))
    assert CLIENT / "cli.py" in shared
    for path in shared:
        found = compared.search(path.read_text(encoding="utf-8"))
        assert not found, (path.name, found)
