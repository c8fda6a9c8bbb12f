import Foundation
@testable import KitchenRecording
import Testing

/// A header made from text keeps the text so the entry is built without a round trip through
/// bytes; it must be the very header made from the same bytes, and build the same entry.
@Suite struct RawHeaderTests {
    static let pairs: [(String, String)] = [
        ("Host", "127.0.0.1:8080"), ("content-type", "application/json; charset=utf-8"),
        ("Location", "/callback?code=1#state=2"), ("X-Empty", ""), ("X-Emoji", "naïve 🍳"), ("Authorization", "Bearer abc"),
    ]

    static func fromText() -> [HAR.RawHeader] { pairs.map { HAR.RawHeader($0.0, $0.1) } }
    static func fromBytes() -> [HAR.RawHeader] { pairs.map { HAR.RawHeader(name: Array($0.0.utf8), value: Array($0.1.utf8)) } }

    @Test func aHeaderFromTextIsTheHeaderFromItsBytes() {
        for (text, bytes) in zip(Self.fromText(), Self.fromBytes()) {
            #expect(text == bytes)
            #expect(text.hashValue == bytes.hashValue)
            #expect(text.name == bytes.name && text.value == bytes.value)
            #expect(text.harHeader == bytes.harHeader)
        }
        #expect(HAR.RawHeader("A", "1") != HAR.RawHeader("A", "2"))
        #expect(HAR.RawHeader("A", "1") != HAR.RawHeader(name: Array("a".utf8), value: Array("1".utf8)))
    }

    @Test func anEntryBuiltFromTextHeadersIsTheEntryBuiltFromBytes() {
        func entry(_ headers: [HAR.RawHeader]) -> HAR.Entry {
            HAR.Entry(
                startedAt: Date(timeIntervalSince1970: 1_795_169_730),
                request: HAR.RawRequest(method: Array("POST".utf8), target: Array("/a?b=1".utf8), headers: headers, body: Array("{}".utf8)),
                response: HAR.RawResponse(status: 302, reason: Array("Found".utf8), headers: headers, body: Array("x".utf8)),
                timings: HAR.Timings(send: 1, wait: 2, receive: 3))
        }
        let fromText = entry(Self.fromText()), fromBytes = entry(Self.fromBytes())
        #expect(fromText == fromBytes)
        #expect(fromText.request.url == "http://127.0.0.1:8080/a?b=1")
        #expect(fromText.request.postData?.mimeType == "application/json; charset=utf-8")
        #expect(fromText.response.redirectURL == "/callback?code=1#state=2")
    }

    @Test func changingATextHeadersBytesChangesWhatItBuilds() {
        var header = HAR.RawHeader("X-Raw", "text")
        header.value = [0xFE, 0x41]
        #expect(header.name == Array("X-Raw".utf8))
        #expect(header.harHeader == HAR.Header(name: "X-Raw", value: "/kE=", encoding: "base64"))
        header.name = Array("X-Other".utf8)
        #expect(header == HAR.RawHeader(name: Array("X-Other".utf8), value: [0xFE, 0x41]))
    }
}
