"""``euchre-sim serve``: the local web application (``analysis.web``) on this machine, opened in
the browser.  The command line's ``serve`` (``analysis.cli.serve``) runs ``serve_now``; the
console entry point (``analysis.entry``) runs ``command()`` alone, without loading the rest of
the command line (every command, Numba, pandas: about two seconds more before the first page).

Thin: checks the options, builds the application and runs it with uvicorn.  Ctrl-C (or
SIGTERM) stops it at once, computations and the background compile included, with one line and
exit 130 (143): the server writes nothing, so there is nothing to clean up.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import webbrowser

import click

LOCAL = ("127.0.0.1", "localhost", "::1")


def _stop_now(signum, frame) -> None:
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(128 + signum)


HELP = """The advisor, the strategy chart, hand review and a game against the bots, as pages in
    the browser, with a JSON API under /api (its description at /docs) that any program can
    ask.  Everything is served from the package and works offline; the first start compiles
    in the background while the pages already answer ("preparing").

    \b
    Example:
        euchre-sim serve
        euchre-sim serve --port 8765 --no-open
    """


def options(fn):
    """``serve``'s options, on ``fn(port, host, no_open)``."""
    fn = click.option("--no-open", is_flag=True, help="Do not open the browser.")(fn)
    fn = click.option("--host", default="127.0.0.1", show_default=True,
                      help="Address to listen on; anything but this machine's own is reachable "
                           "by others on the network (a warning says so).")(fn)
    return click.option("--port", type=click.IntRange(0, 65535), default=8000,
                        show_default=True, help="Port to listen on (0: any free port).")(fn)


def command() -> click.Command:
    """The ``serve`` command on its own (the entry point's fast way in)."""
    return click.command("serve", help=HELP, context_settings={
        "help_option_names": ["-h", "--help"]})(options(serve_now))


def serve_now(port, host, no_open):
    """Serve on ``host:port`` until stopped (the command's body)."""
    try:
        import uvicorn

        from analysis.web.app import create_app
    except ImportError as e:
        raise click.ClickException(
            f"serve needs the web extra ({e.name} is missing): "
            "python3 -m pip install 'euchre-sim[web]'") from None
    sock = _bind(host, port)
    if host not in LOCAL:
        click.echo(f"Warning: listening on {host}: anyone who can reach this machine on the "
                   "network can use the server (and its CPU); the default 127.0.0.1 keeps it "
                   "to this machine", err=True)
    # the compile starts once the pages answer; the server answers only to its own address
    app = create_app(prepare=False, host=host, port=sock.getsockname()[1])
    server = _Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                    access_log=False))

    def started(url):
        app.state.preparing.start()
        if not no_open:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    server.on_started = started
    server.run(sockets=[sock])


def _bind(host: str, port: int):
    """A socket bound to ``host:port``, or the one line that says why not (a name that is not
    an address, a port taken or not allowed)."""
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port,
                                                             type=socket.SOCK_STREAM)[0]
    except socket.gaierror as e:
        raise click.ClickException(f"--host {host}: not an address to listen on "
                                   f"({e.strerror})") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as e:
        sock.close()
        raise click.ClickException(f"--port {port}: cannot listen on {host}:{port} "
                                   f"({e.strerror}); choose another port, or --port 0 for any "
                                   "free one") from None
    return sock


def _server_class():
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, except that Ctrl-C and SIGTERM end the process at once (its own
        handler would wait for the computations in progress) and the address is printed."""

        on_started = None

        def capture_signals(self):
            import contextlib

            @contextlib.contextmanager
            def signals():
                if threading.current_thread() is threading.main_thread():
                    for s in (signal.SIGINT, signal.SIGTERM):
                        signal.signal(s, _stop_now)
                yield
            return signals()

        async def startup(self, sockets=None):
            await super().startup(sockets)
            if not self.started:
                return
            sock = self.servers[0].sockets[0].getsockname() if self.servers else None
            port = sock[1] if sock else self.config.port
            host = self.config.host if ":" not in self.config.host else f"[{self.config.host}]"
            url = f"http://{host}:{port}/"
            click.echo(f"euchre-sim serving {url}  (Ctrl-C stops it)", err=True)
            if self.on_started is not None:
                self.on_started(url)

    return Server


def _Server(config):  # noqa: N802 - a class made on first use (uvicorn is an optional extra)
    return _server_class()(config)


__all__ = ["HELP", "options", "command", "serve_now", "LOCAL"]
