/// The members of a JSON object, in the order they were written.
///
/// Lookup is by key; equality ignores order. Keys are unique: setting an
/// existing key replaces its value in place.
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

    /// The members in written order.
    public private(set) var members: [Member]

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
    }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { members[position] }

    /// The keys in written order.
    public var keys: [String] { members.map(\.key) }

    /// The value for `key`; assigning `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            let index = members.firstIndex(where: { $0.key == key })
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for member in lhs.members where rhs[member.key] != member.value { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-insensitive: combine member hashes commutatively. One hasher per
        // member here, rather than `member.hashValue`, keeps the stack used per
        // nesting level small enough for a document at the parser's depth limit.
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            member.value.hash(into: &memberHasher)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
