@testable import KitchenReplay
import Testing

/// Replay sends a body in a coding the request accepts (RFC 9110 §12.5.3), identity unless
/// the request asks for more or refuses it.
@Suite struct ReplayContentCodingTests {
    static let all: Set<ReplayContentCoding> = [.gzip, .deflate]

    @Test(arguments: [
        // No Accept-Encoding: a client that did not ask never gets a coding.
        (ReplayContentCoding.gzip, nil, ReplayContentCoding.identity),
        (.gzip, "", .identity),
        // curl --compressed and URLSession on Linux: the recorded coding, as the server sent it.
        (.gzip, "deflate, gzip, br, zstd", .gzip),
        (.gzip, "gzip", .gzip),
        (.gzip, "x-gzip", .gzip),
        (.gzip, "GZIP;Q=1.0", .gzip),
        (.deflate, "gzip, deflate", .deflate),
        // A recorded identity body stays identity while identity is acceptable.
        (.identity, "gzip, deflate", .identity),
        (.identity, "gzip, identity;q=0", .gzip),
        (.identity, "*;q=0, deflate", .deflate),
        // Weights decide; a coding weighted 0 is refused.
        (.gzip, "gzip;q=0", .identity),
        (.gzip, "gzip;q=0.5, identity;q=0.8", .identity),
        (.gzip, "gzip;q=0.9, deflate, identity;q=0.5", .deflate),
        (.gzip, "gzip;q=0.9, deflate", .identity),
        (.gzip, "*", .gzip),
        (.gzip, "*;q=0.1", .identity),
        (.gzip, "identity", .identity),
        // Codings replay does not produce are ignored; identity stays acceptable.
        (.gzip, "br, zstd", .identity),
        // A weight that is not a qvalue leaves its element out.
        (.gzip, "gzip;q=2", .identity),
        (.gzip, "gzip;q=0.5000", .identity),
        // Nothing acceptable: identity anyway, so the recorded status goes out.
        (.gzip, "identity;q=0, br", .identity),
        (.gzip, "*;q=0", .identity),
    ] as [(ReplayContentCoding, String?, ReplayContentCoding)])
    func theCodingSentIsTheAcceptableOneWithTheHighestWeight(recorded: ReplayContentCoding, acceptEncoding: String?,
                                                             expected: ReplayContentCoding) {
        #expect(ReplayContentCoding.choose(recorded: recorded, acceptEncoding: acceptEncoding, available: Self.all) == expected)
    }

    @Test func aCodingTheEncoderCannotProduceIsNeverChosen() {
        #expect(ReplayContentCoding.choose(recorded: .gzip, acceptEncoding: "gzip, identity;q=0.5", available: [.deflate]) == .identity)
        #expect(ReplayContentCoding.choose(recorded: .gzip, acceptEncoding: "gzip, deflate;q=0.5, identity;q=0", available: [.deflate]) == .deflate)
    }

    @Test(arguments: [
        ("0", 0), ("0.5", 500), ("0.05", 50), ("0.123", 123), ("1", 1000), ("1.000", 1000), ("0.", 0), ("1.", 1000),
        ("1.001", nil), ("2", nil), ("0.1234", nil), ("-0", nil), (".5", nil), ("0,5", nil), ("", nil),
    ] as [(String, Int?)])
    func aQvalueIsReadInThousandthsOrRefused(text: String, expected: Int?) {
        #expect(ReplayContentCoding.qvalue(text) == expected)
    }

    @Test(arguments: [
        (nil, ReplayContentCoding.identity), ("", .identity), ("identity", .identity), ("gzip", .gzip), ("X-GZIP", .gzip),
        (" deflate ", .deflate), ("br", nil), ("gzip, br", nil),
    ] as [(String?, ReplayContentCoding?)])
    func aRecordedContentEncodingNamesACodingReplayProducesOrNone(value: String?, expected: ReplayContentCoding?) {
        #expect(ReplayContentCoding(contentEncoding: value) == expected)
    }
}
