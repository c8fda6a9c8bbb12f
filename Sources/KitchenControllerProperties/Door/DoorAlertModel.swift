import KitchenControllers

/// A change of the door alert.
public enum DoorAlertChange: Hashable, Sendable, CustomStringConvertible {
    /// Raised at this instant.
    case raised(at: MachineInstant)
    /// Cleared at this instant.
    case cleared(at: MachineInstant)

    /// `raised at 60000 ms`.
    public var description: String {
        switch self {
        case .raised(let at): "raised at \(at)"
        case .cleared(let at): "cleared at \(at)"
        }
    }
}

/// The reference model of the door alert: a pure function of the updates.
///
/// A span runs from an "open" after a close (or the start) to the next
/// "closed". Its start as known after update u is the earliest of its first
/// "open" and any `doorOpenedAt` seen so far; update u would alert at
/// max(u's instant, known start + threshold). The span alerts at the earliest of
/// those if that is no later than its close (a timer due at the close's instant
/// fires before the close is handled), and a close clears a raised alert.
public enum DoorAlertModel {
    /// The alert changes `trace` must cause, in order.
    public static func expectedChanges(_ trace: DoorTrace, threshold: Duration) -> [DoorAlertChange] {
        var changes: [DoorAlertChange] = []
        var knownStart: MachineInstant?
        var alertAt: MachineInstant?
        for update in trace.timed {
            if update.isOpen {
                var start = knownStart ?? update.at
                if let openedAt = update.openedAt { start = min(start, openedAt) }
                knownStart = start
                let candidate = max(update.at, start.advanced(by: threshold))
                alertAt = min(alertAt ?? candidate, candidate)
            } else if knownStart != nil {
                if let alertAt, alertAt <= update.at {
                    changes += [.raised(at: alertAt), .cleared(at: update.at)]
                }
                knownStart = nil
                alertAt = nil
            }
        }
        if let alertAt {
            changes.append(.raised(at: alertAt))
        }
        return changes
    }
}
