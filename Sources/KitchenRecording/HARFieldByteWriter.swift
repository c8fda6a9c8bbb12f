import HarnessCore

/// Writes a HAR value's JSON straight to compact bytes, walking its field declaration
/// (``HARFields``): members in declaration order and absent optionals left out, each value as
/// ``JSONSerializer`` writes it, without building a ``JSONValue`` tree first. The journal writes
/// every record this way, on the proxy's hot path; a file is these bytes read back and written
/// with sorted keys.
///
/// ```swift
/// var line: [UInt8] = []
/// HARFieldByteWriter.object(into: &line) { record in
///     record.member("type", "entry")
///     record.member("entry", entry)
/// }
/// ```
struct HARFieldByteWriter: HARFieldVisitor {
    private var output: ByteAppender
    private var hasMembers = false
    /// What ``JSONSerializer`` writes for a number, or a string that needs escapes, before it
    /// is copied to `output`.
    private var scratch: [UInt8] = []

    private init(capacity: Int) { output = ByteAppender(capacity: capacity) }

    /// Appends an object to `output` whose members `members` writes.
    static func object(into output: inout [UInt8], _ members: (inout HARFieldByteWriter) -> Void) {
        // Most records are a little over 1 KiB: written without growing, then copied once.
        var writer = HARFieldByteWriter(capacity: 2048)
        defer { writer.output.deallocate() }
        writer.output.append(UInt8(ascii: "{"))
        members(&writer)
        writer.output.append(UInt8(ascii: "}"))
        output.append(contentsOf: writer.output.written)
    }

    /// Appends `value`'s object, visiting it where it is.
    mutating func object<Value: HARFields>(_ value: inout Value) {
        let outer = hasMembers
        hasMembers = false
        output.append(UInt8(ascii: "{"))
        // Writing only reads the properties, so the visit never throws.
        try? Value.visit(&value, with: &self)
        output.append(UInt8(ascii: "}"))
        hasMembers = outer
    }

    /// A member (left out when it is an absent optional). The declarations take their value
    /// `inout` (the reader fills it in); this writer only reads, so the value is visited where
    /// it is, through a pointer, not copied first.
    mutating func member<Value: HARValue>(_ key: String, _ value: Value) {
        withUnsafePointer(to: value) { visit(key, &UnsafeMutablePointer(mutating: $0).pointee) }
    }

    mutating func visit<Value: HARValue>(_ key: String, _ value: inout Value) {
        guard !value.isAbsent else { return }
        self.key(key)
        Value.write(&value, into: &self)
    }

    mutating func visit(_ key: String, _ value: inout Double, absent: Double) {
        visit(key, &value)
    }

    private mutating func key(_ key: String) {
        // Keys are the declarations' own names (`startedDateTime`, `_resourceType`): plain ASCII
        // that JSON writes as it is, so the bytes go in without the escaping pass (every record
        // has some eighty of them).
        assert(key.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        if hasMembers { output.append(UInt8(ascii: ",")) }
        hasMembers = true
        output.append(UInt8(ascii: "\""))
        var key = key
        key.withUTF8 { output.append($0) }
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: ":"))
    }

    /// `value` as ``JSONSerializer/writeString(_:into:)`` writes it. Most strings hold nothing
    /// it escapes (a quote, a backslash, a control character): those are the quoted bytes as
    /// they are, written here without the detour.
    mutating func string(_ value: String) {
        var text = value
        let plain = text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            output.append(UInt8(ascii: "\""))
            output.append(bytes)
            output.append(UInt8(ascii: "\""))
            return true
        }
        guard !plain else { return }
        scratch.removeAll(keepingCapacity: true)
        JSONSerializer.writeString(value, into: &scratch)
        scratch.withUnsafeBufferPointer { output.append($0) }
    }

    mutating func number(_ number: JSONNumber) {
        if let small = SmallNumberBytes.index(of: number) {
            SmallNumberBytes.table.withUnsafeBufferPointer { table in
                let entry = table.baseAddress! + small * SmallNumberBytes.stride
                output.append(UnsafeBufferPointer(start: entry + 1, count: Int(entry.pointee)))
            }
            return
        }
        scratch.removeAll(keepingCapacity: true)
        JSONSerializer.writeNumber(number, into: &scratch)
        scratch.withUnsafeBufferPointer { output.append($0) }
    }

    mutating func literal(_ text: StaticString) {
        output.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func array<Element: HARValue>(_ values: [Element]) {
        output.append(UInt8(ascii: "["))
        // Each element visited where it is in the array, not copied out of it.
        values.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Element.write(&UnsafeMutablePointer(mutating: elements.baseAddress! + index).pointee, into: &self)
            }
        }
        output.append(UInt8(ascii: "]"))
    }
}

/// ``JSONSerializer/writeNumber(_:into:)``'s bytes for the numbers a record is full of
/// (statuses, sizes, `-1` for a timing phase that did not happen), as integers and as
/// integral decimals, worked out once by the serializer itself: a record's fifteen-odd
/// numbers are copied, not formatted.
private enum SmallNumberBytes {
    static let range: ClosedRange<Int64> = -1...1023
    /// Each entry: its length, then its bytes (at most `stride - 1`).
    static let stride = 8
    /// The integers of ``range`` in order, then the same as decimals.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 2 * range.count * stride)
        for (slot, number) in (range.map { JSONNumber.integer($0) } + range.map { JSONNumber.decimal(Double($0)) }).enumerated() {
            var bytes: [UInt8] = []
            JSONSerializer.writeNumber(number, into: &bytes)
            precondition(bytes.count < stride)
            table[slot * stride] = UInt8(bytes.count)
            table.replaceSubrange((slot * stride + 1)..<(slot * stride + 1 + bytes.count), with: bytes)
        }
        return table
    }()

    /// The entry of `number` in ``table``; `nil` when it has none.
    static func index(of number: JSONNumber) -> Int? {
        switch number {
        case .integer(let value) where range.contains(value):
            return Int(value - range.lowerBound)
        // An integral decimal (not -0, whose sign a serializer may keep).
        case .decimal(let value) where value.sign == .plus || value != 0:
            guard let integral = Int64(exactly: value), range.contains(integral) else { return nil }
            return range.count + Int(integral - range.lowerBound)
        default:
            return nil
        }
    }
}
