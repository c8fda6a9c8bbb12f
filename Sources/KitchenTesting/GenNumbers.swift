import HarnessCore

extension Gen where Value == Bool {
    /// `false` or `true`, shrinking to `false`.
    public static var bool: Gen<Bool> {
        Gen { source throws(GenerationFailure) in
            try source.draw(upTo: 1) == 1
        }
    }
}

extension Gen where Value == Int {
    /// An integer in `range`, favouring the bounds, zero and small magnitudes.
    ///
    /// Shrinks toward zero when the range contains it (a magnitude choice, then a
    /// sign choice that shrinks to positive), otherwise toward the lower bound.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        let lower = range.lowerBound
        let upper = range.upperBound
        let span = UInt64(bitPattern: Int64(upper) &- Int64(lower))
        if upper == 0 {
            return Gen { source throws(GenerationFailure) in
                0 &- Int(truncatingIfNeeded: try source.draw(upTo: span))
            }
        }
        guard lower < 0, upper > 0 else {
            return Gen { source throws(GenerationFailure) in
                lower &+ Int(truncatingIfNeeded: try source.draw(upTo: span))
            }
        }
        let positiveLimit = UInt64(upper)
        let negativeLimit = UInt64(lower.magnitude)
        let magnitudeLimit = max(positiveLimit, negativeLimit)
        return Gen { source throws(GenerationFailure) in
            // Random mode picks a value uniformly over the whole range (edges and
            // zero favoured) and records its (magnitude, sign) encoding.
            var picked = 0
            let magnitude = try source.draw(upTo: magnitudeLimit) { random in
                picked = signedPick(lower: lower, upper: upper, random: &random)
                return UInt64(picked.magnitude)
            }
            let negative = try source.draw(upTo: 1) { _ in picked < 0 ? 1 : 0 } == 1
            let useNegative = negative ? magnitude <= negativeLimit : magnitude > positiveLimit
            return useNegative ? Int(truncatingIfNeeded: 0 &- magnitude) : Int(magnitude)
        }
    }

    private static func signedPick(lower: Int, upper: Int, random: inout SeededGenerator) -> Int {
        let span = UInt64(bitPattern: Int64(upper) &- Int64(lower))
        switch random.next() & 63 {
        case 0...2: return 0
        case 3...4: return lower
        case 5...6: return upper
        case 7...12: return Int(ChoiceSource.uniform(upTo: 31, bits: random.next())) - 16
        default: return lower &+ Int(truncatingIfNeeded: ChoiceSource.uniform(upTo: span, bits: random.next()))
        }
    }
}

extension Gen where Value == Duration {
    /// A duration in `range` on a grid of `resolution`, biased toward the edges of
    /// the range and toward each of `interestingPoints` and its neighbours one
    /// `resolution` either side (e.g. a debounce threshold and threshold − 1 ms).
    ///
    /// Three choices are always drawn, so shrinking stays aligned: "special?"
    /// (shrinks to no), which special value, and the grid step (shrinks to 0, the
    /// lower bound).
    ///
    /// ```swift
    /// Gen.duration(in: .zero ... .seconds(2), around: [.milliseconds(500)])
    /// ```
    public static func duration(
        in range: ClosedRange<Duration>,
        resolution: Duration = .milliseconds(1),
        around interestingPoints: [Duration] = []
    ) -> Gen<Duration> {
        precondition(resolution > .zero, "Gen.duration needs a positive resolution")
        let lower = range.lowerBound
        let upper = range.upperBound
        let steps = UInt64(((upper - lower) / resolution).rounded(.down))
        var specials = [lower, upper]
        for point in interestingPoints {
            for candidate in [point - resolution, point, point + resolution] where range.contains(candidate) {
                if !specials.contains(candidate) {
                    specials.append(candidate)
                }
            }
        }
        let specialValues = specials
        return Gen { source throws(GenerationFailure) in
            let special = try source.drawFlag(probability: 0.5)
            let index = try source.draw(upTo: UInt64(specialValues.count - 1)) { random in
                ChoiceSource.uniform(upTo: UInt64(specialValues.count - 1), bits: random.next())
            }
            let step = try source.draw(upTo: steps)
            if special {
                return specialValues[Int(index)]
            }
            return min(upper, lower + resolution * Int64(step))
        }
    }
}
