import Foundation
import KitchenRecording
import KitchenTestSupport
import KitchenVerify
import Testing

/// Check 1 on a recorded HEAD: held to the contract's GET operation for its path (RFC 9110
/// §9.3.2), by its status and head, with no body.
@Suite("Check 1: a recorded HEAD against the GET operation")
struct HeadContractTests {
    /// `oven-controls.har`'s first `GET /devices`, then the same made a HEAD: the same head,
    /// `Content-Length` the GET body's length, and no body.
    static func headOfDevices(edit: (inout HAR.Response) -> Void = { _ in }) throws -> (LoadedRecording, RecordedEntry) {
        var document = try #require(Fixtures.recording("oven-controls.har")).document
        let index = try #require(document.log.entries.firstIndex { $0.request.method == "GET" && $0.request.urlPath.hasSuffix("/devices") })
        var entry = document.log.entries[index]
        let length = try entry.response.bodyBytes.count
        entry.request.method = "HEAD"
        entry.response.headers.removeAll { $0.name.lowercased() == "content-length" }
        entry.response.headers.append(HAR.Header(name: "Content-Length", value: String(length)))
        entry.response.content.text = nil
        entry.response.content.size = 0
        edit(&entry.response)
        document.log.entries = [document.log.entries[index], entry]
        let recording = LoadedRecording(document: document, name: "head.har")
        return (recording, recording.entries[1])
    }

    @Test("a HEAD with the GET's status and content type and no body conforms")
    func headConforms() throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry) = try Self.headOfDevices()
        #expect(ContractCheck(contracts: contracts).findings(for: entry, in: recording.name).map(\.description) == [])
    }

    @Test("a HEAD answered with a body, or with another content type, is a finding")
    func headWithBodyOrOtherType() throws {
        let contracts = try #require(Fixtures.contracts)
        let (withBody, bodyEntry) = try Self.headOfDevices { $0.content.text = "[]" }
        #expect(ContractCheck(contracts: contracts).findings(for: bodyEntry, in: withBody.name).map(\.location) == ["/response/body"])
        let (otherType, typeEntry) = try Self.headOfDevices { response in
            response.headers = response.headers.map { $0.name.lowercased() == "content-type" ? HAR.Header(name: $0.name, value: "text/html") : $0 }
        }
        #expect(ContractCheck(contracts: contracts).findings(for: typeEntry, in: otherType.name).map(\.location)
                == ["/response/headers/content-type"])
    }

    @Test("kitchen verify --recordings passes a folder holding a GET and its HEAD (exit 0)")
    func verifyPassesAFolderWithAHead() async throws {
        let (recording, _) = try Self.headOfDevices()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verify-head-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try HARFile.save(recording.document, to: folder.appendingPathComponent("head.har"))
        let outcome = await kitchen("verify", "--recordings", folder.path, "--contracts", Repository.contracts.path)
        #expect(outcome.status == .success, "\(outcome.out)")
        #expect(outcome.out.contains("recordings vs contracts  2 case(s), 0 failed"), "\(outcome.out)")
    }
}
