import Foundation
import HarnessCore
import KitchenControllers
import KitchenReport
import KitchenReproduce

extension ReportLane {
    /// The controllers' telemetry and state changes of a reproduction as a lane, on the
    /// recording's clock: each event at the recording's first instant plus its virtual offset.
    init(_ timeline: ReproductionTimeline) {
        let start = Timestamp.milliseconds(of: timeline.start)
        self.init(name: "app (controllers)", items: timeline.entries.map { entry in
            let description = entry.event.description
            let label = description.split(separator: ":", maxSplits: 1).first.map(String.init) ?? description
            return Item(time: start + Int64(entry.offset / .milliseconds(1)), label: label, detail: description,
                        kind: Self.kind(of: entry.event))
        })
    }

    /// A colour class per family of events: alerts stand out, errors are red.
    private static func kind(of event: LogEvent) -> String {
        switch event {
        case .doorAlertRaised, .doorAlertCleared, .cycleCompleted, .binFull: "alert"
        case .devicesLoadFailed, .commandFailed, .loginFailed, .unreadableMessage, .reauthenticationRequired, .commandBlocked: "error"
        case .liveMessageReceived, .stateApplied, .devicesLoaded: "state"
        case .connectionConnected, .connectionDisconnected, .connectionReconnecting, .connectionEnded: "connection"
        case .commandSent, .commandSucceeded, .commandCancelled, .loginSucceeded: "command"
        }
    }
}
