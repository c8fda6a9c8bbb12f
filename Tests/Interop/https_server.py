"""HTTPS server peer for HTTPWire's TLS client, on Python's stdlib `ssl` and `http.server`.

Usage: https_server.py CERT KEY CONNECTIONS [MAX_TLS]
  CERT, KEY    the server's PEM certificate (chain) and key
  CONNECTIONS  how many connections to serve, one after another; a failed handshake counts
  MAX_TLS      "1.2" to refuse TLS 1.3 (default: the best both sides speak)

Prints {"port": N} once listening on 127.0.0.1 (a free port), then serves HTTP/1.1 with
keep-alive on each connection:
  GET /hello   -> 200, JSON {"hello": "tls", "tls": <the TLS version>}
  POST /echo   -> 200, the request body byte for byte
A connection the client ends without close_notify is reported in "errors". Then prints a
JSON summary and exits:
  {"handshakes": [TLS versions], "handshake_errors": [...], "server_names": [SNI or null],
   "requests": ["GET /hello", "POST /echo 102400", ...], "errors": [...]}
Gives up 120 s after starting, whatever happened: long enough for a test that waits its turn on a
busy machine (two cores, the whole suite at once) to connect; a test that reads the summary ends it
sooner.
"""
import http.server
import json
import socket
import ssl
import sys
import time

DEADLINE_SECONDS = 120


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.server.summary["requests"].append(f"GET {self.path}")
        if self.path == "/hello":
            body = json.dumps({"hello": "tls", "tls": self.connection.version()}).encode()
            self.reply(200, body, "application/json")
        else:
            self.reply(404, b"not found\n", "text/plain")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        self.server.summary["requests"].append(f"POST {self.path} {len(body)}")
        self.reply(200, body, "application/octet-stream")

    def reply(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


class Server:
    """What Handler needs of a server: the summary it records into."""

    def __init__(self, summary):
        self.summary = summary


def context(cert, key, max_tls, server_names):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    if max_tls == "1.2":
        context.maximum_version = ssl.TLSVersion.TLSv1_2
    context.sni_callback = lambda _socket, name, _context: server_names.append(name)
    return context


def main(cert, key, connections, max_tls=None):
    summary = {"handshakes": [], "handshake_errors": [], "server_names": [], "requests": [], "errors": []}
    deadline = time.monotonic() + DEADLINE_SECONDS
    tls = context(cert, key, max_tls, summary["server_names"])
    with socket.create_server(("127.0.0.1", 0)) as listener:
        print(json.dumps({"port": listener.getsockname()[1]}), flush=True)
        for _ in range(connections):
            listener.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                raw, address = listener.accept()
            except socket.timeout:
                summary["errors"].append(f"no connection within {DEADLINE_SECONDS} s")
                break
            raw.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                # A client that closes without close_notify fails the read (SSLEOFError, in "errors").
                connection = tls.wrap_socket(raw, server_side=True, suppress_ragged_eofs=False)
            except (ssl.SSLError, OSError) as error:
                summary["handshake_errors"].append(getattr(error, "reason", None) or str(error))
                raw.close()
                continue
            summary["handshakes"].append(connection.version())
            try:
                Handler(connection, address, Server(summary))
            except Exception as error:
                summary["errors"].append(f"{type(error).__name__}: {error}")
            finally:
                connection.close()
    print(json.dumps(summary, sort_keys=True), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), *sys.argv[4:5])
