import HarnessCore
import Testing

/// Properties over generated documents: what the serializer writes, the parser
/// reads back as the same value, and writing is deterministic.
@Suite("JSONSerializer round trip")
struct JSONSerializerRoundTripTests {
    static let seeds: [UInt64] = [0, 1, 2, 3, 42, 2026, 0xDEAD_BEEF, .max]
    static let optionSets: [JSONSerializer.Options] = [[], .sortedKeys, .prettyPrinted, [.sortedKeys, .prettyPrinted]]
    static let valuesPerSeed = 300

    @Test("parse(serialize(v)) == v for generated values under every option set", arguments: seeds)
    func parseOfSerializeIsIdentity(seed: UInt64) throws {
        var generator = RandomJSONValue(seed: seed)
        for index in 0..<Self.valuesPerSeed {
            let value = generator.value()
            for options in Self.optionSets {
                let text = JSONSerializer.bytes(value, options: options)
                let parsed = try JSONValue(parsing: text)
                #expect(parsed == value, "seed \(seed), value \(index), options \(options.rawValue): \(value)")
                if parsed != value { return }
            }
        }
    }

    @Test("serialize is a fixpoint after one parse: bytes are identical the second time", arguments: seeds)
    func serializeIsStableAcrossRoundTrips(seed: UInt64) throws {
        var generator = RandomJSONValue(seed: seed)
        for index in 0..<Self.valuesPerSeed {
            let value = generator.value()
            for options in Self.optionSets {
                let first = JSONSerializer.bytes(value, options: options)
                let second = JSONSerializer.bytes(try JSONValue(parsing: first), options: options)
                #expect(first == second, "seed \(seed), value \(index), options \(options.rawValue)")
                if first != second { return }
            }
        }
    }

    @Test("sortedKeys output does not depend on member order", arguments: seeds)
    func sortedOutputIgnoresMemberOrder(seed: UInt64) {
        var generator = RandomJSONValue(seed: seed)
        var shuffler = SeededGenerator(seed: seed ^ 0x5EED)
        for _ in 0..<Self.valuesPerSeed {
            let value = generator.value()
            let shuffled = Self.shufflingMembers(of: value, using: &shuffler)
            #expect(shuffled == value)
            #expect(JSONSerializer.bytes(shuffled, options: .sortedKeys) == JSONSerializer.bytes(value, options: .sortedKeys))
        }
    }

    @Test("every decimal reads back with the same bits", arguments: seeds)
    func decimalsRoundTripBitForBit(seed: UInt64) throws {
        var generator = RandomJSONValue(seed: seed)
        for _ in 0..<2000 {
            let number = generator.decimal()
            guard number != 0 else { continue }  // -0.0 prints as 0.0; equality still holds.
            let text = JSONSerializer.bytes(.double(number))
            let parsed = try JSONValue(parsing: text)
            #expect(isDecimal(parsed, bitPattern: number), "\(number) printed as \(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test("every integer reads back exactly as an integer", arguments: seeds)
    func integersRoundTripExactly(seed: UInt64) throws {
        var generator = RandomJSONValue(seed: seed)
        for _ in 0..<2000 {
            let number = generator.integer()
            let text = JSONSerializer.bytes(.number(.integer(number)))
            #expect(!text.contains(UInt8(ascii: ".")))
            #expect(isExactInteger(try JSONValue(parsing: text), number))
        }
    }

    private static func shufflingMembers(of value: JSONValue, using random: inout SeededGenerator) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { shufflingMembers(of: $0, using: &random) })
        case .object(let object):
            var members = object.members.map { JSONObject.Member(key: $0.key, value: shufflingMembers(of: $0.value, using: &random)) }
            members.shuffle(using: &random)
            return .object(JSONObject(members))
        default:
            return value
        }
    }
}
