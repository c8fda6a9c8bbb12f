import KitchenVerify
import Testing

/// Check 2 on the committed recordings: every operation × declared status, and every
/// WebSocket message type, is exercised by some recording.
@Suite("Check 2: coverage")
struct CoverageTests {
    static let requirements: [String] = Fixtures.contracts.map { CoverageCheck(contracts: $0).measure([]).requirements.map(\.name) } ?? []

    @Test("the declaration is exercised by a committed recording", arguments: requirements)
    func requirementIsExercised(_ name: String) throws {
        let contracts = try #require(Fixtures.contracts)
        let coverage = CoverageCheck(contracts: contracts).measure(Fixtures.recordings)
        let requirement = try #require(coverage.requirements.first { $0.name == name })
        #expect(requirement.exercisedBy != nil, "not exercised; add it to \(requirement.hint)")
    }

    @Test("coverage of the committed recordings is full: 67 operation × status and 4 message types")
    func coverageIsFull() throws {
        let coverage = CoverageCheck(contracts: try #require(Fixtures.contracts)).measure(Fixtures.recordings)
        #expect(coverage.gaps == [])
        #expect(coverage.summary == "67 of 67 operation × status, 4 of 4 message types")
        #expect(Self.requirements.contains("GET /ws → 401"))
        #expect(Self.requirements.contains("/ws message iceMakerState"))
    }

    @Test("a recording set without the error scenarios has gaps, each a finding that names the scenario to extend")
    func gapsAreFindings() throws {
        let contracts = try #require(Fixtures.contracts)
        let partial = Fixtures.recordings.filter { $0.name != "error-statuses.har" && $0.name != "expired-token.har" }
        let results = CoverageCheck(contracts: contracts).results(for: partial)
        let gap = try #require(results.first { $0.verifyCase.name == "POST /auth/login → 413" })
        #expect(gap.findings.map(\.location) == ["POST /auth/login → 413"])
        #expect(gap.findings.first?.expected.contains("scenario error-statuses") == true)
        #expect(gap.findings.first?.actual == "none of \(partial.count) recording(s)")
        #expect(results.first { $0.verifyCase.name == "POST /auth/login → 200" }?.passed == true)
    }
}
