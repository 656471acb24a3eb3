"""``cassino play --game conquian|rummy``: the draw-and-meld games in the terminal.

Conquian and the rummy games (Poker Rum, Poker Gin, Double-Pack Rum) against a house seat,
through the public API like the Cassino game of :mod:`client.cli`: a sealed game, so the
terminal holds the token and the human seat's credential, never the other hand.  The
screen shows what ``POST /v1/view`` gives the seat (the engines' own view forms,
docs/rules/conquian.md and rummy.md): the stock's size, the face-up card or the discard
pile, every meld on the table with its owner, the other hand's size, your hand by suit
with the cards of its melds marked, and your legal moves numbered.
"""

from __future__ import annotations

import argparse
import json
import time
from itertools import combinations
from typing import Any, TextIO

from client.api import ApiError, Cassino
from client.console import Console
from client.text import choose_prompt, counted

__all__ = ["MELD_GAMES", "MeldGame", "MeldStyle", "MeldUsageError", "deadwood", "hand_melds",
           "move_id", "suit_groups"]

MELD_GAMES = ("conquian", "rummy")
DEFAULT_VARIANT = {"conquian": "conquian", "rummy": "poker-rum"}
TITLES = {"conquian": "Conquian", "poker-rum": "Poker Rum", "poker-gin": "Poker Gin",
          "double-pack-rum": "Double-Pack Rum"}
SUITS = "SHDC"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RUMMY_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CONQUIAN_RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
"""Conquian's forty-card pack in sequence order (Q2): the 7 next below the jack."""

HELP = """Commands:
  <number>   play the move with that number in the list
  <id>       play the move with that id (e.g. pass, take:KC=KHKDKC, draw, 7H, 7H!)
  h          hint: your moves ranked by the solver, with their equity
  m          list your moves again      t   show the table again
  q          quit                       ?   this help"""


class MeldUsageError(Exception):
    """A mistake in the command line or its files (``cassino`` exits with status 2)."""


def offered(catalog: dict[str, Any], game: str) -> list[dict[str, Any]]:
    """The playable variants of ``game`` in ``GET /v1/catalog``, its default first."""
    entry = next((g for g in catalog.get("games", []) if g.get("name") == game), None)
    if entry is None:
        return []
    playable = [v for v in entry["variants"] if v["playable"]]
    return sorted(playable, key=lambda v: v["name"] != entry["default_variant"])


def read_saved(path: Any) -> Any:
    """The JSON of a file saved by ``--save``."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MeldUsageError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise MeldUsageError(f"{path} is not JSON: {exc}") from exc


def parse(code: str) -> tuple[str, str, bool]:
    """A card's rank, suit and whether it is of the second pack; a joker is ``("JK",
    "", False)``."""
    if code.startswith("JK"):
        return "JK", "", False
    prime = code.endswith("'")
    body = code[:-1] if prime else code
    return body[:-1], body[-1], prime


def ranks_of(game: str) -> tuple[str, ...]:
    return CONQUIAN_RANKS if game == "conquian" else RUMMY_RANKS


def suit_groups(hand: list[str], game: str) -> list[tuple[str, list[str]]]:
    """The hand by suit (S, H, D, C, then the jokers ``JK``), each in sequence order."""
    ranks = ranks_of(game)
    groups: dict[str, list[str]] = {suit: [] for suit in (*SUITS, "JK")}
    for code in hand:
        suit = parse(code)[1]
        groups[suit or "JK"].append(code)
    for suit in SUITS:
        groups[suit].sort(key=lambda c: (ranks.index(parse(c)[0]), c))
    return [(suit, cards) for suit, cards in groups.items() if cards]


def pip(code: str) -> int:
    """A card's value in hand (RM4): the ace 11, court cards 10, a joker 15."""
    rank = parse(code)[0]
    return {"JK": 15, "A": 11, "J": 10, "Q": 10, "K": 10}.get(rank) or int(rank)


def hand_melds(hand: list[str], game: str) -> list[list[str]]:
    """Every meld of natural cards in the hand: sets of three or four of a rank, runs of
    three or more in a suit (rummy's ace low or high, never round the corner)."""
    naturals = [c for c in hand if not c.startswith("JK")]
    out: list[list[str]] = []
    by_rank: dict[str, list[str]] = {}
    for code in naturals:
        by_rank.setdefault(parse(code)[0], []).append(code)
    for cards in by_rank.values():
        for size in range(3, min(4, len(cards)) + 1):
            out += [list(c) for c in combinations(cards, size)]
    ranks = ranks_of(game)
    places = ranks if game == "conquian" else (*ranks, "A")
    for suit in SUITS:
        at = [next((c for c in naturals if parse(c)[:2] == (rank, suit)), None)
              for rank in places]
        for low in range(len(at)):
            for high in range(low + 2, len(at)):
                window = at[low:high + 1]
                if not all(window):
                    break
                out.append([c for c in window if c])
    return out


def deadwood(hand: list[str]) -> int:
    """The least deadwood of a rummy hand (RM12, RM13): the pips no meld holds."""
    melds = hand_melds(hand, "rummy")
    best = sum(pip(c) for c in hand)

    def search(start: int, used: frozenset[str]) -> None:
        nonlocal best
        best = min(best, sum(pip(c) for c in hand if c not in used))
        for i in range(start, len(melds)):
            if not used.intersection(melds[i]):
                search(i + 1, used | frozenset(melds[i]))

    search(0, frozenset())
    return best


def move_id(move: dict[str, Any]) -> str:
    """A move's id: its own, or (a rummy move's JSON form) made from its fields."""
    if move.get("id"):
        return str(move["id"])
    kind = move.get("type", "")
    at = f"@{move['low']}" if move.get("low") else ""
    if kind == "discard":
        return str(move["card"]) + ("!" if move.get("call") else "")
    if kind == "meld":
        return "+".join(move["cards"]) + at
    if kind == "add":
        return f"{move['meld']}:{'+'.join(move['cards'])}{at}"
    if kind == "shift":
        return (f"{move['joker']}~" + (f"={move['fill']}" if move.get("fill") else "")
                + (f"+{move['extend']}" if move.get("extend") else ""))
    return str(kind)


def table_melds(view: dict[str, Any]) -> list[tuple[str, int, list[str]]]:
    """Every meld on the table: its label (``0``; Conquian ``seat:i``), owner, cards."""
    if view.get("game") == "conquian":
        return [(f"{owner}:{i}", owner, cards) for owner, melds in enumerate(view["melds"])
                for i, cards in enumerate(melds)]
    return [(str(i), laid["owner"], laid["cards"]) for i, laid in enumerate(view["table"])]


def face_up(view: dict[str, Any]) -> str | None:
    """Conquian's offered card, or rummy's top of the discard pile."""
    if view.get("game") == "conquian":
        return view.get("up")
    pile = view.get("pile") or []
    return pile[-1] if pile else None


class MeldStyle:
    """Cards as ``7♥`` (``7♥'`` of the second pack, ``JK1``) or as the wire's ``7H``."""

    def __init__(self, symbols: bool = True) -> None:
        self.symbols = symbols

    def card(self, code: str | None) -> str:
        if not code:
            return "?"
        rank, suit, prime = parse(code)
        if rank == "JK" or not self.symbols:
            return code
        return rank + SYMBOLS[suit] + ("'" if prime else "")

    def cards(self, codes: list[str] | None, sep: str = " ") -> str:
        return sep.join(self.card(c) for c in codes or [])


class MeldGame(Console):
    """One hand of Conquian or rummy: the human at ``--seat``, the house (``--opponent``,
    on the server) at the other seat."""

    def __init__(self, client: Cassino, args: argparse.Namespace, symbols: bool,
                 stdin: TextIO, out: TextIO, delay: float) -> None:
        self.client = client
        self.args = args
        self.style = MeldStyle(symbols)
        self.stdin = stdin
        self.out = out
        self.delay = delay
        self.game: str = args.game
        self.human = 1 if args.seat == 1 else 0
        self.house = "the solver" if args.opponent == "solver" else f"the {args.opponent}"

    # -- talking (say and ask: client.console)
    def name(self, seat: int | None) -> str:
        return "you" if seat == self.human else self.house

    def verb(self, seat: int | None, you: str, them: str) -> str:
        return f"{self.name(seat).capitalize()} {you if seat == self.human else them}"

    @property
    def other(self) -> int:
        return 1 - self.human

    # -- the loop
    def variant_of(self) -> dict[str, Any]:
        """The catalog's entry of the variant to play (``--variant`` or the game's
        default); a usage error naming the playable ones otherwise."""
        playable = offered(self.client.catalog(), self.game)
        asked = self.args.variant or DEFAULT_VARIANT[self.game]
        found = next((v for v in playable if v["name"] == asked), None)
        if found is None:
            names = ", ".join(v["name"] for v in playable) or "none yet"
            raise MeldUsageError(f"--game {self.game} --variant {asked} cannot be played here; "
                             f"playable: {names}")
        return found

    def run(self) -> int:
        """A new sealed hand (or a saved one, ``--state``), played to its end."""
        if self.args.state:
            saved = read_saved(self.args.state)
            if not (isinstance(saved, dict) and isinstance(saved.get("game"), str)):
                raise MeldUsageError(f"{self.args.state}: --game {self.game} resumes a sealed "
                                 "game saved by --save")
            position = {"game": saved["game"], "credential": saved.get("credential")}
            seen = self.client.view(position)
            self.human = int(seen["view"]["player"])
            self.say(f"Resuming the saved hand of {self.title(seen['view'])}: you play "
                     f"seat {self.human}.")
        else:
            variant = self.variant_of()
            if self.args.seat > 1:
                raise MeldUsageError(f"--seat {self.args.seat}: {variant['name']} has seats 0 "
                                 "and 1")
            created = self.new_game(variant["name"], self.args.opponent)
            position = {"game": created["game"],
                        "credential": created["credentials"][self.human]}
            self.save(position)
            seen = self.client.view(position)
            rules = ("" if "rules_url" not in variant
                     else f" (rules: {self.client.link(variant['rules_url'])})")
            dealer = seen["view"]["dealer"]
            self.say(f"New hand of {self.title(seen['view'])}{rules} against {self.house}: "
                     f"{'you deal' if dealer == self.human else 'the house deals'}. "
                     "Type ? for help.")
            self.report(seen.get("events", []))
        while True:
            view = self.client.view(position)["view"]
            if view["phase"] == "over":
                self.hand_over(view, [])
                return 0
            move = self.human_turn(position, view)
            if move is None:
                self.say("Bye.")
                return 0
            result = self.client.apply(position, move_id(move))
            position = {**position, "game": result["game"]}
            self.save(position)
            self.report(result["events"])
            if result["view"]["phase"] == "over":
                self.hand_over(result["view"], result["events"])
                return 0

    def new_game(self, variant: str, bot: str) -> dict[str, Any]:
        """``POST /v1/games``, sealed, the house at the other seat; where the variant has
        no such bot, the house plays at random."""
        try:
            return self.client.new_game(
                self.args.seed, self.args.dealer, sealed=True, game=self.game,
                variant=variant, house=[{"player": self.other, "bot": bot}])
        except ApiError as exc:
            if exc.body.get("field") != "house[0].bot" or bot == "random":
                raise
            self.say(f"{exc.message}: the house plays random moves.")
            self.house = "the random"
            return self.new_game(variant, "random")

    def title(self, view: dict[str, Any]) -> str:
        return TITLES.get(view["variant"], str(view["variant"]))

    def human_turn(self, position: dict[str, Any],
                   view: dict[str, Any]) -> dict[str, Any] | None:
        moves = self.client.legal_moves(position)
        self.show(view)
        self.list_moves(moves, view)
        while True:
            numbers = "1" if len(moves) == 1 else f"1-{len(moves)}"
            line = self.ask(f"Your move ({numbers} or id; h hint, q quit): ")
            if line is None:
                return None
            command = line.lower()
            if not command:
                continue
            if command in ("q", "quit", "exit"):
                return None
            if command in ("h", "hint"):
                self.hint(position, view, moves)
            elif command in ("m", "moves"):
                self.list_moves(moves, view)
            elif command in ("t", "table"):
                self.show(view)
                self.list_moves(moves, view)
            elif command in ("?", "help"):
                self.say(HELP)
            else:
                move = pick(line, moves)
                if move is not None:
                    return move
                self.say(f"{line!r} is not one of your moves: "
                         f"{choose_prompt(len(moves), move_id(moves[0]))}.")

    def hint(self, position: dict[str, Any], view: dict[str, Any],
             moves: list[dict[str, Any]]) -> None:
        options = {"samples": self.args.samples, "time_ms": self.args.time_ms,
                   "seed": self.args.hint_seed, "top": self.args.top}
        try:
            answer = self.client.hints(position=position, **options)
        except ApiError as exc:
            if exc.status != 422:
                raise
            self.say(f"No hint: {exc.message}")
            return
        by_id = {move_id(m): m for m in moves}
        self.say("Hint: your moves ranked by the solver (equity ± standard error)")
        for hint in answer["moves"]:
            raw = hint["move"]
            ident = raw if isinstance(raw, str) else move_id(raw)
            move = by_id.get(ident, raw if isinstance(raw, dict) else {"type": ident})
            self.say(f"  {hint['rank']:>2}. {hint['equity']:+7.2f} ± {hint['stderr']:.2f}  "
                     f"{self.describe(move, view)}  [{ident}]")
        solver = answer.get("solver", {})
        self.say(f"  ({solver.get('algorithm', 'solver')}: {solver.get('samples', '?')} "
                 f"sampled deals, {round(solver.get('elapsed_ms', 0))} ms)")

    def save(self, position: dict[str, Any]) -> None:
        """Write the sealed game's token and this seat's credential to ``--save``."""
        if self.args.save:
            self.args.save.write_text(json.dumps(position), encoding="utf-8")

    # -- what the human sees
    def show(self, view: dict[str, Any]) -> None:
        """The table as text: the header line, the other hand, the stock and the face-up
        card or pile, the melds on the table, your hand by suit."""
        for line in self.table_lines(view):
            self.say(line)

    def table_lines(self, view: dict[str, Any]) -> list[str]:
        s = self.style
        conquian = view.get("game") == "conquian"
        dealer = "you dealt" if view["dealer"] == self.human else "the house dealt"
        extra = (f"pool {view['pool']} each" if conquian
                 else f"scores: you {view['scores'][self.human]}, "
                      f"{self.house} {view['scores'][self.other]}")
        lines = ["", f"== {self.title(view)} · {dealer} · {extra} =="]
        count = view["hand_sizes"][self.other]
        known = (view.get("known") or [[], []])[self.other]
        lines.append(f"{self.house.capitalize()}: {count} card{'s' if count != 1 else ''} "
                     f"in hand" + (f" (known to hold {s.cards(known)})" if known else ""))
        up = face_up(view)
        if conquian:
            source = {"turned": "turned up from the stock", "passed": "passed",
                      "discarded": "discarded"}.get(view.get("source") or "", "")
            offer = (f"face-up {s.card(up)} ({source}), offered to "
                     f"{self.name(view['to_move'])}" if up else "no card offered")
            lines.append(f"Stock: {view['stock_size']} · {offer}")
            if view.get("dead"):
                lines.append(f"Dead: {s.cards(view['dead'])}")
        else:
            pile = view.get("pile") or []
            top = f"top {s.card(up)}, {len(pile)} card{'s' if len(pile) != 1 else ''}" \
                if up else "empty"
            lines.append(f"Stock: {view['stock_size']} · discard pile: {top}")
        melds = table_melds(view)
        for owner in (self.other, self.human):
            mine = [(label, cards) for label, who, cards in melds if who == owner]
            whose = "Your melds" if owner == self.human else f"{self.house.capitalize()}'s melds"
            text = "   ".join(f"[{label}] {s.cards(cards)}" for label, cards in mine)
            lines.append(f"{whose}: {text or 'none'}")
        marked = {c for meld in hand_melds(view["hand"], view["game"]) for c in meld}
        groups = "   ".join(
            " ".join(s.card(c) + ("*" if c in marked else "") for c in cards)
            for _, cards in suit_groups(view["hand"], view["game"]))
        lines.append(f"Your hand: {groups or '(none)'}")
        notes = []
        if marked:
            notes.append("* makes a meld")
        if conquian:
            down = sum(len(m) for m in view["melds"][self.human])
            notes.append(f"{down} down of 11")
        elif view["variant"] != "double-pack-rum":
            notes.append(f"deadwood {deadwood(view['hand'])}")
        if notes:
            lines.append(f"           ({'; '.join(notes)})")
        return lines

    def list_moves(self, moves: list[dict[str, Any]], view: dict[str, Any]) -> None:
        self.say("Your moves:")
        for number, move in enumerate(moves, start=1):
            self.say(f"  {number:>2}. {self.describe(move, view)}  [{move_id(move)}]")

    def describe(self, move: dict[str, Any], view: dict[str, Any]) -> str:
        """A move in words."""
        s = self.style
        kind = move.get("type")
        if kind == "pass":
            return f"Pass {s.card(view.get('up'))}"
        if kind == "take" and move.get("meld"):
            return f"Take {s.card(move['card'])}: meld {s.cards(move['meld'])}"
        if kind == "take":
            return f"Take {s.card(face_up(view))} from the discard pile"
        if kind == "lay":
            return f"Lay down {s.cards(move['meld'])}"
        if kind == "force":
            return f"Force {s.card(move['card'])} onto {self.house}'s meld: " \
                   f"{s.cards(move['meld'])}"
        if kind == "draw":
            return "Draw from the stock"
        if kind == "discard":
            return f"Discard {s.card(move['card'])}" + (
                " and call a show-down" if move.get("call") else "")
        if kind == "meld":
            return f"Lay out {s.cards(move['cards'])}"
        if kind == "add":
            target = next((cards for label, _, cards in table_melds(view)
                           if label == str(move["meld"])), None)
            onto = s.cards(target) if target else f"meld {move['meld']}"
            return f"Add {s.cards(move['cards'])} to [{move['meld']}] {onto}"
        if kind == "shift":
            return (f"Move {s.card(move['joker'])} to the other end"
                    + (f", {s.card(move['fill'])} in its place" if move.get("fill") else "")
                    + (f", adding {s.card(move['extend'])}" if move.get("extend") else ""))
        return str(move.get("description") or move_id(move))

    def report(self, events: list[dict[str, Any]]) -> None:
        """The events of an apply, one line each, each house move after the delay."""
        for event in events:
            seat = event.get("player", event.get("seat"))
            if seat is not None and seat != self.human and self.delay and event["type"] in (
                    "pass", "dead", "take", "lay", "force", "discard", "draw", "meld", "add",
                    "shift"):
                time.sleep(self.delay)
            self.say(f"  {self.event_text(event)}")

    def event_text(self, e: dict[str, Any]) -> str:
        s = self.style
        seat = e.get("player", e.get("seat"))
        kind = e["type"]
        borrowed = (f" (borrowing {s.cards(e['borrowed'])})" if e.get("borrowed") else "")
        if kind == "turn":
            return f"{self.verb(seat, 'turn', 'turns')} up {s.card(e['card'])} " \
                   f"({e['stock']} left in the stock)."
        if kind == "pass":
            return f"{self.verb(seat, 'pass', 'passes')} {s.card(e['card'])}."
        if kind == "dead":
            return f"{self.verb(seat, 'pass', 'passes')} {s.card(e['card'])} too: it is dead."
        if kind == "take" and e.get("meld"):
            return f"{self.verb(seat, 'take', 'takes')} {s.card(e['card'])} and " \
                   f"{'meld' if seat == self.human else 'melds'} {s.cards(e['meld'])}{borrowed}."
        if kind == "take":
            return f"{self.verb(seat, 'take', 'takes')} {s.card(e['card'])} from the pile."
        if kind == "lay":
            return f"{self.verb(seat, 'lay', 'lays')} down {s.cards(e['meld'])}{borrowed}."
        if kind == "force":
            return f"{self.verb(seat, 'force', 'forces')} {s.card(e['card'])} onto " \
                   f"{self.name(e['onto'])}: {s.cards(e['meld'])}."
        if kind == "discard":
            call = " and call a show-down" if e.get("call") else ""
            return f"{self.verb(seat, 'discard', 'discards')} {s.card(e['card'])}{call}."
        if kind == "draw":
            card = f" {s.card(e['card'])}" if e.get("card") else " from the stock"
            return f"{self.verb(seat, 'draw', 'draws')}{card}."
        if kind == "meld":
            return f"{self.verb(seat, 'lay', 'lays')} out {s.cards(e['cards'])}."
        if kind == "add":
            return f"{self.verb(seat, 'add', 'adds')} {s.cards(e['cards'])}: meld " \
                   f"[{e['meld']}] is now {self.laid_text(e['text'])}."
        if kind == "shift":
            return f"{self.verb(seat, 'move', 'moves')} a joker: meld [{e['meld']}] is now " \
                   f"{self.laid_text(e['text'])}."
        if kind == "out" and "down" in e:
            return f"{self.verb(seat, 'have', 'has')} {e['down']} cards down: out!"
        if kind == "out":
            return f"{self.verb(seat, 'go', 'goes')} out" + (
                " in one turn: double (splash)!" if e.get("splash") else "!")
        if kind == "tableau":
            return f"The stock is out: a tableau; the pool holds {e['pool']} each."
        if kind == "settled":
            r = e["returns"]
            return f"Settled: you {r[self.human]:+d}, {self.house} {r[self.other]:+d}."
        if kind == "show":
            melds = " | ".join(s.cards(m) for m in e.get("melds", [])) or "no meld"
            layoffs = " | ".join(s.cards(m) for m in e.get("layoffs", []))
            off = f", laying off {layoffs}" if layoffs else ""
            dead = s.cards(e.get("deadwood")) or "none"
            return f"{self.verb(seat, 'show', 'shows')} {melds}{off}; deadwood {dead} " \
                   f"({e['points']})."
        if kind == "settle":
            p = e["points"]
            return f"Settled: you {p[self.human]:+d}, {self.house} {p[self.other]:+d}."
        if kind == "false_call":
            return f"{self.verb(seat, 'call', 'calls')} with {e['points']} of deadwood, " \
                   f"over the limit: {s.cards(e['cards'])}; play goes on."
        if kind == "reshuffle":
            return "The pile is turned and shuffled into a new stock."
        if kind == "hand_drawn":
            return "The stock is out again: the hand is drawn."
        return str(e.get("description") or kind)

    def laid_text(self, text: str) -> str:
        """A laid meld's text (``6C+JK1+8C@6``) in cards: ``6♣ JK1 8♣``."""
        return self.style.cards(text.partition("@")[0].split("+"))

    def hand_over(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """The end of the hand: who went out or called, and the settlement."""
        s = self.style
        self.say()
        if view.get("game") == "conquian":
            winner = view.get("winner")
            pool = next((e["pool"] for e in events if e["type"] == "tableau"), view["pool"])
            self.say("HAND OVER: " + ("a tableau, nobody went out; the stakes go to the "
                                      f"pool ({pool} each)." if winner is None
                                      else "you laid eleven down and win!"
                                      if winner == self.human
                                      else f"{self.house} laid eleven down and wins."))
            settled = next((e for e in events if e["type"] == "settled"), None)
            if settled:
                r = settled["returns"]
                self.say(f"Settlement: you {r[self.human]:+d}, {self.house} "
                         f"{r[self.other]:+d}.")
            return
        status = view.get("status")
        caller = view.get("caller")
        what = ("a drawn hand" if status == "drawn"
                else f"{self.name(caller)} went out" if status == "out"
                else f"{self.name(caller)} called a show-down")
        self.say(f"HAND OVER: {what}.")
        shown = view.get("shown")
        if shown and not any(e["type"] == "show" for e in events):  # out (DP9)
            for seat, cards in enumerate(shown):
                if cards:
                    who = "You" if seat == self.human else self.house.capitalize()
                    self.say(f"{who} held {s.cards(cards)} "
                             f"({counted(sum(pip(c) for c in cards), 'point')}).")
        settle = next((e for e in events if e["type"] in ("settle", "out")
                       and "points" in e), None)
        if settle:
            p = settle["points"]
            self.say(f"Settlement: you {p[self.human]:+d}, {self.house} {p[self.other]:+d}.")
        scores = view["scores"]
        self.say(f"Scores: you {scores[self.human]}, {self.house} {scores[self.other]}.")


def pick(text: str, moves: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The move a line names: its number in the list, or its id (any case)."""
    if text.isdigit():
        number = int(text)
        return moves[number - 1] if 1 <= number <= len(moves) else None
    wanted = text.replace(" ", "").upper()
    return next((m for m in moves if move_id(m).upper() == wanted), None)
