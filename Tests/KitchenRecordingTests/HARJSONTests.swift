import Foundation
import HarnessCore
import KitchenSwiftTesting
import KitchenTesting
import Testing
@testable import KitchenRecording
import KitchenTestSupport

/// The one declaration of the HAR model's fields drives both the writer (the recorder's fast
/// path, the files) and the reader: what one writes the other reads back, for every committed
/// recording and for generated documents with every optional set or absent.
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

    /// The writer's output for one small entry, pinned: HAR 1.2 names, declaration order,
    /// absent optionals left out, the optional timings written as -1.
    @Test func theWriterPutsMembersInDeclarationOrderAndLeavesAbsentOptionalsOut() {
        let entry = HAR.Entry(startedDateTime: "2026-11-20T10:15:30.123Z", time: 2,
                              request: HAR.Request(method: "GET", url: "http://k/devices"),
                              response: HAR.Response(status: 204, statusText: "No Content", content: HAR.Content(size: 0, mimeType: "x-unknown")),
                              timings: HAR.Timings(send: 1, wait: 1, receive: 0), webSocketClose: HAR.WebSocketClose(code: nil, reason: "", closedBy: .proxy))
        #expect(JSONSerializer.string(entry.json) == #"""
            {"startedDateTime":"2026-11-20T10:15:30.123Z","time":2.0,"request":{"method":"GET","url":"http://k/devices","httpVersion":"HTTP/1.1","cookies":[],"headers":[],"queryString":[],"headersSize":-1,"bodySize":0},"response":{"status":204,"statusText":"No Content","httpVersion":"HTTP/1.1","cookies":[],"headers":[],"content":{"size":0,"mimeType":"x-unknown"},"redirectURL":"","headersSize":-1,"bodySize":-1},"cache":{},"timings":{"blocked":-1.0,"dns":-1.0,"connect":-1.0,"ssl":-1.0,"send":1.0,"wait":1.0,"receive":0.0},"_webSocketClose":{"reason":"","closedBy":"proxy"}}
            """#)
    }

    @Test func generatedDocumentsWrittenThenReadAreTheSameValue() async {
        await checkProperty(HARGenerators.document, configuration: PropertyConfiguration(cases: 300)) { document in
            #expect(try HAR.Document(json: document.json) == document)
            let bytes = try HARFile.encode(document)
            let read = try HARFile.decode(Data(bytes), path: "generated")
            #expect(read == document)
            #expect(try HARFile.encode(read) == bytes)
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
