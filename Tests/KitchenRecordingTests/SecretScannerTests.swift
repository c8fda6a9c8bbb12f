import Foundation
import HarnessCore
import Testing
@testable import KitchenRecording

@Suite("Secret scanning")
struct SecretScannerTests {
    static let secret = "s3cr3t/tok+en=value with space"
    private let scanner = SecretScanner(secrets: [KnownSecret(alias: "<token-7>", value: SecretScannerTests.secret)])

    private func leak(in document: HAR.Document) -> (alias: String, location: String, message: String)? {
        do {
            try scanner.check(document)
            return nil
        } catch {
            guard case .secretLeaked(let alias, let location) = error else { return nil }
            return (alias, location, error.description)
        }
    }

    private func expectLeak(_ document: HAR.Document, at location: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let found = leak(in: document) else {
            Issue.record("no leak reported", sourceLocation: sourceLocation)
            return
        }
        #expect(found.alias == "<token-7>", sourceLocation: sourceLocation)
        #expect(found.location.hasSuffix(location), "\(found.location)", sourceLocation: sourceLocation)
        #expect(found.message.contains("<token-7>"), sourceLocation: sourceLocation)
        #expect(!found.message.contains(Self.secret), sourceLocation: sourceLocation)
        #expect(!found.message.contains("s3cr3t"), sourceLocation: sourceLocation)
    }

    @Test("a clean document passes")
    func cleanDocumentPasses() throws {
        try scanner.check(Fixture.document([Fixture.devices(), Fixture.webSocket()]))
    }

    @Test("a secret left in a header is found and located")
    func leakInHeader() {
        var entry = Fixture.devices()
        entry.request.headers.append(.init(name: "X-Debug", value: "key=\(Self.secret)"))
        expectLeak(Fixture.document([entry]), at: "/log/entries/0/request/headers/2/value")
    }

    @Test("a secret left in a body is found, even JSON-escaped")
    func leakInBody() throws {
        var entry = Fixture.devices()
        var escaped: [UInt8] = []
        JSONSerializer.writeString(Self.secret.replacingOccurrences(of: " ", with: "\t"), into: &escaped)
        let tabbed = SecretScanner(secrets: [KnownSecret(alias: "<token-7>", value: Self.secret.replacingOccurrences(of: " ", with: "\t"))])
        entry.response.content.text = #"{"note":\#(String(decoding: escaped, as: UTF8.self))}"#
        #expect(entry.response.content.text?.contains("\\t") == true)
        let error = #expect(throws: RecordingError.self) { try tabbed.check(Fixture.document([entry])) }
        #expect(error == .secretLeaked(alias: "<token-7>", location: "the document at /log/entries/0/response/content/text"))

        entry.response.content.text = #"{"note":"\#(Self.secret.replacingOccurrences(of: "/", with: "\\/"))"}"#
        expectLeak(Fixture.document([entry]), at: "/log/entries/0/response/content/text")
        // In the file the body is escaped once more; the byte scan still sees it.
        let file = try HARFile.encode(Fixture.document([entry]))
        #expect(!String(decoding: file, as: UTF8.self).contains(#"s3cr3t\/tok"#))
        #expect(throws: RecordingError.self) { try scanner.check(bytes: file, location: "file") }
    }

    @Test("a secret in a WebSocket frame is found, in text and in binary frames")
    func leakInWebSocketFrame() {
        var entry = Fixture.webSocket()
        entry.webSocketMessages?.append(HAR.WebSocketMessage(type: .receive, time: 1, opcode: .text, data: Self.secret))
        expectLeak(Fixture.document([entry]), at: "/log/entries/0/_webSocketMessages/2/data")

        var binary = Fixture.webSocket()
        binary.webSocketMessages?.append(
            HAR.WebSocketMessage(type: .receive, at: Fixture.start, opcode: .binary, payload: [0xFF, 0x00] + Array(Self.secret.utf8)))
        expectLeak(Fixture.document([binary]), at: "/log/entries/0/_webSocketMessages/2/data (base64-decoded)")
    }

    @Test("a percent-encoded secret in a URL is found", arguments: [
        PercentEncoding.encode(SecretScannerTests.secret), PercentEncoding.encode(SecretScannerTests.secret, hexCase: .lower),
        PercentEncoding.encode(SecretScannerTests.secret, spaceAsPlus: true),
    ])
    func leakPercentEncodedInURL(encoded: String) {
        #expect(!encoded.contains(Self.secret))
        var entry = Fixture.devices()
        entry.request.url += "?key=" + encoded
        expectLeak(Fixture.document([entry]), at: "/log/entries/0/request/url")
    }

    @Test("saving refuses a leaking document and writes nothing")
    func saveRefusesLeaks() throws {
        try withTemporaryDirectory { directory in
            var entry = Fixture.devices()
            entry.comment = Self.secret
            let url = directory.appendingPathComponent("leak.har")
            #expect(throws: RecordingError.self) { try HARFile.save(Fixture.document([entry]), to: url, scanner: scanner) }
            let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(written.isEmpty)
        }
    }

    @Test("extra secrets are looked for too; short secrets are not")
    func extraAndShortSecrets() {
        let scanner = SecretScanner(secrets: [KnownSecret(alias: "<password-1>", value: "demo")], extraSecrets: ["issued-token-0001"])
        #expect(scanner.secretCount == 1)
        #expect(throws: Never.self) { try scanner.check(bytes: Array(#"{"username":"demo"}"#.utf8), location: "x") }
        let error = #expect(throws: RecordingError.self) {
            try scanner.check(bytes: Array("line one\nsee issued-token-0001 here".utf8), location: "journal")
        }
        #expect(error == .secretLeaked(alias: "<extra-1>", location: "journal, line 2, column 5"))
    }

    @Test("10,000 entries against 300 secrets: every planted leak is found, a clean file passes")
    func largeDocument() throws {
        let secrets = (0..<300).map { index in
            // 300 distinct secrets of 16 different lengths (12 to 38 bytes).
            KnownSecret(alias: "<token-\(index + 1)>", value: "tok_\(index)_" + String(repeating: String(index * 7919, radix: 36), count: 6).prefix(18 + index % 17))
        }
        let scanner = SecretScanner(secrets: secrets)
        let entries = (0..<10_000).map { index -> HAR.Entry in
            var entry = Fixture.devices(token: "<token-\(index % 300 + 1)>")
            entry.request.url += "?page=\(index)"
            return entry
        }
        var document = Fixture.document(entries)
        try scanner.check(document)

        document.log.entries[9_876].webSocketMessages = [.init(type: .receive, time: 1, opcode: .text, data: "x" + secrets[211].value)]
        let error = #expect(throws: RecordingError.self) { try scanner.check(document) }
        #expect(error == .secretLeaked(alias: "<token-212>", location: "the document at /log/entries/9876/_webSocketMessages/0/data"))

        document.log.entries[9_876].webSocketMessages = nil
        document.log.entries[42].request.headers[1].value = "Bearer " + secrets[0].value
        let first = #expect(throws: RecordingError.self) { try scanner.check(document) }
        #expect(first == .secretLeaked(alias: "<token-1>", location: "the document at /log/entries/42/request/headers/1/value"))
    }
}
