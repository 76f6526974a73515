"""The web application's door (``Guard``, ASGI middleware before every route): it answers only
to the names it was started for (a foreign ``Host`` is DNS rebinding: 400), refuses writes from
another origin (403), and refuses a request body past ``UPLOAD_LIMIT`` before any route reads it
(413), whether its size is announced or it comes in chunks.
"""

from __future__ import annotations

import ipaddress
import json

UPLOAD_LIMIT = 1 << 20   # bytes a request body may hold (hand records, a view, an action)
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")
TEST_CLIENT = "testserver"   # the name an in-process test client sends
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
WILDCARDS = {"0.0.0.0", "::", ""}


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _split(value: str) -> tuple[str, int | None]:
    """``name:port`` (or ``[v6]:port``, or a name alone) as (lower-case name, port)."""
    value = value.strip().lower()
    name, sep, port = value.rpartition(":") if not value.endswith("]") else (value, "", "")
    if not sep:
        return value, None
    return name, int(port) if port.isdigit() else -1


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


class Hosts:
    """The ``Host`` values a server answers to: with ``port``, the local names and ``host``
    (the address it listens on) at that port, and any address written as an IP (not a name,
    which is what DNS rebinding needs) when it listens on every address; without ``port`` (an
    application used in process, through a test client) the local names at any port and the
    test client's ``testserver``."""

    def __init__(self, host: str = "127.0.0.1", port: int | None = None):
        self.port = port
        self.wildcard = host in WILDCARDS
        names = set(LOCAL_NAMES) | ({_bracketed(host).lower()} if not self.wildcard else set())
        if port is None:
            names.add(TEST_CLIENT)
        self.names = frozenset(names)

    def allows(self, value: str | None) -> bool:
        if not value:
            return False
        name, port = _split(value)
        if self.port is None:
            return name in self.names and port != -1
        if port != self.port and not (port is None and self.port == 80):
            return False
        return name in self.names or (self.wildcard and _is_ip(name))

    def __str__(self) -> str:
        if self.port is None:
            return ", ".join(sorted(self.names))
        return ", ".join(f"{n}:{self.port}" for n in sorted(self.names)) + (
            " and any IP address" if self.wildcard else "")


class Guard:
    """ASGI middleware: the host, the origin and the size of every request checked before the
    application sees it; a refusal is ``{"error": one line}`` like every other."""

    def __init__(self, app, hosts: Hosts | None = None, limit: int = UPLOAD_LIMIT):
        self.app, self.hosts, self.limit = app, hosts or Hosts(), limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", ())}
        host = headers.get("host", "")
        if not self.hosts.allows(host):
            return await _refuse(send, 400, f"unknown host {host[:80]!r}: this server answers "
                                 f"only to {self.hosts} (a page of another site may not reach "
                                 "it)")
        if scope["method"] in WRITES:
            refusal = _cross_origin(headers, host)
            if refusal:
                return await _refuse(send, 403, refusal)
        size = headers.get("content-length")
        if size is not None:
            if not size.strip().isdigit():
                return await _refuse(send, 400, f"Content-Length: a number of bytes, not "
                                     f"{size[:40]!r}")
            if int(size) > self.limit:
                return await _refuse(send, 413, f"the request holds {int(size):,} bytes: at "
                                     f"most {self.limit:,}")
        elif scope["method"] in WRITES:
            body = await _read(receive, self.limit)
            if body is None:
                return await _refuse(send, 413, f"the request holds more than {self.limit:,} "
                                     f"bytes: at most {self.limit:,}")
            receive = _replay(body, receive)
        return await self.app(scope, receive, send)


def _cross_origin(headers: dict, host: str) -> str | None:
    """Why a write from another origin is refused (None when it is the page's own): a browser
    says where a request comes from (``Origin``, ``Sec-Fetch-Site``); a program that says
    nothing is not a page of another site."""
    origin = headers.get("origin")
    if origin is not None and origin.lower() not in (f"http://{host}".lower(),
                                                      f"https://{host}".lower()):
        return (f"cross-origin request refused: a page from {origin[:80]!r} may not write to "
                "this server")
    site = headers.get("sec-fetch-site")
    if site is not None and site.lower() not in ("same-origin", "none"):
        return f"cross-origin request refused: a {site[:20]} page may not write to this server"
    return None


async def _read(receive, limit: int) -> bytes | None:
    """A body that comes without its size, read whole; None past ``limit`` (read no further)."""
    chunks, n = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        n += len(message.get("body", b""))
        if n > limit:
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive):
    sent = False

    async def again():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return again


async def _refuse(send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


__all__ = ["Guard", "Hosts", "UPLOAD_LIMIT"]
