import KitchenControllers
import KitchenTesting

/// One fridge update: the wait since the previous one, then the door.
public struct DoorUpdate: Hashable, Sendable {
    /// What the update says about the door.
    public enum Door: Hashable, Sendable {
        /// Closed.
        case closed
        /// Open, without `doorOpenedAt`.
        case open
        /// Open, with `doorOpenedAt` (the span's true start).
        case openWithOpenedAt
    }

    /// The wait before this update.
    public var gap: Duration
    /// The door.
    public var door: Door
    /// For the first "open" of a span: how long the door had already been open
    /// when this update was sent (its true start is that much earlier). Negative
    /// is clock skew: the server's `doorOpenedAt` is in the app's future.
    public var alreadyOpenFor: Duration = .zero
}

/// An update with its instant and the `doorOpenedAt` the server sends.
public struct TimedDoorUpdate: Hashable, Sendable, CustomStringConvertible {
    /// When the update arrives.
    public var at: MachineInstant
    /// Whether the door is open.
    public var isOpen: Bool
    /// The server's `doorOpenedAt`, when the update carries it.
    public var openedAt: MachineInstant?

    /// `open at 5000 ms`, `open at 5000 ms since -55000 ms`, `closed at 65000 ms`.
    public var description: String {
        guard isOpen else { return "closed at \(at)" }
        return "open at \(at)" + (openedAt.map { " since \($0)" } ?? "")
    }
}

/// A generated sequence of door updates.
public struct DoorTrace: Hashable, Sendable, CustomStringConvertible {
    /// The updates, in order.
    public var updates: [DoorUpdate]

    /// The updates with instants and the server's `doorOpenedAt`: a span's true
    /// start is its first "open" minus `alreadyOpenFor`, and every
    /// ``DoorUpdate/Door/openWithOpenedAt`` in the span reports it.
    public var timed: [TimedDoorUpdate] {
        var now = MachineInstant.epoch
        var spanStart: MachineInstant?
        return updates.map { update in
            now = now.advanced(by: update.gap)
            switch update.door {
            case .closed:
                spanStart = nil
                return TimedDoorUpdate(at: now, isOpen: false, openedAt: nil)
            case .open, .openWithOpenedAt:
                let start = spanStart ?? now.advanced(by: .zero - update.alreadyOpenFor)
                spanStart = start
                return TimedDoorUpdate(at: now, isOpen: true, openedAt: update.door == .openWithOpenedAt ? start : nil)
            }
        }
    }

    /// E.g. `[open at 0 ms, closed at 60000 ms]`.
    public var description: String {
        "[" + timed.map(\.description).joined(separator: ", ") + "]"
    }
}

/// Generators for door traces.
public enum DoorTraceGenerators {
    /// Up to 20 updates; gaps and "already open" times up to 1.5 thresholds,
    /// biased toward the threshold and a millisecond either side of it, so a span
    /// of exactly the threshold and one of the threshold minus 1 ms both come up.
    /// One open in four with `doorOpenedAt` is skewed into the future by as much.
    public static func trace(threshold: Duration, maximumCount: Int = 20) -> Gen<DoorTrace> {
        let span = Gen.duration(in: .zero ... threshold * 3 / 2, around: [threshold])
        // The fourth choice is an open whose `doorOpenedAt` is in the future (clock skew).
        let door = Gen.element(of: [0, 1, 2, 3])
        // 1 continue flag + 3 (gap) + 1 (door) + 3 (already open) = 8 choices an update.
        let update = Gen.zip(span, door, span).map { gap, door, already in
            switch door {
            case 0: DoorUpdate(gap: gap, door: .closed, alreadyOpenFor: already)
            case 1: DoorUpdate(gap: gap, door: .open, alreadyOpenFor: already)
            case 2: DoorUpdate(gap: gap, door: .openWithOpenedAt, alreadyOpenFor: already)
            default: DoorUpdate(gap: gap, door: .openWithOpenedAt, alreadyOpenFor: .zero - already)
            }
        }
        return Gen.array(of: update, count: 0...maximumCount).map(DoorTrace.init(updates:))
    }
}
