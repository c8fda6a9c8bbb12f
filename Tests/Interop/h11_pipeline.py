"""Pipelining peer for HTTPWire's server, parsing responses with `h11` (an HTTP/1.1 reference).

Usage: h11_pipeline.py PORT

Writes three requests in ONE send (GET /pipeline/0, POST /pipeline/1 with a body, GET
/pipeline/2), then parses the three responses in order with h11, which rejects any framing
or syntax error. Prints {"h11": version, "responses": [{"status", "headers", "body"}...],
"errors": [...]} and exits 0 only when three complete responses were parsed.
"""
import json
import socket
import sys

import h11

REQUESTS = [
    ("GET", "/pipeline/0", b""),
    ("POST", "/pipeline/1", b"hello"),
    ("GET", "/pipeline/2", b""),
]


def main(port):
    # One h11 connection per request: h11 lets a client send the next request only after the
    # previous response, so each request's bytes and response parsing get their own state machine.
    connections, outgoing = [], b""
    for method, target, body in REQUESTS:
        connection = h11.Connection(our_role=h11.CLIENT)
        headers = [("Host", f"127.0.0.1:{port}"), ("Content-Length", str(len(body)))]
        outgoing += connection.send(h11.Request(method=method, target=target, headers=headers))
        outgoing += connection.send(h11.Data(data=body)) if body else b""
        outgoing += connection.send(h11.EndOfMessage())
        connections.append(connection)

    responses, errors = [], []
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(outgoing)
        leftover = b""
        for connection in connections:
            if leftover:  # receive_data(b"") would mean end of stream to h11
                connection.receive_data(leftover)
            response = {"status": None, "headers": {}, "body": ""}
            body = b""
            try:
                while True:
                    event = connection.next_event()
                    if event is h11.NEED_DATA:
                        connection.receive_data(sock.recv(65536))  # b"" at end of stream: h11 then fails
                    elif isinstance(event, h11.Response):
                        response["status"] = event.status_code
                        response["headers"] = {k.decode(): v.decode() for k, v in event.headers}
                    elif isinstance(event, h11.Data):
                        body += event.data
                    elif isinstance(event, h11.EndOfMessage):
                        break
                    else:
                        raise RuntimeError(f"unexpected event {event!r}")
            except Exception as error:
                errors.append(f"{type(error).__name__}: {error}")
                break
            response["body"] = body.decode("utf-8", "replace")
            responses.append(response)
            leftover = connection.trailing_data[0]
    ok = not errors and len(responses) == 3
    print(json.dumps({"h11": h11.__version__, "responses": responses, "errors": errors, "ok": ok},
                     sort_keys=True), flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main(int(sys.argv[1]))
