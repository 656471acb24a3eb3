"""A whole game and one seat's view of it (SC1-SC24): the packs and the moves made, from
which everything else is told; the view, what one seat may see (SC24)."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

from engine.cards import card_name
from engine.errors import GameOverError, IllegalMoveError, StateError
from engine.events import Event
from engine.result import Result
from engine.solitaire_cribbage.moves import Move
from engine.solitaire_cribbage.rules import (
    DEAL_SIZE,
    DEALS,
    MAX_SEED,
    NAME,
    PACK,
    deal_positions,
)
from engine.solitaire_cribbage.table import Table, counted, last_counted

__all__ = ["State", "View", "new_packs", "pack_of", "resample", "seat_error"]


def pack_of(seed: int, seat: int) -> tuple[int, ...]:
    """SC3, SCD1: seat ``seat``'s pack, shuffled from the game's seed and the seat."""
    pack = list(range(PACK))
    random.Random(f"{NAME}/{seed}/{seat}").shuffle(pack)
    return tuple(pack)


def new_packs(seed: int, seats: int) -> tuple[tuple[int, ...], ...]:
    return tuple(pack_of(seed, seat) for seat in range(seats))


def six_of(pack: tuple[int, ...], deal: int) -> tuple[int, ...]:
    """SC4: the six cards deal ``deal`` gives the hand, in the order dealt."""
    return tuple(pack[i] for i in deal_positions(deal)[0])


def seat_error(move: Move, seat: int) -> IllegalMoveError | None:
    """SC12: a seat lays away its own cards only; the refusal of a move of another seat
    than ``seat``, the same from a sealed credential and from the seat's view."""
    if move.player != seat:
        return IllegalMoveError(f"move.player: the move is seat {move.player}'s, not this "
                                f"seat's ({seat}) (SC12)", field="move.player", rule="SC12")
    return None


@dataclass(frozen=True)
class State:
    """Every seat's pack (top first, the order fixed by the shuffle) and the moves made,
    in order: the deals, the counts and the end follow from them (SC4-SC12)."""

    variant: str
    seed: int
    packs: tuple[tuple[int, ...], ...]
    history: tuple[Move, ...] = ()
    game = NAME

    @property
    def seats(self) -> int:
        return len(self.packs)

    @functools.cached_property
    def laid(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Each seat's pairs laid away, deal by deal."""
        out: list[list[tuple[int, int]]] = [[] for _ in self.packs]
        for move in self.history:
            out[move.player].append(move.cards)
        return tuple(tuple(seat) for seat in out)

    @functools.cached_property
    def table(self) -> Table:
        """SC7-SC12, SC20: the deals every seat has laid away for are counted, one after
        another, until a seat reaches 91 (SCD5) or the last hand is counted (SC10)."""
        return self._counted_from(Table(self.variant, tuple(() for _ in self.packs)))

    def _counted_from(self, table: Table) -> Table:
        """``table`` (the counts of some first deals of this game) with every deal since
        counted."""
        counts = [list(seat) for seat in table.counts]
        for deal in range(table.dealt + 1, DEALS + 1):
            if table.over or any(len(seat) < deal for seat in self.laid):
                return table
            for seat, pack in enumerate(self.packs):
                hand, crib, starter = deal_positions(deal)
                laid = self.laid[seat][deal - 1]
                kept = tuple(pack[i] for i in hand if pack[i] not in laid)
                counts[seat].append(counted(deal, kept, laid, tuple(pack[i] for i in crib),
                                            pack[starter]))
            table = Table(self.variant, tuple(tuple(c) for c in counts))
        if table.over:
            return table
        for seat, pack in enumerate(self.packs):
            counts[seat].append(last_counted(pack[DEALS * 8:]))
        return Table(self.variant, tuple(tuple(c) for c in counts))

    @property
    def deal(self) -> int:
        return self.table.deal

    @property
    def game_over(self) -> bool:
        return self.table.over

    @property
    def acting(self) -> frozenset[int]:
        """SC12, SCD10: every seat that has yet to lay away in this deal, in any order."""
        if self.game_over:
            return frozenset()
        return frozenset(s for s, laid in enumerate(self.laid) if len(laid) < self.deal)

    @property
    def to_move(self) -> int:
        """The first of the seats yet to lay away (0 once the game is over): the seat a
        request that names none is about."""
        return min(self.acting, default=0)

    @property
    def result(self) -> Result:
        return self.table.result()

    def hand(self, seat: int) -> tuple[int, ...]:
        """The cards seat ``seat`` holds now, sorted: the six dealt, or the four it kept
        (none once the game is over)."""
        if self.game_over:
            return ()
        six = six_of(self.packs[seat], self.deal)
        laid = self.laid_now(seat)
        return tuple(sorted(c for c in six if c not in laid))

    def laid_now(self, seat: int) -> tuple[int, ...]:
        """The two cards ``seat`` has laid away in this deal (none yet: empty)."""
        laid = self.laid[seat]
        return laid[self.deal - 1] if not self.game_over and len(laid) >= self.deal else ()

    def moves_for(self, seat: int) -> list[Move]:
        """SC5: the fifteen ways to lay two of the six away (none off its turn)."""
        if seat not in self.acting:
            return []
        six = self.hand(seat)
        return [Move(seat, (a, b)) for i, a in enumerate(six) for b in six[i + 1:]]

    def legal_moves(self) -> list[Move]:
        return [m for seat in sorted(self.acting) for m in self.moves_for(seat)]

    def apply(self, move: Move) -> tuple[State, list[Event]]:
        """SC5-SC10: ``move`` laid away; once every seat has, the starters cut, the deal
        counted, and the next dealt (or the game over)."""
        refusal = self.view(move.player).refusal(move) if 0 <= move.player < self.seats \
            else StateError(f"move.player: seat {move.player} is not at this table "
                            f"(0 to {self.seats - 1}, SC2)", field="move.player", rule="SC2")
        if refusal is not None:
            raise refusal
        after = State(self.variant, self.seed, self.packs, (*self.history, move))
        after.__dict__["table"] = after._counted_from(self.table)  # the counts carried on
        events = [Event.of("lay", player=move.player, cards=move.cards)]
        if after.deal != self.deal or after.game_over:
            for seat in range(self.seats):
                for done in after.table.counts[seat][len(self.table.counts[seat]):]:
                    events.append(Event.of("count", player=seat, counted=done))
            if after.game_over:
                events.append(Event.of("end", result=after.result, games=after.table.games()))
            else:
                for seat in range(self.seats):
                    events.append(Event.of("deal", player=seat, deal=after.deal,
                                           cards=after.hand(seat)))
        return after, events

    def returns(self) -> tuple[int, ...]:
        return tuple(int(s in self.result.winners) for s in range(self.seats)) \
            if self.game_over else (0,) * self.seats

    def view(self, player: int) -> View:
        if not 0 <= player < self.seats:
            raise StateError(f"player: a seat of this table, 0 to {self.seats - 1} (SC2)",
                             field="player", rule="SC2")
        return View(self.variant, player, self.table, self.hand(player),
                    self.laid_now(player), self.acting)

    def to_dict(self) -> dict[str, Any]:
        return {"game": NAME, "variant": self.variant, "seed": self.seed,
                "packs": [[card_name(c) for c in pack] for pack in self.packs],
                "history": [{"player": m.player, "move": m.id} for m in self.history],
                "deal": self.deal,
                "hands": [[card_name(c) for c in self.hand(s)] for s in range(self.seats)],
                "laid": [[card_name(c) for c in self.laid_now(s)] for s in range(self.seats)],
                "acting": sorted(self.acting), **self.table.to_dict()}


@dataclass(frozen=True)
class View:
    """What seat ``player`` sees (SC24): every seat's counted deals (public), its own
    hand and the cards it has laid away in this deal, and who has yet to lay away."""

    variant: str
    player: int
    table: Table
    hand: tuple[int, ...]
    laid: tuple[int, ...]
    waiting: frozenset[int]
    game = NAME

    @property
    def seats(self) -> int:
        return self.table.seats

    @property
    def deal(self) -> int:
        return self.table.deal

    @property
    def game_over(self) -> bool:
        return self.table.over

    @property
    def result(self) -> Result:
        return self.table.result()

    @property
    def holes(self) -> tuple[int, ...]:
        return self.table.holes

    def legal_moves(self) -> list[Move]:
        if self.game_over or self.player not in self.waiting:
            return []
        six = self.hand
        return [Move(self.player, (a, b)) for i, a in enumerate(six) for b in six[i + 1:]]

    def seen(self, seat: int) -> set[int]:
        """The cards of ``seat``'s pack this seat has seen: its counts (public, SC24) and,
        for its own, its hand and the cards laid away."""
        out = {c for done in self.table.counts[seat]
               for c in (*done.hand, *done.crib, *(() if done.starter is None
                                                     else (done.starter,)))}
        if seat == self.player:
            out.update(self.hand, self.laid)
        return out

    def unseen(self) -> list[int]:
        """SC24, SCD4: the cards of this seat's own pack it has not seen (the crib's two
        dealt cards, the starter and the rest of the pack among them), ascending."""
        seen = self.seen(self.player)
        return [c for c in range(PACK) if c not in seen]

    def refusal(self, move: Any) -> Exception | None:
        """Why this seat may not make ``move`` (SC5, SC12), told from this view alone."""
        if self.game_over:
            return GameOverError("the game is over: no card is laid away after the last "
                                 "count (SC10, SC20)", field="move", rule="SC10, SC20")
        if not isinstance(move, Move):
            return IllegalMoveError("move: a seat's two cards laid away (SC5)", field="move",
                                    rule="SC5")
        named = seat_error(move, self.player)
        if named is not None:
            return named
        if self.player not in self.waiting:
            return IllegalMoveError(f"player {self.player} has laid away in deal {self.deal}"
                                    "; the next deal waits for the others (SC12)",
                                    field="move", rule="SC12")
        for card in move.cards:
            if card not in self.hand:
                return IllegalMoveError(f"move: {card_name(card)} is not in your hand (SC5)",
                                        field="move", rule="SC5", token=card_name(card))
        return None

    def resample(self, rng: random.Random) -> State:
        """A whole state with this view: every card this seat has not seen drawn from
        ``rng`` (the packs' rest, the cribs' dealt cards, the others' hands and the cards
        they laid away in this deal), SC24."""
        return resample(self, rng)

    def to_dict(self) -> dict[str, Any]:
        return {"game": NAME, "variant": self.variant, "player": self.player,
                "seats": self.seats, "deal": self.deal,
                "hand": [card_name(c) for c in self.hand],
                "laid": [card_name(c) for c in self.laid],
                "waiting": sorted(self.waiting), **self.table.to_dict()}


# --- a view made a whole state (SC24): the search's worlds --------------------------------


def _pack(view: View, seat: int, rng: random.Random) -> tuple[list[int], list[tuple[int, int]]]:
    """Seat ``seat``'s pack as the view allows it, the unseen cards drawn from ``rng``, and
    the pairs it laid away, deal by deal."""
    pack: list[int | None] = [None] * PACK
    laid: list[tuple[int, int]] = []
    for done in view.table.counts[seat]:
        if done.deal > DEALS:  # SC10: the four left, the last starter among them
            rest = [c for c in done.hand if c not in pack]
            for i, card in zip([i for i in range(DEALS * DEAL_SIZE, PACK) if pack[i] is None],
                               rest, strict=True):
                pack[i] = card
            continue
        hand, crib, starter = deal_positions(done.deal)
        dealt = [c for c in done.crib if c not in done.laid]
        pack[crib[0]], pack[crib[1]] = dealt
        six = [c for c in (*done.hand, *done.laid) if c != pack[hand[0]]]
        for i, card in zip([i for i in hand if pack[i] is None], six, strict=True):
            pack[i] = card
        pack[starter] = done.starter
        laid.append((done.laid[0], done.laid[1]))
    unseen = [c for c in range(PACK) if c not in pack]
    rng.shuffle(unseen)
    if not view.game_over:
        hand, _, _ = deal_positions(view.deal)
        if seat == view.player:
            six = [c for c in (*view.hand, *view.laid) if c != pack[hand[0]]]
            for i, card in zip([i for i in hand if pack[i] is None], six, strict=True):
                pack[i] = card
            unseen = [c for c in unseen if c not in six]
            if view.laid:
                laid.append((view.laid[0], view.laid[1]))
        elif seat not in view.waiting:  # it laid two of its six away, unseen
            for i in hand:
                if pack[i] is None:
                    pack[i] = unseen.pop()
            six = sorted(c for i in hand if (c := pack[i]) is not None)
            a, b = sorted(rng.sample(six, 2))
            laid.append((a, b))
    for i in range(PACK):
        if pack[i] is None:
            pack[i] = unseen.pop()
    return [c for c in pack if c is not None], laid


def resample(view: View, rng: random.Random) -> State:
    """A state whose view for ``view.player`` is ``view`` (SC24)."""
    packs, laid = zip(*(_pack(view, seat, rng) for seat in range(view.seats)), strict=True)
    history: list[Move] = []
    deals = max(len(seat) for seat in laid)
    for deal in range(deals):
        history += [Move(seat, pairs[deal]) for seat, pairs in enumerate(laid)
                    if len(pairs) > deal]
    return State(view.variant, rng.randrange(MAX_SEED + 1), tuple(tuple(p) for p in packs),
                 tuple(history))
