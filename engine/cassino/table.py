"""Builds on the table (R7, R8, R20)."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Build", "builds_cards"]


class Build(NamedTuple):
    """A build: announced ``value``, ``owner`` seat and indivisible ``groups`` (R7, R8).

    ``groups`` are card sets in ascending order; ``cards`` is their union.  The owner
    is whoever created the build or last added to it (R20).
    """

    value: int
    owner: int
    groups: tuple[int, ...]
    cards: int

    @classmethod
    def of(cls, value: int, owner: int, groups: tuple[int, ...] | list[int]) -> Build:
        """A build from its groups, in canonical group order."""
        cards = 0
        for group in groups:
            cards |= group
        return cls(value, owner, tuple(sorted(groups)), cards)

    @property
    def single(self) -> bool:
        """A single build's cards sum to its value, in one group (R8); only it can be raised."""
        return len(self.groups) == 1


def builds_cards(builds: tuple[Build, ...]) -> int:
    """The set of every card in ``builds``."""
    cards = 0
    for build in builds:
        cards |= build.cards
    return cards
