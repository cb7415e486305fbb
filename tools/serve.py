"""Serve dist/ on 127.0.0.1 with the right MIME types and the CSP header (PYODIDE.md §3.4, §4).

The same server backs the browser tests and the boot benchmark; ``prefix``
mounts the site under a sub-path (GitHub Pages serves it at /REPO/).
"""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
    "style-src 'self'; img-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files under ``prefix`` with explicit MIME types, CSP and no-cache revalidation."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    cache_control = "no-cache"

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(self.prefix):
            return str(Path(self.directory) / "__outside_prefix__")
        return super().translate_path("/" + clean[len(self.prefix) :])

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # quiet: tests and benchmarks read stdout
        pass


class SiteServer(ThreadingHTTPServer):
    """A threading server that stays quiet when the browser drops a connection mid-file (a page closed, a download
    set aside): that is the browser's choice, not a server error."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        import sys

        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path, port: int = 8000, prefix: str = "/", cache_control: str = "no-cache", base=SiteHandler
) -> ThreadingHTTPServer:
    """A server for ``directory`` on 127.0.0.1:``port`` (0 picks a free port).

    ``cache_control`` defaults to revalidation for development; the benchmark uses GitHub Pages'
    ``max-age=600``. ``base``: a :class:`SiteHandler` of the caller's (a test that watches what is sent).
    """
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError("prefix must start and end with '/'")
    handler = type("Handler", (base,), {"prefix": prefix, "cache_control": cache_control})
    return SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(
    directory: Path, prefix: str = "/", cache_control: str = "no-cache", base=SiteHandler
) -> tuple[ThreadingHTTPServer, str]:
    """Start a server on a free port in a daemon thread; returns it and the site URL."""
    server = make_server(directory, 0, prefix, cache_control, base)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}"


def serve_forever(directory: Path, port: int) -> None:
    server = make_server(directory, port)
    print(f"Serving {directory} at http://127.0.0.1:{port}/ (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
