import KitchenContracts

/// Compares the shapes of two sets of recordings, values ignored, in the words of
/// `ContractChange`, for `kitchen diff OLD NEW` on two folders and the `--live` gate.
///
/// ```swift
/// let changes = ShapeDiff.compare(old: RecordingShapes(committed), new: RecordingShapes(live))
/// changes.filter { $0.severity == .breaking }.map(\.description)
/// // ["BREAKING  POST /devices/{deviceId}/oven/temperature → 400 → /message: string → absent"]
/// ```
///
/// Breaking: a response status, operation or message type seen before and not now; a member
/// seen before and absent now (a rename shows as this plus an additive new member); a member
/// whose non-null type changed (`integer` → `string`; `integer` → `number` too, while
/// `number` → `integer` is not a change); a member never `null` before that is now; a member
/// present in every instance before and missing from some now. Additive: a new status,
/// operation, message type or member. Nothing is concluded where the new side shows no
/// instance of the enclosing object (an empty array says nothing about its elements), nor
/// from a type that simply was not seen again (a nullable field that happened to be `null`).
public enum ShapeDiff {
    /// The changes from `old` to `new`, sorted by location. With `commonOnly`, only what both
    /// sides exercised is compared (each operation × status and message type seen in both):
    /// one session's recordings against the full set, where everything the session never
    /// used would otherwise read as removed.
    public static func compare(old: RecordingShapes, new: RecordingShapes, commonOnly: Bool = false) -> [ContractChange] {
        if commonOnly {
            let shared = Set(old.subjects.keys).intersection(new.subjects.keys)
            return compare(old: old.restricted(to: shared), new: new.restricted(to: shared))
        }
        var changes: [ContractChange] = []
        let newOperations = Set(new.subjects.values.compactMap(\.operation))
        let oldOperations = Set(old.subjects.values.compactMap(\.operation))
        for (name, before) in old.subjects {
            guard let after = new.subjects[name] else {
                let (location, kinds) = unmatched(name, before, otherOperations: newOperations)
                changes.append(.init(severity: .breaking, location: location, kind: kinds.removed, old: "seen", new: nil))
                continue
            }
            changes += compare(before, after, at: name)
        }
        for (name, after) in new.subjects where old.subjects[name] == nil {
            let (location, kinds) = unmatched(name, after, otherOperations: oldOperations)
            changes.append(.init(severity: .additive, location: location, kind: kinds.added, old: nil, new: "seen"))
        }
        return Array(Set(changes)).sorted()
    }

    /// What a subject seen on one side only is, and where it is reported: a response of an
    /// operation the other side still shows, a whole operation, or a message type.
    private static func unmatched(
        _ name: String, _ subject: RecordingShapes.Subject, otherOperations: Set<String>
    ) -> (location: String, kinds: (removed: ContractChange.Kind, added: ContractChange.Kind)) {
        guard let operation = subject.operation else { return (name, (.messageRemoved, .messageAdded)) }
        if otherOperations.contains(operation) { return (name, (.responseRemoved, .responseAdded)) }
        return (operation, (.operationRemoved, .operationAdded))
    }

    private static func compare(
        _ old: RecordingShapes.Subject, _ new: RecordingShapes.Subject, at subject: String
    ) -> [ContractChange] {
        var changes: [ContractChange] = []
        func location(_ path: String) -> String { "\(subject) → \(path.isEmpty ? "(body)" : path)" }
        for (path, before) in old.fields {
            guard observed(parentOf: path, in: new) else { continue }
            guard let after = new.fields[path] else {
                changes.append(.init(severity: .breaking, location: location(path), kind: .propertyRemoved,
                                     old: words(before.types), new: nil))
                continue
            }
            let oldValues = before.types.subtracting(["null"]), newValues = after.types.subtracting(["null"])
            if !oldValues.isEmpty, !newValues.isEmpty, !newValues.isSubset(of: widened(oldValues)) {
                changes.append(.init(severity: .breaking, location: location(path), kind: .typeChanged,
                                     old: words(before.types), new: words(after.types)))
            } else if !before.types.contains("null"), after.types.contains("null") {
                changes.append(.init(severity: .breaking, location: location(path), kind: .nullabilityChanged,
                                     old: words(before.types), new: words(after.types)))
            }
            if let (wasEvery, total) = presence(path, in: old), wasEvery == total,
               let (isNow, newTotal) = presence(path, in: new), isNow < newTotal {
                changes.append(.init(severity: .breaking, location: location(path), kind: .becameOptional,
                                     old: "present in all \(total)", new: "missing from \(newTotal - isNow) of \(newTotal)"))
            }
        }
        for (path, after) in new.fields where old.fields[path] == nil && old.fields[parent(of: path)] != nil {
            changes.append(.init(severity: .additive, location: location(path), kind: .propertyAdded,
                                 old: nil, new: words(after.types)))
        }
        return changes
    }

    /// Whether `subject` shows at least one instance that could hold `path`.
    private static func observed(parentOf path: String, in subject: RecordingShapes.Subject) -> Bool {
        guard !path.isEmpty else { return subject.instances > 0 }
        guard let parent = subject.fields[parent(of: path)] else { return false }
        return path.hasSuffix("/*") ? parent.filledArrays > 0 : parent.objects > 0
    }

    /// (times present, objects that could hold it) for an object member; `nil` for the root and array elements.
    private static func presence(_ path: String, in subject: RecordingShapes.Subject) -> (Int, Int)? {
        guard !path.isEmpty, !path.hasSuffix("/*"), let parent = subject.fields[parent(of: path)], parent.objects > 0 else {
            return nil
        }
        return (subject.fields[path]?.occurrences ?? 0, parent.objects)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// An integer is a number (JSON Schema 2020-12 §6.1.1), so `number` admits `integer`.
    private static func widened(_ types: Set<String>) -> Set<String> {
        types.contains("number") ? types.union(["integer"]) : types
    }

    private static func words(_ types: Set<String>) -> String {
        types.sorted().joined(separator: " | ")
    }
}

extension RecordingShapes {
    /// The same shapes, keeping only the subjects named in `names`.
    func restricted(to names: Set<String>) -> RecordingShapes {
        var copy = self
        copy.subjects = subjects.filter { names.contains($0.key) }
        return copy
    }

    /// How many subjects (operation × status, message type) appear on one side only.
    public static func unshared(_ old: RecordingShapes, _ new: RecordingShapes) -> Int {
        Set(old.subjects.keys).symmetricDifference(new.subjects.keys).count
    }
}
