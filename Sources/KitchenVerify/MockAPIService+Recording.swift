import KitchenAPI
import KitchenRecording
import KitchenReplay
import KitchenReproduce

extension MockAPIService {
    /// A mock that answers the recorded calls with the recorded responses: each HTTP exchange
    /// of `recording` becomes its call (see `APICall.init(_:basePath:)`) with the recorded
    /// result scripted on that method's stub — the client's decoding of a 2xx body, or the `AppError` the
    /// client makes of the status and body. Identical calls get their answers in recorded
    /// order; calls the recording does not hold get the stubs' defaults.
    ///
    /// ```swift
    /// let mock = MockAPIService(recording: try HARFile.load(from: url))
    /// let oven = try await mock.setOvenPower(deviceId: "oven-1", isOn: true)   // the recorded OvenState
    /// ```
    public convenience init(recording: HAR.Document) {
        self.init()
        let basePath = recording.apiBasePath
        for entry in recording.log.entries {
            guard let call = APICall(entry, basePath: basePath) else { continue }
            script(call.recordedOutcome(of: entry), for: call)
        }
    }

    /// Queues `outcome` on the stub of `call`'s method, for exactly that call.
    public func script(_ outcome: Result<ClientValue, AppError>, for call: APICall) {
        stub(for: call.operation)?.script(outcome.map(\.value).mapError { $0 }, for: call)
    }
}
