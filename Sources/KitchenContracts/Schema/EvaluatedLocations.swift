import HarnessCore

/// The members and items of one instance location that successful keywords evaluated:
/// the annotations `unevaluatedProperties` and `unevaluatedItems` read (JSON Schema Core
/// 2020-12 §11). Collected only where such a keyword needs them.
///
/// Members are named by their position in the object (every keyword at one instance
/// location sees the same object), so recording one is setting a bit, not hashing a key.
///
/// ```swift
/// var seen = EvaluatedLocations()
/// seen.insert(member: 2)
/// seen.covers(member: 2)   // true
/// ```
struct EvaluatedLocations {
    /// Every member was evaluated (`additionalProperties`, `unevaluatedProperties`).
    var allMembers = false
    /// Bit `i` of word `i / 64`: the member at position `i` was evaluated.
    private var memberBits: [UInt64] = []
    /// Every item was evaluated (`items`, `unevaluatedItems`).
    var allItems = false
    /// Items before this index were evaluated (`prefixItems`).
    var itemPrefix = 0
    /// Items `contains` matched.
    var items: Set<Int> = []

    mutating func merge(_ other: EvaluatedLocations?) {
        guard let other else { return }
        allMembers = allMembers || other.allMembers
        if !allMembers {
            if memberBits.count < other.memberBits.count {
                memberBits += repeatElement(0, count: other.memberBits.count - memberBits.count)
            }
            for (word, bits) in other.memberBits.enumerated() { memberBits[word] |= bits }
        }
        allItems = allItems || other.allItems
        itemPrefix = max(itemPrefix, other.itemPrefix)
        if !allItems { items.formUnion(other.items) }
    }

    /// Records the member at `position` as evaluated.
    mutating func insert(member position: Int) {
        let word = position / 64
        if memberBits.count <= word { memberBits += repeatElement(0, count: word + 1 - memberBits.count) }
        memberBits[word] |= 1 << UInt64(position % 64)
    }

    func covers(member position: Int) -> Bool {
        if allMembers { return true }
        let word = position / 64
        return word < memberBits.count && memberBits[word] & (1 << UInt64(position % 64)) != 0
    }

    func covers(item: Int) -> Bool {
        allItems || item < itemPrefix || items.contains(item)
    }
}

extension Optional where Wrapped == EvaluatedLocations {
    /// Merges `other` when collecting (`self` not `nil`).
    mutating func merge(_ other: EvaluatedLocations?) {
        if self != nil { self!.merge(other) }
    }
}
