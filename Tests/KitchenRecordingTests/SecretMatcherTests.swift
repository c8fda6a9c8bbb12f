import HarnessCore
@testable import KitchenRecording
import Testing

/// The matcher against the plainest search there is: at each start from left to right, the
/// longest pattern whose bytes are there. Texts and patterns come from a three-letter
/// alphabet so that matches, near misses and overlaps are common; patterns of 1 to 12 bytes
/// make windows of every width, and short texts and late starts reach both ends of the text.
@Suite struct SecretMatcherTests {
    static func naiveFirstMatch(_ patterns: [[UInt8]], in text: [UInt8], from start: Int) -> (Range<Int>, [UInt8])? {
        guard start <= text.count else { return nil }
        for position in start..<text.count {
            let found = patterns.filter { position + $0.count <= text.count && Array(text[position..<(position + $0.count)]) == $0 }
            if let longest = found.max(by: { $0.count < $1.count }) { return (position..<(position + longest.count), longest) }
        }
        return nil
    }

    static func bytes(_ count: Int, _ random: inout SeededGenerator) -> [UInt8] {
        (0..<count).map { _ in Array("abc".utf8)[Int.random(in: 0..<3, using: &random)] }
    }

    /// Expects the matcher for `patterns` (owners numbered in order) to find in `text` what
    /// ``naiveFirstMatch(_:in:from:)`` finds; returns what it found.
    @discardableResult
    static func expectNaiveMatch(_ patterns: [[UInt8]], in text: [UInt8], from start: Int) -> SecretMatcher.Match? {
        let matcher = SecretMatcher(patterns: patterns.enumerated().map { .init(bytes: $0.element, owner: $0.offset, isPercentEncoded: false) })
        let expected = naiveFirstMatch(patterns, in: text, from: start)
        let found = text.withUnsafeBufferPointer { matcher.firstMatch(in: $0, from: start) }
        #expect(found?.range == expected?.0, "patterns \(patterns) text \(text) from \(start)")
        #expect(found?.pattern.bytes == expected?.1, "patterns \(patterns) text \(text) from \(start)")
        return found
    }

    @Test func theFirstMatchIsTheLeftmostLongestPatternForRandomTextsAndPatterns() {
        var random = SeededGenerator(seed: 7)
        var (matched, missed) = (0, 0)
        for _ in 0..<4000 {
            let shortest = Int.random(in: 1...9, using: &random)
            let patterns = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Self.bytes(Int.random(in: shortest...(shortest + 3), using: &random), &random)
            }
            let text = Self.bytes(Int.random(in: 0...48, using: &random), &random)
            let start = Int.random(in: 0...max(0, text.count), using: &random)
            if Self.expectNaiveMatch(patterns, in: text, from: start) == nil { missed += 1 } else { matched += 1 }
        }
        #expect(matched > 500 && missed > 500, "matched \(matched), missed \(missed)")
    }

    /// Long patterns are looked for only every few positions (up to 32 apart): each start and
    /// end of a long text, each overlap and each late start must still give the leftmost,
    /// longest match, including among secrets that share their windows.
    @Test func theFirstMatchIsTheLeftmostLongestPatternForLongPatterns() {
        var random = SeededGenerator(seed: 11)
        var (matched, missed) = (0, 0)
        for _ in 0..<3000 {
            let shortest = Int.random(in: 8...44, using: &random)
            var patterns = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                Self.bytes(Int.random(in: shortest...(shortest + 6), using: &random), &random)
            }
            // A pattern that is another's prefix, or the same bytes for another secret.
            if random.next() % 3 == 0, let first = patterns.first { patterns.append(Array(first.prefix(shortest))) }
            if random.next() % 5 == 0, let first = patterns.first { patterns.append(first) }
            var text = Self.bytes(Int.random(in: 0...160, using: &random), &random)
            var plantedAt = text.count
            if let planted = patterns.randomElement(using: &random), random.next() % 4 != 0 {
                plantedAt = Int.random(in: 0...text.count, using: &random)
                text.insert(contentsOf: planted, at: plantedAt)
            }
            // Mostly a start before the planted pattern, sometimes one inside or after it.
            let start = random.next() % 4 == 0 ? Int.random(in: 0...text.count, using: &random) : Int.random(in: 0...plantedAt, using: &random)
            let found = Self.expectNaiveMatch(patterns, in: text, from: start)
            // Of equal patterns, the first given is reported.
            if let found, let owner = patterns.firstIndex(of: found.pattern.bytes) { #expect(found.pattern.owner == owner) }
            if found == nil { missed += 1 } else { matched += 1 }
        }
        #expect(matched > 500 && missed > 500, "matched \(matched), missed \(missed)")
    }

    @Test func aPatternAtTheVeryStartOrEndOfALongTextIsFound() {
        let secret = Array("s3cr3t-token-value".utf8)
        let matcher = SecretMatcher(patterns: [.init(bytes: secret, owner: 0, isPercentEncoded: false)])
        let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 100)
        #expect(matcher.firstMatch(in: secret + filler)?.range == 0..<secret.count)
        #expect(matcher.firstMatch(in: filler + secret)?.range == 100..<(100 + secret.count))
        #expect(matcher.firstMatch(in: filler + secret.dropLast()) == nil)
    }
}
