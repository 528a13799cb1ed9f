"""What every game's terminal match needs alike: reading a line from the players (a secret line without
echo on a terminal, and hidden in a piped transcript) and checking the pictures' folder.

Game-neutral: the verb whose words are secret and how a seat prefix (``NAME: ...``) is recognised
come from the game's console.
"""

from __future__ import annotations

import getpass
import os
from collections.abc import Callable
from pathlib import Path

#: ``--out`` values that mean "write no images".
NO_IMAGES = ("", "none", "-")


def out_problem(out: Path) -> str | None:
    """Why the images cannot go to the folder ``out`` (``None`` when they can; the folder is
    created if missing)."""
    if out.exists() and not out.is_dir():
        return f"{out} is a file, not a folder"
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot create the folder {out}: {exc.strerror or exc}"
    if not os.access(out, os.W_OK | os.X_OK):
        return f"the folder {out} is not writable"
    return None


def read_line(read: Callable[[str], str], write: Callable[[str], None], prompt: str, *, secret: bool, tty: bool,
              is_seat: Callable[[str], bool], secret_verb: str) -> str | None:
    """One line from the players, ``None`` at end of input.

    On a terminal (``tty``) a ``secret`` line is read without echo. Piped input is echoed to ``write`` so
    that a transcript reads like a session, except that a secret line, or a command starting with
    ``secret_verb`` (after an optional ``NAME:`` prefix that ``is_seat`` recognises), shows only as
    ``"<secret_verb> (hidden)"``.

    >>> said = []
    >>> read_line(lambda p: "Ann: orders 1=x", said.append, "> ", secret=False, tty=False,
    ...           is_seat=lambda h: h == "Ann", secret_verb="orders"), said
    ('Ann: orders 1=x', ['Ann: orders (hidden)'])
    """
    try:
        if secret and tty:
            return getpass.getpass(prompt)
        line = read(prompt)
    except EOFError:
        return None
    if not tty:
        head, sep, rest = line.partition(":")
        cmd = rest if sep and is_seat(head) else line
        hidden = secret or cmd.strip().lower().startswith(secret_verb + " ")
        write((f"{head}{sep} " if cmd is rest else "") + f"{secret_verb} (hidden)" if hidden else line)
    return line
