"""Talking to the player at a terminal: one line out, one line in."""

from __future__ import annotations

from typing import TextIO

__all__ = ["Console"]


class Console:
    """``say`` and ``ask`` on the session's streams (``out``, ``stdin``), for the terminal
    games of every game."""

    stdin: TextIO
    out: TextIO

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str | None:
        """The player's next line, stripped; ``None`` at the end of the input."""
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        if not self.stdin.isatty():  # scripted input: echo it, so the transcript reads well
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.strip()
