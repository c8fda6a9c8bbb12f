import Foundation
import HarnessCore

extension HAR {
    /// One element of Chrome's `_webSocketMessages`: a data frame (or reassembled message).
    ///
    /// ```swift
    /// let frame = HAR.WebSocketMessage(type: .receive, at: date, opcode: .binary, payload: [0, 1, 2])
    /// frame.data        // "AAEC"
    /// try frame.payload // [0, 1, 2]
    /// ```
    public struct WebSocketMessage: Codable, Hashable, Sendable {
        /// Which way the message went, from the client's point of view.
        public enum Direction: String, Codable, Hashable, Sendable, CaseIterable {
            /// Client to server.
            case send
            /// Server to client.
            case receive
        }

        /// The data opcodes (RFC 6455 §5.2): text is 1, binary is 2.
        public enum Opcode: Int, Codable, Hashable, Sendable, CaseIterable {
            /// A UTF-8 text message; ``WebSocketMessage/data`` is the text.
            case text = 1
            /// A binary message; ``WebSocketMessage/data`` is base64.
            case binary = 2
        }

        /// `"send"` or `"receive"`.
        public var type: Direction
        /// When it passed the proxy, in seconds since 1970 (Chrome's unit for this field).
        public var time: Double
        /// `1` (text) or `2` (binary).
        public var opcode: Opcode
        /// The text, or base64 of the bytes for binary messages.
        public var data: String

        /// A message from already-encoded parts.
        public init(type: Direction, time: Double, opcode: Opcode, data: String) {
            self.type = type
            self.time = time
            self.opcode = opcode
            self.data = data
        }

        /// A message from its payload. The time is rounded to whole milliseconds so that it
        /// prints short and stable (`1795169730.123`). Text payloads are UTF-8 by RFC 6455
        /// §8.1 (the wire layer closes with 1007 otherwise); any invalid byte that still
        /// reaches here is replaced by U+FFFD.
        public init(type: Direction, at date: Date, opcode: Opcode, payload: [UInt8]) {
            self.type = type
            self.time = Double(Timestamp.milliseconds(of: date)) / 1000
            self.opcode = opcode
            switch opcode {
            case .text: self.data = String(decoding: payload, as: UTF8.self)
            case .binary: self.data = Data(payload).base64EncodedString()
            }
        }

        /// The message's bytes: the UTF-8 of the text, or the base64-decoded binary.
        public var payload: [UInt8] {
            get throws(RecordingError) {
                switch opcode {
                case .text: return Array(data.utf8)
                case .binary:
                    guard let bytes = Data(base64Encoded: data) else {
                        throw .invalidBase64(location: "WebSocket message at \(time)")
                    }
                    return Array(bytes)
                }
            }
        }
    }

    /// The harness's `_webSocketClose`: how and by whom a WebSocket connection was closed.
    public struct WebSocketClose: Codable, Hashable, Sendable {
        /// Who ended the connection.
        public enum Party: String, Codable, Hashable, Sendable, CaseIterable {
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

        /// A close description.
        public init(code: Int?, reason: String, closedBy: Party) {
            self.code = code
            self.reason = reason
            self.closedBy = closedBy
        }

        /// What recovery writes for a connection whose close never reached the journal.
        public static let recordingEnded = WebSocketClose(code: nil, reason: "recording ended", closedBy: .proxy)
    }

    /// The harness's `_error`: why an exchange got no (complete) response from upstream.
    ///
    /// Chrome's own `_error` is a plain string on `response`; this one sits on the entry,
    /// where Chrome's importer ignores it.
    public struct ExchangeError: Codable, Hashable, Sendable {
        /// What kind of failure; an open set of lower-case words.
        public struct Kind: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
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
