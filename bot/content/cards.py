"""Load Army Card files (``data/cards/*.json`` and user files in the same format).

File shape (``heroscape-cards/1``)::

    {"format": "heroscape-cards/1", "set": "Rise of the Valkyrie",
     "cards": [{...one ArmyCard, see bot.rules.cards...}, ...]}

Bad input never escapes as a raw traceback: unreadable files, malformed JSON, a wrong
``format`` and card validation failures all raise :class:`CardFileError`, whose message names
the file, the card and the field and says what was expected. Lookups of names that do not exist
raise :class:`UnknownCardError` with the closest names as suggestions.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bot.content.library import DATA_DIR, UnknownNameError, field_path, item_label, same_as_shipped, user_dir
from bot.rules.cards import ArmyCard, slug

FORMAT = "heroscape-cards/1"
#: Environment variable naming a user folder whose cards add to the shipped ones (:meth:`CardLibrary.default`).
CARDS_DIR_ENV = "HEROSCAPE_CARDS_DIR"
#: How alike (difflib ratio, 0..1) a card name must be to a mistyped one to be suggested: 0.6 keeps
#: "Syvaris" -> Syvarris and "grimnack" -> Grimnak, and drops guesses such as "Nonexistent Card" ->
#: Agent Carr (0.54).
SUGGEST_CUTOFF = 0.6


class CardFileError(ValueError):
    """A card file cannot be used; the message names the file, card and field at fault."""


class UnknownCardError(UnknownNameError):
    """No card has this name, id or short name; the message suggests the closest names."""


def default_cards_dir() -> Path:
    """The shipped ``data/cards`` folder (``$HEROSCAPE_CARDS_DIR`` adds a folder of the user's)."""
    return DATA_DIR / "cards"


def user_cards_dir() -> Path | None:
    """The user's card folder, ``$HEROSCAPE_CARDS_DIR`` (``None`` when it is not set)."""
    return user_dir(CARDS_DIR_ENV)


def _card_label(raw: object, index: int) -> str:
    """``card #1 ('Finn')``: the card at ``index`` (from 0) of a file's list, counted from 1."""
    name = raw.get("name") if isinstance(raw, dict) else None
    label = item_label("card", index)
    return f"{label} ({name!r})" if isinstance(name, str) else label


def load_card_file(path: str | os.PathLike[str]) -> list[ArmyCard]:
    """Read one card file and return its cards in file order.

    :raises CardFileError: the file is unreadable, not JSON, not a ``heroscape-cards/1``
        document, a card fails validation, or two cards in it share an id.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardFileError(f"{p}: cannot read the card file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise CardFileError(f"{p}: expected UTF-8 text, the file is not") from None
    return load_card_text(text, str(p))


def load_card_text(text: str, source: str) -> list[ArmyCard]:
    """The cards of a card file's text (``source`` names it in messages: a path, or a server's
    uploaded file name); see :func:`load_card_file`.

    :raises CardFileError: as :func:`load_card_file`.
    """
    p = source
    try:
        doc: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardFileError(
            f"{p}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    if not isinstance(doc, dict):
        raise CardFileError(f"{p}: expected a JSON object with 'format' and 'cards', got {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise CardFileError(f"{p}: field 'format' must be {FORMAT!r}, got {doc.get('format')!r}")
    raw_cards = doc.get("cards")
    if not isinstance(raw_cards, list):
        raise CardFileError(f"{p}: field 'cards' must be a list of card objects")
    cards: list[ArmyCard] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_cards):
        label = _card_label(raw, i)
        if not isinstance(raw, dict):
            raise CardFileError(f"{p}: {label}: expected a JSON object, got {type(raw).__name__}")
        try:
            card = ArmyCard.model_validate(raw)
        except ValidationError as exc:
            problems = "; ".join(
                f"field '{field_path(err['loc'], '(card)')}': {err['msg']} (got {err['input']!r})"
                if err["type"] != "missing" else f"field '{field_path(err['loc'], '(card)')}': required but missing"
                for err in exc.errors()
            )
            raise CardFileError(f"{p}: {label}: {problems}") from None
        if card.id in seen:
            raise CardFileError(f"{p}: {label}: id {card.id!r} is used twice in this file")
        seen.add(card.id)
        cards.append(card)
    return cards


class CardLibrary:
    """All known cards, looked up case-insensitively by id, full name or short name.

    Ids and short names are unique across the library (checked when files are added).
    """

    def __init__(self) -> None:
        self._cards: dict[str, ArmyCard] = {}
        self._origin: dict[str, Path] = {}
        self._keys: dict[str, str] = {}  # normalised id/name/short -> id
        #: Files skipped by a tolerant load, each as its error message.
        self.errors: list[str] = []

    @classmethod
    def from_paths(cls, *paths: str | os.PathLike[str]) -> CardLibrary:
        """Load card files, and every ``*.json`` in folders, in the order given.

        :raises CardFileError: a path is missing, a file is bad, or an id or short name is
            already taken by a card from another file (both files are named).
        """
        lib = cls()
        for path in paths:
            p = Path(path)
            if p.is_dir():
                files = sorted(p.glob("*.json"))
            elif p.is_file():
                files = [p]
            else:
                raise CardFileError(f"{p}: no such card file or folder")
            for f in files:
                lib.add_file(f)
        return lib

    @classmethod
    def default(cls) -> CardLibrary:
        """The shipped cards (``data/cards``) plus the user's (``$HEROSCAPE_CARDS_DIR``, when set).

        User files add to the shipped ones: a user file whose card id or short name is taken by a
        shipped card is refused, so the shipped set stays whole; a user file that is a copy of a
        shipped file is skipped without a word. A bad or clashing file (shipped ones too) is
        skipped and its message kept in :attr:`errors`, naming the file (and, for a clash, the
        other file), so one broken file does not hide every other card.

        :raises CardFileError: when the shipped folder itself is missing.
        """
        d = Path(default_cards_dir())
        if not d.is_dir():
            raise CardFileError(f"{d}: no such card folder")
        lib = cls()
        lib.add_folder(d)
        extra = user_cards_dir()
        if extra is not None and extra.resolve() != d.resolve():
            if not extra.is_dir():
                lib.errors.append(f"{extra}: is not a folder of card files (set {CARDS_DIR_ENV} to one)")
            else:
                lib.add_folder(extra, shipped=list(d.glob("*.json")))
        return lib

    def add_folder(self, folder: Path, shipped: list[Path] | None = None) -> None:
        """Add every ``*.json`` card file of ``folder`` in name order, skipping copies of ``shipped``
        files; a bad or clashing file is skipped and its message kept in :attr:`errors`."""
        for f in sorted(folder.glob("*.json")):
            if shipped and same_as_shipped(f, shipped):
                continue
            try:
                self.add_file(f)
            except CardFileError as exc:
                self.errors.append(str(exc))

    def add_file(self, path: str | os.PathLike[str]) -> list[ArmyCard]:
        """Add the cards of one file and return them.

        :raises CardFileError: as :func:`load_card_file`, or on an id/short clash.
        """
        p = Path(path)
        return self.add_cards(load_card_file(p), p)

    def add_text(self, text: str, source: str, *, complete: bool = False) -> list[ArmyCard]:
        """Add the cards of a card file's text (a server's upload, named ``source``); with
        ``complete``, a card may take the id of an *incomplete* card already here and replaces it
        (a server completing the G.I. JOE cards with its own statistics, DEC-07).

        :raises CardFileError: as :func:`load_card_text`, or on an id/short clash (a complete card
            is never replaced).
        """
        return self.add_cards(load_card_text(text, source), Path(source), complete=complete)

    def add_cards(self, cards: list[ArmyCard], p: Path, *, complete: bool = False) -> list[ArmyCard]:
        """Add ``cards`` read from ``p`` (see :meth:`add_file` and :meth:`add_text`)."""
        shorts: set[str] = set()
        replaced = {c.id for c in cards if complete and c.id in self._cards and not self._cards[c.id].complete}
        for card in cards:
            if self._norm(card.short) in shorts:
                raise CardFileError(f"{p}: card {card.name!r}: short name {card.short!r} is used twice in this file")
            shorts.add(self._norm(card.short))
            if card.id in replaced:
                continue
            if card.id in self._cards:
                raise CardFileError(
                    f"{p}: card {card.name!r}: id {card.id!r} is already used by {self._cards[card.id].name!r} "
                    f"in {self._origin[card.id]}, which stays; give this card another id (no card of {p.name} "
                    "was loaded)"
                )
            other = self._keys.get(self._norm(card.short))
            if other is not None and other not in replaced:
                raise CardFileError(
                    f"{p}: card {card.name!r}: short name {card.short!r} is already used by "
                    f"{self._cards[other].name!r} in {self._origin[other]}, which stays; give this card another "
                    f"short name (no card of {p.name} was loaded)"
                )
        for old in replaced:
            self._keys = {k: v for k, v in self._keys.items() if v != old}
        for card in cards:
            self._cards[card.id] = card
            self._origin[card.id] = p
            for text in (card.short, card.name, card.id):
                for key in (self._norm(text), slug(text)):
                    self._keys.setdefault(key, card.id)
        return cards

    def origin(self, card_id: str) -> Path | None:
        """The file (path, or a server upload's name) the card ``card_id`` came from."""
        return self._origin.get(card_id)

    @staticmethod
    def _norm(text: str) -> str:
        return " ".join(text.casefold().split())

    def get(self, name: str) -> ArmyCard:
        """The card whose id, name or short name is ``name`` (case-insensitive).

        :raises UnknownCardError: nothing matches; the message lists the closest names.
        """
        card_id = self._keys.get(self._norm(name)) or self._keys.get(slug(name))
        if card_id is not None:
            return self._cards[card_id]
        # A unique beginning of a name or short name is enough ("deathwalker", "tarn").
        start, squeezed = slug(name), slug(name).replace("-", "")
        hits = {cid for key, cid in self._keys.items()
                if start and (key.startswith(start) or key.replace("-", "").startswith(squeezed))}
        if len(hits) == 1:
            return self._cards[hits.pop()]
        raise UnknownCardError(self._not_found(name))

    def _not_found(self, name: str) -> str:
        """The message for an unknown card: suggestions are close matches only (names that begin
        with what was typed, or spelled within :data:`SUGGEST_CUTOFF` of it), never a far guess."""
        choices: dict[str, str] = {}
        for c in self._cards.values():
            choices[c.name.casefold()] = c.id
            choices[c.short.casefold()] = c.id
        q = self._norm(name)
        starts = [c.id for c in self.search(name, limit=6)
                  if any(f.startswith(q) or f" {q}" in f" {f}" for f in (c.short.casefold(), c.name.casefold()))]
        close = difflib.get_close_matches(q, list(choices), n=6, cutoff=SUGGEST_CUTOFF)
        ids = list(dict.fromkeys([*starts, *(choices[k] for k in close)]))
        msg = f"Card {name!r} not found."
        if ids:
            msg += " Did you mean: " + ", ".join(
                f"{self._cards[i].name} ({self._cards[i].short})" for i in ids[:3]
            ) + "?"
        return msg

    def search(self, text: str, limit: int = 25, *, sets: bool = False) -> list[ArmyCard]:
        """Cards for autocomplete: prefix matches on short/name first, then any fragment match;
        with ``sets``, then the cards of a set whose name has a word starting with ``text``
        (``"wellspring"``: every Battle for the Wellspring card).

        An empty ``text`` lists every card. Results are sorted by short name within each group.
        """
        q = self._norm(text)
        ranked: list[tuple[int, str, ArmyCard]] = []
        for c in self._cards.values():
            fields = (c.short.casefold(), c.name.casefold(), c.id)
            if any(f.startswith(q) for f in fields):
                rank = 0
            elif any(f" {q}" in f" {f}" or f"-{q}" in f"-{f}" for f in fields):
                rank = 1
            elif any(q in f for f in fields) or slug(q) and slug(q) in c.id:
                rank = 2
            elif sets and q and c.set and (f" {q}" in f" {self._norm(c.set)}" or slug(q) in slug(c.set)):
                rank = 3
            else:
                continue
            ranked.append((rank, c.short.casefold(), c))
        ranked.sort(key=lambda t: (t[0], t[1]))
        return [c for _, _, c in ranked[:limit]]

    def __iter__(self) -> Iterator[ArmyCard]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, ArmyCard):
            return self._cards.get(item.id) == item
        if isinstance(item, str):
            return (self._keys.get(self._norm(item)) or self._keys.get(slug(item))) is not None
        return False

