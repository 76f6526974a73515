"""``euchre-sim serve``: the local web application (``analysis.web``) on this machine, opened in
the browser; the command lives in ``analysis.web.command``, which the console entry point loads
alone for this command (the first page two seconds sooner)."""

from __future__ import annotations

import click

from analysis.web.command import HELP, options, serve_now


@click.command("serve", help=HELP)
@options
def serve(port, host, no_open):
    serve_now(port, host, no_open)


__all__ = ["serve"]
