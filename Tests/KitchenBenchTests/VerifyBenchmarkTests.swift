import Foundation
@testable import kitchen_bench
import KitchenTestSupport
import KitchenVerify
import Testing

/// The contract-check benchmark of `make bench` measures what it says: every committed exchange
/// validated, none with a violation. (Its speed is printed by `make bench`, never asserted here.)
@Suite("Verify benchmark")
struct VerifyBenchmarkTests {
    static let root = Repository.root

    @Test("one pass validates every committed exchange and message without a violation")
    func benchmarkRuns() throws {
        let recordings = Self.root.appendingPathComponent("Recordings")
        let result = try VerifyBenchmark.run(recordings: recordings, contracts: Self.root.appendingPathComponent("Contracts"),
                                             seconds: 0, includeMessages: true)
        #expect(result.violations == 0)
        #expect(result.exchanges == (try RecordingFolder.load(recordings)).reduce(0) { $0 + $1.entries.count })
        #expect(result.messages > 100)
        #expect(result.exchangesPerSecond > 0)
    }
}
