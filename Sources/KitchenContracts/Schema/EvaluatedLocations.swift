import HarnessCore

/// The members and items of one instance location that successful keywords evaluated:
/// the annotations `unevaluatedProperties` and `unevaluatedItems` read (JSON Schema Core
/// 2020-12 §11). Collected only where such a keyword needs them.
///
/// ```swift
/// var seen = EvaluatedLocations()
/// seen.members.insert(CodePointKey("id"))
/// seen.covers(member: "id")   // true
/// ```
struct EvaluatedLocations {
    /// Every member was evaluated (`additionalProperties`, `unevaluatedProperties`).
    var allMembers = false
    var members: Set<CodePointKey> = []
    /// Every item was evaluated (`items`, `unevaluatedItems`).
    var allItems = false
    /// Items before this index were evaluated (`prefixItems`).
    var itemPrefix = 0
    /// Items `contains` matched.
    var items: Set<Int> = []

    mutating func merge(_ other: EvaluatedLocations?) {
        guard let other else { return }
        allMembers = allMembers || other.allMembers
        if !allMembers { members.formUnion(other.members) }
        allItems = allItems || other.allItems
        itemPrefix = max(itemPrefix, other.itemPrefix)
        if !allItems { items.formUnion(other.items) }
    }

    func covers(member: String) -> Bool {
        allMembers || members.contains(CodePointKey(member))
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
