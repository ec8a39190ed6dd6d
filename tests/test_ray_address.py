"""A Ray ``address`` is read strictly and refused within seconds where nothing answers.

``tablegames simulate toepen --backend ray --address 127.0.0.1:1`` (nothing listening)
printed Ray's C++ client's warnings for over a minute before it said anything, and Ray
took ``127.0.0.1`` (no port), port ``99999`` or ``h:abc`` only to fail inside
``ray.init`` (helper-138). Ray itself is never started here: a malformed address is
refused before Ray is imported, an unreachable one before ``ray.init`` is called.
"""

from __future__ import annotations

import http.server
import socket
import sys
import threading
from collections.abc import Iterator

import pytest

from tablegames import runner
from tablegames.cli import main
from tablegames.common.errors import SetupError
from tablegames.runner import check_address, ray_endpoint, run


class _Ray:
    """Stands in for Ray: records the addresses ``init`` was called with."""

    def __init__(self) -> None:
        self.calls: list[str | None] = []
        self.up = False

    def is_initialized(self) -> bool:
        return self.up

    def init(self, address: str | None = None, **_: object) -> None:
        self.calls.append(address)
        self.up = True

    def shutdown(self) -> None:
        self.up = False

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 1.0}

    def remote(self, fn: object) -> object:
        raise RuntimeError("no tasks in this test")


@pytest.fixture()
def fake_ray(monkeypatch: pytest.MonkeyPatch) -> _Ray:
    fake = _Ray()
    monkeypatch.setattr(runner, "_import_ray", lambda: fake)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    return fake


@pytest.fixture()
def open_port() -> Iterator[int]:
    """A port of 127.0.0.1 that accepts connections (as a Ray head's would)."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        yield server.getsockname()[1]


MALFORMED = [
    ("", "address is empty"),
    ("   ", "address is empty"),
    ("127.0.0.1", "has no port"),
    ("ray://head", "has no port"),
    ("head:", "has no port"),
    ("[::1]", "has no port"),
    (":6379", "names no host"),
    ("ray://:10001", "names no host"),
    ("::1:6379", "names no host"),
    ("head name:6379", "names no host"),
    ("head:6379/x", "a port is 1 to 65535"),
    ("head:0", "a port is 1 to 65535"),
    ("head:65536", "a port is 1 to 65535"),
    ("head:99999", "a port is 1 to 65535"),
    ("head:-1", "a port is 1 to 65535"),
    ("head:abc", "a port is 1 to 65535"),
    ("head:6379 ", "a port is 1 to 65535"),
    ("head:\u00b2", "a port is 1 to 65535"),  # a digit to str.isdigit, not a port
    ("http://head:8265", "is not a Ray address"),
    ("RAY://head:10001", "is not a Ray address"),
    ("x" * 301 + ":1", "at most 300 characters"),
]


@pytest.mark.parametrize(("address", "message"), MALFORMED)
def test_a_malformed_address_is_refused_before_any_work(
        fake_ray: _Ray, address: str, message: str) -> None:
    calls: list[int] = []
    with pytest.raises(SetupError, match=message) as caught:
        run(calls.append, [1, 2], backend="ray", address=address)
    assert calls == [] and fake_ray.calls == []
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 500


@pytest.mark.parametrize(("address", "endpoint"), [
    ("auto", None), ("local", None),
    ("127.0.0.1:6379", ("127.0.0.1", 6379)),
    ("ray://head.example.org:10001", ("head.example.org", 10001)),
    ("[::1]:6379", ("::1", 6379)),
    ("ray://[fe80::1]:1", ("fe80::1", 1)),
    ("node_7-b:65535", ("node_7-b", 65535)),
])
def test_the_forms_ray_documents_are_taken_as_they_are(
        address: str, endpoint: tuple[str, int] | None) -> None:
    assert ray_endpoint(address) == endpoint
    assert check_address(address, "ray") == address  # passed to Ray unchanged


@pytest.mark.parametrize("form", ["127.0.0.1:{}", "ray://127.0.0.1:{}"])
def test_nothing_listening_is_refused_without_calling_ray(
        fake_ray: _Ray, closed_port: int, form: str) -> None:
    address = form.format(closed_port)
    with pytest.raises(SetupError, match=rf"nothing answers at the Ray address '{address}' "
                                         r"\(Connection refused\): check the address"):
        list(run(abs, [1], backend="ray", address=address))
    assert fake_ray.calls == []


def test_ray_address_from_the_environment_is_checked_too(
        fake_ray: _Ray, closed_port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray reads ``RAY_ADDRESS`` when no address or ``"auto"`` is given: the same hang."""
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{closed_port}")
    for address in (None, "auto"):
        with pytest.raises(SetupError, match=r"nothing answers at the Ray RAY_ADDRESS "
                                             r"\(from the environment\)"):
            list(run(abs, [1], backend="ray", address=address))
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1")
    with pytest.raises(SetupError, match=r"RAY_ADDRESS \(from the environment\) '127.0.0.1' "
                                         "has no port"):
        list(run(abs, [1], backend="ray"))
    assert fake_ray.calls == []


def test_an_address_that_answers_goes_to_ray_unchanged(fake_ray: _Ray, grpc_port: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe only looks: Ray gets the very address (and ``None``, ``"auto"``, which find
    or start a local Ray, are not probed at all)."""
    open_port = grpc_port  # an address answers when it speaks Ray's protocol (helper-146)
    for address in (f"127.0.0.1:{open_port}", f"ray://127.0.0.1:{open_port}", "auto", None):
        with pytest.raises(RuntimeError, match="no tasks in this test"):
            list(run(abs, [1], backend="ray", address=address))
        assert fake_ray.calls[-1] == address and not fake_ray.up  # and shut down again
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{open_port}")
    with pytest.raises(RuntimeError, match="no tasks in this test"):
        list(run(abs, [1], backend="ray"))
    assert fake_ray.calls[-1] is None  # Ray reads RAY_ADDRESS itself, as before


def test_the_command_fails_fast_with_one_line_and_none_of_rays_output(
        closed_port: int, capfd: pytest.CaptureFixture[str]) -> None:
    """The reported command, with the real Ray installed: exit 2, one line on stderr (Ray's
    C++ warnings were written to the file descriptor, so it is read there), Ray never
    started."""
    import ray
    code = main(["simulate", "toepen", "--games", "4", "--players", "4", "--backend", "ray",
                 "--address", f"127.0.0.1:{closed_port}"])
    out, err = capfd.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"tablegames: nothing answers at the Ray address '127.0.0.1:{closed_port}'")
    assert err.count("\n") == 1
    assert not ray.is_initialized()


@pytest.mark.parametrize(("address", "message"), [MALFORMED[0], MALFORMED[2], MALFORMED[12]])
def test_the_command_refuses_a_malformed_address_in_one_line(
        address: str, message: str, capfd: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "toepen", "--games", "2", "--workers", "1", "--backend", "ray",
                 "--address", address])
    out, err = capfd.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err
    assert err.startswith("tablegames: ")


def test_the_arena_checks_the_address_before_its_first_game() -> None:
    from tablegames.bots.matches import arena

    with pytest.raises(SetupError, match="has no port"):
        arena("toepen", ["club", "random"], games=2, workers=1, backend="ray",
              address="127.0.0.1")
    with pytest.raises(SetupError, match="only used with backend='ray'"):
        arena("toepen", ["club", "random"], games=2, workers=1, address="auto")


# -- something other than Ray on the port (helper-146) -------------------------------------
#
# A plain TCP service or a web server (Ray's own dashboard, port 8265) on the address passed
# the TCP probe, and ``ray.init`` then waited out its own timeout of 20 to 30 s. The probe
# now also opens gRPC, the protocol of both Ray addresses (HTTP/2's preface, which a gRPC
# server answers with a SETTINGS frame at once).


def _serve(server: socket.socket, answer: bytes) -> None:
    """Accept connections on ``server`` until it is closed; read the client's first bytes
    and send ``answer``, then wait for the client to close."""
    while True:
        try:
            conn, _ = server.accept()
        except OSError:  # the fixture closed the server
            return
        with conn:
            conn.settimeout(5)
            try:
                conn.recv(64)
                conn.sendall(answer)
                while conn.recv(64):
                    pass
            except OSError:
                pass


@pytest.fixture()
def grpc_port() -> Iterator[int]:
    """A port of 127.0.0.1 that answers HTTP/2's preface as a gRPC server does (Ray's GCS
    and its client server are gRPC servers): with an empty SETTINGS frame."""
    server = socket.create_server(("127.0.0.1", 0))
    thread = threading.Thread(target=_serve, args=(server, bytes((0, 0, 0, 4, 0, 0, 0, 0, 0))),
                              daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        server.close()
        thread.join(10)


@pytest.fixture()
def http_port() -> Iterator[int]:
    """A port of 127.0.0.1 where Python's own HTTP server answers."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    server.RequestHandlerClass.log_message = lambda *_: None  # type: ignore[method-assign]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@pytest.fixture()
def short_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    """A probe of 0.3 s instead of 3 s, so that a silent listener costs the suite little."""
    monkeypatch.setattr(runner, "PROBE_SECONDS", 0.3)


@pytest.mark.parametrize("form", ["127.0.0.1:{}", "ray://127.0.0.1:{}"])
def test_a_silent_listener_is_refused_without_calling_ray(
        fake_ray: _Ray, open_port: int, short_probe: None, form: str) -> None:
    address = form.format(open_port)
    with pytest.raises(SetupError, match=rf"something other than Ray answers at the Ray address "
                                         rf"'{address}' \(it accepted the connection but did "
                                         r"not answer in Ray's protocol, gRPC, within 0.3 s\): "
                                         "check the address"):
        list(run(abs, [1], backend="ray", address=address))
    assert fake_ray.calls == []


def test_a_web_server_is_refused_at_once_without_calling_ray(
        fake_ray: _Ray, http_port: int) -> None:
    for address in (f"127.0.0.1:{http_port}", f"ray://127.0.0.1:{http_port}"):
        with pytest.raises(SetupError, match=r"something other than Ray answers .* \(an HTTP "
                                             r"server, not Ray's protocol, gRPC; Ray's dashboard "
                                             r"\(port 8265\) is no cluster address\)"):
            list(run(abs, [1], backend="ray", address=address))
    assert fake_ray.calls == []


def test_a_server_that_answers_something_else_is_refused(fake_ray: _Ray) -> None:
    for answer, why in [(b"+OK redis\r\n", "its answer is not in Ray's protocol"),
                        (b"", "it closed the connection without answering"),
                        (bytes((0, 0, 0, 4, 1, 0, 0, 0, 0)), "its answer is not in Ray's")]:
        server = socket.create_server(("127.0.0.1", 0))
        if answer:
            thread = threading.Thread(target=_serve, args=(server, answer), daemon=True)
        else:  # accept and close at once
            thread = threading.Thread(target=lambda s=server: s.accept()[0].close(), daemon=True)
        thread.start()
        try:
            address = f"127.0.0.1:{server.getsockname()[1]}"
            with pytest.raises(SetupError, match=f"something other than Ray answers at the Ray "
                                                 f"address '{address}' \\({why}"):
                list(run(abs, [1], backend="ray", address=address))
        finally:
            server.close()
            thread.join(10)
    assert fake_ray.calls == []


def test_with_rays_tls_only_the_connection_is_checked(
        fake_ray: _Ray, open_port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A TLS server waits for the client's TLS hello, so the gRPC preface is not sent."""
    monkeypatch.setenv("RAY_USE_TLS", "1")
    with pytest.raises(RuntimeError, match="no tasks in this test"):
        list(run(abs, [1], backend="ray", address=f"127.0.0.1:{open_port}"))
    assert fake_ray.calls == [f"127.0.0.1:{open_port}"]


def test_the_command_refuses_a_web_server_in_one_line(
        http_port: int, open_port: int, short_probe: None,
        capfd: pytest.CaptureFixture[str]) -> None:
    """The reported command, with the real Ray installed: exit 2 and one line, Ray never
    started (it waited 20 to 30 s before it said anything)."""
    for port in (http_port, open_port):
        code = main(["simulate", "toepen", "--games", "4", "--players", "4", "--backend", "ray",
                     "--address", f"127.0.0.1:{port}"])
        out, err = capfd.readouterr()
        assert code == 2 and out == "" and err.count("\n") == 1
        assert err.startswith(f"tablegames: something other than Ray answers at the Ray "
                              f"address '127.0.0.1:{port}'")
    ray = sys.modules.get("ray")
    assert ray is None or not ray.is_initialized()
