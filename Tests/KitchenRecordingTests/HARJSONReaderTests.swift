import Foundation
import HarnessCore
import Testing
@testable import KitchenRecording
import KitchenTestSupport

/// The HAR reader behind ``HARFile/decode(_:path:)``: files from here and elsewhere read into
/// the values they describe, and a broken one is refused with the field named.
@Suite struct HARJSONReaderTests {
    static var committedRecordings: [URL] { Repository.committedRecordings }

    /// Nothing a committed recording holds is lost on reading: written back, every member is there.
    @Test func everyCommittedRecordingReadsWithoutLosingAMember() throws {
        let files = Self.committedRecordings
        #expect(files.count >= 12)
        for file in files {
            let data = try Data(contentsOf: file)
            let parsed = try JSONValue(parsing: Array(data))
            let document = try HARFile.decode(data, path: file.path)
            #expect(JSONSerializer.bytes(document.json, options: [.sortedKeys]) == JSONSerializer.bytes(parsed, options: [.sortedKeys]),
                    "\(file.lastPathComponent)")
        }
    }

    /// A file from elsewhere: optional timings left out, `null` optionals, fields the model
    /// does not know, a whole-number `time` written as `12.0`.
    static let foreign = #"""
    {"log": {"version": "1.2", "creator": {"name": "Chrome", "version": "131", "comment": null},
      "pages": [{"id": "page_1"}],
      "entries": [{
        "startedDateTime": "2026-11-20T10:00:00.000Z", "time": 12.0, "_priority": "High",
        "request": {"method": "GET", "url": "http://k/devices", "httpVersion": "HTTP/1.1", "cookies": [],
                    "headers": [{"name": "Accept", "value": "*/*"}], "queryString": [], "headersSize": -1, "bodySize": 0},
        "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [],
                     "content": {"size": 2, "mimeType": "application/json", "text": "[]", "compression": null},
                     "redirectURL": "", "headersSize": -1, "bodySize": 2, "_transferSize": 120},
        "cache": {}, "timings": {"send": 1, "wait": 10.5, "receive": 0.5},
        "serverIPAddress": null, "_resourceType": "fetch"
      }]}}
    """#

    @Test func aFileFromElsewhereReadsWithDefaultsNullsAsAbsentAndUnknownFieldsIgnored() throws {
        let document = try HARFile.decode(Data(Self.foreign.utf8), path: "chrome.har")
        let entry = try #require(document.log.entries.first)
        #expect(document.log.creator == HAR.Creator(name: "Chrome", version: "131"))
        #expect(entry.timings == HAR.Timings(send: 1, wait: 10.5, receive: 0.5))
        #expect(entry.time == 12)
        #expect(entry.serverIPAddress == nil)
        #expect(entry.resourceType == "fetch")
        #expect(entry.response.content == HAR.Content(size: 2, mimeType: "application/json", text: "[]"))
        #expect(entry.request.headers == [HAR.NameValue(name: "Accept", value: "*/*")])
        let written = JSONSerializer.string(document.json)
        #expect(!written.contains("_priority") && !written.contains("pages") && !written.contains("_transferSize"))
    }

    /// Each breakage, the text that replaces a piece of ``foreign``, and where the error must point.
    @Test(arguments: [
        (#""method": "GET""#, #""verb": "GET""#, #"missing required field "method" in log.entries[0].request"#),
        (#""status": 200"#, #""status": null"#, "log.entries[0].response.status is null, an integer is required"),
        (#""status": 200"#, #""status": "200""#, "log.entries[0].response.status is not an integer: found string"),
        (#""status": 200"#, #""status": 200.5"#, "log.entries[0].response.status is not an integer: found number"),
        (#""wait": 10.5"#, #""wait": true"#, "log.entries[0].timings.wait is not a number: found boolean"),
        (#"{"name": "Accept", "value": "*/*"}"#, "7", "log.entries[0].request.headers[0] is not an object: found integer"),
        (#""entries": ["#, #""entries": {"x": 1}, "y": ["#, "log.entries is not an array: found object"),
        (#""_resourceType": "fetch""#, #""_resourceType": "fetch", "_webSocketMessages": [{"type": "sent", "time": 1, "opcode": 1, "data": ""}]"#,
         #"log.entries[0]._webSocketMessages[0].type is "sent", not one of send, receive, error"#),
        (#""_resourceType": "fetch""#, #""_webSocketMessages": [{"type": "send", "time": 1, "opcode": 9, "data": ""}]"#,
         "log.entries[0]._webSocketMessages[0].opcode is 9, not one of 1, 2, -1"),
    ])
    func aBrokenFileIsRefusedWithTheFieldNamed(original: String, replacement: String, reason: String) throws {
        #expect(Self.foreign.contains(original))
        let data = Data(Self.foreign.replacingOccurrences(of: original, with: replacement).utf8)
        let error = #expect(throws: RecordingError.self) { try HARFile.decode(data, path: "broken.har") }
        guard case .invalidHAR(let path, let described) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path == "broken.har")
        #expect(described == reason)
    }

    @Test func textThatIsNotJSONIsRefusedWithTheOffset() {
        let error = #expect(throws: RecordingError.self) { try HARFile.decode(Data(#"{"log": {"version": "1.2",}}"#.utf8), path: "x.har") }
        guard case .invalidHAR(_, let reason) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(reason == "not JSON: unexpected character '}' at byte 26")
    }

    @Test func theRootMustBeAnObjectWithALog() {
        for (text, reason) in [("[]", "the document is not an object: found array"), ("{}", #"missing required field "log" in the document"#)] {
            let error = #expect(throws: RecordingError.self) { try HARFile.decode(Data(text.utf8), path: "x.har") }
            guard case .invalidHAR(_, let described) = error else { Issue.record("got \(String(describing: error))"); continue }
            #expect(described == reason)
        }
    }
}
