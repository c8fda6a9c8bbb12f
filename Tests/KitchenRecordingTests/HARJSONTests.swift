import Foundation
import HarnessCore
import Testing
@testable import KitchenRecording
import KitchenTestSupport

/// The hand-written JSON of the HAR model (the recorder's fast path) and the `Codable`
/// encoding agree exactly, so journals and files are the same whichever wrote them.
@Suite struct HARJSONTests {
    /// One entry of every kind, every optional field set somewhere.
    static var everyKind: HAR.Document {
        var full = Fixture.login()
        full.serverIPAddress = "127.0.0.1"
        full.connection = "7"
        full.comment = "all optionals"
        full.cache = HAR.Cache(comment: "cache note")
        full.timings.comment = "timed"
        full.request.comment = "request note"
        full.request.cookies = [HAR.Cookie(name: "c", value: "v", path: "/", domain: "d", expires: "e", httpOnly: true,
                                           secure: false, comment: "k")]
        full.request.postData?.params = [HAR.Param(name: "p", value: "v", fileName: "f", contentType: "t", comment: "c")]
        full.response.comment = "response note"
        full.response.content.compression = 3
        full.response.content.comment = "content note"
        full.request.headers.append(HAR.NameValue(name: "X-Bytes", value: "AAE=", comment: "bin", encoding: "base64"))
        full.request.redacted = ["/password"]
        full.response.redacted = ["/token", ""]
        var socket = Fixture.webSocket()
        socket.webSocketMessages?.append(HAR.WebSocketMessage(type: .send, time: 2, opcode: .text, data: "{}", redacted: ["/token"]))
        socket.webSocketMessages?.append(HAR.WebSocketMessage(type: .error, time: 3, opcode: .error, data: "reset"))
        var document = Fixture.document([full, Fixture.devices(), socket, Fixture.failed()])
        document.log.comment = "log note"
        document.log.creator.comment = "creator note"
        return document
    }

    @Test func handWrittenJSONEqualsTheCodableEncodingForEveryKindOfEntry() throws {
        let document = Self.everyKind
        #expect(document.json == (try HARFile.jsonValue(of: document)))
        #expect(JSONSerializer.bytes(document.json, options: [.sortedKeys, .prettyPrinted])
                == JSONSerializer.bytes(try HARFile.jsonValue(of: document), options: [.sortedKeys, .prettyPrinted]))
        for entry in document.log.entries {
            #expect(JSONSerializer.bytes(entry.json) == JSONSerializer.bytes(try HARFile.jsonValue(of: entry)))
        }
    }

    @Test func handWrittenJSONDecodesBackToTheSameDocument() throws {
        let document = Self.everyKind
        let decoded = try HARFile.decode(Data(HARFile.encode(document)), path: "memory")
        #expect(decoded == document)
    }

    @Test func rewritingEveryCommittedRecordingIsByteIdentical() throws {
        let files = Repository.committedRecordings
        #expect(!files.isEmpty)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            #expect(try HARFile.encode(HARFile.load(from: file)) == bytes, "\(file.lastPathComponent) would change")
        }
    }
}
