/// A failing case: where it came from, how it shrank, and how to rerun it.
public struct Counterexample<Value> {
    /// The seed of the failing case itself: `KITCHEN_PBT_SEED=<seed>` (or
    /// `PropertyConfiguration.replaying(seed:)`) makes it case 1 of the next run.
    public var seed: UInt64
    /// Which case of the run failed (1-based).
    public var caseNumber: Int
    /// The seed of the run's first case and where it came from.
    public var runSeed: UInt64
    /// Where the run's seed came from.
    public var seedOrigin: SeedOrigin
    /// The failing case as generated.
    public var original: Value
    /// How the original case is described.
    public var originalDescription: String
    /// Why the original case failed.
    public var originalFailure: String
    /// The simplest failing case found.
    public var shrunk: Value
    /// How the shrunk case is described.
    public var shrunkDescription: String
    /// Why the shrunk case failed (during shrinking, for a nondeterministic report).
    public var failure: String
    /// The shrunk case's choice sequence.
    public var choices: [UInt64]
    /// Shrinks that were kept (each one a strictly simpler failing case).
    public var shrinkSteps: Int
    /// Replays tried while shrinking.
    public var shrinkAttempts: Int
}

extension Counterexample: Sendable where Value: Sendable {}

extension Counterexample: CustomStringConvertible {
    /// The lines a failure message needs: the seed, the shrunk case, the failure, the original.
    public var description: String {
        """
        Failed at case \(caseNumber) \(SeedNote.text(seed: runSeed, origin: seedOrigin)); \
        rerun this case alone with \(PropertyConfiguration.seedVariable)=\(seed).
        Shrunk in \(shrinkSteps) steps (\(shrinkAttempts) attempts) to:
        \(shrunkDescription)
        Failure: \(failure)
        Original case:
        \(originalDescription)
        Original failure: \(originalFailure)
        """
    }
}
