/// The outcome of a property check, as a value: the engine prints nothing.
///
/// ```swift
/// let report = await Property(Gen.int(in: 0...10_000)).check { try expect($0 < 1000) }
/// if case .failed(let counterexample) = report { print(counterexample) }
/// ```
public enum PropertyReport<Value> {
    /// Every case passed.
    case passed(PassedRun)
    /// A case failed; `shrunk` is the simplest failing case found and fails again on rerun.
    case failed(Counterexample<Value>)
    /// A case failed, but the shrunk case passed when rerun: the property (or the
    /// system under test) is nondeterministic, which is a bug of its own.
    case nondeterministic(Counterexample<Value>)
    /// Too many cases could not be generated, or the configuration was unusable.
    case gaveUp(GaveUp)

    /// The counterexample of a failed or nondeterministic run.
    public var counterexample: Counterexample<Value>? {
        switch self {
        case let .failed(counterexample), let .nondeterministic(counterexample): counterexample
        case .passed, .gaveUp: nil
        }
    }

    /// `true` only for ``passed(_:)``.
    public var isPassed: Bool {
        if case .passed = self { true } else { false }
    }
}

extension PropertyReport: Sendable where Value: Sendable {}

extension PropertyReport: CustomStringConvertible {
    /// A multi-line summary: what happened, the seed to rerun, the shrunk case.
    public var description: String {
        switch self {
        case let .passed(run):
            run.description
        case let .failed(counterexample):
            "Property failed. " + counterexample.description
        case let .nondeterministic(counterexample):
            "Property is NONDETERMINISTIC: a case failed, but its shrunk form passed when rerun. "
                + counterexample.description
        case let .gaveUp(gaveUp):
            gaveUp.description
        }
    }
}

/// A run in which every case passed.
public struct PassedRun: Hashable, Sendable, CustomStringConvertible {
    /// Valid cases run.
    public var cases: Int
    /// Cases discarded because they could not be generated.
    public var discarded: Int
    /// The seed of the first case.
    public var seed: UInt64
    /// Where that seed came from.
    public var seedOrigin: SeedOrigin

    /// A summary of a passing run.
    public init(cases: Int, discarded: Int, seed: UInt64, seedOrigin: SeedOrigin) {
        self.cases = cases
        self.discarded = discarded
        self.seed = seed
        self.seedOrigin = seedOrigin
    }

    /// E.g. `Passed 500 cases (seed 42, random).` When the seed came from
    /// `KITCHEN_PBT_SEED`, says so: such a run replays, it does not explore.
    public var description: String {
        var text = "Passed \(cases) case\(cases == 1 ? "" : "s")"
        if discarded > 0 {
            text += " (\(discarded) discarded)"
        }
        return text + " " + SeedNote.text(seed: seed, origin: seedOrigin) + "."
    }
}

/// A run that stopped without a verdict.
public struct GaveUp: Hashable, Sendable, CustomStringConvertible {
    /// Why the run stopped.
    public var reason: String
    /// Valid cases that passed before it stopped.
    public var casesRun: Int

    /// A run that stopped after `casesRun` passing cases because of `reason`.
    public init(reason: String, casesRun: Int) {
        self.reason = reason
        self.casesRun = casesRun
    }

    /// Why the check stopped and how far it got.
    public var description: String {
        "Property check gave up after \(casesRun) passing cases: \(reason)"
    }
}

enum SeedNote {
    static func text(seed: UInt64, origin: SeedOrigin) -> String {
        switch origin {
        case .random: "(run seed \(seed), random)"
        case .environment: "(replaying fixed seed \(seed) from \(PropertyConfiguration.seedVariable); no new cases explored)"
        case .explicit: "(run seed \(seed), pinned in code)"
        }
    }
}
