"""WebSocket client peer for HTTPWire's server, built on the `websockets` library.

Usage: ws_client.py ws://127.0.0.1:PORT/ws

Sends text, binary, a fragmented text message, a large message and a ping to an echo
endpoint, checks every echo, closes cleanly with 1000, and prints one JSON summary line:
{"websockets": "<version>", "checks": {...}, "close_code": 1000, "errors": [], "ok": true}.
Exits 0 only if every check passed. `websockets` is strict: a masked server frame, a bad
close code or invalid UTF-8 from the server fails the run with a protocol error.
"""
import asyncio
import json
import sys

import websockets

try:
    from websockets.asyncio.client import connect
except ImportError:  # websockets < 13
    from websockets import connect


def close_frames(ws):
    """The close frames received and sent (websockets >= 13 keeps them on ws.protocol)."""
    state = getattr(ws, "protocol", ws)
    return getattr(state, "close_rcvd", None), getattr(state, "close_sent", None)


async def exchange(url):
    checks, errors = {}, []
    async with connect(url, max_size=None, compression=None, open_timeout=10, close_timeout=10) as ws:
        async def echo(name, message, expected=None):
            await ws.send(message)
            reply = await asyncio.wait_for(ws.recv(), 10)
            checks[name] = reply == (message if expected is None else expected)
            if not checks[name]:
                errors.append(f"{name}: sent {message!r:.80}, got {reply!r:.80}")

        await echo("text", "hello from websockets")
        await echo("unicode_text", "κόσμε 😀 \U0010ffff")
        await echo("binary", bytes(range(256)))
        await echo("empty_text", "")
        await echo("large_binary", bytes(i % 251 for i in range(300_000)))
        # An iterable is sent as one message in several frames (text, continuation, continuation).
        await echo("fragmented_text", ["frag-", "ment-", "ed 😀"], "frag-ment-ed 😀")
        await echo("fragmented_binary", [b"\x00\x01", b"\x02", b"\xff"], b"\x00\x01\x02\xff")
        pong = await ws.ping(b"ping payload")
        await asyncio.wait_for(pong, 10)
        checks["ping_answered"] = True
        await ws.close(code=1000, reason="done")
        received, _ = close_frames(ws)
        code = received.code if received is not None else None
    return checks, errors, code


def main():
    url = sys.argv[1]
    try:
        checks, errors, code = asyncio.run(asyncio.wait_for(exchange(url), 60))
    except Exception as error:  # report, never hang or pass silently
        checks, errors, code = {}, [f"{type(error).__name__}: {error}"], None
    ok = not errors and bool(checks) and all(checks.values()) and code == 1000
    print(json.dumps({"websockets": websockets.__version__, "checks": checks, "close_code": code,
                      "errors": errors, "ok": ok}, sort_keys=True), flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
