import KitchenControllers

/// Drives a ``DoorAlertMachine`` through a trace with no concurrency, timers
/// taken from an event queue before each update (as a `VirtualClock` advance
/// does), and the remaining timers run at the end.
public enum DoorAlertSimulation {
    /// The alert changes the machine makes for `trace`.
    public static func run(_ trace: DoorTrace, configuration: DoorAlertMachine.Configuration) -> [DoorAlertChange] {
        var machine = DoorAlertMachine(configuration: configuration)
        var queue = EventQueue<DoorAlertMachine.TimerID>()
        var changes: [DoorAlertChange] = []

        func perform(_ effects: [DoorAlertMachine.Effect], at now: MachineInstant) {
            for effect in effects {
                switch effect {
                case .schedule(let timer, let deadline): queue.schedule(timer, at: deadline)
                case .cancelTimer: break  // the machine ignores firings of disarmed timers
                case .raise: changes.append(.raised(at: now))
                case .clear: changes.append(.cleared(at: now))
                }
            }
        }

        func drain(notAfter limit: MachineInstant?) {
            while let (at, timer) = queue.popNext(notAfter: limit) {
                perform(machine.timerFired(timer, at: at), at: at)
            }
        }

        for update in trace.timed {
            drain(notAfter: update.at)
            perform(machine.update(isDoorOpen: update.isOpen, openedAt: update.openedAt, at: update.at), at: update.at)
        }
        drain(notAfter: nil)
        return changes
    }
}
