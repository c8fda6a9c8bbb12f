import Foundation
import KitchenAPI
import KitchenRecording
import KitchenVerify
import Testing

/// Check 4 on the committed recordings: the mock's defaults satisfy the contract and the API's
/// cross-member rules, every protocol method has its own stub and names the contract operation
/// it lands on, and `MockAPIService(recording:)` answers the recorded calls with the recorded
/// responses (which keep the same rules).
@Suite("Check 4: MockAPIService against the recordings")
struct MockTests {
    @Test("the default stub validates against its operation's success response",
          arguments: APIOperation.allCases.filter { $0 != .openLiveUpdates })
    func defaultStubConforms(_ operation: APIOperation) throws {
        let findings = MockCheck(contracts: try #require(Fixtures.contracts)).defaultStubFindings(operation)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("every APIServiceProtocol method reaches its own stub, and every contract operation has one")
    func everyMethodHasAStub() async throws {
        let findings = await MockCheck(contracts: try #require(Fixtures.contracts)).completenessFindings()
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("every APIServiceProtocol method names its contract operation, and a call of it lands there")
    func everyMethodMapsToAnOperation() async throws {
        let check = MockCheck(contracts: try #require(Fixtures.contracts))
        let findings = await check.mappingFindings()
        #expect(findings.isEmpty, "\(lines(findings))")
        #expect(check.methods.count == APIMethod.allCases.count)
        let results = await check.stubResults()
        #expect(results.contains { $0.verifyCase.name == MockCheck.mappingCaseName && $0.passed })
    }

    @Test("the mock's default answers keep each rule of the API", arguments: APIInvariant.all.map(\.rule))
    func defaultsKeepTheRule(_ rule: String) async throws {
        let invariant = try #require(APIInvariant.all.first { $0.rule == rule })
        let findings = await MockCheck(contracts: try #require(Fixtures.contracts)).invariantFindings(invariant)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("each rule of the API names where API.md or the contract states it, and has its own case")
    func rulesAreSourcedAndReported() async throws {
        #expect(APIInvariant.all.allSatisfy { $0.source.hasPrefix("API.md") || $0.source.hasPrefix("Contract") })
        #expect(Set(APIInvariant.all.map(\.rule)).count == APIInvariant.all.count)
        let names = await MockCheck(contracts: try #require(Fixtures.contracts)).stubResults().map(\.verifyCase.name)
        for invariant in APIInvariant.all {
            #expect(names.contains(MockCheck.invariantCaseName(invariant)))
        }
    }

    @Test("MockAPIService(recording:) answers the recorded call with the recorded response",
          arguments: Fixtures.exchangeCases(.mock).filter { !$0.verifyCase.name.contains("GET /ws") })
    func mockAnswersLikeTheRecording(_ testCase: TestCase) async throws {
        let (recording, _, _) = try Fixtures.locate(testCase)
        let results = await MockCheck(contracts: try #require(Fixtures.contracts)).results(for: recording)
        let result = try #require(results.first { $0.verifyCase == testCase.verifyCase })
        #expect(result.findings.isEmpty, "\(lines(result.findings))")
    }

    /// The proof the lead asked for, without the check in between: every recorded call made
    /// through the protocol returns what decoding the recorded response gives.
    @Test("a mock built from each recording returns the decoded recorded responses, in order", arguments: Fixtures.recordings.map(\.name))
    func mockReplaysRecording(_ file: String) async throws {
        let recording = try #require(Fixtures.recording(file))
        let mock = MockAPIService(recording: recording.document)
        var calls = 0
        for entry in recording.document.log.entries {
            guard let call = APICall(entry) else { continue }
            calls += 1
            let expected = call.recordedOutcome(of: entry)
            let got = await call.invoke(on: mock as any APIServiceProtocol)
            #expect(got == expected, "\(call)")
        }
        #expect(calls > 0)
        for operation in APIOperation.allCases {
            #expect((mock.stub(for: operation) as? any PendingCount)?.pending ?? 0 == 0, "unused scripted results for \(operation)")
        }
    }

    @Test("a recorded login, error answer and oven state become the mock's answers")
    func recordedAnswersAreTyped() async throws {
        let recording = try #require(Fixtures.recording("error-statuses.har"))
        let mock = MockAPIService(recording: recording.document)
        let login = try await mock.login(username: "demo", password: "<password-1>")
        #expect(login.token == "<token-1>")
        await #expect(throws: AppError.conflict) {
            _ = try await mock.startDishwasher(deviceId: "dishwasher-4f7148", cycle: "eco")
            _ = try await mock.startDishwasher(deviceId: "dishwasher-4f7148", cycle: "eco")
        }
        await #expect(throws: AppError.notFound) { _ = try await mock.getFridgeState(deviceId: "fridge-cd4608") }
        // A call the recording does not hold gets the stub's default.
        #expect(try await mock.getFridgeState(deviceId: "elsewhere") == .defaultFridgeState)
    }
}

/// Stubs expose how many scripted results are left; seen through `AnyStub` here.
protocol PendingCount { var pending: Int { get } }
extension Stub: PendingCount { var pending: Int { pendingScriptedCount } }
