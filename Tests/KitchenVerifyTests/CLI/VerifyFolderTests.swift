import Foundation
import KitchenVerify
import Testing
import KitchenTestSupport

/// `kitchen verify --recordings DIR` on what a user has: one session's recordings, an empty
/// folder, a broken file, a filter pointing past the end, a report path that cannot be written.
@Suite("kitchen verify on a folder of one's own recordings", .timeLimit(.minutes(2)))
struct VerifyFolderTests {
    @Test("one session's recordings pass; the operations it never used are notices, failures with --require-coverage")
    func sessionFolder() async throws {
        let folder = try TemporaryFolder("session")
        defer { folder.remove() }
        let session = try folder.copyRecordings(["login-and-discovery.har"], into: "mysession")
        let outcome = await kitchen("verify", "--recordings", session.path, "--contracts", Repository.contracts.path)
        #expect(outcome.status == .success, "\(outcome.out)")
        #expect(outcome.out.contains("  - not exercised: POST /devices/{deviceId}/oven/power → 200"), "\(outcome.out)")
        let strict = await kitchen("verify", "--recordings", session.path, "--contracts", Repository.contracts.path, "--require-coverage")
        #expect(strict.status == .failure)
        #expect(strict.out.contains("FAIL [coverage] POST /devices/{deviceId}/oven/power → 200"), "\(strict.out)")
        #expect(strict.out.contains("reproduce: kitchen verify --recordings \(session.relativePath) --require-coverage"), "\(strict.out)")
    }

    @Test("an empty folder is exit 2: no .har files in DIR")
    func emptyFolder() async throws {
        let folder = try TemporaryFolder("empty")
        defer { folder.remove() }
        let outcome = await kitchen("verify", "--recordings", folder.url.path, "--contracts", Repository.contracts.path)
        #expect(outcome.status == .error)
        #expect(outcome.error == "kitchen verify: no .har files in \(folder.url.path)\n")
    }

    @Test("--only FILE#N with N past the file's end is exit 2, naming the entry count")
    func entryOutOfRange() async {
        let outcome = await kitchen("verify", "--recordings", Repository.recordings.path, "--contracts", Repository.contracts.path,
                                    "--only", "login-and-discovery.har#999")
        #expect(outcome.status == .error)
        #expect(outcome.error.hasPrefix("kitchen verify: --only login-and-discovery.har#999: no such entry (the file has "), "\(outcome.error)")
    }

    @Test("a file that cannot be read fails its own case; the other files are still verified")
    func unreadableFileReported() async throws {
        let folder = try TemporaryFolder("broken")
        defer { folder.remove() }
        let recordings = try folder.copyRecordings(["login-and-discovery.har"])
        try Data("{\"log\": 5".utf8).write(to: recordings.appendingPathComponent("broken.har"))
        let outcome = await kitchen("verify", "--recordings", recordings.path, "--contracts", Repository.contracts.path)
        #expect(outcome.status == .failure)
        #expect(outcome.out.contains("FAIL [contract] read broken.har"), "\(outcome.out)")
        #expect(outcome.out.contains("Summary (folder: 2 recording(s)"), "\(outcome.out)")
        // The readable file was still checked by the client: its cases are counted and pass.
        let clientLine = try #require(outcome.out.split(separator: "\n").first { $0.hasPrefix("  client") })
        #expect(!clientLine.contains(" 0 case(s)") && clientLine.contains(", 0 failed"), "\(clientLine)")
    }

    @Test("a JUnit path in a missing folder is refused before the run, exit 2")
    func unwritableReportRefusedFirst() async throws {
        let outcome = await kitchen("verify", "--recordings", Repository.recordings.path, "--contracts", Repository.contracts.path,
                                    "--junit", "/nonexistent-folder/report.xml")
        #expect(outcome.status == .error)
        #expect(outcome.error == "kitchen verify: cannot write /nonexistent-folder/report.xml: the folder /nonexistent-folder does not exist\n")
        #expect(outcome.out.isEmpty)
    }

    @Test("diff --common compares only what both folders exercised, and says so; without it the unused operations read as removed")
    func diffCommon() async throws {
        let folder = try TemporaryFolder("diff-common")
        defer { folder.remove() }
        let session = try folder.copyRecordings(["login-and-discovery.har"], into: "mysession")
        let full = await kitchen("diff", Repository.recordings.path, session.path)
        #expect(full.status == .failure)
        #expect(full.out.contains("BREAKING  POST /devices/{deviceId}/oven/temperature: seen → absent"))
        let common = await kitchen("diff", "--common", Repository.recordings.path, session.path)
        #expect(common.status == .success, "\(common.out)")
        #expect(common.out.hasPrefix("0 breaking, 0 additive change(s) from \(Repository.recordings.path) to \(session.path) (--common: only what both exercised; "),
                "\(common.out)")
        // A real change inside what both exercised is still found.
        try mutateHAR(session.appendingPathComponent("login-and-discovery.har")) { document in
            let index = try document.entryIndex("GET", pathSuffix: "/devices", status: 200)
            try document.editResponseBody(ofEntry: index) { body in
                guard case .array(var devices) = body else { return body }
                devices = devices.map { editing($0, at: "/isOnline", to: nil) }
                return .array(devices)
            }
        }
        let changed = await kitchen("diff", "--common", Repository.recordings.path, session.path)
        #expect(changed.status == .failure)
        #expect(changed.out.contains("BREAKING  GET /devices → 200 → /*/isOnline"), "\(changed.out)")
    }
}
