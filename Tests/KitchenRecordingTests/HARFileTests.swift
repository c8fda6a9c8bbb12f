import Foundation
import HarnessCore
import Testing
@testable import KitchenRecording

@Suite("HAR files")
struct HARFileTests {
    private let document = Fixture.document([Fixture.devices(), Fixture.webSocket(), Fixture.failed()])

    @Test("a full document survives save and load, and saving it again gives the same bytes")
    func roundTripIsByteIdentical() throws {
        try withTemporaryDirectory { directory in
            let first = directory.appendingPathComponent("first.har")
            let second = directory.appendingPathComponent("second.har")
            try HARFile.save(document, to: first)
            let loaded = try HARFile.load(from: first)
            #expect(loaded == document)
            try HARFile.save(loaded, to: second)
            let firstBytes = try Data(contentsOf: first)
            #expect(firstBytes == (try Data(contentsOf: second)))
            try HARFile.save(document, to: first)
            #expect(firstBytes == (try Data(contentsOf: first)))
        }
    }

    @Test("every field HAR 1.2 requires is present with the right JSON type")
    func requiredFieldsArePresent() throws {
        let json = try JSONValue(parsing: HARFile.encode(document))
        #expect(json.keys(at: "") == ["log"])
        #expect(json.keys(at: "/log") == ["creator", "entries", "version"])
        #expect(json.keys(at: "/log/creator") == ["name", "version"])
        #expect(json["log"]?["version"] == "1.2")
        #expect(json.keys(at: "/log/entries/0") == [
            "_resourceType", "cache", "request", "response", "startedDateTime", "time", "timings",
        ])
        #expect(json.keys(at: "/log/entries/0/request") == [
            "bodySize", "cookies", "headers", "headersSize", "httpVersion", "method", "queryString", "url",
        ])
        #expect(json.keys(at: "/log/entries/0/response") == [
            "bodySize", "content", "cookies", "headers", "headersSize", "httpVersion", "redirectURL", "status", "statusText",
        ])
        #expect(json.keys(at: "/log/entries/0/response/content") == ["mimeType", "size", "text"])
        #expect(json.keys(at: "/log/entries/0/timings") == ["blocked", "connect", "dns", "receive", "send", "ssl", "wait"])
        #expect(json.keys(at: "/log/entries/0/cache").isEmpty)
        #expect(json.keys(at: "/log/entries/0/request/headers/0") == ["name", "value"])
        #expect(json.keys(at: "/log/entries/1") == [
            "_resourceType", "_webSocketClose", "_webSocketMessages", "cache", "request", "response",
            "startedDateTime", "time", "timings",
        ])
        #expect(json.keys(at: "/log/entries/1/request/queryString/0") == ["name", "value"])
        #expect(json.keys(at: "/log/entries/1/_webSocketMessages/0") == ["data", "opcode", "time", "type"])
        #expect(json.keys(at: "/log/entries/2") == [
            "_error", "_resourceType", "cache", "request", "response", "startedDateTime", "time", "timings",
        ])

        let entry = try #require(json["log"]?["entries"]?[0])
        #expect(entry["startedDateTime"]?.stringValue == "2026-11-20T10:15:30.133Z")
        #expect(entry["time"]?.typeName == "number")
        #expect(entry["cache"]?.typeName == "object")
        for field in ["status", "headersSize", "bodySize"] {
            #expect(entry["response"]?[field]?.typeName == "integer", "response.\(field)")
        }
        for field in ["cookies", "headers"] {
            #expect(entry["response"]?[field]?.typeName == "array", "response.\(field)")
        }
        #expect(entry["request"]?["queryString"]?.typeName == "array")
        #expect(entry["response"]?["content"]?["size"]?.typeName == "integer")
        #expect(entry["response"]?["redirectURL"]?.typeName == "string")
    }

    @Test("the file is pretty printed with sorted keys, unescaped slashes and a final newline")
    func fileFormat() throws {
        let text = String(decoding: try HARFile.encode(document), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"log\": {\n    \"creator\": {\n      \"name\": \"KitchenRecorder\","))
        #expect(text.hasSuffix("}\n"))
        #expect(!text.hasSuffix("\n\n"))
        #expect(text.contains("\"url\": \"http://127.0.0.1:8080/devices\""))
        #expect(text.contains("Upper/Lower Oven"))
        #expect(!text.contains("\\/"))
        // Headers stay in wire order even though object keys are sorted.
        let host = try #require(text.range(of: "\"Host\""))
        let authorization = try #require(text.range(of: "\"Authorization\""))
        #expect(host.lowerBound < authorization.lowerBound)
    }

    @Test("doubles print in their shortest form")
    func doublesPrintStably() throws {
        var entry = Fixture.devices()
        entry.time = 0.1 + 0.2
        entry.webSocketMessages = [HAR.WebSocketMessage(type: .send, time: 1_795_169_730.123, opcode: .text, data: "x")]
        let text = String(decoding: try HARFile.encode(Fixture.document([entry])), as: UTF8.self)
        #expect(text.contains("\"time\": 1795169730.123,"))
        #expect(!text.contains("1795169730.1230001"))
        #expect(text.contains("\"time\": 0.30000000000000004,"))
        #expect(text.contains("\"ssl\": -1.0,"))
        let date = Date(timeIntervalSince1970: 1_795_169_730.1234567)
        let message = HAR.WebSocketMessage(type: .receive, at: date, opcode: .text, payload: [])
        #expect(message.time.description == "1795169730.123")
    }

    @Test("bytes that are not UTF-8 are stored base64 and come back exactly")
    func binaryBodiesRoundTrip() throws {
        let binary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xC3]
        let entry = HAR.Entry(
            startedAt: Fixture.start,
            request: HAR.RawRequest(
                authority: "kitchen.local", method: Array("POST".utf8), target: [0x2F, 0x75, 0xFF],
                headers: [HAR.Header(name: Array("X-Raw".utf8), value: [0xFE, 0x41])], body: binary),
            response: HAR.RawResponse(status: 200, reason: [0x4F, 0xCB], body: binary),
            timings: Fixture.timings)
        #expect(entry.request.url == "http://kitchen.local/u%FF")
        #expect(entry.request.postData?.encoding == "base64")
        #expect(entry.request.headers[0].encoding == "base64")
        #expect(entry.response.content.encoding == "base64")
        #expect(entry.response.statusText == "O\u{CB}")
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("binary.har")
            try HARFile.save(Fixture.document([entry]), to: url)
            let loaded = try #require(try HARFile.load(from: url).log.entries.first)
            #expect(try loaded.request.bodyBytes == binary)
            #expect(try loaded.response.bodyBytes == binary)
            #expect(try loaded.request.headers[0].valueBytes == [0xFE, 0x41])
        }
        let frame = try #require(Fixture.webSocket().webSocketMessages?.last)
        #expect(frame.data == "AP+Afw==")
        #expect(try frame.payload == [0x00, 0xFF, 0x80, 0x7F])
    }

    @Test("URL parts, decoded query items and JSON bodies")
    func conveniences() throws {
        let entry = HAR.Entry(
            startedAt: Fixture.start,
            request: Fixture.request("GET", "/devices/oven-1/oven?compartment=upper%20left&flag&x=a+b#frag"),
            response: Fixture.response(200, "OK", json: #"{"isOn":true}"#), timings: Fixture.timings)
        #expect(entry.request.urlPath == "/devices/oven-1/oven")
        #expect(entry.request.urlQuery == "compartment=upper%20left&flag&x=a+b")
        #expect(entry.request.queryItems == [
            .init(name: "compartment", value: "upper left"), .init(name: "flag", value: ""), .init(name: "x", value: "a+b"),
        ])
        #expect(entry.request.queryString == entry.request.queryItems)
        #expect(try entry.response.bodyJSON == ["isOn": true])
        #expect(try entry.request.bodyJSON == nil)
        #expect(HAR.Request(method: "GET", url: "http://host").urlPath == "/")
        #expect(HAR.isJSON(mimeType: "application/problem+json; charset=utf-8"))
        #expect(!HAR.isJSON(mimeType: "text/plain"))
    }

    @Test("load errors name the file and what is wrong")
    func loadErrors() throws {
        try withTemporaryDirectory { directory in
            let missing = directory.appendingPathComponent("missing.har")
            let notFound = #expect(throws: RecordingError.self) { try HARFile.load(from: missing) }
            #expect(notFound?.description.contains(missing.path) == true)

            let garbage = directory.appendingPathComponent("garbage.har")
            try Data("{\"log\": [".utf8).write(to: garbage)
            let malformed = #expect(throws: RecordingError.self) { try HARFile.load(from: garbage) }
            guard case .invalidHAR(let path, _) = malformed else { Issue.record("got \(String(describing: malformed))"); return }
            #expect(path == garbage.path)

            let incomplete = directory.appendingPathComponent("incomplete.har")
            try Data(#"{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[{"time":1}]}}"#.utf8).write(to: incomplete)
            let missingField = #expect(throws: RecordingError.self) { try HARFile.load(from: incomplete) }
            #expect(missingField?.description.contains("startedDateTime") == true)
            #expect(missingField?.description.contains("log.entries[0]") == true)
        }
    }

    @Test("saving replaces the file atomically and leaves no temporary files behind")
    func saveIsAtomic() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("fixture.har")
            try Data("old".utf8).write(to: url)
            try HARFile.save(document, to: url)
            #expect(try HARFile.load(from: url) == document)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["fixture.har"])

            let nowhere = directory.appendingPathComponent("no-such-dir/fixture.har")
            let failure = #expect(throws: RecordingError.self) { try HARFile.save(document, to: nowhere) }
            guard case .unwritableFile(let path, _) = failure else { Issue.record("got \(String(describing: failure))"); return }
            #expect(path == nowhere.path)
        }
    }

    @Test("a recording starts at its first entry, and at the epoch when it has none or cannot be read")
    func startDateIsTheFirstEntrysInstant() {
        #expect(document.startDate == Fixture.date(plusMilliseconds: 10))
        #expect(Fixture.document([]).startDate == Date(timeIntervalSince1970: 0))
        var unreadable = Fixture.devices()
        unreadable.startedDateTime = "yesterday"
        #expect(Fixture.document([unreadable, Fixture.failed()]).startDate == Date(timeIntervalSince1970: 0))
    }
}
