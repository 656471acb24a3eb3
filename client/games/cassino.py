"""Cassino at the terminal: ``cassino play`` (the default game) and ``cassino hint``.

The human at ``--seat``, the house (``--opponent``, on the server) at every other seat of
the variant (two, three or four, docs/play.md); a sealed game, so the terminal holds the
token and the human seat's credential, never another hand.  ``cassino hint --state FILE``
ranks the moves of a saved Cassino position.  The command line finds this module by the
game's name (:mod:`client.games`).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, TextIO

from client import records
from client.api import ApiError, CardGames
from client.catalog import playable
from client.console import Console
from client.files import UsageError, read_json, state_or_view
from client.house import house_seat, opponent_name
from client.text import Style, breakdown_lines, choose_prompt, counted, hint_lines

__all__ = ["GAME", "TITLE", "TerminalGame", "batch_of", "choose_variant", "hint", "house_seat",
           "opponent_name", "pick", "play", "replay_lines", "sweep_warning", "table_variants"]

GAME = __name__.rpartition(".")[2]
"""This module's game: its name, the one the command line finds it by."""
TITLE = "Cassino and its variants for two to four"

HELP = """Commands:
  <number>   play the move with that number in the list
  <id>       play the move with that id (e.g. KC, 7Sx2H5C, 2H+5C=7)
  h          hint: your moves ranked by the solver, with their equity
  m          list your moves again      t   show the table again
  c          claim the game (twenty-one-claims: right wins, wrong loses)
  w CARD [TABLE CARDS] [=VALUE]
             why not: the moves a hand card makes with those table cards (a build
             by all its cards), or the rule that forbids it (e.g. w 7S 5C 3D)
  (a move marked "sweep" leaves the next player a sweep with that chance)
  q          quit                       ?   this help"""


RESTATED = frozenset({"trail", "capture", "build"})
"""The events that only say the move again (a replay shows the move itself)."""


def replay_lines(position: dict[str, Any], last: int, symbols: bool) -> list[str]:
    """One position of a replay (``cassino replay``, client/records.py): the move that led
    there and what else it did, each hand with its captures and sweeps, the table, the
    stock and the scores."""
    style = Style(symbols)
    state = position["state"]
    lines = [records.head_line(position, last, f"Round {state['round']} dealt"),
             *records.event_lines(position, RESTATED)]
    turn = "game over" if state["status"] != "playing" else \
        f"to move: player {state['to_move']}"
    lines.append(f"  Round {state['round']}, dealer {state['dealer']}, {turn}")
    for seat, hand in enumerate(state["hands"]):
        lines.append(f"  Player {seat}: {style.cards(hand) or '-'}   "
                     f"({len(state['captured'][seat])} taken, {state['sweeps'][seat]} sweeps)")
    lines.append(f"  Table: {style.table(state['table']) or '-'}   Stock: "
                 f"{len(state['stock'])}   Scores: {state['scores']}")
    return lines


def table_variants(catalog: dict[str, Any], game: str = GAME) -> list[dict[str, Any]]:
    """The variants ``play`` can start (client/catalog.py), the game's default first."""
    return playable(catalog, game)


def choose_variant(catalog: dict[str, Any], asked: str | None) -> dict[str, Any]:
    """The catalog's entry of the variant to play: ``asked``, or the default; a
    :class:`UsageError` naming the playable ones when ``asked`` is not one of them."""
    offered = table_variants(catalog)
    if not offered:
        raise UsageError("the server offers no playable variant")
    if asked is None:
        return offered[0]
    found = next((v for v in offered if v["name"] == asked), None)
    if found is None:
        names = ", ".join(v["name"] for v in offered)
        declared = {v["name"] for g in catalog["games"] for v in g["variants"]}
        why = "cannot be played here yet" if asked in declared else "is not a variant"
        raise UsageError(f"--variant {asked} {why}; playable: {names} "
                         "(`cassino variants` lists them all)")
    return found


def batch_of(rules: dict[str, Any] | None, stock: int) -> tuple[int, int] | None:
    """The batch in play and the batches of a round under a variant's options (``GET
    /v1/variants``), or ``None`` when the variant does not deal in batches (draw, V5)."""
    if not rules or rules.get("draw_after_play") or not rules.get("hand_size"):
        return None
    per_batch = rules["players"] * rules["hand_size"]
    total = (52 - rules.get("table_size", 0)) // per_batch
    return total - stock // per_batch, total



def hint(args: argparse.Namespace, client: CardGames, symbols: bool,
         state: dict[str, Any] | None, view: dict[str, Any] | None, out: TextIO) -> int:
    """``cassino hint --state FILE``: the moves of a saved state or view ranked."""
    style = Style(symbols)
    options = {"samples": args.samples, "time_ms": args.time_ms, "seed": args.seed,
               "top": args.top, "opponent_model": args.opponent_model}
    if view is not None:
        if args.player is not None and args.player != view.get("player"):
            raise UsageError(f"{args.state} is seat {view.get('player')}'s view: "
                             "--player cannot change it")
        answer = client.hints(view=view, **options)
        position = view
    else:
        assert state is not None
        player = state.get("to_move") if args.player is None else args.player
        answer = client.hints(state=state, player=player, **options)
        position = state
    if args.json:
        print(json.dumps(answer, indent=2, ensure_ascii=False), file=out)
        return 0
    player = answer["player"]
    to_move = position.get("to_move")
    print(f"Seat {player}, {'to move' if player == to_move else 'not to move'}; "
          f"table: {style.table(position['table'])}", file=out)
    evaluation = answer.get("evaluation", {})
    if evaluation:
        points = evaluation.get("expected_points", [])
        pm = "±" if style.symbols else "+-"
        print(f"Position: equity {evaluation['equity']:+.2f} {pm} "
              f"{evaluation.get('stderr', 0):.2f}; expected round points "
              + ", ".join(f"seat {seat} {value:.1f}" for seat, value in enumerate(points)),
              file=out)
    if answer.get("solver", {}).get("exact"):
        print("Exact: the game's value (every card known, best play by both sides to the "
              "round's end).", file=out)
    if not answer["moves"]:
        print(f"No moves to rank: seat {player} is not to move." if player != to_move
              else "No moves to rank: the game is over.", file=out)
        return 0
    for line in hint_lines(answer, style, position["table"]):
        print(line, file=out)
    return 0



def play(client: CardGames, args: argparse.Namespace, symbols: bool, stdin: TextIO,
         out: TextIO, delay: float) -> int:
    """``cassino play``: one game against the house (client/games/__init__.py)."""
    return TerminalGame(client, args, Style(symbols), stdin, out, delay).run()


class TerminalGame(Console):
    """One game: the human at ``args.seat``, the house (``--opponent``, on the server) at
    every other seat; with an open state the other seats' moves are their top hints."""

    def __init__(self, client: CardGames, args: argparse.Namespace, style: Style,
                 stdin: TextIO, out: TextIO, delay: float) -> None:
        self.client = client
        self.args = args
        self.style = style
        self.stdin = stdin
        self.out = out
        self.delay = delay
        self.finished = False
        self.variant = "standard"
        self.all_rules: dict[str, dict[str, Any]] | None = None
        self.risks: dict[str, Any] = {}
        """The sweep each of the human's moves leaves the next player, by move id."""
        self.seat_up(args.seat, [[0], [1]])

    def seat_up(self, human: int, teams: list[list[int]]) -> None:
        """Who sits where: ``teams`` lists each side's seats (``GET /v1/catalog``), so the
        seat count, the partner and the sides come from the server."""
        self.human = human
        self.teams = [list(team) for team in teams]
        self.seats = sum(len(team) for team in teams)
        self.side = {seat: i for i, team in enumerate(self.teams) for seat in team}
        mine = self.side.get(human, 0)
        if self.seats == 2:
            self.names: tuple[str, ...] = tuple("You" if seat == human else "Solver"
                                                for seat in range(2))
        else:
            self.names = tuple("You" if seat == human else "Partner"
                               if self.side[seat] == mine else f"Seat {seat}"
                               for seat in range(self.seats))
        teamed = any(len(team) > 1 for team in self.teams)
        self.side_names: tuple[str, ...] = tuple(
            ("Your team" if i == mine else "Their team" if len(self.teams) == 2
             else f"Team {i}") if teamed else self.names[team[0]]
            for i, team in enumerate(self.teams))
        self.others = [(human + k) % self.seats for k in range(1, self.seats)]
        """The other seats in turn order, from the one after yours."""
        self.side_order = tuple(dict.fromkeys([mine, *(self.side[s] for s in self.others)]))
        """The sides, yours first, then in turn order."""

    def who(self, seat: int) -> str:
        """A seat in running text: ``you``, ``the solver``, ``your partner``, ``seat 2``."""
        name = self.names[seat]
        return {"You": "you", "Solver": "the solver", "Partner": "your partner"}.get(
            name, name.lower())

    def teams_of(self, variant: str, seats: int) -> list[list[int]]:
        """The sides of ``variant`` from the catalog; each seat alone when it is not there."""
        for game in self.client.catalog().get("games", []):
            for entry in game.get("variants", []):
                if entry.get("name") == variant and entry.get("seats") == seats:
                    return [list(team) for team in entry["teams"]]
        return [[seat] for seat in range(seats)]

    def options(self) -> dict[str, Any]:
        return {"samples": self.args.samples, "time_ms": self.args.time_ms,
                "seed": self.args.hint_seed}

    # -- the loop
    def run(self) -> int:
        """A new sealed game (the other seats house seats: the server plays them, and this
        terminal never holds their hands), or the game saved in ``--state``: sealed, or an
        open state (whose other seats' moves are asked as hints for their seats)."""
        if self.args.state:
            if self.args.variant is not None:
                raise UsageError("--variant starts a new game: a saved game (--state) keeps "
                                 "its own")
            position = self.resume(read_json(self.args.state))
        else:
            variant = choose_variant(self.client.catalog(), self.args.variant)
            self.variant = variant["name"]
            seats = int(variant["seats"])
            if self.args.seat >= seats:
                raise UsageError(f"--seat {self.args.seat}: {self.variant} has seats 0 to "
                                 f"{seats - 1}")
            self.seat_up(self.args.seat, variant["teams"])
            house = [{"player": seat, **house_seat(self.args.opponent)}
                     for seat in range(seats) if seat != self.human]
            created = self.client.new_game(self.args.seed, self.args.dealer, sealed=True,
                                           game=GAME, variant=self.variant, house=house)
            position = {"game": created["game"], "credential": created["credentials"][self.human]}
            seen = self.client.view(position)
            view = seen["view"]
            rules = ("" if "rules_url" not in variant
                     else f" (rules: {self.client.link(variant['rules_url'])})")
            if self.seats == 2:
                dealer = "you deal" if view["dealer"] == self.human else "the solver deals"
                self.say(f"New game against {opponent_name(self.args.opponent)}: {dealer} first; "
                         f"{self.variant}{rules}, {self.target()}. Type ? for help.")
            else:
                dealer = self.who(view["dealer"])
                partner = [seat for seat in self.others if self.names[seat] == "Partner"]
                with_partner = (f"; your partner is seat {partner[0]}" if partner else "")
                self.say(f"New game of {self.variant}{rules}: you play seat {self.human}, "
                         f"{opponent_name(self.args.opponent)} plays seats "
                         f"{', '.join(str(seat) for seat in sorted(self.others))}"
                         f"{with_partner}; {dealer} deal{'' if dealer == 'you' else 's'} "
                         f"first; {self.target()}. Type ? for help.")
            self.report(seen.get("events", []), view["table"])  # the house's lead
        sealed = "game" in position
        while True:
            view = self.client.view(position, None if sealed else self.human)["view"]
            self.variant = view.get("variant", "standard")
            if view["status"] != "playing":
                break
            table_before = view["table"]
            if view["to_move"] == self.human:
                move = self.human_turn(position, view)
                if move is None:
                    self.say("Bye.")
                    return 0
            else:  # an open state: the other seat's move is its top hint
                if self.delay:
                    time.sleep(self.delay)
                answer = self.client.hints(position={**position, "player": view["to_move"]},
                                           top=1, **self.options())
                move = answer["moves"][0]["move"]
            result = self.client.apply(position, move["id"])
            if sealed:
                position = {**position, "game": result["game"]}
            else:
                position = {"state": result["state"]}
            self.save(position)
            self.report(result["events"], table_before)
        if not self.finished:  # a saved game that was already over
            winner = view["winner"]
            if self.seats == 2:
                who = ("nobody" if winner is None  # a drawn game (V1.3)
                       else "you" if winner == self.human else "the solver")
            else:
                who = ("nobody" if winner is None else
                       self.side_names[winner].lower())
            self.say(f"This game is over: {who} won, {self.scores_text(view['scores'])} "
                     f"({'you' if self.seats == 2 else 'your side'} first).")
        records.offer(self.client, position, self.human, self.style, self.stdin, self.out,
                      self.args.record)
        return 0

    def resume(self, data: Any) -> dict[str, Any]:
        """The position saved in ``--state``: a sealed game ({"game", "credential"}) or a
        state; the seat is the credential's, or ``--seat``."""
        if isinstance(data, dict) and isinstance(data.get("game"), str):
            position = {"game": data["game"], "credential": data.get("credential")}
            view = self.client.view(position)["view"]
            self.variant = str(view.get("variant", "standard"))
            seats = len(view["hand_sizes"])
            self.seat_up(int(view["player"]), self.teams_of(self.variant, seats))
            self.say(f"Resuming the saved sealed game: you play seat {self.human}.")
            return position
        state, _ = state_or_view(data, self.args.state)
        if state is None:
            raise UsageError(f"{self.args.state}: play needs a saved game or a full state, "
                             "not a view")
        variant = state.get("variant", "standard")
        self.variant = variant if isinstance(variant, str) else "standard"
        hands = state.get("hands")
        seats = len(hands) if isinstance(hands, list) and len(hands) > 1 else 2
        if self.args.seat >= seats:
            raise UsageError(f"--seat {self.args.seat}: {self.variant} has seats 0 to "
                             f"{seats - 1}")
        self.seat_up(self.args.seat, self.teams_of(self.variant, seats))
        self.say(f"Resuming the saved game of {self.variant}. You play seat {self.human} "
                 f"against the solver; {self.target()}.")
        return {"state": state}

    def human_turn(self, position: dict[str, Any],
                   view: dict[str, Any]) -> dict[str, Any] | None:
        listed = self.client.legal_moves_with_risks(position)
        moves: list[dict[str, Any]] = listed["moves"]
        self.risks = {r["move"]: r for r in listed.get("risks", [])}
        self.show(view, self.client.score(position))
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
                self.hint(position, view)
            elif command in ("m", "moves"):
                self.list_moves(moves, view)
            elif command in ("t", "table"):
                self.show(view, self.client.score(position))
                self.list_moves(moves, view)
            elif command in ("?", "help"):
                self.say(HELP)
            elif command.split()[0] in ("w", "why"):
                self.why(position, line.split()[1:], view)
            elif command in ("c", "claim") and any(m["type"] == "claim" for m in moves):
                return next(m for m in moves if m["type"] == "claim")
            else:
                move = pick(line, moves)
                if move is not None:
                    return move
                self.say(f"{line!r} is not one of your moves: "
                         f"{choose_prompt(len(moves), moves[0]['id'])}.")

    def hint(self, position: dict[str, Any], view: dict[str, Any]) -> None:
        asking = position if "game" in position else {**position, "player": self.human}
        try:
            answer = self.client.hints(position=asking, top=self.args.top, **self.options())
        except ApiError as exc:
            if exc.status != 422:
                raise
            self.say(f"No hint: {exc.message}")  # e.g. no search for this variant yet
            return
        self.say("Hint: your moves ranked by the solver")
        for line in hint_lines(answer, self.style, view["table"]):
            self.say(line)

    def why(self, position: dict[str, Any], words: list[str], view: dict[str, Any]) -> None:
        """``w CARD [TABLE CARDS] [=VALUE]``: the moves they make, or the rule against each
        kind of move (``/v1/why``), from this seat's view only."""
        value = next((w[1:] for w in words if w.startswith("=")), None)
        cards = [w for w in words if not w.startswith("=")]
        if not cards or (value is not None and not value.isdigit()):
            self.say("why: name a card of your hand, then the table cards, e.g. w 7S 5C 3D "
                     "(a build by all its cards; =7 to ask about a build of 7)")
            return
        asking = position if "game" in position else {**position, "player": self.human}
        try:
            answer = self.client.why(asking, cards[0], cards[1:],
                                     None if value is None else int(value))
        except ApiError as exc:
            if exc.status != 422:
                raise
            self.say(f"why: {exc.message}")
            return
        picked = self.style.cards(answer["table"]) or "nothing"
        head = f"{self.style.card(answer['card'])} with {picked}"
        if answer["moves"]:
            self.say(f"{head} makes:")
            for move in answer["moves"]:
                self.say(f"  {self.style.move(move, view['table'])}  {move['id']}")
        else:
            self.say(f"{head}: no legal move.")
        for reason in answer["reasons"]:
            self.say(f"  not a {reason['type']}: {reason['message']}")
        reach = answer["captures"] + [c for c in answer["builds"] if c not in answer["captures"]]
        if reach:
            self.say(f"  {self.style.card(answer['card'])} can take or build with: "
                     f"{self.style.cards(sorted(reach, key=answer['captures'].__contains__))}")

    def save(self, position: dict[str, Any]) -> None:
        """Write the game to ``--save``: a sealed game's token and this seat's credential
        (never a state it may not see), or an open game's state."""
        if self.args.save:
            self.args.save.write_text(json.dumps(position), encoding="utf-8")

    # -- what the human sees
    def scores_text(self, scores: list[int]) -> str:
        """Game totals by side, yours first: ``you 5, solver 3``."""
        return ", ".join(f"{self.side_names[side].lower()} {scores[side]}"
                         for side in self.side_order)

    def show(self, view: dict[str, Any], score: dict[str, Any]) -> None:
        you = self.human
        stock = view["stock_size"]
        dealt = batch_of(self.rules(), stock)
        dealer = self.who(view["dealer"])
        last = ", the last" if view["last_batch"] else ""
        batch = f", batch {dealt[0]} of {dealt[1]}{last}" if dealt else last
        names = None if self.seats == 2 else self.names
        self.say()
        self.say(f"== Round {view['round']}{batch}; {dealer} dealt; stock {stock}; "
                 f"{self.variant} ==")
        self.say(f"Scores   {self.scores_text(view['scores'])}")
        for seat in self.others:
            self.say(f"{self.names[seat]:8} {view['hand_sizes'][seat]} cards in hand; "
                     + self.pile(view, score, seat))
        self.say(f"Table    {self.style.table(view['table'], you, names)}")
        self.say(f"You      {self.style.cards(view['hand'])}; " + self.pile(view, score, you))

    def pile(self, view: dict[str, Any], score: dict[str, Any], seat: int) -> str:
        pile = view["captured"][seat]
        spades = sum(1 for card in pile if card.endswith("S"))
        side = self.side.get(seat, seat)
        points = score["players"][side]["total"]
        whose = "" if len(self.teams[side]) == 1 else "team "
        return (f"captured {len(pile)} ({spades} spades), sweeps {view['sweeps'][seat]}, "
                f"{whose}{counted(points, 'point')} so far")

    def list_moves(self, moves: list[dict[str, Any]], view: dict[str, Any]) -> None:
        self.say("Your moves:")
        width = len(str(len(moves)))
        risks = self.risks
        for number, move in enumerate(moves, 1):
            text = self.style.move(move, view["table"])
            self.say(f"  {number:>{width}}. {text:<46}  {move['id']}"
                     f"{sweep_warning(risks.get(move['id']), self.who)}")

    def report(self, events: list[dict[str, Any]], table: dict[str, Any]) -> None:
        for event in events:
            if event["type"] == "round_scored":
                self.round_scored(event)
            elif event["type"] == "game_over":
                self.game_over(event)
            else:
                if (self.seats > 2 and self.delay and event.get("player") != self.human
                        and event["type"] in ("trail", "capture", "build")):
                    time.sleep(self.delay)  # the house's moves one at a time
                text = self.style.event(event, table, self.names)
                if text:
                    self.say(text)

    def round_scored(self, event: dict[str, Any]) -> None:
        self.say()
        self.say(f"== Round {event.get('round', '')} scored ==")
        for line in breakdown_lines(event["breakdown"], self.side_names, self.style,
                                    self.side_order, self.scoring()):
            self.say(line)
        self.say(f"Game scores: {self.scores_text(event['scores'])}.")

    def rules(self) -> dict[str, Any] | None:
        """The rule options of the game's variant (``GET /v1/variants``, asked once)."""
        if self.all_rules is None:
            self.all_rules = {v["name"]: v for v in self.client.variants()}
        return self.all_rules.get(self.variant)

    def target(self) -> str:
        """The variant's goal in words: ``first to 21 wins``."""
        target = (self.rules() or {}).get("target_score")
        return f"first to {target} wins" if target else "play to the end"

    def scoring(self) -> list[dict[str, Any]] | None:
        """The scoring categories of the game's variant (``GET /v1/variants``)."""
        categories = (self.rules() or {}).get("categories")
        return list(categories) if categories else None

    def game_over(self, event: dict[str, Any]) -> None:
        self.finished = True
        scores = event["scores"]
        mine = self.side_order[0]
        self.say()
        value = event.get("game_value", 1)
        worth = f" (a game worth {value})" if value != 1 else ""
        if self.seats > 2:
            winner = event["winner"]
            who = ("nobody" if winner is None else "you win" if winner == mine
                   and self.side_names[mine] == "You" else "your team wins" if winner == mine
                   else f"{self.side_names[winner].lower()} wins")
            self.say(f"GAME OVER: {who}{worth}: {self.scores_text(scores)}.")
            return
        theirs_side = self.side_order[1]
        mine_points, theirs = scores[mine], scores[theirs_side]
        if event["winner"] is None:  # a drawn game (V1.3)
            self.say(f"GAME OVER: a draw, {mine_points} to {theirs}.")
        elif event["winner"] == mine:
            self.say(f"GAME OVER: you win, {mine_points} to {theirs}{worth}!")
        else:
            self.say(f"GAME OVER: the solver wins, {theirs} to {mine_points}{worth}.")


def sweep_warning(risk: dict[str, Any] | None, who: Any) -> str:
    """The warning a move carries when it leaves the next player a sweep (R13): with what
    chance, and which ranks would do it; empty when none can."""
    if not risk or not risk["probability"] or risk["player"] is None:
        return ""
    chance = risk["probability"] * 100
    odds = "certain" if risk["probability"] >= 1 else f"{chance:.0f}%" if chance >= 1 \
        else "under 1%"
    return f"  ! sweep for {who(risk['player'])}: {odds} (with a {'/'.join(risk['ranks'])})"


def pick(text: str, moves: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The move a line names: its number in the list, or its id (any case)."""
    if text.isdigit():
        number = int(text)
        return moves[number - 1] if 1 <= number <= len(moves) else None
    wanted = text.replace(" ", "").upper()
    return next((move for move in moves if move["id"].upper() == wanted), None)
