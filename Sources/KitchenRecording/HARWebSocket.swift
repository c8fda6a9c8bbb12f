import Foundation
import HarnessCore

extension HAR {
    /// One element of Chrome's `_webSocketMessages`: a data message, or an error Chrome
    /// noted on the connection (`type: "error"`, `opcode: -1`, the error text in `data`).
    ///
    /// Only data messages (``isData``) crossed the wire; code that replays or checks
    /// messages skips the rest.
    ///
    /// ```swift
    /// let frame = HAR.WebSocketMessage(type: .receive, at: date, opcode: .binary, payload: [0, 1, 2])
    /// frame.data        // "AAEC"
    /// try frame.payload // [0, 1, 2]
    /// ```
    public struct WebSocketMessage: Hashable, Sendable {
        /// Which way the message went, from the client's point of view, or that it is an error.
        public enum Direction: String, Hashable, Sendable, CaseIterable {
            /// Client to server.
            case send
            /// Server to client.
            case receive
            /// Not a message: an error Chrome recorded on the connection (its `WebSocketFrameType.Error`).
            case error
        }

        /// The data opcodes (RFC 6455 §5.2): text is 1, binary is 2; and Chrome's -1 for an error.
        public enum Opcode: Int, Hashable, Sendable, CaseIterable {
            /// A UTF-8 text message; ``WebSocketMessage/data`` is the text.
            case text = 1
            /// A binary message; ``WebSocketMessage/data`` is base64.
            case binary = 2
            /// Chrome's opcode for an error entry (no RFC 6455 opcode); ``WebSocketMessage/data``
            /// is the error text.
            case error = -1
        }

        /// `"send"`, `"receive"` or `"error"`.
        public var type: Direction
        /// When it passed the proxy, in seconds since 1970 (Chrome's unit for this field).
        public var time: Double
        /// `1` (text), `2` (binary) or `-1` (error).
        public var opcode: Opcode
        /// The text, or base64 of the bytes for binary messages, or the error text.
        public var data: String
        /// The harness's `_redacted`: present when ``data`` differs from what crossed the wire
        /// because secrets were replaced by aliases; the JSON Pointers of the replaced values,
        /// `""` for a replacement not inside one JSON value (see ``Request/redacted``).
        public var redacted: [String]?
        /// The harness's `_undelivered`: `true` for a message that the proxy journaled but never
        /// handed to the other side's connection, because that connection had ended or the proxy
        /// closed it first (a client that stopped reading, a peer that broke the protocol);
        /// absent otherwise.
        public var undelivered: Bool?

        /// A message from already-encoded parts.
        public init(type: Direction, time: Double, opcode: Opcode, data: String, redacted: [String]? = nil,
                    undelivered: Bool? = nil) {
            self.type = type
            self.time = time
            self.opcode = opcode
            self.data = data
            self.redacted = redacted
            self.undelivered = undelivered
        }

        /// A message from its payload. The time is rounded to whole milliseconds so that it
        /// prints short and stable (`1795169730.123`). Text payloads are UTF-8 by RFC 6455
        /// §8.1 (the wire layer closes with 1007 otherwise); any invalid byte that still
        /// reaches here is replaced by U+FFFD, as in an error's text.
        public init(type: Direction, at date: Date, opcode: Opcode, payload: [UInt8]) {
            self.type = type
            self.time = Double(Timestamp.milliseconds(of: date)) / 1000
            self.opcode = opcode
            switch opcode {
            case .text, .error: self.data = String(decoding: payload, as: UTF8.self)
            case .binary: self.data = Base64.encode(payload)
            }
        }

        /// Whether this is a data message that crossed the wire (sent or received, text or
        /// binary), not an error entry.
        public var isData: Bool { type != .error && opcode != .error }

        /// The message's bytes: the UTF-8 of the text (or of an error's text), or the
        /// base64-decoded binary.
        public var payload: [UInt8] {
            get throws(RecordingError) {
                switch opcode {
                case .text, .error: return Array(data.utf8)
                case .binary:
                    guard let bytes = Base64.decode(data) else {
                        throw .invalidBase64(location: "WebSocket message at \(time)")
                    }
                    return bytes
                }
            }
        }

    }

    /// The harness's `_webSocketClose`: how and by whom a WebSocket connection was closed.
    public struct WebSocketClose: Hashable, Sendable {
        /// Who ended the connection.
        public enum Party: String, Hashable, Sendable, CaseIterable {
            /// The app sent the close frame (or dropped the connection).
            case client
            /// The server sent the close frame (or dropped the connection).
            case server
            /// The recording proxy ended it, e.g. when the recording stopped.
            case proxy
        }

        /// The close code (RFC 6455 §7.4); `nil` when the connection ended without one.
        public var code: Int?
        /// The close reason; empty when none was given.
        public var reason: String
        /// Who closed.
        public var closedBy: Party
        /// How many of the last messages the server sent were journaled but never handed to the
        /// client's connection (the proxy closed it first); `nil` when all were. Recovery marks
        /// those messages `_undelivered`.
        public var undeliveredMessages: Int?

        /// A close description.
        public init(code: Int?, reason: String, closedBy: Party, undeliveredMessages: Int? = nil) {
            self.code = code
            self.reason = reason
            self.closedBy = closedBy
            self.undeliveredMessages = undeliveredMessages
        }

        /// What recovery writes for a connection whose close never reached the journal.
        public static let recordingEnded = WebSocketClose(code: nil, reason: "recording ended", closedBy: .proxy)
    }

    /// The harness's `_error`: why an exchange got no (complete) response from upstream.
    ///
    /// Chrome's own `_error` is a plain string on `response`; this one sits on the entry,
    /// where Chrome's importer ignores it.
    public struct ExchangeError: Hashable, Sendable {
        /// What kind of failure; an open set of lower-case words.
        public struct Kind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
            /// The word written to the file.
            public var rawValue: String
            /// The kind written as `rawValue`.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// The kind written as `value`.
            public init(stringLiteral value: String) { self.rawValue = value }

            /// The upstream refused the connection.
            public static let refused: Kind = "refused"
            /// The upstream reset the connection mid-exchange.
            public static let reset: Kind = "reset"
            /// The upstream did not answer in time.
            public static let timeout: Kind = "timeout"
            /// The upstream broke the HTTP or WebSocket protocol.
            public static let `protocol`: Kind = "protocol"
        }

        /// The kind of failure.
        public var kind: Kind
        /// A human-readable explanation.
        public var message: String

        /// A failure description.
        public init(kind: Kind, message: String) {
            self.kind = kind
            self.message = message
        }
    }
}
