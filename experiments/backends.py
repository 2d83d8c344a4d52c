"""Where chunks run: in-process (all numba threads), joblib/loky processes, or a dask.distributed cluster.

A back-end maps a task function over chunks and yields (chunk, result) pairs as they finish, in any order. In a
worker process numba runs single-threaded (`numba.set_num_threads(1)`) so that thread pools are never nested
inside process pools; in-process (`-j 1`) play_batch uses every numba thread. At most a small window of chunks is
in flight, so an interruption loses only those and memory stays bounded.
"""
from __future__ import annotations

import contextlib
import logging
import os
from typing import Any, Callable, Iterable, Iterator

from sim.errors import ConfigError, Terminated

BACKENDS = ("loky", "dask")


def _set_threads(n: int | None) -> None:
    import numba

    numba.set_num_threads(n if n is not None else numba.config.NUMBA_NUM_THREADS)


def call_with_threads(fn: Callable, threads: int | None, *args: Any) -> Any:
    """Runs fn(*args) with numba limited to `threads` threads (None = all)."""
    _set_threads(threads)
    return fn(*args)


class InProcess:
    """Runs the chunks one after the other in this process; play_batch spreads each over all numba threads."""

    name = "in-process"
    workers = 1

    def __enter__(self) -> InProcess:
        return self

    def __exit__(self, *exc) -> None:
        return None

    def abandon(self) -> None:
        """Nothing runs outside this process."""

    def map(self, fn: Callable, chunks: Iterable, *args: Any) -> Iterator[tuple[Any, Any]]:
        """Yields (chunk, fn(chunk, *args, threads=None)) in order."""
        _set_threads(None)
        for c in chunks:
            yield c, fn(c, *args, None)


def terminate_like_interrupt() -> None:
    """Makes SIGTERM raise Terminated in the main thread (the CLI calls this once at start)."""
    import signal
    import threading

    def handler(signum, frame):
        raise Terminated()

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, handler)


def die_with_parent() -> None:
    """In a worker: ask Linux to SIGKILL this process when the run that started it dies, even by SIGKILL, so no
    worker outlives its run (a no-op elsewhere). Cheap and idempotent: called at the start of every task."""
    import ctypes
    import signal
    import sys

    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:              # the parent died before the request took effect
        os._exit(1)


class Loky:
    """joblib's loky process pool with `jobs` single-threaded workers."""

    name = "loky"

    def __init__(self, jobs: int) -> None:
        self.workers = jobs

    def __enter__(self) -> Loky:
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is not None:
            self.abandon()
        return None

    def abandon(self) -> None:
        """Stops the workers at once (an interrupted or failed run): loky's reusable workers would otherwise idle
        for minutes after the run, ~270 MB each."""
        from joblib.externals.loky import get_reusable_executor

        get_reusable_executor().shutdown(wait=True, kill_workers=True)

    def map(self, fn: Callable, chunks: Iterable, *args: Any) -> Iterator[tuple[Any, Any]]:
        """Yields (chunk, result) as workers finish them (unordered)."""
        from joblib import Parallel, delayed

        chunks = list(chunks)
        par = Parallel(n_jobs=self.workers, backend="loky", return_as="generator_unordered",
                       pre_dispatch="2 * n_jobs", batch_size=1)
        gen = par(delayed(_tagged)(fn, c, args, 1) for c in chunks)
        try:
            for item in gen:
                yield item
        finally:
            gen.close()


def _tagged(fn: Callable, chunk: Any, args: tuple, threads: int | None) -> tuple[Any, Any]:
    die_with_parent()
    return chunk, fn(chunk, *args, threads)


class Dask:
    """A dask.distributed cluster: a LocalCluster on 127.0.0.1 with `jobs` single-threaded worker processes, or
    the scheduler at `scheduler` (its workers must be able to import this project)."""

    name = "dask"

    def __init__(self, jobs: int, scheduler: str | None = None) -> None:
        self.jobs = jobs
        self.scheduler = scheduler
        self.workers = jobs
        self._stack = contextlib.ExitStack()
        self.client = None

    def __enter__(self) -> Dask:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise ConfigError("backend: dask is not installed; install the extra: pip install 'barrage-sim[dask]'") \
                from None
        try:
            if self.scheduler:
                self.client = self._stack.enter_context(Client(self.scheduler, timeout="20s"))
                self.workers = max(1, sum(self.client.nthreads().values()))
            else:
                with _sigint_ignored():   # the worker processes inherit it: Ctrl-C reaches only this process,
                    cluster = self._stack.enter_context(LocalCluster(     # which then shuts the cluster down
                        n_workers=self.jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                        dashboard_address=None, silence_logs=logging.ERROR,
                        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}))   # HTTP server: loopback, any port
                self.client = self._stack.enter_context(Client(cluster))
        except (OSError, TimeoutError) as e:
            self._stack.close()
            where = self.scheduler or "a local cluster on 127.0.0.1"
            raise ConfigError(f"scheduler: cannot start or reach {where}: {e}") from None
        except BaseException:
            self._stack.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self._stack.close()

    def abandon(self) -> None:
        """The cluster (or the connection to it) closes when the run leaves the back-end."""

    def map(self, fn: Callable, chunks: Iterable, *args: Any) -> Iterator[tuple[Any, Any]]:
        """Yields (chunk, result) as they finish; keeps 2 chunks per worker thread in flight."""
        from dask.distributed import as_completed

        it = iter(chunks)
        window = 2 * self.workers
        pending: set = set()

        def submit(c):
            f = self.client.submit(_tagged, fn, c, args, 1, pure=False)
            pending.add(f)
            return f

        for c in it:
            submit(c)
            if len(pending) >= window:
                break
        ac = as_completed(list(pending))
        try:
            for fut in ac:
                chunk, result = fut.result()
                pending.discard(fut)
                fut.release()
                nxt = next(it, None)
                if nxt is not None:
                    ac.add(submit(nxt))
                yield chunk, result
        finally:
            for f in pending:
                f.cancel()


@contextlib.contextmanager
def _sigint_ignored():
    """Ignores SIGINT while child processes are started (main thread only; elsewhere a no-op)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def make_backend(jobs: int, backend: str, scheduler: str | None):
    """The back-end for the run options (validated: a bad combination is a ConfigError)."""
    if backend not in BACKENDS:
        raise ConfigError(f"backend: unknown back-end {backend!r}; use {' or '.join(BACKENDS)}")
    if jobs < 1:
        raise ConfigError(f"jobs: {jobs}; give at least 1")
    if scheduler and backend != "dask":
        raise ConfigError("scheduler: only used with --backend dask")
    if scheduler and not scheduler.startswith(("tcp://", "tls://", "ws://", "wss://", "inproc://")):
        raise ConfigError(f"scheduler: {scheduler!r} is not a scheduler address such as tcp://host:8786")
    if backend == "dask":
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            raise ConfigError("backend: dask is not installed; install the extra: pip install "
                              "'barrage-sim[dask]'") from None
        return Dask(jobs, scheduler)
    return InProcess() if jobs == 1 else Loky(jobs)
