import HarnessCore

extension VirtualClock {
    /// A point on a virtual clock: the virtual time elapsed since the clock was created.
    ///
    /// ```swift
    /// let clock = VirtualClock()
    /// let deadline = clock.now.advanced(by: .milliseconds(500))
    /// #expect(clock.now.duration(to: deadline) == .milliseconds(500))
    /// ```
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// Virtual time elapsed since the clock started.
        public var offset: Duration

        /// The instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The clock's start.
        public static let zero = Instant(offset: .zero)

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The virtual time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Earlier instants come first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset in seconds with millisecond precision, e.g. `+1.500s`, so that
        /// lists of parked sleepers line up and read at a glance.
        public var description: String { offset.offsetText }
    }
}

extension Duration {
    /// `+1.500s`: the duration in seconds with millisecond precision, signed, as timelines and
    /// lists of sleepers print an offset.
    package var offsetText: String {
        let milliseconds = truncatedMilliseconds
        let magnitude = milliseconds.magnitude
        let fraction = String(magnitude % 1000)
        return "\(milliseconds < 0 ? "-" : "+")\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + "s"
    }
}
