import KitchenAPI
import KitchenControllers
import KitchenTesting

/// One dishwasher state the controller sees after the initial load.
public enum DishwasherObservation: Hashable, Sendable, CustomStringConvertible {
    /// A live `state` message.
    case live(DishwasherStatus)
    /// A reconnect: drop, backoff, reconnect, and the snapshot's state.
    case reconnectSnapshot(DishwasherStatus)
    /// The user started a cycle; the answer is running.
    case started
    /// The user stopped; the answer is idle.
    case stopped

    /// The status this observation shows.
    public var status: DishwasherStatus {
        switch self {
        case .live(let status), .reconnectSnapshot(let status): status
        case .started: .running
        case .stopped: .idle
        }
    }

    /// `live complete`, `snapshot running`, `start`, `stop`.
    public var description: String {
        switch self {
        case .live(let status): "live \(status)"
        case .reconnectSnapshot(let status): "snapshot \(status)"
        case .started: "start"
        case .stopped: "stop"
        }
    }

    /// Every observation, for generators.
    public static let all: [DishwasherObservation] =
        DishwasherStatus.allCases.map(live) + DishwasherStatus.allCases.map(reconnectSnapshot) + [.started, .stopped]
}

/// The initial state, then what the controller sees, in order.
public struct DishwasherTrace: Hashable, Sendable, CustomStringConvertible {
    /// The status of the initial load.
    public var initial: DishwasherStatus
    /// What follows.
    public var observations: [DishwasherObservation]

    /// Every status seen, the initial one first.
    public var statuses: [DishwasherStatus] { [initial] + observations.map(\.status) }

    /// E.g. `[loaded running, live complete, live complete]`.
    public var description: String {
        "[" + (["loaded \(initial)"] + observations.map(\.description)).joined(separator: ", ") + "]"
    }
}

/// Generators for dishwasher traces.
public enum DishwasherTraceGenerators {
    /// Any initial status and up to 20 observations of any kind: duplicates,
    /// reconnect snapshots, stop and restart.
    public static func trace(maximumCount: Int = 20) -> Gen<DishwasherTrace> {
        // 1 continue flag + 1 observation = 2 choices an observation.
        Gen.zip(
            Gen.element(of: DishwasherStatus.allCases),
            Gen.array(of: Gen.element(of: DishwasherObservation.all), count: 0...maximumCount)
        ).map { DishwasherTrace(initial: $0, observations: $1) }
    }
}
