import Foundation
import KitchenContracts
import KitchenVerify

/// How fast check 1 runs: the committed recordings parsed once, then their exchanges
/// validated against the contract over and over on the calling thread (one core), for
/// `make bench`.
///
/// ```swift
/// let result = try VerifyBenchmark.run(recordings: recordingsURL, contracts: contractsURL, seconds: 2)
/// print(result.exchangesPerSecond)   // 110904
/// ```
enum VerifyBenchmark {
    /// What one benchmark run measured.
    struct Result: Sendable {
        /// Exchanges validated (each pass validates every exchange of every recording).
        var exchanges: Int
        /// Seconds spent validating exchanges.
        var seconds: Double
        /// WebSocket messages validated in a second, separately timed phase (0 when not asked for).
        var messages: Int
        /// Violations found on the first pass (0 on the committed recordings).
        var violations: Int

        /// Exchanges per second.
        var exchangesPerSecond: Double { seconds > 0 ? Double(exchanges) / seconds : 0 }
    }

    /// Prints the exchanges of the committed recordings under `root` validated per second, on one core.
    static func run(root: URL) {
        do {
            let result = try run(recordings: root.appendingPathComponent("Recordings"),
                                 contracts: root.appendingPathComponent("Contracts"), seconds: 3)
            print("validated-exchanges-per-second \(Int(result.exchangesPerSecond)) exchanges/s")
        } catch {
            print("validated-exchanges-per-second failed: \(error)")
        }
    }

    /// Validates every exchange of `recordings` against `contracts` until `seconds` have passed
    /// (at least one pass), then, when `includeMessages` is set, every server message for as
    /// long again. Loading and parsing happen before timing starts.
    static func run(recordings: URL, contracts: URL, seconds: Double, includeMessages: Bool = false)
        throws(VerifyError) -> Result
    {
        let set = try ContractSet(folder: contracts)
        let loaded = try RecordingFolder.load(recordings)
        let exchanges = loaded.flatMap { $0.entries.map(\.exchange) }
        let payloads = loaded.flatMap { $0.entries.flatMap { $0.messages.filter(\.isFromServer).compactMap(\.payload) } }
        let channel = set.asyncAPI.channels.first?.id ?? "/ws"
        let violations = exchanges.reduce(0) { $0 + set.validator.validate($1).violations.count }
        let validated = repeatFor(seconds, batch: exchanges.count) {
            exchanges.reduce(0) { $0 &+ set.validator.validate($1).violations.count }
        }
        var result = Result(exchanges: validated.items, seconds: validated.seconds, messages: 0, violations: violations)
        if includeMessages {
            result.messages = repeatFor(seconds, batch: payloads.count) {
                payloads.reduce(0) { $0 &+ set.asyncAPI.validateMessage($1, onChannel: channel).violations.count }
            }.items
        }
        return result
    }
}
