import HTTPWire
import KitchenRecording
import KitchenReplay
import Testing

/// Replay sends a body in a coding the request accepts (RFC 9110 §12.5.3): identity unless
/// the request asks for more or refuses it, the recorded coding when the client takes it.
@Suite struct ReplayContentCodingTests {
    static let all: Set<ContentCoding> = [.gzip, .deflate]

    static func coding(_ recorded: ContentCoding, _ acceptEncoding: String?, available: Set<ContentCoding> = all) -> ContentCoding {
        ReplayedResponse.coding(recorded: recorded, accepting: AcceptEncoding(headerValues: acceptEncoding.map { [$0] } ?? []),
                                available: available)
    }

    @Test(arguments: [
        // No Accept-Encoding: a client that did not ask never gets a coding.
        (ContentCoding.gzip, nil, ContentCoding.identity),
        (.gzip, "", .identity),
        // curl --compressed and URLSession on Linux: the recorded coding, as the server sent it.
        (.gzip, "deflate, gzip, br, zstd", .gzip),
        (.gzip, "gzip", .gzip),
        (.gzip, "x-gzip", .gzip),
        (.gzip, "GZIP;Q=1.0", .gzip),
        (.deflate, "gzip, deflate", .deflate),
        (.gzip, "*", .gzip),
        // A coding the client names beats identity it takes only by default.
        (.gzip, "deflate", .deflate),
        // A recorded identity body stays identity while identity is acceptable.
        (.identity, "gzip, deflate", .identity),
        (.identity, "gzip, identity;q=0", .gzip),
        (.identity, "*;q=0, deflate", .deflate),
        // Weights decide; a coding weighted 0 is refused.
        (.gzip, "gzip;q=0", .identity),
        (.gzip, "gzip;q=0.5, identity;q=0.8", .identity),
        (.gzip, "gzip;q=0.9, deflate", .deflate),
        (.gzip, "identity", .identity),
        // Codings replay does not produce are not offered; identity stays acceptable.
        (.gzip, "br, zstd", .identity),
        // A weight that is not a qvalue leaves its element out.
        (.gzip, "gzip;q=2", .identity),
        // Nothing acceptable: identity anyway, so the recorded status goes out.
        (.gzip, "identity;q=0, br", .identity),
        (.gzip, "*;q=0", .identity),
    ] as [(ContentCoding, String?, ContentCoding)])
    func theCodingSentIsTheAcceptableOneWithTheHighestWeight(recorded: ContentCoding, acceptEncoding: String?,
                                                             expected: ContentCoding) {
        #expect(Self.coding(recorded, acceptEncoding) == expected)
    }

    @Test func aCodingTheEncoderCannotProduceIsNeverChosen() {
        #expect(Self.coding(.gzip, "gzip, identity;q=0.5", available: [.deflate]) == .identity)
        #expect(Self.coding(.gzip, "gzip, deflate;q=0.5, identity;q=0", available: [.deflate]) == .deflate)
        #expect(Self.coding(.gzip, "gzip", available: []) == .identity)
    }

    @Test func aRecordedCodingReplayCannotProduceGoesOutAsRecorded() throws {
        let recorded = RecordedExchanges.exchange("GET", "/devices", headers: [("Content-Encoding", "br")], body: "opaque")
        let served = ReplayedResponse(recorded: recorded.response, recordedMethod: "GET", method: "GET", acceptEncoding: [])
        #expect(served.coding == nil)
        #expect(served.headers.values(for: "Content-Encoding") == ["br"])
        #expect(served.body == Array("opaque".utf8))
        #expect(served.headers["Content-Length"] == "6")
    }
}
