import Foundation
import KitchenContracts
import KitchenVerify

/// How fast check 1 runs: the committed recordings parsed once, then their exchanges
/// validated against the contract over and over on the calling thread (one core), for
/// `make bench`.
///
/// ```swift
/// let result = try VerifyBenchmark.run(recordings: recordingsURL, contracts: contractsURL, seconds: 2)
/// print(result)   // "contract check: 110904 recorded exchanges validated per second on one core (…)"
/// ```
enum VerifyBenchmark {
    /// What one benchmark run measured.
    struct Result: Sendable, CustomStringConvertible {
        /// Exchanges validated (each pass validates every exchange of every recording).
        var exchanges: Int
        /// Seconds spent validating exchanges.
        var seconds: Double
        /// WebSocket messages validated in a second, separately timed phase (0 when not asked for).
        var messages: Int
        /// Seconds spent validating messages.
        var messageSeconds: Double
        /// Violations found on the first pass (0 on the committed recordings).
        var violations: Int

        /// Exchanges per second.
        var exchangesPerSecond: Double { seconds > 0 ? Double(exchanges) / seconds : 0 }
        /// Messages per second.
        var messagesPerSecond: Double { messageSeconds > 0 ? Double(messages) / messageSeconds : 0 }

        var description: String {
            var text = String(format: "contract check: %.0f recorded exchanges validated per second on one core (%d in %.2f s)",
                              exchangesPerSecond, exchanges, seconds)
            if messages > 0 {
                text += String(format: "; %.0f WebSocket messages per second (%d in %.2f s)", messagesPerSecond, messages, messageSeconds)
            }
            return text
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
        let (validated, spent) = repeatFor(seconds, batch: exchanges.count) {
            exchanges.reduce(0) { $0 &+ set.validator.validate($1).violations.count }
        }
        var result = Result(exchanges: validated, seconds: spent, messages: 0, messageSeconds: 0, violations: violations)
        if includeMessages {
            (result.messages, result.messageSeconds) = repeatFor(seconds, batch: payloads.count) {
                payloads.reduce(0) { $0 &+ set.asyncAPI.validateMessage($1, onChannel: channel).violations.count }
            }
        }
        return result
    }

    /// Runs `pass` until `seconds` have passed (at least once); returns items done and seconds spent.
    private static func repeatFor(_ seconds: Double, batch: Int, _ pass: () -> Int) -> (Int, Double) {
        guard batch > 0 else { return (0, 0) }
        let clock = ContinuousClock()
        let start = clock.now
        let budget = Duration.milliseconds(Int64(seconds * 1000))
        var done = 0, sink = 0
        repeat {
            sink &+= pass()
            done += batch
        } while clock.now - start < budget
        let elapsed = clock.now - start
        // Using the violation count keeps the optimizer from dropping the validation.
        precondition(sink >= 0)
        return (done, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// `run(…).exchangesPerSecond`: exchanges validated per second on one core.
    static func exchangesPerSecond(recordings: URL, contracts: URL, seconds: Double) throws(VerifyError) -> Double {
        try run(recordings: recordings, contracts: contracts, seconds: seconds).exchangesPerSecond
    }
}
