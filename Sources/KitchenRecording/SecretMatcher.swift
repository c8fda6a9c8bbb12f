/// Finds any of many byte patterns in one pass over a text.
///
/// Every pattern is at least `window` bytes long (at most 8), so `window` bytes of text fit in
/// a `UInt64`: the scan reads that value (one load), tests a 64 Kibit filter (one multiply and
/// one bit test), and only on a filter hit looks the value up and compares whole patterns. The
/// cost is linear in the text and nearly independent of how many patterns there are, unlike
/// one `contains` per secret.
///
/// When every pattern is longer than the window, the scan reads the window only every `step`
/// positions (`step` is at most the shortest pattern's length less the window's, plus one):
/// any occurrence then holds one read window whole, at one of its first `step` offsets, and
/// the filter knows each pattern's windows at those offsets. A 32-byte token is looked for at
/// every 25th position, not at every one.
///
/// A class: a scanner is handed out (and copied) several times a record, and an immutable
/// object is one reference to copy, not each of its tables.
final class SecretMatcher: Sendable {
    /// One byte sequence to look for, and which secret it betrays.
    struct Pattern: Sendable {
        /// The bytes.
        let bytes: [UInt8]
        /// Index of the secret this is a form of.
        let owner: Int
        /// Whether these are the percent-encoded bytes, so a replacement must be too.
        let isPercentEncoded: Bool
    }

    /// A pattern whose window at `offset` has the key the candidate is filed under.
    private struct Candidate: Sendable {
        let pattern: Int
        let offset: Int
    }

    /// A pattern found at `range`.
    struct Match: Sendable {
        let range: Range<Int>
        let pattern: Pattern
    }

    private static let filterBits = 16
    /// The most windows put in the filter (patterns × `step`), keeping it sparse (1 in 64
    /// bits), so that a read window rarely hits it by chance; and the longest step.
    private static let filterBudget = 1024, maximumStep = 32
    private let patterns: [Pattern]
    private let window: Int
    private let windowMask: UInt64
    /// How many positions apart windows are read.
    private let step: Int
    private let filter: [UInt64]
    private let candidates: [UInt64: [Candidate]]

    /// A matcher for `patterns`; empty patterns are ignored.
    init(patterns: [Pattern]) {
        let usable = patterns.filter { !$0.bytes.isEmpty }
        self.patterns = usable
        longestPattern = usable.map(\.bytes.count).max() ?? 0
        let shortest = usable.map(\.bytes.count).min() ?? 8
        window = min(8, shortest)
        windowMask = window == 8 ? .max : (1 << UInt64(window * 8)) - 1
        step = max(1, min(shortest - window + 1, Self.maximumStep, Self.filterBudget / max(1, usable.count)))
        var filter = [UInt64](repeating: 0, count: (1 << Self.filterBits) / 64)
        var candidates: [UInt64: [Candidate]] = [:]
        for (index, pattern) in usable.enumerated() {
            for offset in 0..<step {
                let key = pattern.bytes[offset..<(offset + window)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                let bit = Self.filterIndex(key)
                filter[bit >> 6] |= 1 << UInt64(bit & 63)
                candidates[key, default: []].append(Candidate(pattern: index, offset: offset))
            }
        }
        self.filter = filter
        self.candidates = candidates
    }

    /// Whether there is nothing to look for.
    var isEmpty: Bool { patterns.isEmpty }

    /// The length of the longest pattern (0 when there are none): how far a match can reach
    /// back from the end of a text that is still to be continued.
    let longestPattern: Int

    private static func filterIndex(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - filterBits))
    }

    /// The leftmost match starting at or after `start`; of several there, the longest (a
    /// secret wins over a shorter one that is its prefix), then the first given.
    func firstMatch(in text: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Match? {
        guard !patterns.isEmpty, text.count - start >= window, let base = text.baseAddress else { return nil }
        return filter.withUnsafeBufferPointer { filter -> Match? in
            // `position` is where the window ends. Where eight bytes end there, the window's
            // value is read from them in one load, not rolled along byte by byte: each
            // position's test then stands alone, and the processor overlaps them.
            let bytes = UnsafeRawPointer(base)
            var position = start + window
            while position <= text.count {
                let key: UInt64
                if position >= 8 {
                    key = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: position - 8, as: UInt64.self)) & windowMask
                } else {
                    key = text[(position - window)..<position].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                }
                let windowStart = position - window
                position += step
                let bit = Self.filterIndex(key)
                if filter[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { continue }
                guard let list = candidates[key] else { continue }
                // Every occurrence starting before this window's first `step` offsets held an
                // earlier read window, so the leftmost is among those found here, if any.
                var best: (start: Int, pattern: Int)?
                for candidate in list where candidate.offset <= windowStart - start {
                    let matchStart = windowStart - candidate.offset
                    guard matches(patterns[candidate.pattern].bytes, in: text, at: matchStart) else { continue }
                    if let current = best, !isBetter(matchStart, candidate.pattern, than: current) { continue }
                    best = (matchStart, candidate.pattern)
                }
                if let best {
                    return Match(range: best.start..<(best.start + patterns[best.pattern].bytes.count), pattern: patterns[best.pattern])
                }
            }
            return nil
        }
    }

    /// Whether pattern `pattern` found at `start` comes before `other`: further left, else longer, else given first.
    private func isBetter(_ start: Int, _ pattern: Int, than other: (start: Int, pattern: Int)) -> Bool {
        if start != other.start { return start < other.start }
        let length = patterns[pattern].bytes.count, otherLength = patterns[other.pattern].bytes.count
        return length != otherLength ? length > otherLength : pattern < other.pattern
    }

    private func matches(_ pattern: [UInt8], in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start + pattern.count <= text.count else { return false }
        for offset in pattern.indices where text[start + offset] != pattern[offset] { return false }
        return true
    }

    /// The leftmost match in `bytes`.
    func firstMatch(in bytes: [UInt8]) -> Match? {
        bytes.withUnsafeBufferPointer { firstMatch(in: $0) }
    }

    /// The leftmost match in the UTF-8 of `text`.
    func firstMatch(in text: String) -> Match? {
        var text = text
        return text.withUTF8 { firstMatch(in: $0) }
    }

    /// `buffer` with every match replaced, left to right and without overlaps; `nil` when
    /// nothing matched.
    func replacingMatches(in buffer: UnsafeBufferPointer<UInt8>, with replacement: (Pattern) -> [UInt8]) -> [UInt8]? {
        guard var match = firstMatch(in: buffer) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(buffer.count)
        var copied = 0
        while true {
            output.append(contentsOf: buffer[copied..<match.range.lowerBound])
            output.append(contentsOf: replacement(match.pattern))
            copied = match.range.upperBound
            guard let next = firstMatch(in: buffer, from: copied) else { break }
            match = next
        }
        output.append(contentsOf: buffer[copied...])
        return output
    }
}
