"""What the content loaders (cards, maps, scenarios) share: their errors, where their files are,
reading a JSON file, naming the field at fault, finding items by id or name, and a library of one
folder of files.

Every error a bad file gives names the file, the field and what is expected
(:class:`ContentFileError`); every unknown name gets the closest known ones as suggestions
(:class:`UnknownNameError`). Nothing here knows about maps or scenarios themselves:
:class:`FolderLibrary` is filled by its subclass's :meth:`~FolderLibrary.add_file`.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar, Generic, Self, TypeVar

from pydantic import BaseModel, ValidationError

#: The shipped ``data`` folder: ``data/cards``, ``data/maps``, ``data/scenarios``.
DATA_DIR = Path(__file__).resolve().parents[2] / "data"

#: Tags of the tagged unions in the content models (a map's start-zone entries: a single hex or a
#: rectangle); pydantic puts them in error locations, error messages leave them out.
UNION_TAGS = ("[q, r]", "{q, r}")


def user_dir(env: str) -> Path | None:
    """The user's own content folder named by the environment variable ``env`` (``None``: unset).
    Its files are loaded after the shipped ones and add to them (see :meth:`FolderLibrary.default`)."""
    override = os.environ.get(env)
    return Path(override) if override else None


def item_label(field: str, index: int) -> str:
    """The entry ``index`` (counted from 0, as in the file) of the list ``field`` as messages name it,
    counted from 1 as people count: ``item_label("obstacles", 3) -> "obstacles #4"``."""
    return f"{field} #{index + 1}"


def same_as_shipped(path: Path, shipped: Iterable[Path]) -> bool:
    """Whether the user file ``path`` is a byte-for-byte copy of one of the ``shipped`` files (the
    README once said to copy the shipped files into a user folder: such a copy adds nothing, and is
    no clash)."""
    try:
        data = path.read_bytes()
    except OSError:
        return False
    for other in shipped:
        try:
            if other.stat().st_size == len(data) and other.read_bytes() == data:
                return True
        except OSError:
            continue
    return False


class ContentFileError(ValueError):
    """A content file cannot be used. The message is ``"<source>: <field>: <problem>"``: the file
    (or item) at fault, the field (``hexes[3].terrain``) and what is wrong and what is expected;
    each part is kept as an attribute too."""

    def __init__(self, source: str, field: str, problem: str) -> None:
        super().__init__(f"{source}: {field}: {problem}")
        self.source = source
        self.field = field
        self.problem = problem


class UnknownNameError(KeyError):
    """No item has this id or name. ``message`` says so and suggests the closest names;
    ``suggestions`` holds their ids (possibly none). ``str()`` is the message itself, not the
    quoted form :class:`KeyError` would give."""

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestions = suggestions or []

    def __str__(self) -> str:
        return self.message


def field_path(loc: Iterable[int | str], whole: str = "(top level)") -> str:
    """A pydantic error location as a field path, list entries counted from 1 as people count:
    ``('hexes', 3, 'terrain') -> 'hexes #4.terrain'``; ``whole`` when the location is empty (the
    document itself)."""
    out = ""
    for part in loc:
        out += f" #{part + 1}" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or whole


def describe_validation_error(exc: ValidationError) -> tuple[str, str]:
    """The first problem of a pydantic error as ``(field, problem)``, with the others appended."""
    problems: list[tuple[str, str]] = []
    for err in exc.errors(include_url=False):
        loc = tuple(
            p for p in err["loc"] if not (isinstance(p, str) and (p.startswith("function-") or p in UNION_TAGS))
        )
        kind = err["type"]
        if kind == "missing":
            text = "is required but missing"
        elif kind == "extra_forbidden":
            text = "is not a known field (check the spelling)"
        elif kind in ("model_type", "dict_type", "model_attributes_type"):
            text = "expected a JSON object ({...})" + f" (got {json.dumps(err.get('input'), default=str)[:60]})"
        else:
            # pydantic's "Input should be ..." read as what a file maker expects.
            text = str(err["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")
            text = text.replace("Input should be", "expected").replace("Input should have", "expected")
            text = text.replace("expected less than", "expected a number less than").replace(
                "expected greater than", "expected a number greater than")
            if kind not in ("value_error", "assertion_error"):
                text += f" (got {json.dumps(err.get('input'), default=str)[:60]})"
        problems.append((field_path(loc), text))
    if not problems:  # pragma: no cover - pydantic always reports at least one error
        return "(top level)", str(exc)
    field, problem = problems[0]
    if len(problems) > 1:
        rest = "; ".join(f"{f}: {p}" for f, p in problems[1:6])
        more = f" (and {len(problems) - 6} more)" if len(problems) > 6 else ""
        problem += f"; also {rest}{more}"
    return field, problem


M = TypeVar("M", bound=BaseModel)


def validate(model: type[M], doc: object, source: str, error: type[ContentFileError]) -> M:
    """``doc`` (decoded JSON) validated as a ``model``.

    :raises ContentFileError: (``error``) naming ``source``, the first field at fault and what is
        expected (see :func:`describe_validation_error`).
    """
    try:
        return model.model_validate(doc)
    except ValidationError as exc:
        field, problem = describe_validation_error(exc)
        raise error(source, field, problem) from None


def read_json_object(path: Path, error: type[Exception]) -> dict[str, Any]:
    """Read a UTF-8 JSON file holding one object, raising ``error(source, field, problem)``."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(str(path), "file", f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise error(str(path), "file", "expected UTF-8 text, the file is not") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(str(path), "JSON", f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    if not isinstance(doc, dict):
        raise error(str(path), "(top level)", f"expected a JSON object {{...}}, found {type(doc).__name__}")
    return doc


def name_key(text: str) -> str:
    """Lookup key: case, spaces, hyphens and underscores do not matter (``Practice_Field``)."""
    return re.sub(r"[\s_\-]+", " ", text.strip().casefold())


class NameIndex:
    """Finds items by id or name, case-insensitively, and suggests close names on a miss."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._keys: dict[str, str] = {}  # name_key -> id
        self._shown: dict[str, str] = {}  # id -> "id (Name)"

    def add(self, item_id: str, name: str) -> str | None:
        """Index an item; returns the id already holding one of its keys, if any (a clash)."""
        for key in {name_key(item_id), name_key(name)}:
            other = self._keys.get(key)
            if other is not None and other != item_id:
                return other
        self._keys[name_key(item_id)] = item_id
        self._keys[name_key(name)] = item_id
        self._shown[item_id] = item_id if name == item_id else f"{item_id} ({name})"
        return None

    def find(self, id_or_name: str) -> str | None:
        """The id an id or name refers to, or ``None``."""
        return self._keys.get(name_key(id_or_name))

    def not_found(self, id_or_name: str) -> tuple[str, list[str]]:
        """The message for an unknown name and the suggested ids."""
        close = difflib.get_close_matches(name_key(id_or_name), list(self._keys), n=6, cutoff=0.5)
        ids: list[str] = []
        for key in close:
            if self._keys[key] not in ids:
                ids.append(self._keys[key])
        ids = ids[:3]
        message = f"No {self.what} is called '{id_or_name.strip()}'."
        if ids:
            message += " Did you mean " + " or ".join(self._shown[i] for i in ids) + "?"
        known = ", ".join(sorted(self._shown.values())) or "none"
        return f"{message} Known {self.what}s: {known}.", ids


T = TypeVar("T")


class FolderLibrary(Generic[T]):
    """The items of one folder of ``*.json`` files (maps, scenarios), by id; ids and names are
    looked up case-insensitively (spaces, ``-`` and ``_`` alike), and iterating yields the items
    in id order.

    A subclass names its kind of item (:attr:`what`, used in messages), its error classes, the
    environment variable and ``data`` folder of :meth:`default`, and implements :meth:`add_file`.
    """

    #: What one item is called in messages: ``"map"``.
    what: ClassVar[str]
    #: Raised for a bad file or a clashing id (names the file, the field and the problem).
    file_error: ClassVar[type[ContentFileError]]
    #: Raised when a looked-up id or name is not in the library.
    unknown_error: ClassVar[type[UnknownNameError]]
    #: Environment variable naming the user's folder, whose files add to the shipped ones in :meth:`default`.
    env: ClassVar[str]
    #: The shipped folder under ``data``.
    folder: ClassVar[str]

    def __init__(self) -> None:
        #: Files skipped by a tolerant load, each as its error message.
        self.errors: list[str] = []
        self._items: dict[str, T] = {}
        #: Where each item came from (its file), for the messages about it.
        self._sources: dict[str, str] = {}
        self._index = NameIndex(self.what)

    def add_file(self, path: Path) -> None:
        """Read, validate and add the item of one file.

        :raises ContentFileError: (the library's :attr:`file_error`) the file is bad or its id taken.
        """
        raise NotImplementedError

    def _store(self, item_id: str, title: str, item: T, source: str) -> None:
        """Add ``item`` under ``item_id``, findable by ``title`` too.

        :raises ContentFileError: the id or the title is already taken by another item.
        """
        other = item_id if item_id in self._items else self._index.add(item_id, title)
        if other is not None:
            where = self._sources.get(other, other)
            raise self.file_error(
                source, "id", f"'{item_id}' ({title}) clashes with the {self.what} '{other}' of {where}, which stays; "
                f"give this {self.what} another id and name",
            )
        self._items[item_id] = item
        self._sources[item_id] = source

    @classmethod
    def default_dir(cls) -> Path:
        """The shipped ``data/<folder>``."""
        return DATA_DIR / cls.folder

    @classmethod
    def user_dir(cls) -> Path | None:
        """The user's folder named by :attr:`env` (``None`` when it is not set)."""
        return user_dir(cls.env)

    @classmethod
    def from_directory(cls, directory: str | os.PathLike[str], *, strict: bool = True) -> Self:
        """Load every ``*.json`` file of ``directory``, in name order.

        With ``strict`` False a bad file is skipped and its message kept in :attr:`errors`, so
        one broken user file does not take every other item down with it.

        :raises ContentFileError: the folder is missing, or (strict) a file in it is bad.
        """
        lib = cls()
        lib.add_directory(directory, strict=strict)
        return lib

    def add_directory(self, directory: str | os.PathLike[str], *, strict: bool = True,
                      shipped: Iterable[Path] = ()) -> None:
        """Add every ``*.json`` file of ``directory``, in name order, to the items already here.

        An item whose id or name is already taken is refused (its file named with the file that
        holds the first one); the first stays. A file that is a copy of one of ``shipped`` is
        skipped without a word. With ``strict`` False a bad or clashing file is skipped and its
        message kept in :attr:`errors`, so one broken user file does not take every other item
        down with it.

        :raises ContentFileError: (strict) the folder is missing, or a file in it is bad or clashes.
        """
        d = Path(directory)
        if not d.is_dir():
            error = self.file_error(str(d), "folder", f"is not a folder of {self.what} files (set {self.env} to one)")
            if strict:
                raise error
            self.errors.append(str(error))
            return
        copies = list(shipped)
        for path in sorted(d.glob("*.json")):
            if copies and same_as_shipped(path, copies):
                continue
            try:
                self.add_file(path)
            except self.file_error as exc:
                if strict:
                    raise
                self.errors.append(str(exc))

    @classmethod
    def default(cls) -> Self:
        """The shipped items (:meth:`default_dir`) plus the user's (the folder :attr:`env` names, when
        set): user files add to the shipped ones, and one whose id or name clashes with a shipped
        item is refused, so the shipped item stays. Bad or clashing files (shipped ones too) are
        skipped and listed in ``errors``, each naming its file, and for a clash the other file."""
        lib = cls.from_directory(cls.default_dir(), strict=False)
        extra = cls.user_dir()
        if extra is not None and extra.resolve() != cls.default_dir().resolve():
            lib.add_directory(extra, strict=False, shipped=cls.default_dir().glob("*.json"))
        return lib

    def _id(self, id_or_name: str) -> str:
        """The id that ``id_or_name`` refers to.

        :raises UnknownNameError: (the library's :attr:`unknown_error`) no such item; the message
            suggests the closest names.
        """
        found = self._index.find(id_or_name)
        if found is None:
            message, ids = self._index.not_found(id_or_name)
            raise self.unknown_error(message, ids)
        return found

    def not_found_message(self, id_or_name: str) -> str:
        """What to tell someone who asked for an unknown item: the closest names and all ids."""
        return self._index.not_found(id_or_name)[0]

    def ids(self) -> list[str]:
        """The ids, sorted."""
        return sorted(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter([self._items[i] for i in self.ids()])

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, id_or_name: object) -> bool:
        return isinstance(id_or_name, str) and self._index.find(id_or_name) is not None
