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


class Terminated(BaseException):
    """SIGTERM (timeout, docker stop, SLURM), raised in the main thread by the CLI's handler so that a run stops
    the same clean way as on Ctrl-C: workers shut down, finished shards kept, the manifest left marked as not
    ended; the command then exits with 143. A BaseException but not a KeyboardInterrupt, so neither user code nor
    typer (which turns KeyboardInterrupt into exit 130) mistakes it for Ctrl-C."""
