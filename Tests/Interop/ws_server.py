"""WebSocket echo server peer for HTTPWire's client, built on the `websockets` library.

Usage: ws_server.py PORT [CERT KEY]   (0 picks a free port; with CERT and KEY it speaks wss://,
                                      on Python's stdlib `ssl`, and reports the TLS version)

Prints {"port": N} once listening, serves ONE connection, then prints a JSON summary
{"websockets": ..., "received": [...], "close_code": <received>, "close_code_sent": ...,
"errors": [...]} and exits.
Messages it understands (anything else is echoed):
  "fragmented"  -> replies with one text message sent as three frames: "one two three"
  "ping"        -> pings the client, waits for its pong, then replies "pong received"
  "close CODE"  -> closes the connection with CODE and reason "closing as asked"
"""
import asyncio
import json
import ssl
import sys

import websockets

try:
    from websockets.asyncio.server import serve
except ImportError:  # websockets < 13
    from websockets import serve


def close_frames(ws):
    """The close frames received and sent (websockets >= 13 keeps them on ws.protocol)."""
    state = getattr(ws, "protocol", ws)
    return getattr(state, "close_rcvd", None), getattr(state, "close_sent", None)


def tls_context(cert, key):
    """A server context for CERT/KEY, or None for plain ws://."""
    if cert is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


async def main(port, cert=None, key=None):
    summary = {"websockets": websockets.__version__, "received": [], "errors": [], "close_code": None,
               "close_code_sent": None}
    finished = asyncio.Event()

    async def handler(ws):
        if cert is not None:
            summary["tls"] = ws.transport.get_extra_info("ssl_object").version()
        try:
            async for message in ws:
                summary["received"].append(message if isinstance(message, str) else message.hex())
                if message == "fragmented":
                    await ws.send(["one ", "two ", "three"])
                elif message == "ping":
                    pong = await ws.ping(b"from websockets")
                    await asyncio.wait_for(pong, 10)
                    await ws.send("pong received")
                elif isinstance(message, str) and message.startswith("close "):
                    await ws.close(code=int(message[6:]), reason="closing as asked")
                else:
                    await ws.send(message)
        except websockets.exceptions.ConnectionClosed:
            pass  # any close, clean or not; the codes exchanged are reported below
        except Exception as error:
            summary["errors"].append(f"{type(error).__name__}: {error}")
        finally:
            received, sent = close_frames(ws)
            summary["close_code"] = received.code if received is not None else None
            summary["close_code_sent"] = sent.code if sent is not None else None
            finished.set()

    async with serve(handler, "127.0.0.1", port, max_size=None, compression=None,
                     ssl=tls_context(cert, key)) as server:
        bound = next(iter(server.sockets)).getsockname()[1]
        print(json.dumps({"port": bound}), flush=True)
        try:
            await asyncio.wait_for(finished.wait(), 60)
        except asyncio.TimeoutError:
            summary["errors"].append("no connection finished within 60 s")
    print(json.dumps(summary, sort_keys=True), flush=True)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), *sys.argv[2:4]))
