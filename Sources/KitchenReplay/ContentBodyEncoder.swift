import HarnessCore
import HTTPWire

/// The package's own gzip and zlib encoder (`ContentEncoder`) behind replay's seam: a recorded
/// body goes out gzip or deflate when the client asks for it.
package struct ContentBodyEncoder: ReplayBodyEncoder {
    package init() {}

    package var codings: Set<ContentCoding> { [.gzip, .deflate] }

    /// `body` in `coding`'s stream format (HTTP's deflate is zlib, RFC 9110 §8.4.1.2); identity as it is.
    package func encode(_ body: [UInt8], in coding: ContentCoding) -> [UInt8] {
        coding.decodingFormat.map { ContentEncoder.encode(body, format: $0) } ?? body
    }
}
