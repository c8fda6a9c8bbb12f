import Foundation
import HarnessCore
import KitchenAPI
import KitchenRecording
import KitchenReplay

/// The real client on a recording served in-process: `APIService` on `transport`,
/// `WebSocketService` on `connector`.
///
/// ```swift
/// let replay = try ReplaySession(contentsOf: URL(fileURLWithPath: "Recordings/oven-controls.har"), clock: clock)
/// let api = replay.client()
/// … exercise the app code …
/// try replay.verify()
/// ```
extension ReplaySession {
    /// `document` served with the Kitchen presets (``ReplayMatching/kitchen``).
    public convenience init(document: HAR.Document, mode: ReplayMode = .once, clock: any SchedulingClock = SystemClock(),
                            speed: ReplaySpeed = .scaled(1)) {
        self.init(engine: ReplayMatching.kitchen.engine(document, mode: mode), clock: clock, speed: speed)
    }

    /// Loads the HAR at `url`.
    public convenience init(contentsOf url: URL, mode: ReplayMode = .once, clock: any SchedulingClock = SystemClock(),
                            speed: ReplaySpeed = .scaled(1)) throws {
        self.init(document: try HARFile.load(from: url), mode: mode, clock: clock, speed: speed)
    }

    public var transport: ReplayHTTPTransport { ReplayHTTPTransport(engine: engine) }
    public var connector: ReplayWebSocketConnector { ReplayWebSocketConnector(engine: engine, clock: clock, speed: speed) }

    /// The real client, answered by the recording.
    public func client(tokenStore: any TokenStore = InMemoryTokenStore()) -> APIService {
        APIService(baseURL: baseURL, tokenStore: tokenStore, transport: transport)
    }
}
