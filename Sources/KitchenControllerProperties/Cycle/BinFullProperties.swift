import KitchenControllers
import KitchenTesting

/// A generated sequence of ice-maker bin states: the initial one, then updates.
public struct BinTrace: Hashable, Sendable, CustomStringConvertible {
    /// Whether the bin is full in each state seen, the initial load first.
    public var fullness: [Bool]

    /// E.g. `[loaded not full, full, full]`.
    public var description: String {
        "[" + fullness.enumerated().map { ($0.offset == 0 ? "loaded " : "") + ($0.element ? "full" : "not full") }
            .joined(separator: ", ") + "]"
    }
}

/// The bin-full property over the pure ``KitchenControllers/BinFullDetector``.
public enum BinFullProperties {
    /// Any initial state and up to 20 updates.
    public static let traces = Gen.zip(Gen.bool, Gen.array(of: Gen.bool, count: 0...20))
        .map { BinTrace(fullness: [$0] + $1) }

    /// The reference: the update numbers (initial load 0) of each not-full → full step.
    public static func expectedNotices(_ trace: BinTrace) -> [Int] {
        zip(trace.fullness, trace.fullness.dropFirst()).enumerated().compactMap { index, pair in
            !pair.0 && pair.1 ? index + 1 : nil
        }
    }

    /// For any sequence of bin states: one notice per not-full → full transition.
    public static func oneNoticePerFilling(_ rule: any BinFullRule = StandardBinFullRule()) -> ControllerProperty<BinTrace> {
        ControllerProperty(name: "bin full: once per filling", generator: traces) { trace in
            var detector = BinFullDetector(rule: rule)
            let notices = trace.fullness.enumerated().compactMap { index, isFull in
                detector.observe(isBinFull: isFull) ? index : nil
            }
            try expectEqual(notices, expectedNotices(trace), "notices at updates")
        }
    }
}
