/// The connections waiting on ``RequestHeadLoop`` and their deadlines, as a plain value: park
/// one and get its token, take it back by token (bytes arrived), take those whose deadline has
/// passed. Times are offsets from any fixed start the caller chooses, so it is tested without
/// a clock. Every operation costs O(log n) at most: the loop asks for the earliest deadline
/// after every batch of events, with thousands of connections parked.
struct ParkingLot<Item> {
    private var items: [UInt64: (item: Item, deadline: Duration)] = [:]
    /// Every parked (deadline, token), soonest first; entries of items already taken stay until
    /// they reach the top, where they are dropped, so the top is always a parked one.
    private var deadlines = DeadlineHeap()
    private var nextToken: UInt64 = 0

    /// How many are parked.
    var count: Int { items.count }

    /// The soonest deadline, or nil when none is parked.
    var earliestDeadline: Duration? { deadlines.top?.deadline }

    /// Parks `item` until `deadline`; returns its token (never reused).
    mutating func park(_ item: Item, deadline: Duration) -> UInt64 {
        defer { nextToken += 1 }
        items[nextToken] = (item, deadline)
        deadlines.insert((deadline, nextToken))
        // Taken ones below the top pile up while connections come and go: rebuild from what
        // is parked once they outnumber it, so the heap stays within a constant of `count`.
        if deadlines.count > 2 * items.count + 64 {
            deadlines = DeadlineHeap(sorting: items.map { ($0.value.deadline, $0.key) })
        }
        return nextToken
    }

    /// Removes and returns the item parked under `token`, if it is still parked.
    mutating func take(_ token: UInt64) -> Item? {
        defer { dropTakenFromTheTop() }
        return items.removeValue(forKey: token)?.item
    }

    /// Removes and returns the items whose deadline is at or before `now`, soonest first.
    mutating func takeExpired(at now: Duration) -> [Item] {
        var expired: [Item] = []
        while let top = deadlines.top, top.deadline <= now {
            deadlines.removeTop()
            if let parked = items.removeValue(forKey: top.token) { expired.append(parked.item) }
            dropTakenFromTheTop()
        }
        return expired
    }

    /// Removes and returns everything, in token order.
    mutating func takeAll() -> [Item] {
        defer {
            items = [:]
            deadlines = DeadlineHeap()
        }
        return items.sorted { $0.key < $1.key }.map(\.value.item)
    }

    private mutating func dropTakenFromTheTop() {
        while let top = deadlines.top, items[top.token] == nil { deadlines.removeTop() }
    }
}

/// A binary min-heap of (deadline, token), ties broken by token (the order parked).
private struct DeadlineHeap {
    typealias Entry = (deadline: Duration, token: UInt64)
    private var entries: [Entry] = []

    init() {}

    /// A heap of `entries` (a sorted array is one).
    init(sorting entries: [Entry]) { self.entries = entries.sorted(by: Self.precedes) }

    var count: Int { entries.count }

    var top: Entry? { entries.first }

    mutating func insert(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeTop() {
        guard !entries.isEmpty else { return }
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < entries.count, Self.precedes(entries[left], entries[first]) { first = left }
            if right < entries.count, Self.precedes(entries[right], entries[first]) { first = right }
            guard first != parent else { return }
            entries.swapAt(parent, first)
            parent = first
        }
    }

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool { (a.deadline, a.token) < (b.deadline, b.token) }
}
