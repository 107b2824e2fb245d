#!/usr/bin/env python3
"""bench/server.py — the benchmark's instant-answer Open-Meteo look-alike.

An asyncio HTTP/1.1 keep-alive server (stdlib only) that answers every
`GET /v1/forecast...` at once with one fixed, realistic forecast body (copied
from fake-open-meteo's output by bench/run.py) and the same response headers
fake-open-meteo sends.

Usage: server.py --body FILE --headers FILE --port-file FILE [--host 127.0.0.1] [--port 0]
Runs until SIGTERM/SIGINT.
"""

import argparse
import asyncio
import os
import signal


def make_head(headers_file: str, body_length: int) -> bytes:
    """Status line + headers as fake-open-meteo sends them, with our body's Content-Length."""
    lines = []
    with open(headers_file, "rb") as f:
        for raw in f.read().split(b"\r\n"):
            if not raw:
                continue
            if raw.lower().startswith(b"content-length:") or raw.lower().startswith(b"connection:"):
                continue
            lines.append(raw)
    if not lines or not lines[0].startswith(b"HTTP/1.1 200"):
        lines.insert(0, b"HTTP/1.1 200 OK")
    lines.append(b"Content-Length: " + str(body_length).encode())
    return b"\r\n".join(lines) + b"\r\n\r\n"


NOT_FOUND = (
    b"HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 35\r\n\r\n"
    b'{"error":true,"reason":"Not Found"}'
)


class Connection(asyncio.Protocol):
    def __init__(self, forecast_response: bytes):
        self.forecast_response = forecast_response
        self.buffer = b""
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.buffer[:end]
            self.buffer = self.buffer[end + 4 :]
            # GET requests only: no body to skip.
            request_line, _, header_block = head.partition(b"\r\n")
            parts = request_line.split(b" ")
            target = parts[1] if len(parts) >= 2 else b"/"
            close = b"connection: close" in header_block.lower() or request_line.endswith(b"HTTP/1.0")
            if target.startswith(b"/v1/forecast"):
                self.transport.write(self.forecast_response)
            else:
                self.transport.write(NOT_FOUND)
            if close:
                self.transport.close()
                return


async def serve(args):
    with open(args.body, "rb") as f:
        body = f.read()
    response = make_head(args.headers, len(body)) + body
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: Connection(response), args.host, args.port, backlog=512)
    port = server.sockets[0].getsockname()[1]
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"{port}\n")
    os.replace(tmp, args.port_file)
    stop = asyncio.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    await stop.wait()
    server.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--body", required=True)
    parser.add_argument("--headers", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    asyncio.run(serve(parser.parse_args()))


if __name__ == "__main__":
    main()
