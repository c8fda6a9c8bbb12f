import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import KitchenIntercept
import KitchenRecording
@testable import KitchenSwiftTesting
import Testing
import KitchenTestSupport

/// `record:` and the environment: a missing recording is recorded through the recorder (redaction,
/// write-ahead journal) against the embedded simulator or `KITCHEN_RECORD_URL`, then replayed.
@Suite(.timeLimit(.minutes(2))) struct RecordOnFirstRunTests {
    /// A fresh folder for one test's recordings.
    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intercept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func trait(_ path: String, record: RecordMode, environment: [String: String]) -> ReplayingTrait {
        var trait = ReplayingTrait.replaying(path, record: record)
        trait.environment = environment
        return trait
    }

    @Test func aMissingRecordingIsRecordedAgainstTheEmbeddedSimulatorThenReplayed() async throws {
        let test = try #require(Test.current)
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Recordings/first-run.har").path
        let recorded = Answer()
        let issues = try await issuesReported {
            try await trait(path, record: .missing, environment: [:]).provideScope(for: test, testCase: nil) {
                let recording = try Replaying.isRecording
                #expect(recording)
                let ids = try await TinyClient().deviceIDs()
                await recorded.set((ids.count, ids.joined(separator: ",")))
            }
        }
        #expect(issues.map(\.text) == ["recorded 2 entries to \(path) against the embedded simulator; later runs replay it"])
        #expect(issues.map(\.severity) == [.warning])
        let (count, ids) = try #require(await recorded.value)
        #expect(count == 5, "a first login creates five devices")

        let document = try HARFile.load(from: URL(fileURLWithPath: path))
        #expect(document.log.entries.map { "\($0.request.method) \($0.request.url)" } == [
            "POST http://127.0.0.1:8080/auth/login", "GET http://127.0.0.1:8080/devices",
        ])
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.contains(#"\"password\":\"<password-1>\""#) && !text.contains(#"\"password\":\"demo\""#))
        #expect(text.contains("Bearer <token-1>"))
        #expect(!FileManager.default.fileExists(atPath: path + ".recording.journal"))
        #expect(!FileManager.default.fileExists(atPath: path + ".recording"))

        // The second run replays it, strictly, with no issue.
        let replayed = try await issuesReported {
            try await trait(path, record: .missing, environment: [:]).provideScope(for: test, testCase: nil) {
                let recording = try Replaying.isRecording
                let again = try await TinyClient().deviceIDs()
                #expect(!recording)
                #expect(again.joined(separator: ",") == ids)
            }
        }
        #expect(replayed.isEmpty, "\(replayed.map(\.text))")
    }

    @Test(arguments: [RecordMode.missing, .all])
    func testsSharingARecordingTakeTurnsTheFirstRecordsTheOthersReplay(mode: RecordMode) async throws {
        let test = try #require(Test.current)
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shared.har").path
        if mode == .all { try FileManager.default.copyItem(at: Fixture.url(Fixture.kitchenA), to: URL(fileURLWithPath: path)) }
        let environment = mode == .all ? ["KITCHEN_RECORD": "all"] : [:]
        let answers = Log()
        let issues = try await issuesReported {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await trait(path, record: .missing, environment: environment).provideScope(for: test, testCase: nil) {
                            let recording = try Replaying.isRecording
                            let ids = try await TinyClient().deviceIDs()
                            await answers.append("\(recording ? "recorded" : "replayed") \(ids.joined(separator: ","))")
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(issues.map(\.text) == ["recorded 2 entries to \(path) against the embedded simulator; later runs replay it"])
        let entries = await answers.entries
        #expect(entries.filter { $0.hasPrefix("recorded ") }.count == 1)
        #expect(Set(entries.map { $0.split(separator: " ")[1] }).count == 1, "all saw the recorded devices: \(entries)")
    }

    @Test func recordURLNamesTheServerAndItsBasePath() async throws {
        let test = try #require(Test.current)
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("staging.har").path
        try await withLiveSimulator(basePath: "/api/v1") { _, url in
            let issues = try await issuesReported {
                try await trait(path, record: .missing, environment: ["KITCHEN_RECORD_URL": url.absoluteString])
                    .provideScope(for: test, testCase: nil) {
                        // One client below the base path, one at the root: the recorder puts it back.
                        let below = TinyClient(baseURL: URL(string: "https://kitchen.example.com/api/v1")!)
                        let devices = try await below.deviceIDs()
                        let unauthorized = try await TinyClient().get("devices")
                        #expect(devices.count == 5)
                        #expect(unauthorized.status == 401)
                    }
            }
            #expect(issues.map(\.text) == ["recorded 3 entries to \(path) against \(url.absoluteString); later runs replay it"])
            let document = try HARFile.load(from: URL(fileURLWithPath: path))
            #expect(document.log.entries.map(\.request.urlPath) == ["/api/v1/auth/login", "/api/v1/devices", "/api/v1/devices"])
        }
    }

    @Test(arguments: [["CI": "true"], ["CI": "1", "KITCHEN_RECORD": ""]])
    func onCIAMissingRecordingFailsWithTheCommandThatRecordsIt(environment: [String: String]) async throws {
        let test = try #require(Test.current)
        let path = "Recordings/never-recorded.har"
        let error = await #expect(throws: ReplayingError.self) {
            try await trait(path, record: .missing, environment: environment).provideScope(for: test, testCase: nil) {
                Issue.record("the test body must not run")
            }
        }
        let root = Repository.root.path
        #expect(error?.description == """
            No recording at Recordings/never-recorded.har (looked in the current directory and upwards from RecordOnFirstRunTests.swift).
            CI is set, so this run only replays. Record it on your machine and commit it:
              cd \(root) && KITCHEN_RECORD=missing swift test --filter 'RecordOnFirstRunTests/onCIAMissingRecordingFailsWithTheCommandThatRecordsIt'
            """)
    }

    @Test func recordNeverFailsOnAMissingRecordingEvenOffCI() async throws {
        let test = try #require(Test.current)
        let error = await #expect(throws: ReplayingError.self) {
            try await trait("Recordings/never-recorded.har", record: .never, environment: [:]).provideScope(for: test, testCase: nil) {}
        }
        #expect(error?.description.contains("Record it (against the embedded simulator, or KITCHEN_RECORD_URL=http://host:port) with:") == true)
    }

    @Test func recordAllReplacesAnExistingRecording() async throws {
        let test = try #require(Test.current)
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("kitchen.har").path
        try FileManager.default.copyItem(at: Fixture.url(Fixture.kitchenA), to: URL(fileURLWithPath: path))
        let issues = try await issuesReported {
            // The test asks only for `missing`; the environment's `all` wins.
            try await trait(path, record: .missing, environment: ["KITCHEN_RECORD": "all", "CI": "true"])
                .provideScope(for: test, testCase: nil) {
                    let devices = try await TinyClient().deviceIDs()
                    #expect(devices != Fixture.devicesA)
                }
        }
        #expect(issues.map(\.text) == ["recorded 2 entries to \(path) against the embedded simulator; later runs replay it"])
        let document = try HARFile.load(from: URL(fileURLWithPath: path))
        #expect(document.log.creator.name == "KitchenHarness recorder")
    }

    @Test func aTestThatFailsWhileRecordingLeavesNoRecording() async throws {
        let test = try #require(Test.current)
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("broken.har").path
        let issues = try await issuesReported {
            try await trait(path, record: .missing, environment: [:]).provideScope(for: test, testCase: nil) {
                _ = try await TinyClient().deviceIDs()
                Issue.record("the app misread the devices")
            }
        }
        #expect(issues.map(\.text) == [
            "the app misread the devices",
            "the test failed while recording against the embedded simulator, so nothing was written to \(path); fix the test and run it again",
        ])
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func anUnknownRecordModeInTheEnvironmentIsRefused() async throws {
        let test = try #require(Test.current)
        await #expect(throws: RecordPlanError.invalidMode("sometimes")) {
            try await trait(Fixture.kitchenA, record: .never, environment: ["KITCHEN_RECORD": "sometimes"])
                .provideScope(for: test, testCase: nil) {}
        }
    }
}

/// The plan alone: the environment against the test's `record:`.
@Suite(.timeLimit(.minutes(2))) struct RecordPlanTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let requested: RecordMode
        let environment: [String: String]
        let exists: Bool
        let action: RecordPlan.Action
        let source: RecordPlan.Source
        var testDescription: String { "\(requested) \(environment.sorted { $0.key < $1.key }) exists:\(exists) → \(action)" }
    }

    static let cases: [Case] = [
        Case(requested: .never, environment: [:], exists: true, action: .replay, source: .test),
        Case(requested: .never, environment: [:], exists: false, action: .fail, source: .test),
        Case(requested: .missing, environment: [:], exists: false, action: .record, source: .test),
        Case(requested: .missing, environment: [:], exists: true, action: .replay, source: .test),
        Case(requested: .all, environment: [:], exists: true, action: .record, source: .test),
        Case(requested: .missing, environment: ["CI": "true"], exists: false, action: .fail, source: .continuousIntegration),
        Case(requested: .all, environment: ["CI": "1"], exists: true, action: .replay, source: .continuousIntegration),
        Case(requested: .missing, environment: ["CI": "false"], exists: false, action: .record, source: .test),
        Case(requested: .missing, environment: ["CI": "0"], exists: false, action: .record, source: .test),
        Case(requested: .never, environment: ["CI": "true"], exists: false, action: .fail, source: .test),
        Case(requested: .never, environment: ["KITCHEN_RECORD": "missing", "CI": "true"], exists: false, action: .record, source: .environment),
        Case(requested: .never, environment: ["KITCHEN_RECORD": "missing"], exists: true, action: .replay, source: .environment),
        Case(requested: .never, environment: ["KITCHEN_RECORD": "ALL"], exists: true, action: .record, source: .environment),
        Case(requested: .all, environment: ["KITCHEN_RECORD": "never"], exists: true, action: .replay, source: .environment),
    ]

    @Test(arguments: cases)
    func theEnvironmentOverridesTheTestAndCIOnlyReplays(_ example: Case) throws {
        let plan = try RecordPlan(requested: example.requested, environment: example.environment)
        #expect(plan.action(recordingExists: example.exists) == example.action)
        #expect(plan.source == example.source)
    }

    @Test func recordURLMustBeAnHTTPOrHTTPSURLWithAHost() throws {
        #expect(try RecordPlan(requested: .missing, environment: ["KITCHEN_RECORD_URL": "http://10.0.0.2:8080/api/v1"]).upstream
                == URL(string: "http://10.0.0.2:8080/api/v1"))
        // The recorder speaks TLS to an https upstream, so the plan takes one too.
        #expect(try RecordPlan(requested: .missing, environment: ["KITCHEN_RECORD_URL": "https://kitchen.example.com"]).upstream
                == URL(string: "https://kitchen.example.com"))
        #expect(try RecordPlan(requested: .missing, environment: [:]).upstream == nil)
        for refused in ["http:/api/v1", "ftp://kitchen.example.com"] {
            let error = #expect(throws: RecordPlanError.invalidUpstream(refused)) {
                try RecordPlan(requested: .missing, environment: ["KITCHEN_RECORD_URL": refused])
            }
            #expect(error?.description == "KITCHEN_RECORD_URL=\(refused) must be an http:// or https:// URL with a host")
        }
    }

    @Test func aLiveServerMustBeAnHTTPOrHTTPSURLWithAHost() throws {
        let https = try #require(URL(string: "https://kitchen.example.com/api/v1"))
        #expect(try RecordingServer.live(https).start().url == https)
        let hostless = try #require(URL(string: "http:/api/v1"))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("hostless-\(UUID().uuidString).har")
        let error = #expect(throws: LiveRecordingError.self) {
            try LiveRecording.start(output: output, server: .live(hostless), redaction: .kitchen)
        }
        #expect(error?.description == "the recorder failed: upstream must be an http:// or https:// URL with a host, not 'http:/api/v1'")
        #expect(!FileManager.default.fileExists(atPath: output.path + ".recording.journal"))
    }
}
