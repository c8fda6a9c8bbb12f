import HarnessCore

/// The package's own gzip and zlib encoder (`ContentEncoder`) behind replay's seam: a recorded
/// body goes out gzip or deflate when the client asks for it.
package struct ContentBodyEncoder: ReplayBodyEncoder {
    package init() {}

    package var codings: Set<ReplayContentCoding> { [.gzip, .deflate] }

    package func encode(_ body: [UInt8], in coding: ReplayContentCoding) -> [UInt8] {
        switch coding {
        case .identity: body
        case .gzip: ContentEncoder.encode(body, format: .gzip)
        // RFC 9110 §8.4.1.2: HTTP's deflate is the zlib format.
        case .deflate: ContentEncoder.encode(body, format: .zlib)
        }
    }
}
