/// Shrinks a failing choice sequence (Hypothesis/minithesis style): passes that
/// delete blocks, zero blocks, minimise single choices by binary search, lower
/// duplicated choices together, redistribute between pairs, and sort or swap
/// choices, repeated until a whole round improves nothing or the attempt budget
/// is spent. A candidate is kept only if it still fails and its recorded
/// choices are simpler (``isSimpler(_:than:)``).
struct Shrinker {
    /// Replays a candidate; returns the choices it actually consumed if it still
    /// fails, `nil` if it passes or cannot be generated.
    typealias Replay = nonisolated(nonsending) (_ candidate: [UInt64]) async -> [UInt64]?

    private(set) var best: [UInt64]
    private(set) var attempts = 0
    private(set) var improvements = 0
    let maximumAttempts: Int

    init(failing choices: [UInt64], maximumAttempts: Int) {
        best = choices
        self.maximumAttempts = maximumAttempts
    }

    /// The order shrinking works toward: fewer choices first, then lexicographically
    /// smaller ones. Every accepted shrink is strictly smaller, so shrinking ends.
    static func isSimpler(_ candidate: [UInt64], than current: [UInt64]) -> Bool {
        candidate.count != current.count ? candidate.count < current.count : candidate.lexicographicallyPrecedes(current)
    }

    private var budgetSpent: Bool {
        attempts >= maximumAttempts
    }

    nonisolated(nonsending) mutating func shrink(replay: Replay) async {
        while !budgetSpent {
            let before = best
            await deleteBlocks(replay)
            await zeroBlocks(replay)
            await minimiseChoices(replay)
            await lowerDuplicates(replay)
            await redistribute(replay)
            await reorderChoices(replay)
            if best == before {
                return
            }
        }
    }

    /// Tries `candidate`; adopts what it consumed if it still fails and is simpler.
    @discardableResult
    nonisolated(nonsending) private mutating func consider(_ candidate: [UInt64], _ replay: Replay) async -> Bool {
        guard !budgetSpent, Self.isSimpler(candidate, than: best) else { return false }
        attempts += 1
        guard let consumed = await replay(candidate), Self.isSimpler(consumed, than: best) else {
            return false
        }
        best = consumed
        improvements += 1
        return true
    }

    /// Removing a block shortens collections (a continue flag and its element) and
    /// drops whole steps. When a deletion alone fails, lowering the choice just
    /// before the block is tried too: that choice is often the count the block
    /// belonged to.
    nonisolated(nonsending) private mutating func deleteBlocks(_ replay: Replay) async {
        await forEachWindow(sizes: [8, 4, 2, 1]) { shrinker, window in
            var candidate = shrinker.best
            candidate.removeSubrange(window)
            if await shrinker.consider(candidate, replay) {
                return true
            }
            guard window.lowerBound > 0, candidate[window.lowerBound - 1] > 0 else { return false }
            candidate[window.lowerBound - 1] -= 1
            return await shrinker.consider(candidate, replay)
        }
    }

    nonisolated(nonsending) private mutating func zeroBlocks(_ replay: Replay) async {
        await forEachWindow(sizes: [8, 4, 2, 1]) { shrinker, window in
            guard shrinker.best[window].contains(where: { $0 != 0 }) else { return false }
            var candidate = shrinker.best
            candidate.replaceSubrange(window, with: repeatElement(0, count: window.count))
            await shrinker.consider(candidate, replay)
            return false
        }
    }

    /// Offers each window of each of `sizes` to `attempt`, from the end of `best` backwards; a
    /// window whose attempt kept a shrink (returned `true`) is offered again.
    nonisolated(nonsending) private mutating func forEachWindow(
        sizes: [Int],
        _ attempt: nonisolated(nonsending) (inout Shrinker, Range<Int>) async -> Bool
    ) async {
        for size in sizes {
            var start = best.count - size
            while start >= 0, !budgetSpent {
                if start + size <= best.count, await attempt(&self, start..<start + size) {
                    continue
                }
                start -= 1
            }
        }
    }

    /// Binary search for the smallest value of each choice that still fails.
    nonisolated(nonsending) private mutating func minimiseChoices(_ replay: Replay) async {
        var index = 0
        while index < best.count, !budgetSpent {
            await searchDown(from: best[index], replay) { current, value in
                guard index < current.count else { return nil }
                var candidate = current
                candidate[index] = value
                return candidate
            }
            index += 1
        }
    }

    /// Lowers equal choices together: a failure that needs two equal values (two
    /// equal neighbours, a duplicate id) cannot shrink one of them alone.
    nonisolated(nonsending) private mutating func lowerDuplicates(_ replay: Replay) async {
        var positions: [UInt64: [Int]] = [:]
        for (index, value) in best.enumerated() where value > 0 {
            positions[value, default: []].append(index)
        }
        let groups = positions.filter { $0.value.count > 1 }.sorted { $0.key > $1.key }.prefix(32)
        for (value, indices) in groups where !budgetSpent {
            await searchDown(from: value, replay) { current, lowered in
                guard indices.allSatisfy({ $0 < current.count && current[$0] == value }) else { return nil }
                var candidate = current
                for index in indices {
                    candidate[index] = lowered
                }
                return candidate
            }
        }
    }

    /// Moves value from an earlier choice into a later one, keeping their sum: for
    /// failures that depend on a total ([12, 88] becomes [0, 100], then [100]).
    nonisolated(nonsending) private mutating func redistribute(_ replay: Replay) async {
        for gap in [1, 2] {
            var first = best.count - gap - 1
            while first >= 0, !budgetSpent {
                let second = first + gap
                if second < best.count {
                    let (earlier, later) = (best[first], best[second])
                    await searchDown(from: earlier, replay) { current, lowered in
                        guard second < current.count, current[first] == earlier, current[second] == later else { return nil }
                        var candidate = current
                        candidate[first] = lowered
                        let (sum, overflow) = later.addingReportingOverflow(earlier - lowered)
                        candidate[second] = overflow ? .max : sum
                        return candidate
                    }
                }
                first -= 1
            }
        }
    }

    /// Finds (roughly) the smallest `value` below `start` for which `build(best, value)`
    /// still fails: 0 first, then binary search. Assumes failure is monotone in the
    /// value, which is the common case and costs only attempts when it is not.
    nonisolated(nonsending) private mutating func searchDown(
        from start: UInt64,
        _ replay: Replay,
        build: ([UInt64], UInt64) -> [UInt64]?
    ) async {
        guard start > 0 else { return }
        if let candidate = build(best, 0), await consider(candidate, replay) {
            return
        }
        var low: UInt64 = 0
        var high = start
        while low + 1 < high, !budgetSpent {
            let middle = low + (high - low) / 2
            if let candidate = build(best, middle), await consider(candidate, replay) {
                high = middle
            } else {
                low = middle
            }
        }
    }

    /// Sorting a window, or swapping a larger choice with a later smaller one, moves
    /// small values forward: simpler in order, and often a simpler value.
    nonisolated(nonsending) private mutating func reorderChoices(_ replay: Replay) async {
        await forEachWindow(sizes: [8, 4, 2]) { shrinker, window in
            var candidate = shrinker.best
            candidate[window].sort()
            await shrinker.consider(candidate, replay)
            return false
        }
        for gap in [1, 2] {
            var index = 0
            while index + gap < best.count, !budgetSpent {
                if best[index] > best[index + gap] {
                    var candidate = best
                    candidate.swapAt(index, index + gap)
                    await consider(candidate, replay)
                }
                index += 1
            }
        }
    }
}
