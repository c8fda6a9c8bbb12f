import HarnessCore

/// A content coding (RFC 9110 §8.4.1) as `Content-Encoding` and `Accept-Encoding` name it.
/// Names compare without regard to case, and `x-gzip` is `gzip` (§8.4.1.3).
///
/// ```swift
/// ContentCoding.list(from: ["gzip, identity", "BR"])  // [.gzip, .identity, .other("br")]
/// ```
package enum ContentCoding: Sendable, Hashable {
    case identity
    case gzip
    case deflate
    /// Any other coding, by its lower-cased name (`br`, `zstd`, `compress`).
    case other(String)

    /// The codings this package decodes (HarnessCore's `ContentDecoder`), in the order it prefers them.
    package static let decodable: [ContentCoding] = [.gzip, .deflate, .identity]

    /// The coding called `name` (case-insensitive; `x-gzip` and `x-compress` are their modern names).
    package init(name: some StringProtocol) {
        switch name.lowercased() {
        case "identity": self = .identity
        case "gzip", "x-gzip": self = .gzip
        case "deflate": self = .deflate
        case "x-compress": self = .other("compress")
        case let other: self = .other(other)
        }
    }

    /// The name to write in a header.
    package var name: String {
        switch self {
        case .identity: "identity"
        case .gzip: "gzip"
        case .deflate: "deflate"
        case .other(let name): name
        }
    }

    /// Whether a body in this coding can be decoded here: gzip, deflate and identity.
    package var isDecodable: Bool { Self.decodable.contains(self) }

    /// The stream format to decode a body in this coding with, or nil for identity and codings not
    /// decoded here. `deflate` is zlib (RFC 9110 §8.4.1.2); some servers send raw DEFLATE under that
    /// name, which `ContentCodingFormat.forDeflateStream(firstBytes:)` tells apart.
    package var decodingFormat: ContentCodingFormat? {
        switch self {
        case .gzip: .gzip
        case .deflate: .zlib
        case .identity, .other: nil
        }
    }

    /// The codings in `Content-Encoding` field values, in the order they were applied (§8.4):
    /// comma-separated across all fields, empty elements skipped.
    package static func list(from headerValues: [String]) -> [ContentCoding] {
        HTTPHeaders.listElements(headerValues).map { ContentCoding(name: $0) }
    }
}
