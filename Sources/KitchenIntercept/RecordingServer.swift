import Foundation
import HarnessCore
import KitchenRecorder

/// The live server a test records against on its first run: one already running at a URL
/// (``live(_:)``, what `KITCHEN_RECORD_URL` names), or one the recording starts and stops itself
/// (``embeddedSimulator``).
///
/// ```swift
/// @Test(.replaying("Recordings/devices.har", record: .missing, server: .live(URL(string: "http://127.0.0.1:8080")!)))
/// ```
public struct RecordingServer: Sendable {
    /// A started server, as the recorder needs it.
    public struct Running: Sendable {
        /// Where the recorder forwards to, with the server's base path.
        public var url: URL
        /// The time stamped on what is recorded (its `currentDate`).
        public var clock: any SchedulingClock
        /// Secrets the server handed out that the recording must not hold (swept before writing).
        public var extraSecrets: @Sendable () -> [String]
        /// The authority written in recorded URLs and sent as `Host`, so files do not depend on a
        /// free port; `nil`: the server's own.
        public var recordedAuthority: String?
        /// Stops a server the recording started; nothing for one it did not.
        public var stop: @Sendable () -> Void

        public init(url: URL, clock: any SchedulingClock = SystemClock(), extraSecrets: @escaping @Sendable () -> [String] = { [] },
                    recordedAuthority: String? = nil, stop: @escaping @Sendable () -> Void = {}) {
            self.url = url
            self.clock = clock
            self.extraSecrets = extraSecrets
            self.recordedAuthority = recordedAuthority
            self.stop = stop
        }
    }

    /// How reports name the server: "the embedded simulator", or its URL.
    public let name: String
    let start: @Sendable () throws(LiveRecordingError) -> Running

    /// A server that `start` makes ready (starting it if it is the recording's own).
    public init(name: String, start: @escaping @Sendable () throws(LiveRecordingError) -> Running) {
        self.name = name
        self.start = start
    }

    /// The server at `url` (`http[s]://host[:port][/base]`), on the wall clock. The recorder
    /// refuses any other URL when the recording starts (``LiveRecordingError/recorder(_:)``).
    public static func live(_ url: URL) -> RecordingServer {
        RecordingServer(name: url.absoluteString) { Running(url: url) }
    }
}
