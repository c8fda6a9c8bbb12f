import Synchronization
@testable import HTTPWire

/// The blocking client calls, for a test's peer on a thread of its own: a request written whole
/// or piece by piece, and the response read whole or piece by piece. Shipped code drives its
/// connections from an event loop (`HTTPClientConnection+Loop`).
extension HTTPClientConnection {
    /// Sends `request` and reads the whole response.
    package func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        try write(request)
        var response = try readHead()
        var body: [UInt8] = []
        while let chunk = try readBodyChunk() { body.append(contentsOf: chunk) }
        response.body = .bytes(body)
        return response
    }

    /// Writes `request`: adds `Host` when missing, frames the body with Content-Length, or
    /// chunked when the request says `Transfer-Encoding: chunked`.
    package func write(_ request: HTTPRequest) throws(HTTPClientError) {
        let output = try encode(request)
        do throws(SocketError) { try socket.write(output) } catch {
            // The server may have answered and closed already (e.g. 413); let the read tell.
            if error.kind != .brokenPipe && error.kind != .connectionReset { throw HTTPClientError(error) }
        }
    }

    /// Writes `request`'s head for a body that follows piece by piece (``writeBodyPiece(_:)``,
    /// then ``finishBody()``): framed with `Content-Length: length`, or chunked when `length`
    /// is `nil` (RFC 9112 §6). `request.body` is ignored.
    package func writeHead(_ request: HTTPRequest, bodyLength length: Int?) throws(HTTPClientError) {
        let head = try encodeHead(request, bodyLength: length)
        ChunkedBodies.set(self, chunked: length == nil)
        try send(head)
    }

    /// Writes the next piece of the body announced by ``writeHead(_:bodyLength:)`` (as one
    /// chunk when the body is chunked). Throws `.socket` with `brokenPipe` or `connectionReset`
    /// when the server stopped reading (it may have answered early: read the response).
    package func writeBodyPiece(_ bytes: ArraySlice<UInt8>) throws(HTTPClientError) {
        guard !bytes.isEmpty else { return }
        try send(ChunkedBodies.isChunked(self) ? HTTPEncoder.chunk(bytes) : Array(bytes))
    }

    /// Ends the body announced by ``writeHead(_:bodyLength:)`` (the last chunk, when chunked).
    package func finishBody() throws(HTTPClientError) {
        if ChunkedBodies.isChunked(self) { try send(HTTPEncoder.lastChunk) }
        ChunkedBodies.set(self, chunked: false)
    }

    /// Closes with a TCP reset.
    package func reset() { socket.reset() }

    private func send(_ bytes: [UInt8]) throws(HTTPClientError) {
        do throws(SocketError) { try socket.write(bytes) } catch { throw HTTPClientError(error) }
    }

    /// Reads the next response's head (interim 1xx responses are skipped).
    package func readHead() throws(HTTPClientError) -> HTTPResponse {
        while true {
            switch try nextEvent() {
            case .head(let response)?:
                if response.headers.containsToken("close", in: "Connection") || response.version == .http1_0 {
                    closeAfterResponse = true
                }
                return response
            case .body?, .end?:
                continue
            case nil:
                throw .closedBeforeResponse
            }
        }
    }

    /// The next piece of the current response's body, or `nil` at its end.
    package func readBodyChunk() throws(HTTPClientError) -> [UInt8]? {
        switch try nextEvent() {
        case .body(let bytes)?: return bytes
        case .end?: return nil
        case .head?, nil: throw .parse(.truncated)
        }
    }

    /// The next decoder event, reading from the socket as needed; `nil` at end of stream
    /// with nothing pending.
    private func nextEvent() throws(HTTPClientError) -> HTTPResponseDecoder.Event? {
        while true {
            do throws(HTTPParseError) {
                if let event = try decoder.next() { return event }
            } catch {
                throw .parse(error)
            }
            if decoder.reachedEndOfStream { return nil }
            let count: Int
            do throws(SocketError) {
                count = try decoder.feed(capacity: 65_536) { (buffer) throws(SocketError) -> Int in
                    try socket.read(into: buffer)
                }
            } catch {
                throw HTTPClientError(error)
            }
            if count == 0 {
                decoder.finish()
            }
        }
    }
}

/// Which connections stream a chunked request body (``HTTPClientConnection/writeHead(_:bodyLength:)``
/// with no length), by identity: a connection keeps no test-only state of its own.
private enum ChunkedBodies {
    static let chunked = Mutex<Set<ObjectIdentifier>>([])

    static func set(_ connection: HTTPClientConnection, chunked isChunked: Bool) {
        chunked.withLock { set in
            if isChunked { set.insert(ObjectIdentifier(connection)) } else { set.remove(ObjectIdentifier(connection)) }
        }
    }

    static func isChunked(_ connection: HTTPClientConnection) -> Bool {
        chunked.withLock { $0.contains(ObjectIdentifier(connection)) }
    }
}
