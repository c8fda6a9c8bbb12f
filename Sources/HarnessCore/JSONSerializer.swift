/// Writes ``JSONValue`` as JSON text: compact or indented, members in their
/// original order or sorted by key (for files whose diffs must stay quiet).
///
/// ```swift
/// JSONSerializer.string(["b": 1, "a": true], options: [.sortedKeys])  // {"a":true,"b":1}
/// ```
package enum JSONSerializer {
    /// Output settings.
    package struct Options: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Object members sorted by key (byte order of their UTF-8).
        package static let sortedKeys = Options(rawValue: 1)
        /// Two-space indentation, one member or element a line.
        package static let prettyPrinted = Options(rawValue: 2)
    }

    /// The UTF-8 bytes of `value`.
    package static func bytes(_ value: JSONValue, options: Options = []) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(128)
        write(value, into: &output, options: options)
        return output
    }

    /// The text of `value`.
    package static func string(_ value: JSONValue, options: Options = []) -> String {
        String(decoding: bytes(value, options: options), as: UTF8.self)
    }

    /// Appends the bytes of `value` to `output`.
    package static func write(_ value: JSONValue, into output: inout [UInt8], options: Options = []) {
        // Containers being written wait on an explicit stack rather than the call
        // stack, so depth is bounded by memory, not by the thread's stack size.
        var open: [OpenContainer] = []
        var next: JSONValue? = value
        while true {
            if let value = next {
                next = nil
                switch value {
                case .null: output.append(contentsOf: "null".utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .number(let number): writeNumber(number, into: &output)
                case .string(let string): writeString(string, into: &output)
                case .array(let elements):
                    if elements.isEmpty {
                        output.append(contentsOf: "[]".utf8)
                    } else {
                        output.append(UInt8(ascii: "["))
                        open.append(.elements(elements, written: 0))
                    }
                case .object(let object):
                    if object.isEmpty {
                        output.append(contentsOf: "{}".utf8)
                    } else {
                        output.append(UInt8(ascii: "{"))
                        let members = options.contains(.sortedKeys)
                            ? object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                            : object.members
                        open.append(.members(members, written: 0))
                    }
                }
            }
            guard let container = open.popLast() else { return }
            // `open.count` is now the container's own indentation level.
            switch container {
            case .elements(let elements, let written) where written < elements.count:
                if written > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, options: options, indent: open.count + 1)
                open.append(.elements(elements, written: written + 1))
                next = elements[written]
            case .members(let members, let written) where written < members.count:
                if written > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, options: options, indent: open.count + 1)
                writeString(members[written].key, into: &output)
                output.append(UInt8(ascii: ":"))
                if options.contains(.prettyPrinted) { output.append(UInt8(ascii: " ")) }
                open.append(.members(members, written: written + 1))
                next = members[written].value
            case .elements:
                newline(into: &output, options: options, indent: open.count)
                output.append(UInt8(ascii: "]"))
            case .members:
                newline(into: &output, options: options, indent: open.count)
                output.append(UInt8(ascii: "}"))
            }
        }
    }

    /// An array or object whose children are partly written.
    private enum OpenContainer {
        case elements([JSONValue], written: Int)
        case members([JSONObject.Member], written: Int)
    }

    private static func newline(into output: inout [UInt8], options: Options, indent: Int) {
        guard options.contains(.prettyPrinted) else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Appends `number` as the serializer writes it (a whole `Double` keeps its `.0`; NaN and
    /// infinity become `null`), for writers that produce JSON without building a ``JSONValue``.
    package static func writeNumber(_ number: JSONNumber, into output: inout [UInt8]) {
        switch number {
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .integerText(let text): output.append(contentsOf: text.utf8)
        case .decimal(let value) where !value.isFinite:
            // RFC 8259 §6 has no form for NaN or infinity; like ECMAScript's
            // JSON.stringify, write null so the output still parses.
            output.append(contentsOf: "null".utf8)
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
    package static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = string
        text.withUTF8 { bytes in
            // Copy runs of ordinary bytes at once; only the quote, the backslash and controls are escaped.
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                appendEscape(of: byte, into: &output)
                runStart = index + 1
            }
            if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(of byte: UInt8, into output: inout [UInt8]) {
        output.append(0x5C)
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            output.append(UInt8(ascii: "u"))
            output.append(0x30)
            output.append(0x30)
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        }
    }
}
