/// The members of a JSON object, in the order they were written.
///
/// Lookup is by key, compared by code points (RFC 8259 §8.3: `"ä"` and `"a\u{308}"` are two
/// keys); equality ignores order. Keys are unique: setting an
/// existing key replaces its value in place. Objects past a few members keep
/// a key → position index beside the ordered members, so lookup is O(1) and
/// building, comparing or hashing an object is linear in its size.
///
/// ```swift
/// var object: JSONObject = ["b": 1, "a": 2]
/// object["c"] = true        // appended: b, a, c
/// object["b"] = nil         // removed: a, c
/// ```
public struct JSONObject: Sendable, RandomAccessCollection {
    /// One `"key": value` pair.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Objects with fewer members than this are searched in order; a linear scan of a
    /// handful of keys beats hashing them, and most objects in recordings are small.
    static let indexThreshold = 12

    /// The members in written order.
    public private(set) var members: [Member]

    /// Each key's position in `members`; `nil` while the object is below ``indexThreshold``.
    private var positions: [CodePointKey: Int]?

    /// An object with `members`; a later duplicate key replaces an earlier one.
    public init(_ members: [Member] = []) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    /// Members whose keys the caller guarantees are unique (the parser checks; hand-built
    /// encoders list each key once). Skips the duplicate check of ``init(_:)``.
    public init(uniqueMembers: [Member]) {
        self.members = uniqueMembers
        if uniqueMembers.count >= Self.indexThreshold { rebuildPositions() }
    }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { members[position] }

    /// The keys in written order.
    public var keys: [String] { members.map(\.key) }

    /// The position of `key` in ``members``.
    public func position(of key: String) -> Int? {
        if let positions { return positions[CodePointKey(key)] }
        return members.firstIndex { $0.key.hasSameCodePoints(as: key) }
    }

    /// The value for `key`; assigning `nil` removes the member (in time linear in the size).
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let index?, let value?):
                members[index].value = value
            case (let index?, nil):
                members.remove(at: index)
                if positions != nil { rebuildPositions() }
            case (nil, let value?):
                positions?[CodePointKey(key)] = members.count
                members.append(Member(key: key, value: value))
                if positions == nil, members.count >= Self.indexThreshold { rebuildPositions() }
            case (nil, nil):
                break
            }
        }
    }

    private mutating func rebuildPositions() {
        var index = [CodePointKey: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { index[CodePointKey(member.key)] = position }
        positions = index
    }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        return JSONEquality.equal(.object(lhs), .object(rhs))
    }

    public func hash(into hasher: inout Hasher) {
        // Order-insensitive, and without recursion: see JSONHashing.
        hasher.combine(JSONHashing.digest(.object(self)))
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
