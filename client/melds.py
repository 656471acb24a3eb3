"""``cassino play --game NAME`` for the draw-and-meld games: their shared terminal table.

Conquian and the rummy games (Poker Rum, Poker Gin, Double-Pack Rum) against a house seat,
through the public API like every game of :mod:`client.games`: a sealed game, so the
terminal holds the token and the human seat's credential, never the other hand.  The
screen shows what ``POST /v1/view`` gives the seat (the engines' own view forms,
docs/rules/conquian.md and rummy.md): the stock's size, the face-up card or the discard
pile, every meld on the table with its owner, the other hand's size, your hand by suit
with the cards of its melds marked, and your legal moves numbered.

What differs between these games (the pack's sequence, where the melds and the face-up
card are in the view, the lines of the table, the end of a hand) is each game's own, in
its module ``client/games/<game>.py`` (:class:`MeldRules`), found by the game's name.
"""

from __future__ import annotations

import argparse
import json
import time
from itertools import combinations
from typing import Any, Protocol, TextIO, cast

from client import games, records
from client.api import ApiError, CardGames
from client.catalog import features, playable
from client.console import Console
from client.files import UsageError
from client.house import house_seat, opponent_name
from client.text import choose_prompt, counted

__all__ = ["MeldGame", "MeldRules", "MeldStyle", "MeldUsageError", "hand_melds", "move_id",
           "pip", "play", "ranks_of", "replay_lines", "rules_of", "suit_groups"]

SUITS = "SHDC"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

HELP = """Commands:
  <number>   play the move with that number in the list
  <id>       play the move with that id (e.g. pass, take:KC=KHKDKC, draw, 7H, 7H!)
  h          hint: your moves ranked by the solver, with their equity (moves alike but
             for a pack's copy of a card said once: "or ...")
  w CARDS [@MELD]
             why (not): the moves those cards of your hand make (with the meld MELD of
             the table, by its label), or each kind of move's first broken rule
             (e.g. w 7H 8H, w 9H @0, w 7C @1:0)
  (a move marked "!" offers its card to a player who melds with it, with that chance)
  m          list your moves again      t   show the table again
  q          quit                       ?   this help"""

MeldUsageError = UsageError
"""The old name of a mistake in the command line (``cassino`` exits with status 2)."""


class MeldRules(Protocol):
    """What a meld game's module (``client/games/<game>.py``) tells the shared table."""

    RANKS: tuple[str, ...]
    """The pack's ranks in sequence order (Conquian's forty cards: the 7 below the jack)."""
    PACKS: dict[str, tuple[str, ...]]
    """The ranks of each variant whose pack is not ``RANKS`` (Conquian's American pack)."""
    ACE_HIGH: bool
    """Whether a run may also end with the ace above the king (rummy's RM11)."""
    TITLES: dict[str, str]
    """The variants' names in words (``Poker Rum``)."""

    def table_melds(self, view: dict[str, Any]) -> list[tuple[str, int, list[str]]]:
        """Every meld on the table: its label (what a move names it by), owner, cards."""

    def face_up(self, view: dict[str, Any]) -> str | None:
        """The card the seat to move may take, if any."""

    def header(self, game: MeldGame, view: dict[str, Any]) -> str:
        """The header line's last part: the stakes or the scores."""

    def centre(self, game: MeldGame, view: dict[str, Any]) -> list[str]:
        """The lines of the stock and the face-up card or pile."""

    def notes(self, game: MeldGame, view: dict[str, Any]) -> list[str]:
        """The notes under your hand (cards down, deadwood)."""

    def hand_over(self, game: MeldGame, view: dict[str, Any],
                  events: list[dict[str, Any]]) -> None:
        """Say the end of the hand: who went out or called, and the settlement."""

    # a replayed position (:func:`replay_lines`): a full state, every hand shown
    def replay_centre(self, state: dict[str, Any], style: MeldStyle) -> list[str]:
        """The lines of the stock, the face-up card or the pile, and the stakes."""

    def seat_note(self, state: dict[str, Any], seat: int) -> str:
        """What a seat's line adds to its cards (its deadwood, its cards down)."""

    def replay_over(self, state: dict[str, Any]) -> str:
        """The end of the hand in a few words: who went out, and the points."""

    # optional: ``why_target(label, cards)``, how ``POST /v1/why`` names a table meld
    # aimed at (rummy's ``{"meld": n}``; ``{"table": cards}`` otherwise)


def rules_of(game: str) -> MeldRules:
    """The module of the meld game ``game`` (client/games/), by its name."""
    return cast(MeldRules, games.module(game))


def play(client: CardGames, args: argparse.Namespace, symbols: bool, stdin: TextIO,
         out: TextIO, delay: float) -> int:
    """``cassino play --game NAME`` for a meld game: a hand against the house."""
    return MeldGame(client, args, symbols, stdin, out, delay).run()


def read_saved(path: Any) -> Any:
    """The JSON of a file saved by ``--save``."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise UsageError(f"{path} is not JSON: {exc}") from exc


def parse(code: str) -> tuple[str, str, bool]:
    """A card's rank, suit and whether it is of the second pack; a joker is ``("JK",
    "", False)``."""
    if code.startswith("JK"):
        return "JK", "", False
    prime = code.endswith("'")
    body = code[:-1] if prime else code
    return body[:-1], body[-1], prime


def ranks_of(game: str, variant: str | None = None) -> tuple[str, ...]:
    """The ranks of ``variant``'s pack in sequence order (the game's ``RANKS`` by default)."""
    rules = rules_of(game)
    return rules.PACKS.get(variant or "", rules.RANKS)


def suit_groups(hand: list[str], game: str,
                variant: str | None = None) -> list[tuple[str, list[str]]]:
    """The hand by suit (S, H, D, C, then the jokers ``JK``), each in sequence order."""
    ranks = ranks_of(game, variant)
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


def hand_melds(hand: list[str], game: str, variant: str | None = None) -> list[list[str]]:
    """Every meld of natural cards in the hand: sets of three or four of a rank, runs of
    three or more in a suit (the game's sequence, :class:`MeldRules`; rummy's ace low or
    high, never round the corner)."""
    naturals = [c for c in hand if not c.startswith("JK")]
    out: list[list[str]] = []
    by_rank: dict[str, list[str]] = {}
    for code in naturals:
        by_rank.setdefault(parse(code)[0], []).append(code)
    for cards in by_rank.values():
        for size in range(3, min(4, len(cards)) + 1):
            out += [list(c) for c in combinations(cards, size)]
    ranks = ranks_of(game, variant)
    places = (*ranks, "A") if rules_of(game).ACE_HIGH else ranks
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


RESTATED = frozenset({"pass", "take", "lay", "force", "discard", "meld", "add", "shift"})
"""The events that only say the move again: a replay shows the move itself."""


def replay_lines(position: dict[str, Any], last: int, symbols: bool, game: str) -> list[str]:
    """One position of a replayed hand of the meld game ``game`` (``cassino replay``,
    client/records.py; docs/play.md "Replay and review"): the move and what else it did
    (the card drawn, a reshuffle, a call, the settlement), every hand by suit with its
    note, the melds on the table with their owners, and the game's centre (its module's
    :class:`MeldRules` hooks)."""
    rules = rules_of(game)
    style = MeldStyle(symbols)
    state = position["state"]
    title = rules.TITLES.get(state["variant"], str(state["variant"]))
    lines = [records.head_line(position, last,
                               f"{title} dealt by player {state['dealer']}")]
    for event in position["events"]:
        seat = event.get("player", event.get("seat"))
        if event["type"] == "draw" and event.get("card"):
            lines.append(f"  Player {seat} draws {style.card(event['card'])}.")
        elif event["type"] not in RESTATED:
            lines.append(f"  {event.get('description') or event['type']}")
    over = bool((state.get("result") or {}).get("over"))
    turn = (f"hand over: {rules.replay_over(state)}" if over
            else f"to move: player {state['to_move']} ({state['phase']})")
    lines.append(f"  {title} · dealer {state['dealer']} · {turn}")
    for seat, hand in enumerate(state["hands"]):
        groups = suit_groups(hand, game, state["variant"])
        cards = "   ".join(style.cards(group) for _, group in groups)
        note = rules.seat_note(state, seat)
        lines.append(f"  Player {seat}: {cards or '-'}   ({counted(len(hand), 'card')}"
                     + (f"; {note})" if note else ")"))
    melds = "   ".join(f"[{label}] player {owner}: {style.cards(cards)}"
                       for label, owner, cards in rules.table_melds(state))
    lines.append(f"  Melds: {melds or 'none'}")
    lines += [f"  {line}" for line in rules.replay_centre(state, style)]
    return lines


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
    """One hand of a meld game (``args.game``): the human at ``--seat``, the house
    (``--opponent``, on the server) at every other seat of the ``--players`` (two by
    default; Conquian's three, QD12, rummy's up to six); what differs between the games is
    the game's module's (:class:`MeldRules`)."""

    def __init__(self, client: CardGames, args: argparse.Namespace, symbols: bool,
                 stdin: TextIO, out: TextIO, delay: float) -> None:
        self.client = client
        self.args = args
        self.style = MeldStyle(symbols)
        self.stdin = stdin
        self.out = out
        self.delay = delay
        self.game: str = args.game
        self.rules = rules_of(self.game)
        self.human: int = args.seat
        self.seats: int = getattr(args, "players", None) or 2
        self.house = opponent_name(args.opponent)
        self.features: frozenset[str] = frozenset()
        self.risks: dict[str, dict[str, Any]] = {}

    # -- talking (say and ask: client.console)
    def name(self, seat: int | None) -> str:
        """``you``, the house (``the solver``), or at more than two seats the house at its
        seat (``the solver at seat 2``)."""
        if seat == self.human:
            return "you"
        return self.house if self.seats == 2 else f"{self.house} at seat {seat}"

    def verb(self, seat: int | None, you: str, them: str) -> str:
        return f"{self.name(seat).capitalize()} {you if seat == self.human else them}"

    @property
    def others(self) -> list[int]:
        """The other seats in turn order, from the one after yours."""
        return [(self.human + i) % self.seats for i in range(1, self.seats)]

    @property
    def other(self) -> int:
        """The seat after yours (the other seat, at two)."""
        return self.others[0]

    def dealer_words(self, dealer: int, you: str, them: str) -> str:
        """``you deal``, ``the house deals``, or at more than two seats the house's seat."""
        if dealer == self.human:
            return f"you {you}"
        return f"the house {them}" if self.seats == 2 else f"{self.name(dealer)} {them}"

    def each(self, points: list[int]) -> str:
        """``you +1, the solver -1``: each seat's points, yours first."""
        return ", ".join(f"{self.name(seat)} {points[seat]:+d}"
                         for seat in [self.human, *self.others])

    # -- the loop
    def variant_of(self) -> dict[str, Any]:
        """The catalog's entry of the variant to play (``--variant`` or the game's
        default); a usage error naming the playable ones otherwise."""
        offered = playable(self.client.catalog(), self.game)  # the default first
        asked = self.args.variant or (offered[0]["name"] if offered else self.game)
        found = next((v for v in offered if v["name"] == asked), None)
        if found is None:
            names = ", ".join(v["name"] for v in offered) or "none yet"
            raise UsageError(f"--game {self.game} --variant {asked} cannot be played here; "
                             f"playable: {names}")
        return found

    def run(self) -> int:
        """A new sealed hand (or a saved one, ``--state``), played to its end."""
        self.features = features(self.client.catalog(), self.game)
        if self.args.state:
            saved = read_saved(self.args.state)
            if not (isinstance(saved, dict) and isinstance(saved.get("game"), str)):
                raise UsageError(f"{self.args.state}: --game {self.game} resumes a sealed "
                                 "game saved by --save")
            position = {"game": saved["game"], "credential": saved.get("credential")}
            seen = self.client.view(position)
            self.human = int(seen["view"]["player"])
            self.seats = len(seen["view"]["hand_sizes"])
            self.say(f"Resuming the saved hand of {self.title(seen['view'])}: you play "
                     f"seat {self.human}.")
        else:
            variant = self.variant_of()
            self.seats = getattr(self.args, "players", None) or variant["seats"]
            low, high = variant.get("min_seats", self.seats), variant.get("max_seats", self.seats)
            if not low <= self.seats <= high:
                raise UsageError(f"--players {self.seats}: {variant['name']} is played by "
                                 f"{low} to {high}")
            if self.human >= self.seats:
                raise UsageError(f"--seat {self.human}: {variant['name']} has seats 0 to "
                                 f"{self.seats - 1}")
            created = self.new_game(variant["name"], self.args.opponent)
            position = {"game": created["game"],
                        "credential": created["credentials"][self.human]}
            self.save(position)
            seen = self.client.view(position)
            rules = ("" if "rules_url" not in variant
                     else f" (rules: {self.client.link(variant['rules_url'])})")
            dealer = seen["view"]["dealer"]
            self.say(f"New hand of {self.title(seen['view'])}{rules} against {self.house}: "
                     f"{self.dealer_words(dealer, 'deal', 'deals')}. Type ? for help.")
            self.report(seen.get("events", []))
        while True:
            view = self.client.view(position)["view"]
            if view["phase"] == "over":
                self.hand_over(view, [])
                return self.records(position)
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
                return self.records(position)

    def records(self, position: dict[str, Any]) -> int:
        """After the hand: its record to ``--record``, and at a terminal the replay and the
        review, as far as the game's catalog ``features`` offer them (client/records.py)."""
        records.offer(self.client, position, self.human, self.style, self.stdin, self.out,
                      self.args.record, self.features)
        return 0

    def new_game(self, variant: str, bot: str) -> dict[str, Any]:
        """``POST /v1/games``, sealed, the house at every other seat (``--opponent``: a bot,
        a level, or the dial's number); where the variant has no such bot, the house plays
        at random."""
        extra = {"players": self.seats} if getattr(self.args, "players", None) else {}
        try:
            return self.client.new_game(
                self.args.seed, self.args.dealer, sealed=True, game=self.game,
                variant=variant, house=[{"player": seat, **house_seat(bot)}
                                        for seat in self.others],
                **extra)
        except ApiError as exc:
            if not str(exc.body.get("field")).endswith("].bot") or bot == "random":
                raise
            self.say(f"{exc.message}: the house plays random moves.")
            self.house = "the random"
            return self.new_game(variant, "random")

    def title(self, view: dict[str, Any]) -> str:
        return self.rules.TITLES.get(view["variant"], str(view["variant"]))

    def human_turn(self, position: dict[str, Any],
                   view: dict[str, Any]) -> dict[str, Any] | None:
        if "risks" in self.features:
            listed = self.client.legal_moves_with_risks(position)
            moves = list(listed["moves"])
            self.risks = {r["move"]: r for r in listed.get("risks", [])}
        else:
            moves = self.client.legal_moves(position)
        self.show(view)
        self.list_moves(moves, view)
        while True:
            numbers = "1" if len(moves) == 1 else f"1-{len(moves)}"
            line = self.ask(f"Your move ({numbers} or id; h hint, w why, q quit): ")
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
            elif command.split()[0] in ("w", "why"):
                self.why(position, view, line.split()[1:])
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
            if hint.get("alternative_of"):  # said with the move it is alike to
                continue
            raw = hint["move"]
            ident = raw if isinstance(raw, str) else move_id(raw)
            move = by_id.get(ident, raw if isinstance(raw, dict) else {"type": ident})
            alike = [self.describe(by_id[other], view) if other in by_id else other
                     for other in hint.get("alternatives") or []]
            also = f" (or {'; '.join(alike)})" if alike else ""
            self.say(f"  {hint['rank']:>2}. {hint['equity']:+7.2f} ± {hint['stderr']:.2f}  "
                     f"{self.describe(move, view)}{also}  [{ident}]")
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
        dealer = self.dealer_words(view["dealer"], "dealt", "dealt")
        lines = ["", f"== {self.title(view)} · {dealer} · {self.rules.header(self, view)} =="]
        for other in self.others:
            count = view["hand_sizes"][other]
            known = (view.get("known") or [[]] * self.seats)[other]
            lines.append(f"{self.name(other).capitalize()}: {count} card"
                         f"{'s' if count != 1 else ''} in hand"
                         + (f" (known to hold {s.cards(known)})" if known else ""))
        lines += self.rules.centre(self, view)
        melds = self.rules.table_melds(view)
        for owner in (*self.others, self.human):
            mine = [(label, cards) for label, who, cards in melds if who == owner]
            whose = ("Your melds" if owner == self.human
                     else f"{self.name(owner).capitalize()}'s melds")
            text = "   ".join(f"[{label}] {s.cards(cards)}" for label, cards in mine)
            lines.append(f"{whose}: {text or 'none'}")
        variant = view.get("variant")
        marked = {c for meld in hand_melds(view["hand"], self.game, variant) for c in meld}
        groups = "   ".join(
            " ".join(s.card(c) + ("*" if c in marked else "") for c in cards)
            for _, cards in suit_groups(view["hand"], self.game, variant))
        lines.append(f"Your hand: {groups or '(none)'}")
        notes = []
        if marked:
            notes.append("* makes a meld")
        notes += self.rules.notes(self, view)
        if notes:
            lines.append(f"           ({'; '.join(notes)})")
        return lines

    def list_moves(self, moves: list[dict[str, Any]], view: dict[str, Any]) -> None:
        """Your moves numbered, each discard with its warning (legal-moves' ``risks``)."""
        self.say("Your moves:")
        for number, move in enumerate(moves, start=1):
            warning = self.risk_text(self.risks.get(move_id(move)))
            self.say(f"  {number:>2}. {self.describe(move, view)}  [{move_id(move)}]"
                     + (f"  ! {warning}" if warning else ""))

    def risk_text(self, risk: dict[str, Any] | None) -> str:
        """A discard's warning (docs/api.md "Warnings of the meld games"): "the next player
        melds with it: 49%", or "" when it offers nothing."""
        if not risk or not risk["probability"] or risk["player"] is None:
            return ""
        chance = risk["probability"] * 100
        odds = ("certain" if risk["probability"] >= 1 else f"{chance:.0f}%" if chance >= 1
                else "under 1%")
        who = "the next player" if risk["player"] == self.other else self.name(risk["player"])
        what = {"add": "adds it to a meld", "extend": "extends a meld with it"}.get(
            risk["how"], "melds with it")
        return f"{who} {what}: {odds}"

    def why(self, position: dict[str, Any], view: dict[str, Any], words: list[str]) -> None:
        """``w CARDS [@MELD]``: what those cards of the hand make (with the table meld
        labelled MELD), or each kind of move's first broken rule, with its link
        (``POST /v1/why``, from this seat's view only)."""
        labels = [w[1:] for w in words if w.startswith("@")]
        up = self.rules.face_up(view)  # a use of the face-up card is the game's to add
        cards = [w.upper() for w in words if not w.startswith("@")
                 and (w.upper() != up or w.upper() in view["hand"])]
        melds = {label: laid for label, _, laid in self.rules.table_melds(view)}
        if not cards or len(labels) > 1 or (labels and labels[0] not in melds):
            known = ", ".join(f"@{label}" for label in melds) or "none on the table"
            self.say(f"why: name cards of your hand, and @MELD for a meld of the table "
                     f"({known}); e.g. w 7H 8H, w 9H @0")
            return
        body: dict[str, Any] = {**position, "cards": cards}
        if labels:
            target = getattr(self.rules, "why_target", None)
            body.update(target(labels[0], melds[labels[0]]) if target
                        else {"table": melds[labels[0]]})
        try:
            answer = self.client.post("/v1/why", body)
        except ApiError as exc:
            if exc.status != 422:
                raise
            self.say(f"why: {exc.message}")
            return
        s = self.style
        head = s.cards(answer["cards"]) + (f" with [{labels[0]}]" if labels else "")
        if answer["moves"]:
            self.say(f"{head} make:")
            for move in answer["moves"]:
                self.say(f"  {self.describe(move, view)}  [{move_id(move)}]")
        else:
            self.say(f"{head}: no legal move.")
        for reason in answer["reasons"]:
            self.say(f"  not {article(reason['type'])}: {reason['message']} "
                     f"({reason['rule']}: {self.client.link(reason['rule_url'])})")
        for warning in answer.get("warnings") or []:
            self.say(f"  ! {warning['type']}: {warning['message']} "
                     f"({warning['rule']}: {self.client.link(warning['rule_url'])})")
        if answer.get("meld") is True:
            self.say("  a meld: yes")
        elif answer.get("meld") is False:
            self.say(f"  a meld: no, {answer['meld_message']} ({answer['meld_rule']})")

    def describe(self, move: dict[str, Any], view: dict[str, Any]) -> str:
        """A move in words."""
        s = self.style
        kind = move.get("type")
        if kind == "pass":
            return f"Pass {s.card(view.get('up'))}"
        if kind == "take" and move.get("meld"):
            return f"Take {s.card(move['card'])}: meld {s.cards(move['meld'])}"
        if kind == "take":
            return f"Take {s.card(self.rules.face_up(view))} from the discard pile"
        if kind == "lay":
            return f"Lay down {s.cards(move['meld'])}"
        if kind == "force":
            rest = sorted(c for c in move["meld"] if c != move["card"])
            owner = next((who for _, who, cards in self.rules.table_melds(view)
                          if sorted(cards) == rest), self.other)
            return f"Force {s.card(move['card'])} onto {self.name(owner)}'s meld: " \
                   f"{s.cards(move['meld'])}"
        if kind == "draw":
            return "Draw from the stock"
        if kind == "discard":
            return f"Discard {s.card(move['card'])}" + (
                " and call a show-down" if move.get("call") else "")
        if kind == "meld":
            return f"Lay out {s.cards(move['cards'])}"
        if kind == "add":
            target = next((cards for label, _, cards in self.rules.table_melds(view)
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
        if kind == "tableau" and "stakes" in e:
            return f"The stock is out: a tableau; the pool holds {sum(e['stakes'])}."
        if kind == "tableau":
            return f"The stock is out: a tableau; the pool holds {e['pool']} each."
        if kind == "settled":
            return f"Settled: {self.each(e['returns'])}."
        if kind == "show":
            melds = " | ".join(s.cards(m) for m in e.get("melds", [])) or "no meld"
            layoffs = " | ".join(s.cards(m) for m in e.get("layoffs", []))
            off = f", laying off {layoffs}" if layoffs else ""
            dead = s.cards(e.get("deadwood")) or "none"
            return f"{self.verb(seat, 'show', 'shows')} {melds}{off}; deadwood {dead} " \
                   f"({e['points']})."
        if kind == "settle":
            return f"Settled: {self.each(e['points'])}."
        if kind == "false_call":
            return f"{self.verb(seat, 'call', 'calls')} with {e['points']} of deadwood, " \
                   f"over the limit: {s.cards(e['cards'])}; play goes on."
        if kind == "reshuffle":
            if e.get("shuffled") is False:  # DP11
                return "The pile is turned face down into a new stock, as it lay."
            return "The pile is turned and shuffled into a new stock."
        if kind == "hand_drawn":
            if e.get("reason") not in (None, "again"):  # DP11, DP13
                return str(e.get("description"))
            return "The stock is out again: the hand is drawn."
        return str(e.get("description") or kind)

    def laid_text(self, text: str) -> str:
        """A laid meld's text (``6C+JK1+8C@6``) in cards: ``6♣ JK1 8♣``."""
        return self.style.cards(text.partition("@")[0].split("+"))

    def hand_over(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """The end of the hand, in the game's words (its module's ``hand_over``)."""
        self.say()
        self.rules.hand_over(self, view, events)

    def settlement(self, points: list[int]) -> None:
        """``Settlement: you +3, the solver -3.``"""
        self.say(f"Settlement: {self.each(points)}.")


def article(kind: str) -> str:
    """``a meld``, ``an add``: a kind of move with its article."""
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


def pick(text: str, moves: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The move a line names: its number in the list, or its id (any case)."""
    if text.isdigit():
        number = int(text)
        return moves[number - 1] if 1 <= number <= len(moves) else None
    wanted = text.replace(" ", "").upper()
    return next((m for m in moves if move_id(m).upper() == wanted), None)
