"""Run one picklable task per seed on every core, or on a Ray cluster, results in seed order.

``run(task, seeds)`` is the one place the library fans work out: ``tablegames.simulate``,
the arena and the benchmarks call it rather than each owning a pool. It promises that
the results, and so any file written from them, do not depend on *how* they were
computed: ``task(seed)`` must be a pure function of its seed (our games are seeded
end to end), results come back in the order of ``seeds`` whatever finished first, and
``workers=1``, a process pool and Ray give the same values.

>>> from tablegames.runner import run
>>> list(run(abs, [-3, 1, -2], workers=1))
[3, 1, 2]

Why these choices:

* **Chunks.** A game of Toepen takes about a millisecond, close to the cost of one
  pickled round trip to a worker. Seeds are sent in chunks (about sixteen per worker, at
  most 64 seeds each), so IPC is a small share even for the smallest games, while a
  chunk is still short enough for an even load, a live progress bar and a quick Ctrl-C.
* **A bounded window.** Only a few chunks per worker are in flight; ``seeds`` is read
  lazily, so ``run(task, range(10**9))`` streams instead of queueing a billion futures,
  and a consumer that stops early leaves nothing running.
* **``forkserver``, not ``fork``.** Forking a process that has threads (a rich progress
  bar has one, Ray has many) can deadlock the child. The fork server is a clean process
  that forks workers on demand, cheaper than ``spawn`` because it imports tablegames
  once; ``spawn`` is used where there is no fork server (Windows, macOS builds without it).
* **Ray for clusters.** Ray already schedules, retries and moves objects across
  machines; the runner only submits the same chunks as Ray tasks. When the runner had to
  start Ray itself it shuts it down again at the end, so no processes outlive a run.
"""

from __future__ import annotations

import collections
import contextlib
import errno
import logging
import math
import multiprocessing
import os
import re
import signal
import socket
import threading
import time
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence, Sized
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
from typing import Any, NamedTuple, NoReturn, TypeVar, cast

from tablegames.common.errors import ArgumentRefused, SetupError, cause_text, quoted
from tablegames.common.errors import RayRefused as RayRefused  # documented there; also here
from tablegames.common.numbers import whole_number

S = TypeVar("S")
R = TypeVar("R")

BACKENDS: tuple[str, ...] = ("process", "ray")

#: Largest chunk of seeds sent to a worker at once.
MAX_CHUNK = 64
#: Chunks in flight per worker: enough that a worker never waits for the parent.
WINDOW_PER_WORKER = 4
#: A run is cut into about this many chunks per worker (when its length is known), so
#: the load evens out, the bar moves and Ctrl-C waits for little work.
CHUNKS_PER_WORKER = 16
#: A local pool may have at most this many processes per core (each holds a Python).
MAX_PROCESSES_PER_CORE = 8
#: Ray tasks in flight at most (a cluster may have many more cores than this machine).
MAX_RAY_WORKERS = 4096


def cpu_count() -> int:
    """Cores this process may use (the affinity mask where the OS has one)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def _check_int(name: str, value: object, *, low: int, high: int | None = None) -> int:
    """``value`` as the plain int of ``low..high`` (any whole number: a numpy one too)."""
    number = whole_number(value)
    if number is None:
        raise ArgumentRefused(f"{name} must be an int, not {type(value).__name__}",
                              argument=name, code="type", value=value)
    value = number
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise ArgumentRefused(f"{name} must be {bound}, got {quoted(value)}", argument=name,
                              code="range", value=value, least=low, most=high)
    return value


def check_workers(workers: object, backend: str = "process") -> int | None:
    """Validate a ``workers`` argument; ``None`` means every core (or every Ray CPU)."""
    check_backend(backend)
    if workers is None:
        return None
    high = MAX_RAY_WORKERS if backend == "ray" else MAX_PROCESSES_PER_CORE * cpu_count()
    return _check_int("workers", workers, low=1, high=high)


def check_backend(backend: object) -> str:
    """Validate a ``backend`` argument (``"process"`` or ``"ray"``)."""
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise ArgumentRefused(f"backend must be one of {', '.join(map(repr, BACKENDS))}, "
                              f"got {quoted(backend)}", argument="backend", code="choice",
                              value=backend, choices=BACKENDS)
    return backend


#: The addresses a Ray run takes, as every refusal of one says.
ADDRESS_FORMS = ("'auto' (the Ray that `ray start --head` runs on this machine), HOST:PORT "
                 "(a head node, port 6379 unless it was started with another) or "
                 "ray://HOST:PORT (its client server, port 10001)")
#: The longest address taken (a host name is at most 253 characters).
MAX_ADDRESS = 300
#: A host: a name or IPv4 address, or an IPv6 address in brackets (``[::1]``).
_HOST = re.compile(r"[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]")


def address_problem(address: str) -> str | None:
    """What :func:`ray_endpoint` refuses in ``address``, as a code a front end can tell in
    its own words (the ``tablegames`` command in Arabic): ``"empty"``, ``"long"`` (more
    than :data:`MAX_ADDRESS` characters), ``"scheme"`` (not ``ray://``), ``"no_port"``,
    ``"no_host"``, ``"port"`` (not 1 to 65535), or ``None`` for an address it takes."""
    if not address.strip():
        return "empty"
    if len(address) > MAX_ADDRESS:
        return "long"
    if address in ("auto", "local"):
        return None
    rest = address
    if "://" in address:
        scheme, _, rest = address.partition("://")
        if scheme != "ray":
            return "scheme"
    host, colon, port = rest.rpartition(":")
    if not colon or not port or rest.endswith("]"):  # [::1] alone: its colons are the host's
        return "no_port"
    if not _HOST.fullmatch(host):
        return "no_host"
    if not re.fullmatch(r"[0-9]{1,5}", port) or not 1 <= int(port) <= 65535:
        return "port"
    return None


#: What a refusal calls the ``RAY_ADDRESS`` of the environment (its ``argument`` is
#: ``"RAY_ADDRESS"``).
ENV_ADDRESS = "RAY_ADDRESS (from the environment)"


def _argument(name: str) -> str:
    """The ``argument`` of a refusal of the address a sentence calls ``name``."""
    return "RAY_ADDRESS" if name == ENV_ADDRESS else name


def ray_endpoint(address: str, name: str = "address") -> tuple[str, int] | None:
    """The host and port a Ray ``address`` names, or ``None`` for ``"auto"`` and
    ``"local"`` (Ray's own words: the cluster this machine runs, a new local one).

    Ray takes nearly any text and finds out late: ``"127.0.0.1"`` without a port, port
    ``99999`` or ``""`` failed only inside ``ray.init``, and a well-formed address where
    nothing listens kept Ray's C++ client retrying for over a minute. So an address is
    read here first, strictly (:func:`address_problem`): exactly ``HOST:PORT`` or
    ``ray://HOST:PORT``, port 1 to 65535, no spaces and no other scheme (Ray's
    ``module://`` extension point is not taken: a run names a cluster, not a plug-in).
    ``name`` is what a refusal calls it (``RAY_ADDRESS`` when it came from the
    environment).
    """
    problem = address_problem(address)
    if problem is not None:
        shown = quoted(address, 100)
        said = {
            "empty": f"{name} is empty: give {ADDRESS_FORMS}",
            "long": f"{name} is at most {MAX_ADDRESS} characters, not {len(address)}",
            "scheme": f"{name} {shown} is not a Ray address: give {ADDRESS_FORMS}",
            "no_port": f"{name} {shown} has no port: give {ADDRESS_FORMS}",
            "no_host": f"{name} {shown} names no host (an IPv6 address goes in brackets, "
                       f"[::1]:6379): give {ADDRESS_FORMS}",
            "port": f"{name} {shown}: a port is 1 to 65535",
        }[problem]
        raise ArgumentRefused(said, argument=_argument(name), code=problem, value=address,
                              most=MAX_ADDRESS if problem == "long" else None)
    if address in ("auto", "local"):
        return None
    host, _, port = address.partition("://")[2 if "://" in address else 0].rpartition(":")
    return host.strip("[]"), int(port)


def check_address(address: object, backend: str) -> str | None:
    """Validate an ``address`` argument: a Ray cluster's, given only with ``backend="ray"``,
    in one of the forms :func:`ray_endpoint` reads."""
    if address is not None and backend != "ray":
        raise ArgumentRefused("address is only used with backend='ray'", argument="address",
                              code="backend", value=address)
    if address is not None and not isinstance(address, str):
        raise ArgumentRefused("address must be a string such as 'ray://host:10001', not "
                              f"{type(address).__name__}", argument="address", code="type",
                              value=address)
    if address is not None:
        ray_endpoint(address)
    return address


class _Failed(NamedTuple):
    """A task of a chunk that raised (a worker's): ``error``, and its traceback as text
    for an error that does not carry its own (Python's pickling drops tracebacks)."""

    error: BaseException
    trace: str


class RemoteTraceback(Exception):
    """The traceback of an error raised in a worker process, as text: the error's
    ``__cause__`` where it has none of its own (as ``concurrent.futures`` does)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class WorkerError(RuntimeError):
    """An error raised in a worker process that cannot come back to the caller as itself
    (an exception holding a lock or a lambda, raised by a task where no
    :class:`~tablegames.common.errors.BotFailed` wraps it): its
    type and words as text (``"Held: my bot's lock"``), its traceback its
    ``__cause__`` (:class:`RemoteTraceback`). It was Python's "cannot pickle" instead,
    and the results of its chunk before it were lost."""


def _run_chunk(task: Callable[[S], R], seeds: list[S]) -> list[R] | tuple[list[R], _Failed]:
    """What a worker runs: the task for each seed of one chunk, in order.

    A task that raises ends the chunk, but the results before it come back with its
    error (``(results, failure)``): the caller yields them first, so a run that stops at
    game 40 of a 64-game chunk still writes games 0 to 39 (``simulate --out`` resumes
    from there) rather than losing every game of the chunk. An error that does not come
    back from pickling as itself is sent as a :class:`WorkerError` holding its text, the
    results before it kept too (they were lost: the error was raised again for the pool
    to pickle, which failed)."""
    results: list[R] = []
    for s in seeds:
        try:
            results.append(task(s))
        except Exception as exc:
            import pickle
            import traceback

            trace = "".join(traceback.format_exception(exc))
            try:
                pickle.loads(pickle.dumps(exc))
            except Exception:  # an error that does not come back as itself: its text does
                return results, _Failed(WorkerError(cause_text(exc)), trace)
            if not results:
                raise  # nothing to keep: the pool's own way (its remote traceback)
            return results, _Failed(exc, trace)
    return results


def _split(out: list[R] | tuple[list[R], _Failed]) -> tuple[list[R], _Failed | None]:
    """A chunk's results, and its failure if a task raised (:func:`_run_chunk`)."""
    return out if isinstance(out, tuple) else (out, None)


def _raise(failed: _Failed) -> NoReturn:
    """Raise a worker's error, its traceback (text) its ``__cause__`` if it has none."""
    error = failed.error
    if error.__cause__ is None:
        error.__cause__ = RemoteTraceback(failed.trace)
    raise error


def _chunksize(seeds: Iterable[Any], workers: int, chunksize: int | None) -> int:
    if chunksize is not None:
        return _check_int("chunksize", chunksize, low=1, high=1_000_000)
    if isinstance(seeds, Sized):
        return max(1, min(MAX_CHUNK, math.ceil(len(seeds) / (workers * CHUNKS_PER_WORKER))))
    return MAX_CHUNK // 4


def _chunks(seeds: Iterable[S], size: int, workers: int = 0) -> Iterator[list[S]]:
    """Chunks of ``size`` seeds, after a ramp for ``workers`` workers (none for 0, as for a
    chunk size the caller chose): the first chunk of each worker holds one seed, the next
    two, and so on, doubling up to ``size``. The first result (and so the progress bar's
    first step) then comes after one game, not after a whole chunk: with Phase 10's
    32-game chunks that was 20 s on a busy machine."""
    it = iter(seeds)
    step = 1 if workers else size
    while step < size:
        for _ in range(workers):
            chunk = list(islice(it, step))
            if not chunk:
                return
            yield chunk
        step *= 2
    while chunk := list(islice(it, size)):
        yield chunk


#: Why a script that starts a run at its top level fails with ``workers`` above 1, and
#: what to do: said by the worker that imports the script again and by the run.
MAIN_GUARD_HELP = (
    "each worker process imports your script again (Python's multiprocessing does, to "
    "find what the script defines), so a run started at the script's top level starts "
    "again inside every worker. Put the code that starts the run under "
    "`if __name__ == \"__main__\":`, or pass workers=1 (one process, no workers)"
)


def _start_worker() -> None:
    """What each local worker does first (the pool's initializer).

    * Workers leave Ctrl-C to the parent, which cancels the run once, without a traceback
      from every worker; the pool ends when its current chunks are done.
    * A worker ends when the process that started the run ends. A pool worker waits for
      its next chunk on a pipe that it holds both ends of, so it never hears that the
      parent is gone: a run killed with SIGKILL (``kill -9``, the OOM killer, a batch
      scheduler's time limit) left its workers, the fork server and the resource
      tracker waiting for ever, holding memory and the run's output pipes (a script
      that read the killed run's output through a pipe then waited for ever too). The
      parent's sentinel, which multiprocessing gives every child, becomes readable
      when the parent ends; a daemon thread waits on it and ends the worker at once
      (nobody is left to read its results).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), daemon=True,
                         name="tablegames-parent-watch").start()


def _exit_with(parent: Any) -> None:
    """Wait until ``parent`` ends, then end this worker (see :func:`_start_worker`)."""
    parent.join()
    os._exit(1)


def _mp_context(preload: Sequence[str] = ()) -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["tablegames", *preload])
        return ctx
    return multiprocessing.get_context("spawn")


def run(
    task: Callable[[S], R],
    seeds: Iterable[S],
    *,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    chunksize: int | None = None,
    preload: Sequence[str] = (),
) -> Generator[R, None, None]:
    """Yield ``task(seed)`` for each seed, in the order of ``seeds``.

    ``workers=None`` uses every core (``backend="process"``) or every CPU of the Ray
    cluster; ``workers=1`` runs in this process (no pickling, easiest to debug). The
    task must be picklable (a module-level function or a ``functools.partial`` of one)
    and deterministic in its seed; then the results are identical whatever ``workers``
    and ``backend``. ``backend="ray"`` connects to the cluster at ``address`` (or the
    running one, or starts a local Ray) and needs ``pip install "tablegames[ray]"``.
    ``progress(done)`` is called with the number of results yielded so far. An
    exception in a task is raised here, and the remaining work is cancelled. ``preload``
    names modules the local workers import once, before they fork (the fork server), so
    each worker does not import them again for its first task.

    Arguments are checked when ``run`` is called, before any work starts; with
    ``backend="ray"`` Ray is also started (or joined) then, so a Ray that does not start
    or connect is refused before the caller writes anything. The generator returned
    should be closed (``close()``, or run to its end) by a caller that stops early: that
    shuts down a Ray the run started, and the workers of a pool.
    """
    check_backend(backend)
    n = check_workers(workers, backend)
    check_address(address, backend)
    if chunksize is not None:
        _check_int("chunksize", chunksize, low=1, high=1_000_000)
    if progress is not None and not callable(progress):
        raise SetupError("progress must be a callable taking the number of results done")
    if not callable(task):
        raise SetupError("task must be a callable taking one seed")
    if backend == "ray":
        # Ray is started (or joined) now, so that Ray failing to start or connect is
        # refused when ``run`` is called, as every other argument is, before a caller
        # makes its results file or reports its start: started at the first result, it
        # left ``simulate --out`` an empty file behind (helper-196, helper-198)
        return _run_ray(_import_ray(), task, seeds, n, address, progress, chunksize)
    if n is None:
        n = cpu_count()
    if n == 1:
        return _run_local(task, seeds, progress)
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        # multiprocessing's own flag while a new worker imports the main script: the
        # same check it makes before starting a process, told in our words, before any
        # work (the run that started this worker then reports the worker's end below)
        raise SetupError(f"this run was started while a worker imported the script: {MAIN_GUARD_HELP}")
    if isinstance(preload, str) or not all(isinstance(m, str) for m in preload):
        raise SetupError("preload must be a list of module names")
    return _run_pool(task, seeds, n, progress, chunksize, tuple(preload))


def _run_local(task: Callable[[S], R], seeds: Iterable[S], progress: Callable[[int], None] | None,
               ) -> Generator[R, None, None]:
    for done, seed in enumerate(seeds, 1):
        yield task(seed)
        if progress is not None:
            progress(done)


def _first_games_lost() -> BrokenProcessPool:
    """The pool broken before any game came back: what to do about it, as a worker that
    re-ran the script at its top level (the usual cause) or was killed tells it."""
    return BrokenProcessPool(
        "a worker process ended before it finished its first games. If the "
        f"workers' error says the script was imported again: {MAIN_GUARD_HELP}. "
        "Otherwise the worker was killed (out of memory?) or crashed")


def _run_pool(
    task: Callable[[S], R], seeds: Iterable[S], workers: int,
    progress: Callable[[int], None] | None, chunksize: int | None, preload: tuple[str, ...] = (),
) -> Generator[R, None, None]:
    size = _chunksize(seeds, workers, chunksize)
    chunks = _chunks(seeds, size, workers if chunksize is None else 0)
    pending: collections.deque[Future[list[R] | tuple[list[R], _Failed]]] = collections.deque()
    done = 0
    # Processes start on demand, so a run with fewer chunks than workers starts fewer.
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=_mp_context(preload),
                               initializer=_start_worker)
    try:
        try:
            for chunk in islice(chunks, workers * WINDOW_PER_WORKER):
                pending.append(pool.submit(_run_chunk, task, chunk))
        except BrokenProcessPool as exc:
            # a worker that ended at once (a script re-run at its top level by each
            # worker) can break the pool while the first chunks are still handed out: on
            # a loaded machine the pool's bare "terminated abruptly" came from here
            raise _first_games_lost() from exc
        while pending:
            try:
                results_or_failed = pending.popleft().result()
            except BrokenProcessPool as exc:
                if done:
                    raise
                raise _first_games_lost() from exc
            results, failed = _split(results_or_failed)  # a task raised: the games before it, then it
            nxt = next(chunks, None) if failed is None else None
            if nxt is not None:
                pending.append(pool.submit(_run_chunk, task, nxt))
            yield from results
            done += len(results)
            if progress is not None:
                progress(done)
            if failed is not None:
                _raise(failed)
    finally:
        # On an error or an early stop, drop the queued chunks instead of finishing them.
        pool.shutdown(wait=True, cancel_futures=True)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayRefused(
            "backend='ray' needs Ray: pip install 'tablegames[ray]' (or pip install 'ray>=2.40')",
            code="missing") from None
    return ray


#: What to do when Ray does not come up: said in every such error.
RAY_HELP = (
    "Ray gives a new local cluster a fixed start-up deadline, which a busy machine can miss. "
    "Start Ray once yourself and let runs connect to it: `ray start --head` (it prints the "
    "address), then add `--address auto` (Python: address='auto'), or the printed address, "
    "or ray://HOST:10001 for a remote cluster. To give Ray's own start-up more time instead, "
    "set RAY_gcs_server_port_wait_time_s=300 and RAY_gcs_server_request_timeout_seconds=300 "
    "in the environment. `--backend process` (the default) needs no Ray."
)


#: Seconds a Ray address has to accept a connection, and then to answer in Ray's
#: protocol, before the run is refused.
PROBE_SECONDS = 3.0

#: What a client of an HTTP/2 server sends first (RFC 9113, 3.4): the preface and an
#: empty SETTINGS frame. Ray's cluster address (its GCS) and its client server
#: (``ray://``) are gRPC servers, which speak HTTP/2 and must answer with a SETTINGS frame
#: of their own before anything else.
_H2_HELLO = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes((0, 0, 0, 4, 0, 0, 0, 0, 0))
#: The bytes of an HTTP/2 frame header, all the probe ever reads.
_H2_HEADER = 9


class _Unanswered(NamedTuple):
    """Why no Ray answers at an address (:func:`_unanswered`): ``what`` and ``why`` are the
    refusal's English, ``code``, ``errno`` and ``answer`` :class:`RayRefused`'s fields."""

    what: str
    why: str
    code: str
    errno: int | None = None
    answer: str | None = None


def _unanswered(host: str, port: int) -> _Unanswered | None:
    """Why no Ray answers at ``host:port``, or ``None`` when one may.

    Two steps, each given :data:`PROBE_SECONDS`, on one connection, opened and closed:

    * a TCP connection (``what`` is "nothing answers": refused, timed out, an unknown
      host), which ``ray.init`` would open first anyway;
    * the first bytes of gRPC, the protocol of both addresses a run takes (HTTP/2's
      preface, answered by a SETTINGS frame). Something else on the port (a plain TCP
      service, an HTTP server such as Ray's own dashboard) accepted the connection, and
      ``ray.init`` then waited out its own timeout of 20 to 30 s before it said anything;
      now ``what`` is "something other than Ray answers". A live cluster answers at once,
      so a run waits two round trips longer and nothing else changes. With Ray's TLS on
      (``RAY_USE_TLS``, as Ray reads it) the server speaks TLS first, so only the
      connection is checked.
    """
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS) as conn:
            if os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true"):
                return None
            return _not_grpc(conn)
    except OSError as exc:  # ConnectionRefusedError, TimeoutError, socket.gaierror, ...
        # a connection that timed out has no errno of its own (``socket.timeout``)
        number = exc.errno if exc.errno is not None or not isinstance(exc, TimeoutError) \
            else errno.ETIMEDOUT
        return _Unanswered("nothing answers", exc.strerror or str(exc) or type(exc).__name__,
                           "unanswered", errno=number)


def _not_grpc(conn: socket.socket) -> _Unanswered | None:
    """Whether the server on ``conn`` answers HTTP/2's preface with a SETTINGS frame
    within :data:`PROBE_SECONDS` (``None``), or why not. At most a frame header is read,
    against one deadline, so a server that trickles bytes cannot hold the run longer."""
    def other(why: str, answer: str) -> _Unanswered:
        return _Unanswered("something other than Ray answers", why, "not_ray", answer=answer)

    deadline = time.monotonic() + PROBE_SECONDS
    got = b""
    try:
        conn.sendall(_H2_HELLO)
        while len(got) < _H2_HEADER:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            conn.settimeout(left)
            chunk = conn.recv(_H2_HEADER - len(got))
            if not chunk:
                break
            got += chunk
    except TimeoutError:
        return other(f"it accepted the connection but did not answer in Ray's protocol, "
                     f"gRPC, within {PROBE_SECONDS:g} s", "silent")
    except OSError:  # reset (closed with our bytes unread) by a server that wants others
        got = b""
    if got.startswith((b"HTTP/", b"<")):  # a status line, or a page sent without one
        return other("an HTTP server, not Ray's protocol, gRPC; Ray's dashboard (port "
                     "8265) is no cluster address", "http")
    # a SETTINGS frame (type 4) on stream 0 that is not an acknowledgement (flag 1)
    if len(got) == _H2_HEADER and got[3] == 4 and not got[4] & 1 and not any(got[5:]):
        return None
    if not got:
        return other("it closed the connection without answering in Ray's protocol, gRPC",
                     "closed")
    return other("its answer is not in Ray's protocol, gRPC", "other")


def _check_reachable(address: str | None) -> None:
    """Refuse, before ``ray.init``, a cluster address where no Ray answers.

    Given an address where nothing listens (``127.0.0.1:1``), ``ray.init`` printed Ray's
    C++ client's warnings for over a minute before it gave up (helper-138), and a
    ``ray://`` address waited 30 s; where something else listens (a web server), it
    waited 20 to 30 s (helper-146). The address Ray would use is the one given, or the
    ``RAY_ADDRESS`` of the environment where none or ``"auto"`` is (Ray reads it then);
    ``"auto"`` and no address at all find or start a local Ray, which is not probed."""
    name = "address"
    env = os.environ.get("RAY_ADDRESS")
    if env and address in (None, "auto"):
        address, name = env, ENV_ADDRESS
    if address is None:
        return
    endpoint = ray_endpoint(address, name)
    if endpoint is None:
        return
    refused = _unanswered(*endpoint)
    if refused is not None:
        raise RayRefused(
            f"{refused.what} at the Ray {name} {quoted(address, 100)} ({refused.why}): check "
            "the address, and that Ray runs there (`ray start --head` starts one and prints "
            "its address); `--backend process` (the default) needs no Ray",
            code=refused.code, address=address, argument=_argument(name),
            errno=refused.errno if refused.code == "unanswered" else None,
            reason=refused.why if refused.code == "unanswered" else None,
            answer=refused.answer)


def _start_ray(ray: Any, address: str | None) -> None:
    """``ray.init``, with a failure told as what happened and what to do about it.

    No address: Ray joins the cluster this machine already runs, or starts a local one,
    which on a loaded machine can fail after Ray's own start-up deadline (about 95 s in
    all) with an error about raylets and the GCS that says nothing of how to go on. An
    address where no Ray answers is refused first (:func:`_check_reachable`), without
    calling Ray at all, so none of Ray's output comes before the refusal.
    """
    _check_reachable(address)
    try:
        with _held_until_up() as held:
            ray.init(address=address, log_to_driver=False)
        held.hand_on()
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # Ray raises bare Exception, ConnectionError, TimeoutError, ...
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        said = quoted(first, 160)
        if address is None:
            what = f"Ray did not start a local cluster (Ray said: {said})."
        else:
            what = (f"Ray could not connect to the cluster at {quoted(address, 100)} (Ray said: {said}); "
                    "check that it runs (`ray status` on its head node) and that the address is right.")
        raise RayRefused(f"{what} {RAY_HELP}", code="no_start" if address is None else "no_connect",
                         address=address, argument=None if address is None else "address",
                         said=first) from None


#: The most log records and warnings held back while Ray starts (a start-up logs a few).
HELD_MAX = 1000


class _Held(logging.Handler):
    """Ray's own log records and warnings of one ``ray.init``, held back until it is known
    whether Ray came up.

    Ray logs at INFO before it fails (``Passing the following kwargs to ray.init() on the
    server``) and warns that its client timed out: printed before our refusal, which says
    what Ray said and what to do, they were the first thing a user read. A failed start
    drops them; a successful one (:meth:`hand_on`) hands them on to Ray's own handlers and to ``warnings``,
    so a normal run shows Ray's logs as before.
    """

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []
        self.warned: list[warnings.WarningMessage] = []

    def emit(self, record: logging.LogRecord) -> None:
        if len(self.records) < HELD_MAX:
            self.records.append(record)

    def hand_on(self) -> None:  # not ``release``: a Handler's lock is released by that name
        """Hand on what was held, as if it had not been (Ray's logger, ``warnings``)."""
        ray_log = logging.getLogger("ray")
        for record in self.records:
            ray_log.handle(record)
        for w in self.warned[:HELD_MAX]:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno, source=w.source)
        self.records, self.warned = [], []


@contextlib.contextmanager
def _held_until_up() -> Iterator[_Held]:
    """Hold Ray's log records (the ``ray`` logger's handlers give way to one that keeps
    them) and the warnings raised inside the block; see :class:`_Held`."""
    ray_log = logging.getLogger("ray")
    held = _Held()
    handlers, ray_log.handlers = list(ray_log.handlers), [held]
    propagate, ray_log.propagate = ray_log.propagate, False
    try:
        with warnings.catch_warnings(record=True) as warned:
            warnings.simplefilter("always")  # every one held; hand_on() filters as usual
            yield held
        held.warned = list(warned)
    finally:  # a handler Ray added meanwhile stays
        ray_log.handlers = handlers + [h for h in ray_log.handlers if h is not held]
        ray_log.propagate = propagate


def _run_ray(
    ray: Any, task: Callable[[S], R], seeds: Iterable[S], workers: int | None,
    address: str | None, progress: Callable[[int], None] | None, chunksize: int | None,
) -> Generator[R, None, None]:
    """The Ray run, with Ray started (or its refusal raised) before this returns.

    :func:`_ray_results` is advanced to its first ``yield``, which comes once Ray is up:
    ``ray.init``'s refusal is raised here, and the generator returned is already inside
    the ``try`` whose ``finally`` shuts down a Ray it started, so closing it (or dropping
    it) before its first result shuts Ray down too; a generator never advanced would
    skip its ``finally`` and leave the local cluster running."""
    results = _ray_results(ray, task, seeds, workers, address, progress, chunksize)
    next(results)  # None: Ray is up
    return cast("Generator[R, None, None]", results)


def _ray_results(
    ray: Any, task: Callable[[S], R], seeds: Iterable[S], workers: int | None,
    address: str | None, progress: Callable[[int], None] | None, chunksize: int | None,
) -> Generator[R | None, None, None]:
    """``None`` once Ray is up (:func:`_run_ray`), then the run's results."""
    started = False
    if not ray.is_initialized():
        _start_ray(ray, address)
        started = True
    try:
        yield None
        if workers is None:
            workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote_chunk = ray.remote(_run_chunk)
        task_ref = ray.put(task)  # sent once, not with every chunk
        size = _chunksize(seeds, workers, chunksize)
        chunks = _chunks(seeds, size, workers if chunksize is None else 0)
        pending: collections.deque[Any] = collections.deque()
        for chunk in islice(chunks, workers * WINDOW_PER_WORKER):
            pending.append(remote_chunk.remote(task_ref, chunk))
        done = 0
        try:
            while pending:
                results, failed = _split(_ray_get(ray, pending.popleft()))
                nxt = next(chunks, None) if failed is None else None
                if nxt is not None:
                    pending.append(remote_chunk.remote(task_ref, nxt))
                yield from results
                done += len(results)
                if progress is not None:
                    progress(done)
                if failed is not None:
                    _raise(failed)
        finally:
            for ref in pending:
                ray.cancel(ref)
    finally:
        if started:
            ray.shutdown()


def _ray_get(ray: Any, ref: Any) -> Any:
    """A chunk's outcome (:func:`_run_chunk`) from Ray, an error its task raised raised
    here as itself, as the process pool raises it: its traceback in the worker (text)
    its ``__cause__`` where it has none of its own (:func:`_raise`).

    ``ray.get`` raises a task's error as ``RayTaskError(BotFailed)``, a class of Ray's
    own that inherits from both, whose ``cause`` is the error itself (``BotFailed.cause``,
    the bot's own exception, was hidden behind it) and whose words are Ray's traceback,
    not the error's; the command line's bot-failure paragraph and a caller's ``type(exc)
    is BotFailed`` met that instead (found by helper-232). An error Ray could not bring
    back (its own, a worker that died) is raised as Ray raised it."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = exc.cause
        if not isinstance(cause, Exception) or isinstance(cause, ray.exceptions.RayError):
            raise
        _raise(_Failed(cause, str(exc)))
