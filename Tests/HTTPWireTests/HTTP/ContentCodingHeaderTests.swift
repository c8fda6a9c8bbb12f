import HarnessCore
import HTTPWire
import Testing

/// `Content-Encoding` and `Accept-Encoding` (RFC 9110 §8.4, §12.5.3) as clients and servers
/// send them: lists, q-values, `*`, `identity;q=0`, case and whitespace.
@Suite("Content-Encoding and Accept-Encoding")
struct ContentCodingHeaderTests {
    static let contentEncodingCases: [(values: [String], codings: [ContentCoding])] = [
        ([], []),
        ([""], []),
        (["gzip"], [.gzip]),
        (["x-gzip"], [.gzip]),
        (["GZip , Deflate"], [.gzip, .deflate]),
        (["gzip, x-gzip, deflate, identity, br, zstd, Foo"],
         [.gzip, .gzip, .deflate, .identity, .other("br"), .other("zstd"), .other("foo")]),
        (["deflate", "gzip"], [.deflate, .gzip]),
        (["\tgzip ,, identity\t"], [.gzip, .identity]),
        (["x-compress"], [.other("compress")]),
    ]

    @Test("Content-Encoding lists the codings in the order applied", arguments: contentEncodingCases)
    func contentEncodingList(values: [String], codings: [ContentCoding]) {
        #expect(ContentCoding.list(from: values) == codings)
    }

    @Test("only gzip, deflate and identity are decodable, deflate as zlib")
    func decodable() {
        #expect(ContentCoding.list(from: ["gzip, deflate, identity, br, zstd"]).map(\.isDecodable) == [true, true, true, false, false])
        #expect(ContentCoding.gzip.decodingFormat == .gzip)
        #expect(ContentCoding.deflate.decodingFormat == .zlib)
        #expect(ContentCoding.identity.decodingFormat == nil)
        #expect(ContentCoding(name: "X-GZIP").name == "gzip")
    }

    /// What an `Accept-Encoding` accepts: header values, then for identity, gzip, deflate, br.
    static let acceptCases: [(values: [String], identity: Bool, gzip: Bool, deflate: Bool, br: Bool)] = [
        ([], true, true, true, true),                                   // no header: anything
        ([""], true, false, false, false),                              // empty: identity only
        (["gzip"], true, true, false, false),
        (["gzip;q=0.8, br, *;q=0, identity;q=0"], false, true, false, true),
        (["*"], true, true, true, true),
        (["*;q=0"], false, false, false, false),
        (["*;q=0, identity"], true, false, false, false),
        (["identity;q=0"], false, false, false, false),
        (["gzip;q=0, *"], true, false, true, true),
        (["GZIP ; Q=0.5 , Deflate;q=1.000"], true, true, true, false),
        (["x-gzip"], true, true, false, false),
        (["gzip;q=0.000"], true, false, false, false),
        (["gzip;q=1.5, deflate;q=0.5"], true, false, true, false),     // malformed q: element ignored
        (["gzip;q=", "deflate;q=0.1234"], true, false, false, false),
        (["gzip", "br"], true, true, false, true),                      // several fields are one list
        (["deflate, gzip, br, zstd"], true, true, true, true),          // URLSession on Linux (libcurl), curl --compressed
        (["gzip, deflate, br"], true, true, true, true),                // URLSession on Apple platforms
        (["gzip, deflate"], true, true, true, false),                   // Python requests
    ]

    @Test("accepts(_:) follows q-values, *, and identity's default", arguments: acceptCases)
    func accepts(values: [String], identity: Bool, gzip: Bool, deflate: Bool, br: Bool) {
        let accept = AcceptEncoding(headerValues: values)
        #expect(accept.accepts(.identity) == identity)
        #expect(accept.accepts(.gzip) == gzip)
        #expect(accept.accepts(.deflate) == deflate)
        #expect(accept.accepts(.other("br")) == br)
    }

    static let chooseCases: [(values: [String], offered: [ContentCoding], chosen: ContentCoding?)] = [
        ([], [.gzip, .identity], .identity),
        ([], [.gzip], .gzip),
        (["gzip"], [.gzip, .identity], .gzip),
        (["gzip"], [.identity, .gzip], .gzip),                           // a named coding beats default identity
        (["gzip;q=0.5, identity"], [.gzip, .identity], .identity),       // the client's weight wins
        (["gzip, deflate"], [.deflate, .gzip], .deflate),                // a tie goes to our order
        (["br"], [.gzip, .identity], .identity),
        (["br, identity;q=0"], [.gzip, .identity], nil),
        ([""], [.gzip, .identity], .identity),
        (["*;q=0"], [.gzip, .identity], nil),
        (["*;q=0.1, gzip;q=0"], [.gzip, .deflate], .deflate),
    ]

    @Test("choose(from:) picks the client's highest weight, then our order", arguments: chooseCases)
    func choose(values: [String], offered: [ContentCoding], chosen: ContentCoding?) {
        #expect(AcceptEncoding(headerValues: values).choose(from: offered) == chosen)
    }

    static let narrowingCases: [(values: [String], narrowed: String?)] = [
        ([], nil),                                                      // curl without --compressed
        ([""], nil),
        (["deflate, gzip, br, zstd"], "deflate, gzip"),                 // URLSession on Linux, curl --compressed
        (["gzip, deflate, br"], "gzip, deflate"),                       // URLSession on Apple platforms
        (["gzip, deflate"], nil),                                       // Python requests
        (["gzip, deflate, br, zstd"], "gzip, deflate"),                 // requests with brotli and zstandard installed
        (["br"], "identity"),
        (["br;q=1, zstd;q=0.9"], "identity"),
        (["gzip;q=0.8, br, *;q=0, identity;q=0"], "gzip;q=0.8, *;q=0, identity;q=0"),
        (["*"], "gzip, deflate"),
        (["br, *;q=0.5"], "gzip;q=0.5, deflate;q=0.5"),
        (["gzip, *;q=0.1"], "gzip, deflate;q=0.1"),
        (["x-gzip;q=0.9, Deflate"], nil),
        (["gzip", "br"], "gzip"),
        (["gzip;q=2, deflate"], "deflate"),                            // a malformed element is dropped
    ]

    @Test("narrowed(_:) keeps only codings we decode, with their q-values", arguments: narrowingCases)
    func narrowed(values: [String], narrowed: String?) {
        #expect(AcceptEncoding.narrowed(values) == narrowed)
        // Whatever the narrowed header lets the server choose, we can decode.
        if let narrowed {
            let accept = AcceptEncoding(headerValues: [narrowed])
            #expect(!accept.accepts(.other("br")) && !accept.accepts(.other("zstd")))
        }
    }
}
