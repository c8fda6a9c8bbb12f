@testable import KitchenRecorder
import KitchenRecording

// What the tests read of the proxy's state; the shipped code never needs to ask.

extension RecordingProxy {
    /// Why the journal stopped accepting records (the proxy then answers 503), once it has.
    var recordingFailure: RecordingError? { recorder.failure }

    /// Requests answered 503 because no upstream connection came free within
    /// ``RecordingProxyConfiguration/upstreamCheckoutTimeout``.
    var upstreamBusyRefusals: Int { pool.exhaustedCheckouts }
}

extension UpstreamPool {
    /// Each loop's share of `maxConnections`, in the order of the loops given to `serve(on:)`.
    var shares: [Int] { pools.map(\.share) }

    /// Checkouts that found no connection free within `checkoutTimeout` (answered 503).
    var exhaustedCheckouts: Int { pools.reduce(0) { $0 + $1.exhaustedCheckouts } }
}
