import Foundation
import HarnessCore

/// An instant as the pure state machines see it: the time since the Unix epoch,
/// as an exact `Duration`. The shells make it from a wall-clock date at whole
/// milliseconds (the API's precision), so "exactly the threshold" compares
/// exactly, with no floating-point drift through `Date`.
///
/// ```swift
/// let opened = MachineInstant(Timestamp.date(from: "2026-01-15T08:00:00.000Z")!)
/// opened.sinceEpoch + .seconds(60)   // the door-alert deadline
/// ```
public struct MachineInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Time since 1970-01-01T00:00:00Z.
    public var sinceEpoch: Duration

    /// The instant `sinceEpoch` after the Unix epoch.
    public init(sinceEpoch: Duration) {
        self.sinceEpoch = sinceEpoch
    }

    /// The instant of `date`, rounded to the nearest millisecond.
    public init(_ date: Date) {
        sinceEpoch = .milliseconds(Timestamp.milliseconds(of: date))
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> MachineInstant {
        MachineInstant(sinceEpoch: sinceEpoch + duration)
    }

    /// The time from this instant to `later` (negative when `later` is earlier).
    public func duration(to later: MachineInstant) -> Duration {
        later.sinceEpoch - sinceEpoch
    }

    /// The epoch itself; property traces count from here.
    public static let epoch = MachineInstant(sinceEpoch: .zero)

    /// Earlier instants first.
    public static func < (lhs: MachineInstant, rhs: MachineInstant) -> Bool {
        lhs.sinceEpoch < rhs.sinceEpoch
    }

    /// Milliseconds since the epoch, e.g. `60000 ms`.
    public var description: String {
        "\(sinceEpoch.wholeMilliseconds) ms"
    }
}

/// Names one timer a pure machine armed; the machine ignores a firing whose id it has since replaced.
public struct MachineTimerID: Hashable, Sendable, CustomStringConvertible {
    /// The timer's number, counting from 1.
    public var number: Int
    /// The timer numbered `number`.
    public init(number: Int) { self.number = number }
    /// `#n`.
    public var description: String { "#\(number)" }
}

extension Duration {
    /// The duration in whole milliseconds, truncated toward zero.
    public var wholeMilliseconds: Int64 { truncatedMilliseconds }
}

extension SchedulingClock {
    /// The clock's current wall-clock time as a machine instant.
    public var machineNow: MachineInstant {
        MachineInstant(currentDate)
    }

    /// Starts a task that waits on this clock until `deadline`, then calls `fire`. A cancel
    /// before, during or just after the wait (before the task runs on) stops it. The task
    /// starts with `Task.immediate`, so on a virtual clock the wait is parked before this returns.
    @MainActor
    func startTimer(until deadline: MachineInstant, _ fire: @escaping @MainActor @Sendable () -> Void) -> Task<Void, Never> {
        let delay = max(.zero, machineNow.duration(to: deadline))
        return Task.immediate { [self] in
            do {
                try await sleep(for: delay)
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            fire()
        }
    }
}
