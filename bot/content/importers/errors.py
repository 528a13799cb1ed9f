"""The error every map importer raises."""

from __future__ import annotations

from bot.content.maps import MapFileError


class MapImportError(MapFileError):
    """A community map file cannot be read; nothing of it is used.

    The message is ``"<file>: <where>: <what was expected>"``: ``where`` is a byte offset
    (``byte 1234``) in a Virtualscape file, a key (``boardPieces["0~1~2~0~g24"]``) in a Hexoscape one.
    """
