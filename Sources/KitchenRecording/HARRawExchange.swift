import Foundation
import HarnessCore

extension HAR {
    /// A request as the proxy parsed it: bytes in, so that the entry made from it
    /// (``HAR/Entry``'s `init(startedAt:request:response:timings:)`) decides how each part is stored.
    public struct RawRequest: Sendable, Hashable {
        /// `http`, or `ws` for a WebSocket upgrade (Chrome writes `ws://` URLs for those).
        public var scheme: String
        /// `host[:port]` for the URL; when empty, the `Host` header is used.
        public var authority: String
        /// The method token.
        public var method: [UInt8]
        /// The request target: origin-form (`/devices?x=1`) or absolute-form.
        public var target: [UInt8]
        /// The version from the request line.
        public var httpVersion: String
        /// Headers in wire order.
        public var headers: [Header]
        /// The body after transfer decoding; empty when there is none.
        public var body: [UInt8]
        /// Bytes of the request line and headers, when the parser counted them.
        public var headersSize: Int
        /// When ``body`` was sent with a `Content-Encoding` and is recorded decoded: its length as sent.
        public var encodedBodySize: Int?
        /// What a recording proxy changed in the request it sent upstream (`_upstream`).
        public var upstream: HAR.UpstreamChanges?

        /// A request from its parts.
        public init(
            scheme: String = "http", authority: String = "", method: [UInt8], target: [UInt8],
            httpVersion: String = "HTTP/1.1", headers: [Header] = [], body: [UInt8] = [], headersSize: Int = -1,
            encodedBodySize: Int? = nil, upstream: HAR.UpstreamChanges? = nil
        ) {
            self.scheme = scheme
            self.authority = authority
            self.method = method
            self.target = target
            self.httpVersion = httpVersion
            self.headers = headers
            self.body = body
            self.headersSize = headersSize
            self.encodedBodySize = encodedBodySize
            self.upstream = upstream
        }
    }

    /// A response as the proxy parsed it.
    public struct RawResponse: Sendable, Hashable {
        /// The status code.
        public var status: Int
        /// The reason phrase bytes (RFC 9112 §4 allows obs-text here).
        public var reason: [UInt8]
        /// The version from the status line.
        public var httpVersion: String
        /// Headers in wire order.
        public var headers: [Header]
        /// The body after transfer decoding.
        public var body: [UInt8]
        /// Bytes of the status line and headers, when the parser counted them.
        public var headersSize: Int
        /// Bytes of the body as transferred (chunk framing included), when known;
        /// `nil` means the length as sent (``encodedBodySize``, else the body's).
        public var transferredBodySize: Int?
        /// When ``body`` came with a `Content-Encoding` and is recorded decoded: its length as sent.
        public var encodedBodySize: Int?

        /// A response from its parts.
        public init(
            status: Int, reason: [UInt8], httpVersion: String = "HTTP/1.1", headers: [Header] = [],
            body: [UInt8] = [], headersSize: Int = -1, transferredBodySize: Int? = nil, encodedBodySize: Int? = nil
        ) {
            self.status = status
            self.reason = reason
            self.httpVersion = httpVersion
            self.headers = headers
            self.body = body
            self.headersSize = headersSize
            self.transferredBodySize = transferredBodySize
            self.encodedBodySize = encodedBodySize
        }
    }
}

extension HAR.Entry {
    /// The entry for a completed exchange. Bytes that are not UTF-8 go base64: bodies with
    /// `encoding` (`_encoding` on `postData`), header values with `_encoding`; a target
    /// that is not UTF-8 has its high bytes percent-encoded. A body recorded decoded from its
    /// `Content-Encoding` states the bytes saved (`compression`, `_compression` on `postData`),
    /// as HAR 1.2 says: `size` and `text` are the decoded body's.
    public init(
        startedAt: Date, request: HAR.RawRequest, response: HAR.RawResponse, timings: HAR.Timings,
        resourceType: String? = "fetch", serverIPAddress: String? = nil, connection: String? = nil
    ) {
        var harResponse = HAR.Response(
            status: response.status,
            statusText: String(validUTF8: response.reason) ?? HAR.latin1(response.reason),
            httpVersion: response.httpVersion,
            headers: response.headers,
            content: HAR.Content(size: 0, mimeType: HAR.mimeType(in: response.headers)),
            redirectURL: response.headers.first { $0.isNamed("Location") }?.value ?? "",
            headersSize: response.headersSize)
        harResponse.recordBody(response.body, sentSize: response.encodedBodySize)
        if let transferred = response.transferredBodySize { harResponse.bodySize = transferred }
        self.init(
            startedDateTime: Timestamp.format(startedAt), request: HAR.request(from: request), response: harResponse,
            timings: timings, serverIPAddress: serverIPAddress, connection: connection, resourceType: resourceType)
    }

    /// The entry for an exchange that got no response: status 0 and an `_error`.
    public init(
        startedAt: Date, request: HAR.RawRequest, failure: HAR.ExchangeError, timings: HAR.Timings,
        resourceType: String? = "fetch", serverIPAddress: String? = nil, connection: String? = nil
    ) {
        let harResponse = HAR.Response(
            status: 0, statusText: "", httpVersion: "",
            content: HAR.Content(size: 0, mimeType: HAR.unknownMimeType), bodySize: -1)
        self.init(
            startedDateTime: Timestamp.format(startedAt), request: HAR.request(from: request), response: harResponse,
            timings: timings, serverIPAddress: serverIPAddress, connection: connection, resourceType: resourceType,
            error: failure)
    }
}

extension HAR {
    /// Chrome's word for a body whose type nobody declared.
    static let unknownMimeType = "x-unknown"

    static func request(from raw: RawRequest) -> Request {
        let target = String(validUTF8: raw.target) ?? PercentEncoding.encodeNonASCII(raw.target)
        let url: String
        // An origin-form target ("/path") is the usual case: no search for a scheme then.
        if target.utf8.first != UInt8(ascii: "/"), target.contains("://") {
            url = target
        } else {
            let host = raw.authority.isEmpty
                ? raw.headers.first { $0.isNamed("Host") }.map { $0.valueText ?? String(decoding: (try? $0.valueBytes) ?? [], as: UTF8.self) } ?? "localhost"
                : raw.authority
            url = "\(raw.scheme)://\(host)\(target)"
        }
        var request = Request(
            // Methods are tokens (RFC 9110 §9.1): ASCII, so the decoding never replaces anything
            // the HTTP parser accepted.
            method: String(decoding: raw.method, as: UTF8.self), url: url, httpVersion: raw.httpVersion,
            headers: raw.headers, postData: raw.body.isEmpty ? nil : PostData(mimeType: mimeType(in: raw.headers), text: ""),
            headersSize: raw.headersSize, upstream: raw.upstream.flatMap { $0.isEmpty ? nil : $0 })
        request.recordBody(raw.body, sentSize: raw.encodedBodySize)
        request.queryString = request.queryItems
        return request
    }

    static func mimeType(in headers: [Header]) -> String {
        guard let header = headers.first(where: { $0.isNamed("Content-Type") }) else { return unknownMimeType }
        return header.valueText ?? unknownMimeType
    }

    /// ISO 8859-1: every byte is the scalar of the same number, so nothing is lost.
    static func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
