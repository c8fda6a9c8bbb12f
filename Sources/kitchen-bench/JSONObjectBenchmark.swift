import HarnessCore

/// Building, parsing and comparing one JSON object with many keys (32,000 by default): the
/// times grow linearly with the number of keys since objects index their keys.
enum JSONObjectBenchmark {
    static func run(keys: Int) {
        let clock = ContinuousClock()
        let members = (0..<keys).map { JSONObject.Member(key: "key\($0)", value: .int($0)) }
        var forward = JSONObject()
        var backward = JSONObject()
        let built = clock.measure {
            forward = JSONObject(members)
            backward = JSONObject(members.reversed())
        }
        let text = JSONSerializer.bytes(.object(forward))
        var parsed: JSONValue = .null
        let parse = clock.measure { parsed = (try? JSONValue(parsing: text)) ?? .null }
        var equal = false
        let compare = clock.measure { equal = forward == backward && parsed == .object(backward) }
        print("json-object-\(keys)-keys build \(milliseconds(built)) ms, parse \(milliseconds(parse)) ms, "
            + "compare \(milliseconds(compare)) ms (\(equal ? "equal" : "NOT equal"))")
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration / .milliseconds(1))
    }
}
