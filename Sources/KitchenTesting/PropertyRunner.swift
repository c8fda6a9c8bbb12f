import HarnessCore

/// What one case did. A case that generated its value carries it, pass or fail, so
/// that a shrunk case that passes on rerun can still be shown.
enum CaseOutcome<Value> {
    case passed(Value)
    case failed(Value, message: String)
    case invalid(GenerationFailure)
}

/// The engine shared by ``Property`` and ``StateMachineProperty``: runs cases from a
/// seed sequence, shrinks the first failure, reruns the shrunk case.
struct PropertyRunner<Value> {
    /// Runs one case against the choices in the source.
    typealias CaseFunction = nonisolated(nonsending) (inout ChoiceSource) async -> CaseOutcome<Value>

    let configuration: PropertyConfiguration
    let describe: (Value) -> String

    /// Case seeds: the first is the run's seed, each next one is derived from the
    /// previous, so a failing case's own seed reruns it as case 1.
    static func seed(after seed: UInt64) -> UInt64 {
        var generator = SeededGenerator(seed: seed)
        return generator.next()
    }

    nonisolated(nonsending) func run(_ runCase: CaseFunction) async -> PropertyReport<Value> {
        let resolved: (cases: Int, seed: UInt64, origin: SeedOrigin)
        do {
            resolved = try configuration.resolve { UInt64.random(in: .min ... .max) }
        } catch {
            return .gaveUp(GaveUp(reason: error.description, casesRun: 0))
        }
        var caseSeed = resolved.seed
        var passed = 0
        var discarded = 0
        var caseNumber = 0
        while passed < resolved.cases {
            caseNumber += 1
            var source = ChoiceSource(seed: caseSeed, maximumChoices: configuration.maximumChoicesPerCase)
            switch await runCase(&source) {
            case .passed:
                passed += 1
            case let .invalid(failure):
                discarded += 1
                if discarded > resolved.cases * configuration.maximumDiscardRatio {
                    return .gaveUp(GaveUp(
                        reason: "\(discarded) cases could not be generated; the last: \(failure)", casesRun: passed))
                }
            case let .failed(value, message):
                let origin = Counterexample(
                    seed: caseSeed, caseNumber: caseNumber, runSeed: resolved.seed, seedOrigin: resolved.origin,
                    original: value, originalDescription: describe(value), originalFailure: message,
                    shrunk: value, shrunkDescription: describe(value), failure: message,
                    choices: source.choices, shrinkSteps: 0, shrinkAttempts: 0)
                return await shrink(origin, runCase)
            }
            caseSeed = Self.seed(after: caseSeed)
        }
        return .passed(PassedRun(cases: passed, discarded: discarded, seed: resolved.seed, seedOrigin: resolved.origin))
    }

    /// Shrinks, then reruns the shrunk case once: if it passes now, the failure
    /// depended on something other than the choices.
    nonisolated(nonsending) private func shrink(
        _ original: Counterexample<Value>,
        _ runCase: CaseFunction
    ) async -> PropertyReport<Value> {
        var shrinker = Shrinker(failing: original.choices, maximumAttempts: configuration.maximumShrinkAttempts)
        var lastFailure = original.failure
        await shrinker.shrink { candidate in
            var replay = ChoiceSource(replaying: candidate, maximumChoices: configuration.maximumChoicesPerCase)
            guard case let .failed(_, message) = await runCase(&replay) else { return nil }
            // Every failing replay is simpler than the best so far and is adopted,
            // so the last failure message belongs to the final best.
            lastFailure = message
            return replay.choices
        }
        var result = original
        result.choices = shrinker.best
        result.shrinkSteps = shrinker.improvements
        result.shrinkAttempts = shrinker.attempts
        var rerun = ChoiceSource(replaying: shrinker.best, maximumChoices: configuration.maximumChoicesPerCase)
        switch await runCase(&rerun) {
        case let .failed(value, message):
            result.shrunk = value
            result.shrunkDescription = describe(value)
            result.failure = message
            return .failed(result)
        case let .passed(value):
            result.shrunk = value
            result.shrunkDescription = describe(value)
            result.failure = lastFailure
            return .nondeterministic(result)
        case let .invalid(generationFailure):
            result.shrunkDescription = "(the shrunk choices no longer generate a value: \(generationFailure))"
            result.failure = lastFailure
            return .nondeterministic(result)
        }
    }
}
