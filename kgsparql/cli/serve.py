"""``kgsparql serve``: the JSON API and the page over one KG, models loaded once (docs/serve.md)."""
from __future__ import annotations

import ipaddress
import socket

import click

from ..config import WALKS
from ..errors import ConfigError, InputError
from .flags import kg_options, settings_from

__all__ = ["serve"]


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, opened here so that a taken port is one line, not a server log."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        raise InputError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@click.command()
@kg_options
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but loopback exposes the KG: see docs/serve.md first.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port (0: any free one).")
@click.option("--method", default=None, help="Default method for /v1/ask (a request may name another).")
@click.option("--verifier", default=None, help="Claim verifier for /v1/verify: refkg (default) or another registered one.")
@click.option("--llm", default=None, help="none (default), llama, llama:/path/model.gguf, openai:MODEL.")
@click.option("--llm-base-url", default=None, help="Base URL of an OpenAI-compatible server.")
@click.option("--walks", type=click.Choice(WALKS), default=None, help="Answer convention (as for ask).")
@click.option("--concurrency", type=click.IntRange(1, 64), default=4, show_default=True,
              help="Requests answered at once (threads sharing the loaded KG and models).")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="A Host name to answer besides the loopback names (a reverse proxy's name); repeatable.")
def serve(store, endpoint, endpoint_kind, adapter, timeout, config_file, host, port, method, verifier, llm,
          llm_base_url, walks, concurrency, allow_hosts):
    """Serve the JSON API (POST /v1/ask, /v1/verify, /v1/sparql; GET /healthz) and a page at / for
    one KG, with the same store, endpoint, method, llm and config flags as ask. Needs the serve
    extra: pip install 'kgsparql[serve]'."""
    try:
        import starlette  # noqa: F401
        import uvicorn
    except ModuleNotFoundError as exc:
        raise ConfigError(f"kgsparql serve needs the serve extra ({exc.name} is missing): "
                          "pip install 'kgsparql[serve]'") from None
    from ..serve import Service, allowed_hosts, create_app
    settings = settings_from(config_file, store=store, endpoint=endpoint, endpoint_kind=endpoint_kind, adapter=adapter,
                             timeout=timeout, method=method, llm=llm, llm_base_url=llm_base_url, walks=walks)
    sock = _listen(host, port)
    with sock, Service(settings, verifier=verifier) as service:
        bound = sock.getsockname()
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        if not _is_loopback(host):
            click.echo(f"warning: listening on {host}, not loopback: anyone who can reach it can query the KG "
                       "and spend its CPU; put an authenticating reverse proxy in front (docs/serve.md)", err=True)
        click.echo(f"serving http://{shown}:{bound[1]}/ (Ctrl-C stops)", err=True)
        hosts = allowed_hosts(_is_loopback(host), allow_hosts)
        config = uvicorn.Config(create_app(service, concurrency, hosts), log_level="warning", lifespan="off",
                                timeout_graceful_shutdown=5)
        try:
            uvicorn.Server(config).run(sockets=[sock])
        except KeyboardInterrupt:   # uvicorn shut down gracefully, then passed Ctrl-C on
            pass
