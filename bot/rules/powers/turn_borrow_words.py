"""The target phrase of a borrowed turn (Mind Exchange 17 of Doctor Doom, Enslave 17 of the Mind
Flayer Mastermind): "Unique Hero within N clear sight spaces", optionally "(not a WORD)"; read here so
that :mod:`block_d20` (which checks the values) and :mod:`turn_borrow` (which carries them out)
share it without importing each other.
"""

from __future__ import annotations

import re
from typing import Any

#: No kind of its own.
KINDS: frozenset[str] = frozenset()

_TARGET = re.compile(r"unique hero within (\d+) clear sight spaces(?: \(not an? ([a-z' ]+)\))?")


def read(target: Any) -> tuple[int, str] | None:
    """``(spaces, word of the cards spared or "")`` of a borrowed turn's ``target``, else ``None``."""
    m = _TARGET.fullmatch(" ".join(str(target or "").lower().split()))
    return (int(m.group(1)), m.group(2) or "") if m else None
