import HTTPWire
import Testing

/// A test-side TCP peer that writes raw bytes and reads with a socket timeout, so a server
/// that never answers fails the test (with what was waited for) instead of hanging it.
///
/// ```swift
/// let connection = try RawConnection(port: server.port)
/// try connection.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
/// let response = try connection.readResponse()
/// ```
/// Deliberately independent of HTTPWire's parsers: what it decodes it decodes itself.
final class RawConnection {
    let socket: Socket
    /// Bytes read from the socket and not consumed yet.
    private(set) var inbox: [UInt8] = []
    /// Set once the peer ended the stream (FIN or reset).
    private(set) var ending: StreamEnding?

    /// How the peer ended the stream.
    enum StreamEnding: Equatable {
        case endOfStream
        case reset
    }

    /// Connects to 127.0.0.1:`port`; every read gives up after `readTimeoutMilliseconds`.
    init(port: Int, readTimeoutMilliseconds: Int = 10_000) throws {
        socket = try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5_000)
        socket.setReadTimeout(milliseconds: readTimeoutMilliseconds)
    }

    /// Wraps a socket accepted by a `RawPeerServer`.
    init(accepted: Socket, readTimeoutMilliseconds: Int = 10_000) {
        socket = accepted
        socket.setReadTimeout(milliseconds: readTimeoutMilliseconds)
    }

    deinit { socket.close() }

    func send(_ text: String) throws { try socket.write(Array(text.utf8)) }
    func send(_ bytes: [UInt8]) throws { try socket.write(bytes) }

    /// Closes the sending direction only (FIN); replies can still be read.
    func finishSending() { socket.shutdownWrite() }
    func close() { socket.close() }

    /// Reads once more from the socket. Returns false at end of stream; throws on timeout.
    @discardableResult
    func fill(waitingFor what: @autoclosure () -> String) throws -> Bool {
        guard ending == nil else { return false }
        do throws(SocketError) {
            if try socket.read(appendingTo: &inbox) == 0 {
                ending = .endOfStream
                return false
            }
            return true
        } catch where error.kind == .connectionReset {
            ending = .reset
            return false
        } catch where error.kind == .timedOut {
            throw RawConnectionError.timedOut(waitingFor: what(), received: inbox)
        }
    }

    /// Removes and returns exactly `count` bytes.
    func read(exactly count: Int, what: @autoclosure () -> String = "bytes") throws -> [UInt8] {
        while inbox.count < count {
            guard try fill(waitingFor: what()) else {
                throw RawConnectionError.closedEarly(waitingFor: what(), received: inbox)
            }
        }
        let bytes = Array(inbox.prefix(count))
        inbox.removeFirst(count)
        return bytes
    }

    /// Removes and returns bytes up to and including the first occurrence of `delimiter`.
    func read(through delimiter: [UInt8], what: @autoclosure () -> String) throws -> [UInt8] {
        var searchFrom = 0
        while true {
            if let end = Self.find(delimiter, in: inbox, from: searchFrom) {
                let bytes = Array(inbox[..<end])
                inbox.removeFirst(end)
                return bytes
            }
            searchFrom = max(0, inbox.count - delimiter.count + 1)
            guard try fill(waitingFor: what()) else {
                throw RawConnectionError.closedEarly(waitingFor: what(), received: inbox)
            }
        }
    }

    /// Reads until the peer ends the stream and returns everything not yet consumed.
    /// Throws if the stream is still open when the read timeout passes.
    func readUntilClosed() throws -> [UInt8] {
        while try fill(waitingFor: "the peer to close the connection") {}
        defer { inbox.removeAll() }
        return inbox
    }

    /// Whether any byte (or end of stream) arrives within `milliseconds`. A bounded real-time
    /// wait on a condition, used only where a test must show that nothing happens.
    func staysSilent(milliseconds: Int) -> Bool {
        inbox.isEmpty && ending == nil && !socket.waitUntilReadable(milliseconds: milliseconds)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index + needle.count
        }
        return nil
    }
}

/// Why a raw read gave up; carries what had arrived, so the failure message shows it.
enum RawConnectionError: Error, CustomStringConvertible {
    case timedOut(waitingFor: String, received: [UInt8])
    case closedEarly(waitingFor: String, received: [UInt8])
    case malformed(String)

    var description: String {
        switch self {
        case .timedOut(let what, let received):
            "timed out waiting for \(what); received so far: \(received.debugText)"
        case .closedEarly(let what, let received):
            "the peer closed while waiting for \(what); received: \(received.debugText)"
        case .malformed(let why): "malformed bytes from the peer: \(why)"
        }
    }
}

extension Array where Element == UInt8 {
    /// The bytes as text with controls escaped, for failure messages.
    var debugText: String {
        let shown = prefix(600).map { byte -> String in
            switch byte {
            case 0x0D: "\\r"
            case 0x0A: "\\n"
            case 0x20..<0x7F: String(UnicodeScalar(byte))
            default: "\\x" + String(byte, radix: 16)
            }
        }.joined()
        return "\"\(shown)\"" + (count > 600 ? " (+\(count - 600) bytes)" : "")
    }

}

extension Collection where Element == UInt8 {
    /// The bytes decoded as UTF-8 (lossy), for comparing with expected text.
    var text: String { String(decoding: self, as: UTF8.self) }
}
