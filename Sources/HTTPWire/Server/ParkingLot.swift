/// The connections waiting on ``RequestHeadLoop`` and their deadlines, as a plain value: park
/// one and get its token, take it back by token (bytes arrived), take those whose deadline has
/// passed.
/// Times are offsets from any fixed start the caller chooses, so it is tested without a clock.
struct ParkingLot<Item> {
    private var items: [UInt64: (item: Item, deadline: Duration)] = [:]
    private var nextToken: UInt64 = 0

    /// How many are parked.
    var count: Int { items.count }

    /// The soonest deadline, or nil when none is parked.
    var earliestDeadline: Duration? { items.values.lazy.map(\.deadline).min() }

    /// Parks `item` until `deadline`; returns its token (never reused).
    mutating func park(_ item: Item, deadline: Duration) -> UInt64 {
        defer { nextToken += 1 }
        items[nextToken] = (item, deadline)
        return nextToken
    }

    /// Removes and returns the item parked under `token`, if it is still parked.
    mutating func take(_ token: UInt64) -> Item? { items.removeValue(forKey: token)?.item }

    /// Removes and returns the items whose deadline is at or before `now`, soonest first.
    mutating func takeExpired(at now: Duration) -> [Item] {
        let expired = items.filter { $0.value.deadline <= now }.sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        for (token, _) in expired { items.removeValue(forKey: token) }
        return expired.map(\.value.item)
    }

    /// Removes and returns everything, in token order.
    mutating func takeAll() -> [Item] {
        defer { items = [:] }
        return items.sorted { $0.key < $1.key }.map(\.value.item)
    }
}
