"""A client the server refuses, parsing the refusal with `h11` (an HTTP/1.1 reference).

Usage: h11_refused.py PORT MODE [READ_DELAY_SECONDS]

MODE "late": sends the start of a request head and nothing more, so the server's head
deadline passes. MODE "malformed": sends a whole head with whitespace before a field's colon
(RFC 9112 §5.1 forbids it; h11 itself would never write it, so the bytes are written by hand).
Waits READ_DELAY_SECONDS (default 0) before reading, as a slow client would, then parses the
response with h11, which rejects any framing or syntax error (a body cut short included), and
reads on until the server closes. Prints {"h11", "status", "headers", "body_bytes", "ending":
"eof" | "reset", "errors"} and exits 0 only when a complete response was parsed and the
connection then ended with a FIN, not a reset.
"""
import json
import socket
import sys
import time

import h11

HEADS = {
    "late": b"GET /late HTTP/1.1\r\nHost: a\r\nX-Slow: ",
    "malformed": b"GET /malformed HTTP/1.1\r\nHost : a\r\n\r\n",
}


def main(port, mode, delay):
    connection = h11.Connection(our_role=h11.CLIENT)
    # h11 parses a response only to a request it sent: let it think it sent this one (its own
    # bytes are not used), while the wire carries the head of MODE.
    connection.send(h11.Request(method="GET", target=f"/{mode}", headers=[("Host", "a")]))
    report = {"h11": h11.__version__, "status": None, "headers": {}, "body_bytes": 0, "ending": None, "errors": []}
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(HEADS[mode])
        if delay > 0:
            time.sleep(delay)  # a client slow to read: the answer must wait for it, not be cut
        try:
            while True:
                event = connection.next_event()
                if event is h11.NEED_DATA:
                    connection.receive_data(sock.recv(65536))  # b"" at end of stream: h11 then fails if cut short
                elif isinstance(event, h11.Response):
                    report["status"] = event.status_code
                    report["headers"] = {k.decode(): v.decode() for k, v in event.headers}
                elif isinstance(event, h11.Data):
                    report["body_bytes"] += len(event.data)
                elif isinstance(event, h11.EndOfMessage):
                    break
                else:
                    raise RuntimeError(f"unexpected event {event!r}")
        except Exception as error:
            report["errors"].append(f"{type(error).__name__}: {error}")
        # After the answer, the server closes: a FIN (recv returns b"") is orderly, a reset is not.
        try:
            while sock.recv(65536):
                pass
            report["ending"] = "eof"
        except ConnectionResetError:
            report["ending"] = "reset"
        except OSError as error:
            report["ending"] = f"{type(error).__name__}: {error}"
    ok = not report["errors"] and report["status"] is not None and report["ending"] == "eof"
    print(json.dumps(report, sort_keys=True), flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 0.0)
