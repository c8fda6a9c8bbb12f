/// Writes ``JSONValue`` as JSON text: compact or indented, members in their
/// original order or sorted by key (for files whose diffs must stay quiet).
///
/// ```swift
/// JSONSerializer.string(["b": 1, "a": true], options: [.sortedKeys])  // {"a":true,"b":1}
/// ```
public enum JSONSerializer {
    /// Output settings.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Object members sorted by key (byte order of their UTF-8).
        public static let sortedKeys = Options(rawValue: 1)
        /// Two-space indentation, one member or element a line.
        public static let prettyPrinted = Options(rawValue: 2)
    }

    /// The UTF-8 bytes of `value`.
    public static func bytes(_ value: JSONValue, options: Options = []) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(128)
        write(value, into: &output, options: options)
        return output
    }

    /// The text of `value`.
    public static func string(_ value: JSONValue, options: Options = []) -> String {
        String(decoding: bytes(value, options: options), as: UTF8.self)
    }

    /// Appends the bytes of `value` to `output`.
    public static func write(_ value: JSONValue, into output: inout [UInt8], options: Options = []) {
        write(value, into: &output, options: options, indent: 0)
    }

    private static func write(_ value: JSONValue, into output: inout [UInt8], options: Options, indent: Int) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): writeNumber(number, into: &output)
        case .string(let string): writeString(string, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output.append(contentsOf: "[]".utf8); return }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, options: options, indent: indent + 1)
                write(element, into: &output, options: options, indent: indent + 1)
            }
            newline(into: &output, options: options, indent: indent)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { output.append(contentsOf: "{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            let members = options.contains(.sortedKeys)
                ? object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                : object.members
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, options: options, indent: indent + 1)
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if options.contains(.prettyPrinted) { output.append(UInt8(ascii: " ")) }
                write(member.value, into: &output, options: options, indent: indent + 1)
            }
            newline(into: &output, options: options, indent: indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(into output: inout [UInt8], options: Options, indent: Int) {
        guard options.contains(.prettyPrinted) else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static func writeNumber(_ number: JSONNumber, into output: inout [UInt8]) {
        switch number {
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .decimal(let value):
            // Swift prints the shortest text that reads back as the same Double.
            if let exact = Int64(exactly: value), abs(value) < 1e15 {
                output.append(contentsOf: String(exact).utf8)
                output.append(contentsOf: ".0".utf8)
            } else {
                output.append(contentsOf: value.description.utf8)
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// RFC 8259 §7: escape the quote, the backslash and control characters.
    public static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case ..<0x20:
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
