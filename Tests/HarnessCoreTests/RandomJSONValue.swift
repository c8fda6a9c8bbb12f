import HarnessCore

/// Random ``JSONValue`` trees for round-trip properties, driven by a seeded
/// generator so a failing seed reruns exactly.
///
/// Strings draw from scalars chosen to stress the serializer: every control
/// character, the quote, the backslash, the slash, DEL, two- to four-byte
/// UTF-8 and a combining mark.
struct RandomJSONValue {
    var random: SeededGenerator
    var maximumDepth = 4
    var maximumWidth = 5

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    private static let interestingScalars: [Unicode.Scalar] =
        (0x00...0x1F).map { Unicode.Scalar(UInt8($0)) }
        + ["\"", "\\", "/", "\u{7F}", "a", "Z", "0", " ", "~", "é", "€", "\u{FFFF}", "😀", "\u{10FFFF}", "\u{301}"]

    mutating func value(depth: Int = 0) -> JSONValue {
        let leafKinds = 5
        let kinds = depth < maximumDepth ? leafKinds + 2 : leafKinds
        switch Int.random(in: 0..<kinds, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(.integer(integer()))
        case 3: return .number(.decimal(decimal()))
        case 4: return .string(string())
        case 5:
            let count = Int.random(in: 0...maximumWidth, using: &random)
            return .array((0..<count).map { _ in value(depth: depth + 1) })
        default:
            let count = Int.random(in: 0...maximumWidth, using: &random)
            var members: [JSONObject.Member] = []
            for _ in 0..<count { members.append(.init(key: string(), value: value(depth: depth + 1))) }
            return .object(JSONObject(members))
        }
    }

    mutating func integer() -> Int64 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: [Int64.min, Int64.max, 0, -1, 1, 999_999_999_999_999_999][Int.random(in: 0..<6, using: &random)]
        case 1: Int64.random(in: -1000...1000, using: &random)
        default: Int64.random(in: Int64.min...Int64.max, using: &random)
        }
    }

    /// Any finite `Double`: small fractions, whole numbers stored as doubles,
    /// and arbitrary bit patterns (subnormals, extremes of the exponent).
    mutating func decimal() -> Double {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return Double(Int.random(in: -10_000...10_000, using: &random)) / 8
        case 1: return Double(Int64.random(in: -(1 << 60)...(1 << 60), using: &random))
        default:
            while true {
                let candidate = Double(bitPattern: random.next())
                if candidate.isFinite { return candidate }
            }
        }
    }

    mutating func string() -> String {
        let length = Int.random(in: 0...8, using: &random)
        var text = String.UnicodeScalarView()
        for _ in 0..<length { text.append(Self.interestingScalars.randomElement(using: &random)!) }
        return String(text)
    }
}
