/// The HTTP Archive format, version 1.2 (softwareishard.com/blog/har-12-spec): the
/// harness's fixture format.
///
/// Every field the spec marks required is a non-optional property, so a file written from
/// these types always opens in Chrome DevTools' HAR import. Optional spec fields are
/// optionals and are left out of the file when `nil`. Custom fields start with `_`, as the
/// spec asks: Chrome's `_resourceType` and `_webSocketMessages`, and the harness's own
/// `_webSocketClose`, `_error`, `_encoding` and `_redacted` (which body values were replaced
/// by secret aliases; see ``Request/redacted``).
///
/// ```swift
/// let document = try HARFile.load(from: fixtureURL)
/// for entry in document.log.entries {
///     print(entry.request.method, entry.request.urlPath, entry.response.status)
/// }
/// ```
public enum HAR {
    /// The version this model writes in `log.version`.
    public static let version = "1.2"

    /// The root of a HAR file: `{"log": …}`.
    public struct Document: Hashable, Sendable {
        /// The archive itself.
        public var log: Log

        /// A document around `log`.
        public init(log: Log) {
            self.log = log
        }
    }

    /// `log`: who wrote the archive and the exchanges it holds. Pages (optional in the
    /// spec) are not modelled; entries carry no `pageref`.
    public struct Log: Hashable, Sendable {
        /// The format version, `"1.2"`.
        public var version: String
        /// The application that wrote the file.
        public var creator: Creator
        /// The exchanges, in the order they started.
        public var entries: [Entry]
        /// Free text.
        public var comment: String?

        /// A log of `entries` written by `creator`.
        public init(version: String = HAR.version, creator: Creator, entries: [Entry] = [], comment: String? = nil) {
            self.version = version
            self.creator = creator
            self.entries = entries
            self.comment = comment
        }
    }

    /// `creator` (and the spec's `browser`, which has the same shape): name and version.
    public struct Creator: Hashable, Sendable {
        /// The application's name.
        public var name: String
        /// The application's version.
        public var version: String
        /// Free text.
        public var comment: String?

        /// A creator called `name` at `version`.
        public init(name: String, version: String, comment: String? = nil) {
            self.name = name
            self.version = version
            self.comment = comment
        }
    }

    /// `cache`: required by the spec, always written as an empty object (the harness has
    /// no browser cache to describe).
    public struct Cache: Hashable, Sendable {
        /// Free text.
        public var comment: String?

        /// An empty cache object.
        public init(comment: String? = nil) {
            self.comment = comment
        }
    }

    /// `timings`, in milliseconds. The spec makes `send`, `wait` and `receive` required and
    /// lets `blocked`, `dns`, `connect` and `ssl` be `-1` when they do not apply; this model
    /// always writes all seven so every reader sees the same shape.
    public struct Timings: Hashable, Sendable {
        /// Time queued before the connection could be used; `-1` when not applicable.
        public var blocked: Double
        /// DNS resolution; `-1` when not applicable.
        public var dns: Double
        /// Opening the TCP connection (including `ssl`); `-1` when not applicable.
        public var connect: Double
        /// TLS handshake; `-1` when not applicable.
        public var ssl: Double
        /// Sending the request.
        public var send: Double
        /// Waiting for the first byte of the response.
        public var wait: Double
        /// Reading the response.
        public var receive: Double
        /// Free text.
        public var comment: String?

        /// Timings; the optional phases default to `-1` (not applicable).
        public init(
            blocked: Double = -1, dns: Double = -1, connect: Double = -1, ssl: Double = -1,
            send: Double = 0, wait: Double = 0, receive: Double = 0, comment: String? = nil
        ) {
            self.blocked = blocked
            self.dns = dns
            self.connect = connect
            self.ssl = ssl
            self.send = send
            self.wait = wait
            self.receive = receive
            self.comment = comment
        }

        /// The entry's `time`: the sum of every phase that applies. `ssl` is already part of
        /// `connect` (HAR 1.2, `timings.ssl`), so it is not added again.
        public var total: Double {
            [blocked, dns, connect, send, wait, receive].filter { $0 >= 0 }.reduce(0, +)
        }
    }
}
