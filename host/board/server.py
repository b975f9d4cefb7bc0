"""The board page's server: one port serves the page (plain HTTP GET) and a
WebSocket (/live) that pushes every change; the page sends nothing back.

Built on `websockets` (asyncio), whose process_request hook answers the few
plain GETs, so no web framework is needed. The server runs its own event
loop in a daemon thread; `publish` may be called from any thread. On the
local network every request must carry the random token of the printed URL.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections import deque
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from host.errors import UserError

STATIC = Path(__file__).parent / "static"
PAGES = {  # path -> (file, content type)
    "/": ("board.html", "text/html; charset=utf-8"),
    "/board.css": ("board.css", "text/css; charset=utf-8"),
    "/board.js": ("board.js", "text/javascript; charset=utf-8"),
}
CAPTIONS_KEPT = 500  # the newest captions a page gets when it (re)connects
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; "
    "style-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class BoardServer:
    def __init__(self, port: int = 0, lan: bool = False):
        self.host = "0.0.0.0" if lan else "127.0.0.1"
        self.requested_port = port
        self.token = secrets.token_urlsafe(16) if lan else None
        self.port: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Any = None  # websockets' Server, once listening
        self._thread: threading.Thread | None = None
        self._clients: set = set()
        self._state: dict | None = None
        self._captions: deque = deque(maxlen=CAPTIONS_KEPT)
        self._sequence = 0

    # ------------------------------------------------------------ outside

    def start(self) -> None:
        """Listen, or UserError (the port is taken) — before the game starts."""
        started = threading.Event()
        failure: list[OSError] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._listen())
            except OSError as exc:
                failure.append(exc)
                started.set()
                loop.close()
                return
            started.set()
            loop.run_forever()
            loop.run_until_complete(self._close_all())
            loop.close()

        self._thread = threading.Thread(target=run, name="board-server", daemon=True)
        self._thread.start()
        started.wait()
        if failure:
            raise UserError(
                f"the board page cannot listen on {self.host} port {self.requested_port} "
                f"({failure[0].strerror or failure[0]}); choose another with --board-port"
            )

    def stop(self) -> None:
        if self._loop is None or self._thread is None or not self._thread.is_alive():
            return
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host == "127.0.0.1" else _lan_address()
        query = f"?token={self.token}" if self.token else ""
        return f"http://{host}:{self.port}/{query}"

    def publish_state(self, view: dict) -> None:
        self._call(self._send, "state", view)

    def publish_caption(self, kind: str, text: str) -> None:
        self._call(self._send, "caption", {"kind": kind, "text": text})

    def _call(self, function, *args) -> None:
        if self._loop is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(function, *args)
            except RuntimeError:  # the loop closed meanwhile: the page is gone
                pass

    # ------------------------------------------------------- in the loop

    async def _listen(self) -> None:
        from websockets.asyncio.server import serve

        server = await serve(
            self._connection,
            self.host,
            self.requested_port,
            process_request=self._http,
            compression=None,
        )
        self._server = server
        self.port = next(iter(server.sockets)).getsockname()[1]

    async def _close_all(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    def _http(self, connection, request):
        """Plain GETs get the page; /live goes on to the WebSocket handshake.
        Only the board's own address and page are served (no other web site
        can read the game through the user's browser)."""
        parts = urlsplit(request.path)
        host = request.headers.get("Host", "")
        if self.token is None and host not in (f"127.0.0.1:{self.port}", f"localhost:{self.port}"):
            return connection.respond(HTTPStatus.FORBIDDEN, "This board answers on 127.0.0.1.\n")
        origin = request.headers.get("Origin")
        if parts.path == "/live" and origin is not None and origin != f"http://{host}":
            return connection.respond(HTTPStatus.FORBIDDEN, "Only the board's own page.\n")
        if self.token is not None and parts.path in ("/", "/live"):  # css and js hold no game
            given = parse_qs(parts.query).get("token", [""])[0]
            if not secrets.compare_digest(given, self.token):
                return connection.respond(HTTPStatus.FORBIDDEN, "This board needs its token.\n")
        if parts.path == "/live":
            return None
        if parts.path not in PAGES:
            return connection.respond(HTTPStatus.NOT_FOUND, "Not here: the board is at /\n")
        name, content_type = PAGES[parts.path]
        response = connection.respond(HTTPStatus.OK, (STATIC / name).read_text(encoding="utf-8"))
        response.headers["Content-Type"] = content_type
        for header, value in SECURITY_HEADERS.items():
            response.headers[header] = value
        return response

    async def _connection(self, connection) -> None:
        """A page: everything so far, then every change; its messages are ignored."""
        self._clients.add(connection)
        try:
            snapshot = {"state": self._state, "captions": list(self._captions)}
            await connection.send(self._message("snapshot", snapshot))
            async for _ignored in connection:
                pass  # read-only: the page controls nothing
        except Exception:
            pass  # a page closed mid-send: nothing to do
        finally:
            self._clients.discard(connection)

    def _send(self, kind: str, payload: dict) -> None:
        from websockets.asyncio.server import broadcast

        if kind == "state":
            self._state = payload
        else:
            self._captions.append(payload)
        broadcast(self._clients, self._message(kind, payload))

    def _message(self, kind: str, payload: dict) -> str:
        self._sequence += 1
        return json.dumps({"type": kind, "seq": self._sequence, "data": payload})


def _lan_address() -> str:
    """This machine's address on the local network (the one a route out uses)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent
            return probe.getsockname()[0]
        except OSError:
            return socket.gethostname()
