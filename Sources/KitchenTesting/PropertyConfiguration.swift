import Foundation

/// How many cases a property check runs, from which seed, and its limits.
///
/// The environment decides for unpinned checks: `KITCHEN_PBT_CASES` overrides
/// `cases`, `KITCHEN_PBT_SEED` (decimal or `0x` hex) fixes the seed. A check pinned
/// with an explicit `seed` (see ``replaying(seed:)``) ignores both.
///
/// ```swift
/// // A regression seed kept as a test argument, rather than an environment variable
/// // that would quietly narrow every run:
/// @Test(arguments: [9_912_026_331_101_457_201 as UInt64])
/// func debounceRegression(seed: UInt64) async {
///     await checkProperty(trace, configuration: .replaying(seed: seed)) { ... }
/// }
/// ```
public struct PropertyConfiguration: Sendable {
    /// Valid cases to run. Default 500.
    public var cases: Int
    /// A seed that pins the run; `nil` means `KITCHEN_PBT_SEED` or a fresh random seed.
    public var seed: UInt64?
    /// Replays tried while shrinking before the best so far is reported. Default 10,000.
    public var maximumShrinkAttempts: Int
    /// Choices one case may draw before it is discarded. Default 10,000.
    public var maximumChoicesPerCase: Int
    /// Discarded cases allowed per requested case before the check gives up. Default 10.
    public var maximumDiscardRatio: Int
    /// Where `KITCHEN_PBT_CASES` and `KITCHEN_PBT_SEED` are read from (injected for tests).
    public var environment: [String: String]

    /// The documented defaults, reading the process environment.
    public init(
        cases: Int = 500,
        seed: UInt64? = nil,
        maximumShrinkAttempts: Int = 10_000,
        maximumChoicesPerCase: Int = 10_000,
        maximumDiscardRatio: Int = 10,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.cases = max(1, cases)
        self.seed = seed
        self.maximumShrinkAttempts = max(0, maximumShrinkAttempts)
        self.maximumChoicesPerCase = max(1, maximumChoicesPerCase)
        self.maximumDiscardRatio = max(1, maximumDiscardRatio)
        self.environment = environment
    }

    /// One case from `seed`: reruns exactly the case a failure report printed.
    public static func replaying(seed: UInt64) -> PropertyConfiguration {
        PropertyConfiguration(cases: 1, seed: seed)
    }

    /// The environment variable that fixes the seed of unpinned checks.
    public static let seedVariable = "KITCHEN_PBT_SEED"
    /// The environment variable that overrides the case count of unpinned checks.
    public static let casesVariable = "KITCHEN_PBT_CASES"

    /// The case count and first seed this configuration resolves to, and where the
    /// seed came from. A malformed variable is an error rather than silently ignored.
    func resolve(randomSeed: () -> UInt64) throws(PropertyConfigurationError) -> (cases: Int, seed: UInt64, origin: SeedOrigin) {
        if let seed {
            return (cases, seed, .explicit)
        }
        var cases = self.cases
        if let text = environment[Self.casesVariable] {
            guard let parsed = Int(text.trimmingCharacters(in: .whitespaces)), parsed > 0 else {
                throw .malformed(variable: Self.casesVariable, value: text)
            }
            cases = parsed
        }
        if let text = environment[Self.seedVariable] {
            guard let parsed = Self.parseSeed(text) else {
                throw .malformed(variable: Self.seedVariable, value: text)
            }
            return (cases, parsed, .environment)
        }
        return (cases, randomSeed(), .random)
    }

    static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            let digits = trimmed.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit) else { return nil }
            return UInt64(digits, radix: 16)
        }
        guard !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) else { return nil }
        return UInt64(trimmed)
    }
}

/// Where the first seed of a run came from.
public enum SeedOrigin: String, Hashable, Sendable {
    /// Drawn fresh for this run.
    case random
    /// Read from `KITCHEN_PBT_SEED`: the run replays a fixed seed instead of exploring.
    case environment
    /// Pinned in code, e.g. by ``PropertyConfiguration/replaying(seed:)``.
    case explicit
}

/// A configuration the environment made unusable.
public enum PropertyConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `variable` is set to something that is not a positive number.
    case malformed(variable: String, value: String)

    /// Names the variable and its bad value.
    public var description: String {
        switch self {
        case let .malformed(variable, value):
            "\(variable)=\"\(value)\" is not a valid number (decimal, or hex with 0x)"
        }
    }
}
