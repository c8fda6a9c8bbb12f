import HarnessCore

/// The error `JSONParser.parse` throws for `bytes`, or `nil` when it accepts them.
func parseFailure(_ bytes: [UInt8], options: JSONParser.Options = .init()) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes, options: options)
        return nil
    } catch {
        return error
    }
}

/// The error `JSONParser.parse` throws for the UTF-8 of `text`, or `nil` when it accepts it.
func parseFailure(_ text: String, options: JSONParser.Options = .init()) -> JSONParseError? {
    parseFailure(Array(text.utf8), options: options)
}

/// `count` opening brackets, a value, then `count` closing brackets.
func nestedArrays(depth count: Int, innermost: String = "0") -> [UInt8] {
    Array(String(repeating: "[", count: count).utf8) + Array(innermost.utf8)
        + Array(String(repeating: "]", count: count).utf8)
}

/// `{"k":` repeated `count` times around a value, then the closing braces.
func nestedObjects(depth count: Int, innermost: String = "0") -> [UInt8] {
    Array(String(repeating: #"{"k":"#, count: count).utf8) + Array(innermost.utf8)
        + Array(String(repeating: "}", count: count).utf8)
}

/// Whether `value` is an exact 64-bit integer number equal to `expected`
/// (not merely a `Double` that compares equal).
func isExactInteger(_ value: JSONValue, _ expected: Int64) -> Bool {
    if case .number(.integer(let actual)) = value { return actual == expected }
    return false
}

/// Whether `value` is a decimal number with exactly the bits of `expected`
/// (so `-0.0` and `0.0` are told apart).
func isDecimal(_ value: JSONValue, bitPattern expected: Double) -> Bool {
    if case .number(.decimal(let actual)) = value { return actual.bitPattern == expected.bitPattern }
    return false
}

/// Whether `value` is an integer kept as exactly the decimal text `expected`.
func isIntegerText(_ value: JSONValue, _ expected: String) -> Bool {
    if case .number(.integerText(let actual)) = value { return actual == expected }
    return false
}
