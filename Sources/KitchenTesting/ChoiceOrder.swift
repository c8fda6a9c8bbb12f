/// The order shrinking works toward: fewer choices first, then lexicographically
/// smaller ones. Every accepted shrink is strictly smaller, so shrinking ends.
enum ChoiceOrder {
    static func isSimpler(_ candidate: [UInt64], than current: [UInt64]) -> Bool {
        if candidate.count != current.count {
            return candidate.count < current.count
        }
        return candidate.lexicographicallyPrecedes(current)
    }
}
