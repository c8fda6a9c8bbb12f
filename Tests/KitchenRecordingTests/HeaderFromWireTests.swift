import Foundation
@testable import KitchenRecording
import Testing

/// A header the proxy hands over as text and the same header read as bytes off the wire are
/// one header, and build one entry; bytes that are not UTF-8 survive as base64.
@Suite struct HeaderFromWireTests {
    static let pairs: [(String, String)] = [
        ("Host", "127.0.0.1:8080"), ("content-type", "application/json; charset=utf-8"),
        ("Location", "/callback?code=1#state=2"), ("X-Empty", ""), ("X-Emoji", "naïve 🍳"), ("Authorization", "Bearer abc"),
    ]

    static func fromText() -> [HAR.Header] { pairs.map { HAR.Header(name: $0.0, value: $0.1) } }
    static func fromBytes() -> [HAR.Header] { pairs.map { HAR.Header(name: Array($0.0.utf8), value: Array($0.1.utf8)) } }

    @Test func aHeaderFromTextIsTheHeaderFromItsBytes() throws {
        for (text, bytes) in zip(Self.fromText(), Self.fromBytes()) {
            #expect(text == bytes)
            #expect(text.hashValue == bytes.hashValue)
            #expect(Array(text.name.utf8) == Array(bytes.name.utf8))
            #expect(try text.valueBytes == bytes.valueBytes)
        }
        #expect(HAR.Header(name: "A", value: "1") != HAR.Header(name: "A", value: "2"))
        #expect(HAR.Header(name: "A", value: "1") != HAR.Header(name: Array("a".utf8), value: Array("1".utf8)))
    }

    @Test func anEntryBuiltFromTextHeadersIsTheEntryBuiltFromBytes() {
        func entry(_ headers: [HAR.Header]) -> HAR.Entry {
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

    @Test func aValueThatIsNotUTF8IsRecordedAsBase64OfItsBytes() throws {
        let header = HAR.Header(name: Array("X-Raw".utf8), value: [0xFE, 0x41])
        #expect(header == HAR.Header(name: "X-Raw", value: "/kE=", encoding: "base64"))
        #expect(try header.valueBytes == [0xFE, 0x41])
    }
}
