/// The event loop's pending timers and their deadlines, as a plain value: insert one and get
/// its token, remove it by token (cancelled), remove the soonest whose deadline has passed (due).
/// Times are offsets from any fixed start the caller chooses, so it is tested without a clock.
/// Every operation costs O(log n) at most: the loop asks for the earliest deadline after every
/// batch of events, with a timer per waiting connection.
///
/// ```swift
/// var timers = TimerHeap<String>()
/// let token = timers.insert("close idle", deadline: .seconds(60))
/// timers.removeFirstDue(at: .seconds(61))   // "close idle"
/// timers.remove(token)                       // nil: it already fired
/// ```
struct TimerHeap<Item> {
    /// The pending items and their deadlines, by token.
    private(set) var items: [UInt64: (item: Item, deadline: Duration)] = [:]
    /// Every pending (deadline, token), soonest first; entries of items already removed stay
    /// until they reach the top, where they are dropped, so the top is always a pending one.
    private var deadlines = DeadlineHeap()
    private var nextToken: UInt64 = 0

    /// The soonest deadline, or nil when none is pending.
    var earliestDeadline: Duration? { deadlines.top?.deadline }

    /// Adds `item`, due at `deadline`; returns its token (never reused).
    mutating func insert(_ item: Item, deadline: Duration) -> UInt64 {
        defer { nextToken += 1 }
        items[nextToken] = (item, deadline)
        deadlines.insert((deadline, nextToken))
        // Removed ones below the top pile up while timers come and go: rebuild from what is
        // pending once they outnumber it, so the heap stays within a constant of `count`.
        if deadlines.count > 2 * items.count + 64 {
            deadlines = DeadlineHeap(sorting: items.map { ($0.value.deadline, $0.key) })
        }
        return nextToken
    }

    /// Removes and returns the item under `token`, if it is still pending.
    @discardableResult
    mutating func remove(_ token: UInt64) -> Item? {
        defer { dropRemovedFromTheTop() }
        return items.removeValue(forKey: token)?.item
    }

    /// Removes and returns the soonest item whose deadline is at or before `now`, if any. The
    /// loop fires due timers one at a time through this, so that one firing may still cancel
    /// another that is due at the same turn.
    mutating func removeFirstDue(at now: Duration) -> Item? {
        guard let top = deadlines.top, top.deadline <= now else { return nil }
        deadlines.removeTop()
        defer { dropRemovedFromTheTop() }
        // The top is always a pending timer (removed ones are dropped as they reach it).
        return items.removeValue(forKey: top.token)?.item
    }

    private mutating func dropRemovedFromTheTop() {
        while let top = deadlines.top, items[top.token] == nil { deadlines.removeTop() }
    }
}

/// A binary min-heap of (deadline, token), ties broken by token (the order inserted).
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
