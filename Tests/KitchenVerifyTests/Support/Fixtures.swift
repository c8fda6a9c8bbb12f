import Foundation
import KitchenRecording
import KitchenVerify
import Testing
import KitchenTestSupport

/// The committed contracts and recordings, loaded once for every parameterized suite. A load
/// failure leaves them empty (so argument lists are empty) and `FixtureLoadingTests` fails loudly.
enum Fixtures {
    static let contracts: ContractSet? = try? ContractSet(folder: Repository.contracts)
    static let recordings: [LoadedRecording] = (try? RecordingFolder.load(Repository.recordings)) ?? []

    static func recording(_ name: String) -> LoadedRecording? { recordings.first { $0.name == name } }

    /// One case per recorded exchange.
    static func exchangeCases(_ check: VerifyCheck) -> [TestCase] {
        recordings.flatMap { recording in
            recording.entries.map { TestCase(.exchange(check, file: recording.name, entry: $0.index, label: $0.label)) }
        }
    }

    /// One case per recorded WebSocket message (server messages only when `serverOnly`).
    static func messageCases(_ check: VerifyCheck, serverOnly: Bool = false) -> [TestCase] {
        recordings.flatMap { recording in
            recording.entries.flatMap { entry in
                entry.messages.filter { !serverOnly || $0.isFromServer }.map {
                    TestCase(.message(check, file: recording.name, entry: entry.index, index: $0.index, label: $0.label))
                }
            }
        }
    }

    /// The entry (and message) a case names.
    static func locate(_ testCase: TestCase) throws -> (LoadedRecording, RecordedEntry, RecordedMessage?) {
        let verifyCase = testCase.verifyCase
        let file = try #require(recording(verifyCase.file ?? ""))
        let entry = try #require(file.entries.first { $0.index == verifyCase.entry })
        guard let index = verifyCase.message else { return (file, entry, nil) }
        let message: RecordedMessage = try #require(entry.messages.first { $0.index == index })
        return (file, entry, message)
    }
}

/// A `VerifyCase` as a Swift Testing argument, shown by its name
/// (`oven-controls.har #4 POST /devices/{deviceId}/oven/power → 200`).
struct TestCase: Sendable, Hashable, CustomTestStringConvertible {
    let verifyCase: VerifyCase
    init(_ verifyCase: VerifyCase) { self.verifyCase = verifyCase }
    var testDescription: String { verifyCase.name }
}

/// Findings, one per line, for failure messages.
func lines(_ findings: [Finding]) -> String {
    findings.map(\.description).joined(separator: "\n")
}

/// Whether the committed fixtures loaded (the other suites silently have no cases otherwise).
@Suite("Fixtures")
struct FixtureLoadingTests {
    @Test("the committed contracts and every committed recording load")
    func committedFixturesLoad() throws {
        _ = try ContractSet(folder: Repository.contracts)
        let recordings = try RecordingFolder.load(Repository.recordings)
        #expect(recordings.count >= 11)
        #expect(Fixtures.recordings.count == recordings.count)
        #expect(Fixtures.contracts != nil)
    }
}
