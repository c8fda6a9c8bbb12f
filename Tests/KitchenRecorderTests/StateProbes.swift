@testable import KitchenRecorder
import KitchenRecording

// What the tests read of the proxy's state; the shipped code never needs to ask.

extension RecordingProxy {
    /// Why the journal stopped accepting records (the proxy then answers 503), once it has.
    var recordingFailure: RecordingError? { recorder.failure }
}

extension UpstreamPool {
    /// Each loop's share of `maxConnections`, in the order of the loops given to `serve(on:)`.
    var shares: [Int] { pools.map(\.share) }
}
