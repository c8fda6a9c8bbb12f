import HarnessCore

/// Writes a HAR value's JSON straight to compact bytes, walking the same field declaration
/// (``HARFields``) as ``HARFieldWriter``: the bytes are those `JSONSerializer.bytes(value.json)`
/// gives, members in declaration order and absent optionals left out, without building the
/// ``JSONValue`` tree first. The journal writes every record this way, on the proxy's hot path.
///
/// ```swift
/// var line: [UInt8] = []
/// HARFieldByteWriter.object(into: &line) { record in
///     record.member("type", "entry")
///     record.member("entry", entry)
/// }
/// ```
struct HARFieldByteWriter: HARFieldVisitor {
    private var output: [UInt8] = []
    private var hasMembers = false

    /// Appends an object to `output` whose members `members` writes.
    static func object(into output: inout [UInt8], _ members: (inout HARFieldByteWriter) -> Void) {
        var writer = HARFieldByteWriter()
        // The writer takes the buffer over (no copy) and hands it back when the object is closed.
        swap(&writer.output, &output)
        writer.output.append(UInt8(ascii: "{"))
        members(&writer)
        writer.output.append(UInt8(ascii: "}"))
        swap(&writer.output, &output)
    }

    /// Appends `value`'s object to `output`. The declaration takes its value `inout` (the
    /// reader fills it in); this writer only reads, so the value is visited where it is, not
    /// copied first (a copy would retain each of its strings and arrays, and release them).
    static func write<Value: HARFields>(_ value: Value, into output: inout [UInt8]) {
        withUnsafePointer(to: value) { write(&UnsafeMutablePointer(mutating: $0).pointee, into: &output) }
    }

    /// Appends `value`'s object to `output`, visiting it in place: a member of a value being
    /// written is visited where it is.
    private static func write<Value: HARFields>(_ value: inout Value, into output: inout [UInt8]) {
        object(into: &output) { writer in
            // Writing only reads the properties, so the visit never throws.
            try? Value.visit(&value, with: &writer)
        }
    }

    /// A string member.
    mutating func member(_ key: String, _ value: String) {
        self.key(key)
        JSONSerializer.writeString(value, into: &output)
    }

    /// An object member.
    mutating func member<Value: HARFields>(_ key: String, _ value: Value) {
        self.key(key)
        Self.write(value, into: &output)
    }

    private mutating func key(_ key: String) {
        // Keys are the declarations' own names (`startedDateTime`, `_resourceType`): plain ASCII
        // that JSON writes as it is, so the bytes go in without the escaping pass (every record
        // has some eighty of them), and `,"name":` goes in as one piece, not four appends.
        assert(key.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        let start = hasMembers ? 0 : 1
        hasMembers = true
        var key = key
        key.withUTF8 { name in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + 4) { piece in
                piece[0] = UInt8(ascii: ",")
                piece[1] = UInt8(ascii: "\"")
                _ = UnsafeMutableBufferPointer(rebasing: piece[2...]).initialize(fromContentsOf: name)
                piece[name.count + 2] = UInt8(ascii: "\"")
                piece[name.count + 3] = UInt8(ascii: ":")
                output.append(contentsOf: UnsafeBufferPointer(rebasing: piece[start...]))
            }
        }
    }

    private mutating func number(_ number: JSONNumber) { JSONSerializer.writeNumber(number, into: &output) }

    private mutating func strings(_ values: [String]) {
        output.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            JSONSerializer.writeString(value, into: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    private mutating func objects<Element: HARFields>(_ values: [Element]) {
        output.append(UInt8(ascii: "["))
        // Each element visited where it is in the array, not copied out of it.
        values.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.write(&UnsafeMutablePointer(mutating: elements.baseAddress! + index).pointee, into: &output)
            }
        }
        output.append(UInt8(ascii: "]"))
    }

    mutating func visit(_ key: String, _ value: inout String) { member(key, value) }
    mutating func visit(_ key: String, _ value: inout String?) { if let value { member(key, value) } }
    mutating func visit(_ key: String, _ value: inout Double) { self.key(key); number(.decimal(value)) }
    mutating func visit(_ key: String, _ value: inout Double, absent: Double) { self.key(key); number(.decimal(value)) }
    mutating func visit(_ key: String, _ value: inout Int) { self.key(key); number(.integer(Int64(value))) }
    mutating func visit(_ key: String, _ value: inout Int?) {
        if let value { self.key(key); number(.integer(Int64(value))) }
    }
    mutating func visit(_ key: String, _ value: inout Bool?) {
        if let value { self.key(key); output.append(contentsOf: (value ? "true" : "false").utf8) }
    }
    mutating func visit(_ key: String, _ value: inout [String]) { self.key(key); strings(value) }
    mutating func visit(_ key: String, _ value: inout [String]?) { if let value { self.key(key); strings(value) } }
    mutating func visit<Value: HARFields>(_ key: String, _ value: inout Value) {
        self.key(key)
        Self.write(&value, into: &output)
    }
    mutating func visit<Value: HARFields>(_ key: String, _ value: inout Value?) {
        guard value != nil else { return }
        self.key(key)
        Self.write(&value!, into: &output)
    }
    mutating func visit<Element: HARFields>(_ key: String, _ value: inout [Element]) { self.key(key); objects(value) }
    mutating func visit<Element: HARFields>(_ key: String, _ value: inout [Element]?) {
        if let value { self.key(key); objects(value) }
    }
    mutating func visit<Value: RawRepresentable & CaseIterable>(_ key: String, _ value: inout Value) where Value.RawValue == String {
        member(key, value.rawValue)
    }
    mutating func visit<Value: RawRepresentable & CaseIterable>(_ key: String, _ value: inout Value) where Value.RawValue == Int {
        self.key(key)
        number(.integer(Int64(value.rawValue)))
    }
}
