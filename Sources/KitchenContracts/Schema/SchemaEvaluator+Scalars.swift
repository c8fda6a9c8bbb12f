import HarnessCore

extension SchemaEvaluator {
    mutating func checkNumber(_ number: JSONNumber, _ node: SchemaNode) {
        // "integer ≤ 550" reads better than "number ≤ 550" when the schema wants integers.
        func bound(_ relation: String, _ limit: JSONNumber) -> String {
            let noun = node.rules.types?.subtracting(.null) == .integer ? "integer" : "number"
            return "\(noun) \(relation) \(JSONValue.number(limit))"
        }
        func found() -> String { JSONValue.number(number).description }
        if let minimum = node.rules.minimum, number < minimum {
            report(node, "minimum", expected: bound("≥", minimum), found: found())
        }
        if let maximum = node.rules.maximum, maximum < number {
            report(node, "maximum", expected: bound("≤", maximum), found: found())
        }
        if let limit = node.rules.exclusiveMinimum, !(limit < number) {
            report(node, "exclusiveMinimum", expected: bound(">", limit), found: found())
        }
        if let limit = node.rules.exclusiveMaximum, !(number < limit) {
            report(node, "exclusiveMaximum", expected: bound("<", limit), found: found())
        }
        if let divisor = node.rules.multipleOf, !Self.isMultiple(number, of: divisor) {
            report(node, "multipleOf", expected: "a multiple of \(JSONValue.number(divisor))", found: found())
        }
    }

    /// Validation 2020-12 §6.2.1: the quotient is an integer. Exact for 64-bit integers;
    /// otherwise the quotient in binary floating point, with a tolerance of a few units in
    /// the last place so that 0.0075 counts as a multiple of 0.0001.
    static func isMultiple(_ number: JSONNumber, of divisor: JSONNumber) -> Bool {
        if case .integer(let value) = number, case .integer(let step) = divisor { return value % step == 0 }
        let quotient = number.doubleValue / divisor.doubleValue
        // Past Double's range, an integer is still a multiple of any divisor of 1 (0.5, 0.25, …).
        guard quotient.isFinite else { return number.isInteger && (1 / divisor.doubleValue).rounded() == 1 / divisor.doubleValue }
        let nearest = quotient.rounded()
        return (quotient - nearest).magnitude <= nearest.magnitude.ulp * 4
    }

    mutating func checkString(_ text: String, _ node: SchemaNode) {
        let (minLength, maxLength) = (node.rules.minLength, node.rules.maxLength)
        if minLength != nil || maxLength != nil {
            // JSON Schema Validation 2020-12 §6.3.1: length counts code points (Unicode scalars).
            let length = text.unicodeScalars.count
            func found() -> String { "\(ValueWording.describe(.string(text))) (\(length) characters)" }
            if let minimum = minLength, length < minimum {
                report(node, "minLength", expected: "at least \(minimum) characters", found: found())
            }
            if let maximum = maxLength, length > maximum {
                report(node, "maxLength", expected: "at most \(maximum) characters", found: found())
            }
        }
        if let pattern = node.rules.pattern, !pattern.matches(text) {
            report(node, "pattern", expected: "text matching /\(pattern.source)/", found: ValueWording.describe(.string(text)))
        }
        if let format = node.rules.format, !format.accepts(text) {
            report(node, "format", expected: format.expected, found: ValueWording.describe(.string(text)))
        }
    }
}
