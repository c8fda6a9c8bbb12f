import Foundation
import HarnessCore

extension HAR {
    /// Whether `mimeType` is JSON: `application/json` or any `+json` suffix (RFC 6839 §3.1),
    /// parameters such as `; charset=utf-8` ignored.
    public static func isJSON(mimeType: String) -> Bool {
        let essence = mimeType.split(separator: ";", maxSplits: 1).first ?? ""
        let media = essence.trimmingOWS().lowercased()
        return media == "application/json" || media.hasSuffix("+json")
    }

    /// The bytes of `text`, base64-decoded when `encoding` says so.
    static func bytes(of text: String, encoding: String?, location: @autoclosure () -> String) throws(RecordingError) -> [UInt8] {
        guard encoding == "base64" else { return Array(text.utf8) }
        guard let bytes = Base64.decode(text) else { throw .invalidBase64(location: location()) }
        return bytes
    }

    /// `bytes` as HAR stores a body: the text when it is UTF-8, else base64 with the encoding.
    static func text(of bytes: [UInt8]) -> (text: String, encoding: String?) {
        if let text = String(validUTF8: bytes) { return (text, nil) }
        return (Base64.encode(bytes), "base64")
    }

    static func json(of bytes: [UInt8], mimeType: String, location: String) throws(RecordingError) -> JSONValue? {
        guard isJSON(mimeType: mimeType), !bytes.isEmpty else { return nil }
        do {
            return try JSONValue(parsing: bytes)
        } catch {
            throw .invalidJSONBody(location: location, reason: error.description)
        }
    }
}

extension HAR.NameValue {
    /// A header as bytes off the wire: the value as text when it is UTF-8, else base64 with
    /// ``encoding`` `"base64"`, so the exact bytes survive. Field names are tokens (RFC 9110
    /// §5.1), so reading the name as UTF-8 replaces nothing a parser accepted.
    public init(name: [UInt8], value: [UInt8]) {
        let (text, encoding) = HAR.text(of: value)
        self.init(name: String(decoding: name, as: UTF8.self), value: text, encoding: encoding)
    }

    /// The value's bytes, base64-decoded when ``encoding`` is `"base64"`.
    public var valueBytes: [UInt8] {
        get throws(RecordingError) { try HAR.bytes(of: value, encoding: encoding, location: "header \(name)") }
    }

    /// The value as text; `nil` when it holds base64 of bytes that are not UTF-8.
    var valueText: String? { encoding == nil ? value : nil }

    /// Whether the header is called `other`, compared without regard to ASCII case.
    func isNamed(_ other: String) -> Bool { CaseInsensitiveName.matches(name.utf8, other.utf8) }
}

extension HAR.Request {
    /// The path of ``url``: from the first `/` after the authority up to `?` or `#`
    /// (`/devices/oven-1/oven`); `/` when the URL has none.
    public var urlPath: String { Self.path(ofURL: url) }

    /// ``urlPath`` of a request whose URL is `url`.
    static func path(ofURL url: String) -> String {
        let path = URLParts(url).path
        return path.isEmpty ? "/" : path
    }

    /// The query of ``url`` as written on the wire, without the `?`; `nil` when there is none.
    public var urlQuery: String? { URLParts(url).query }

    /// The query parameters of ``url``, percent-decoded, in order. `+` is kept as written:
    /// RFC 3986 gives it no special meaning in a query.
    public var queryItems: [HAR.QueryParameter] {
        // Only a URL with a `?` has a query to list (most requests have none).
        guard url.utf8.contains(UInt8(ascii: "?")), let query = urlQuery else { return [] }
        return URLParts.items(of: query).map { HAR.QueryParameter(name: $0.name, value: $0.value) }
    }

    /// The values of every header called `name` (case-insensitive, RFC 9110 §5.1), in order.
    public func headerValues(named name: String) -> [String] {
        headers.filter { $0.isNamed(name) }.map(\.value)
    }

    /// Whether an `Upgrade` header asks for `websocket` (RFC 6455 §4.1): one of its
    /// comma-separated protocols (RFC 9110 §7.8) is `websocket`, ASCII case-insensitively,
    /// with or without a `/version`.
    public var upgradesToWebSocket: Bool {
        headerValues(named: "Upgrade").contains { value in
            value.split(separator: ",").contains { element in
                let name = element.trimmingOWS().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                return name.lowercased() == "websocket"
            }
        }
    }

    /// The body as sent; empty when there is none.
    public var bodyBytes: [UInt8] {
        get throws(RecordingError) {
            guard let postData else { return [] }
            return try HAR.bytes(of: postData.text, encoding: postData.encoding, location: "request body of \(method) \(url)")
        }
    }

    /// The body parsed as JSON, when its mime type is JSON and it is not empty.
    public var bodyJSON: JSONValue? {
        get throws(RecordingError) {
            guard let postData else { return nil }
            return try HAR.json(of: bodyBytes, mimeType: postData.mimeType, location: "request body of \(method) \(url)")
        }
    }

    /// Records `bytes` as the text of ``postData`` (when there is one) and ``bodySize``; `sentSize`
    /// is their length as sent when they came content-coded and are recorded decoded, and
    /// `pointers` what redaction replaced in them.
    mutating func recordBody(_ bytes: [UInt8], sentSize: Int?, redacted pointers: [String] = []) {
        let (text, encoding) = HAR.text(of: bytes)
        postData?.text = text
        postData?.encoding = encoding
        postData?.compression = sentSize.map { bytes.count - $0 }
        bodySize = sentSize ?? bytes.count
        redacted = Redactor.merging(redacted, pointers)
    }
}

extension HAR.Response {
    /// The values of every header called `name` (case-insensitive, RFC 9110 §5.1), in order.
    public func headerValues(named name: String) -> [String] {
        headers.filter { $0.isNamed(name) }.map(\.value)
    }

    /// The body as received; empty when it was not captured.
    public var bodyBytes: [UInt8] {
        get throws(RecordingError) {
            guard let text = content.text else { return [] }
            return try HAR.bytes(of: text, encoding: content.encoding, location: "response body (status \(status))")
        }
    }

    /// The body parsed as JSON, when its mime type is JSON and it is not empty.
    public var bodyJSON: JSONValue? {
        get throws(RecordingError) {
            try HAR.json(of: bodyBytes, mimeType: content.mimeType, location: "response body (status \(status))")
        }
    }

    /// Records `bytes` as ``content`` and ``bodySize``, as ``HAR/Request/recordBody(_:sentSize:redacted:)`` does.
    mutating func recordBody(_ bytes: [UInt8], sentSize: Int?, redacted pointers: [String] = []) {
        let (text, encoding) = HAR.text(of: bytes)
        content.text = text
        content.encoding = encoding
        content.size = bytes.count
        content.compression = sentSize.map { bytes.count - $0 }
        bodySize = sentSize ?? bytes.count
        redacted = Redactor.merging(redacted, pointers)
    }
}

/// A URL split without normalising anything: `origin` (`scheme://authority`, or empty for
/// an origin-form target), `path` (possibly empty), `query` and `fragment`, each exactly as
/// written.
struct URLParts: Sendable, Hashable {
    var origin: Substring
    var path: String
    var query: String?
    var fragment: Substring?

    init(_ url: String) {
        // Scans the UTF-8 bytes: the delimiters are ASCII, and String's Character and
        // Foundation searches are far slower on the recorder's hot path.
        let bytes = url.utf8
        var end = bytes.endIndex
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            fragment = Substring(url[bytes.index(after: hash)...])
            end = hash
        }
        if let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) {
            query = String(url[bytes.index(after: question)..<end])
            end = question
        }
        var pathStart = bytes.startIndex
        if let schemeEnd = Self.endOfScheme(in: bytes[..<end]) {
            pathStart = bytes[schemeEnd..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
        }
        origin = Substring(url[..<pathStart])
        path = String(url[pathStart..<end])
    }

    /// The index just after the first `://`, if any.
    private static func endOfScheme(in bytes: Substring.UTF8View) -> String.Index? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let afterColon = bytes.index(after: colon)
            if bytes[afterColon...].starts(with: "//".utf8) { return bytes.index(afterColon, offsetBy: 2) }
            index = afterColon
        }
        return nil
    }

    /// The URL put back together; equal to the input unless a part was changed.
    var text: String {
        var result = String(origin) + path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The `name=value` pairs of `query`, decoded with `+` kept and text that is not UTF-8 as
    /// written; empty pairs (`a=1&&b=2`) are skipped.
    static func items(of query: String) -> [(name: String, value: String)] {
        PercentEncoding.queryItems(of: query) { PercentEncoding.decode($0) }
    }
}

extension HAR.Document {
    /// When the recording starts: its first entry's `startedDateTime`, or the Unix epoch when it
    /// has no entry or the time cannot be read. A replay's virtual clock starts here, so recorded
    /// instants line up with it.
    public var startDate: Date {
        log.entries.first.flatMap { Timestamp.date(from: $0.startedDateTime) } ?? Date(timeIntervalSince1970: 0)
    }
}
