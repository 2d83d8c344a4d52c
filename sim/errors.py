"""User-facing error types of barrage-sim."""
from __future__ import annotations


class BarrageError(Exception):
    """Base class for errors shown to the user as a single line."""

    def __init__(self, message: object) -> None:
        """Store the message with all whitespace runs (including newlines) collapsed to one space."""
        super().__init__(" ".join(str(message).split()))


class DataError(BarrageError):
    """A shipped data file is missing, unparsable or inconsistent."""


class ConfigError(BarrageError):
    """A user-supplied configuration (CLI flags, experiment TOML) is invalid."""
