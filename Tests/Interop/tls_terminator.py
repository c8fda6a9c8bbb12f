"""A TLS-terminating front for a plain HTTP server, as a staging deployment has one.

Usage: tls_terminator.py CERT KEY UPSTREAM_PORT [SECONDS]

Listens with TLS (Python's own ssl module) on 127.0.0.1, a free port, and prints
{"port": N} on one line. Every connection is piped byte for byte, both ways, to
127.0.0.1:UPSTREAM_PORT, so HTTP and WebSocket traffic alike pass through. Exits on
its own after SECONDS (default 120).
"""
import asyncio
import json
import ssl
import sys


async def pipe(reader, writer):
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            writer.write(data)
            await writer.drain()
    except (ConnectionError, ssl.SSLError, OSError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def handle(client_reader, client_writer, upstream_port):
    try:
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", upstream_port)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(pipe(client_reader, upstream_writer), pipe(upstream_reader, client_writer))


async def main():
    cert, key, upstream_port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    seconds = float(sys.argv[4]) if len(sys.argv) > 4 else 120.0
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    server = await asyncio.start_server(
        lambda r, w: handle(r, w, upstream_port), "127.0.0.1", 0, ssl=context)
    print(json.dumps({"port": server.sockets[0].getsockname()[1]}), flush=True)
    async with server:
        await asyncio.sleep(seconds)


asyncio.run(main())
