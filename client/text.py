"""Cards, moves, events and score breakdowns as terminal text."""

from __future__ import annotations

from typing import Any

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def counted(number: int, noun: str) -> str:
    """``1 point``, ``2 points``, ``0 points``: a count and its noun, agreed."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def choose_prompt(count: int, example: str) -> str:
    """How to pick one of ``count`` listed moves: by its number or by an id such as
    ``example``."""
    numbers = "1" if count == 1 else f"a number from 1 to {count}"
    return f"type {numbers} or a move id such as {example} (? for help)"


class Style:
    """How to print cards: suit symbols (``7♠``) or the wire letters (``7S``)."""

    def __init__(self, symbols: bool = True) -> None:
        self.symbols = symbols

    def card(self, code: str) -> str:
        return code[:-1] + SYMBOLS[code[-1]] if self.symbols else code

    def cards(self, codes: list[str], sep: str = " ") -> str:
        return sep.join(self.card(code) for code in codes)

    def groups(self, groups: list[list[str]]) -> str:
        return " | ".join(self.cards(group, "+") for group in groups)

    def build(self, build: dict[str, Any], you: int | None = None,
              names: tuple[str, ...] | None = None) -> str:
        """A build and its owner: ``yours``, or the owner's name (``names``, by seat)."""
        owner = build["owner"]
        whose = (f"seat {owner}" if you is None else "yours" if owner == you
                 else f"{names[owner].lower()}'s" if names else "solver's")
        return f"[build {build['value']}: {self.groups(build['groups'])}, {whose}]"

    def table(self, table: dict[str, Any], you: int | None = None,
              names: tuple[str, ...] | None = None) -> str:
        parts = [self.card(code) for code in table["loose"]]
        parts += [self.build(build, you, names) for build in table["builds"]]
        return "  ".join(parts) if parts else "(empty)"

    def targets(self, targets: list[str], table: dict[str, Any] | None) -> str:
        """Table cards taken or used, whole builds named as builds."""
        taken = set(targets)
        builds = [b for b in (table or {}).get("builds", [])
                  if all(card in taken for group in b["groups"] for card in group)]
        in_builds = {card for b in builds for group in b["groups"] for card in group}
        parts = [f"build {b['value']} ({self.groups(b['groups'])})" for b in builds]
        loose = [card for card in targets if card not in in_builds]
        if loose:
            parts.append(self.cards(loose))
        return " + ".join(parts)

    def category(self, category: dict[str, Any]) -> str:
        """A scoring category of ``GET /v1/variants`` as a label: ``Big cassino 10♦ (2)``."""
        card = f" {self.card(category['card'])}" if category.get("card") else ""
        each = " each" if category.get("each") else ""
        return f"{category['name']}{card} ({category['points']}{each})"

    def move(self, move: dict[str, Any], table: dict[str, Any] | None = None) -> str:
        if move["type"] == "claim":  # twenty-one-claims (T5)
            return "Claim the game"
        if move["type"] not in ("trail", "capture", "build"):  # a variant's own move
            return str(move.get("description") or move.get("id") or move["type"])
        card = self.card(move["card"])
        if move["type"] == "trail":
            return f"Trail {card}"
        targets = self.targets(move.get("targets", []), table)
        if move["type"] == "capture":
            return f"Capture {targets} with {card}"
        verb = {"raise": "Raise to", "extend": "Add to build"}.get(move.get("kind", ""), "Build")
        groups = move.get("groups") or []
        extra = f" -> {self.groups(groups)}" if len(groups) > 1 else ""
        return f"{verb} {move['value']} with {card} on {targets}{extra}"

    def event(self, event: dict[str, Any], table: dict[str, Any] | None,
              names: tuple[str, ...]) -> str | None:
        """One event in words (``None`` for the ones the terminal shows otherwise)."""
        kind = event["type"]
        who = names[event["player"]] if "player" in event else ""
        if kind == "trail":
            return f"{who} trailed {self.card(event['card'])}."
        if kind == "capture":
            return (f"{who} captured {self.targets(event['targets'], table)} "
                    f"with {self.card(event['card'])}.")
        if kind == "build":
            return (f"{who} built {event['value']} with {self.card(event['card'])} "
                    f"on {self.targets(event['targets'], table)}.")
        if kind == "sweep":
            return f"{who} swept the table!"
        if kind == "residue":
            return f"{who} took the rest of the table: {self.cards(event['cards'])}."
        if kind == "deal":
            if event.get("batch", 1) == 1:
                dealer = names[event["dealer"]]
                dealer = ("you" if dealer == "You" else f"the {dealer.lower()}"
                          if dealer == "Solver" else dealer.lower())
                return f"Round {event.get('round', '')} dealt by {dealer}."
            return "New cards dealt" + (": the last batch." if event.get("last_batch") else ".")
        if kind == "round_void":
            return "Nobody captured: the round is void and dealt again (R25)."
        if kind == "claim":  # twenty-one-claims (T5-T7)
            verb = "claim" if who == "You" else "claims"
            verdict = "right" if event["correct"] else "wrong"
            return (f"{who} {verb} the game with {event['secured']} points secured of the "
                    f"{event['target']} needed: the claim is {verdict}.")
        if kind == "count_out":  # twenty-one (T1-T4)
            if event["winner"] is None:
                return f"Counting out: nobody reaches {event['target']}."
            step = next(s for s in event["steps"] if s["reached"])
            verb = "reach" if names[event["winner"]] == "You" else "reaches"
            return (f"Counting out: {names[event['winner']]} {verb} {event['target']} first, "
                    f"with {step['name']}.")
        if kind == "target_raised":  # twenty-one-claims (T10)
            return f"Both totals reach {event['previous']}: the game now goes to {event['target']}."
        if kind in ("round_scored", "game_over"):
            return None  # they have their own displays
        return event.get("description")  # a variant's own event: the server's words


def variant_lines(catalog: dict[str, Any], playable_here: set[str]) -> list[str]:
    """The variants of ``GET /v1/catalog`` as a table: name, seats, whether ``cassino
    play --variant`` can play it (``playable_here``), its rules page and what it is."""
    rows = [(v["name"], str(v["seats"]),
             "yes" if v["name"] in playable_here else "not here" if v["playable"] else "no",
             v.get("rules_url", "-"), v["description"])
            for game in catalog["games"] for v in game["variants"]]
    head = ("variant", "seats", "playable", "rules", "")
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(4)]
    return ["  ".join([*(cell.ljust(width) for cell, width in zip(row, widths, strict=False)),
                       row[4]]).rstrip() for row in [head, *rows]]


def breakdown_lines(breakdown: dict[str, Any], names: tuple[str, ...], style: Style,
                    order: tuple[int, ...] = (0, 1),
                    categories: list[dict[str, Any]] | None = None) -> list[str]:
    """A score breakdown (docs/api.md "Score") as a table: taken, then points, per category,
    one column per side (``names`` by side, shown in ``order``).

    ``categories`` are the variant's, from ``GET /v1/variants`` (their names and points);
    without them the rows are the breakdown's own keys."""
    players = breakdown["players"]
    head = f"{'':24}" + "".join(f"{names[seat]:>16}" for seat in order)
    lines = [head, f"{'':24}" + f"{'taken':>8}{'points':>8}" * len(order)]
    if categories is None:
        categories = [{"key": key} for key in players[0]["points"]]
    for category in categories:
        key = category["key"]
        label = (style.category(category) if "name" in category
                 else key.replace("_", " ").capitalize())
        cells = "".join(f"{players[seat][key]:>8}{players[seat]['points'][key]:>8}"
                        for seat in order)
        lines.append(f"{label:24}{cells}")
    lines.append("-" * len(head))
    lines.append(f"{'Round points':24}" + "".join(f"{players[seat]['total']:>16}"
                                                  for seat in order))
    return lines


def hint_lines(answer: dict[str, Any], style: Style, table: dict[str, Any] | None) -> list[str]:
    """Ranked moves with equity and standard error, then how they were found."""
    plus_minus = "±stderr" if style.symbols else "+-stderr"
    lines = [f"{'rank':>4}  {'equity':>7}  {plus_minus:>8}  {'move':<44}  id"]
    ranks = {hint["move"]["id"]: hint["rank"] for hint in answer["moves"]}
    for hint in answer["moves"]:
        move = hint["move"]
        text = style.move(move, table)
        if hint.get("alternative_of") in ranks:  # readable hints: said once, at the first
            text = f"= rank {ranks[hint['alternative_of']]}, another suit"
        elif hint.get("alternatives"):
            text += f" (or {', '.join(hint['alternatives'])})"
        lines.append(f"{hint['rank']:>4}  {hint['equity']:>+7.2f}  {hint['stderr']:>8.2f}  "
                     f"{text:<44}  {move['id']}")
    solver = answer.get("solver", {})
    if solver:
        cached = ", cached" if solver.get("cached") else ""
        lines.append(f"({solver.get('algorithm')}: {solver.get('samples')} sampled deals, "
                     f"{solver.get('elapsed_ms', 0):.0f} ms{cached}; equity is the expected "
                     "round-point difference, this player's side minus the others' mean)")
    return lines
