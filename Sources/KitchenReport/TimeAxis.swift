/// The page's one horizontal axis: time, with room made for events recorded at the same instant.
///
/// Recordings made on virtual time put many events on one millisecond. A plain time scale
/// would draw them on top of each other, so every distinct instant gets as many *slots* as
/// its busiest lane has events there, side by side in recorded order, and the time between
/// instants is drawn to scale in what is left of the width:
///
///     x(t, slot) = slotWidth × (slots of the instants before t + slot) + pixelsPerMillisecond × (t − origin)
///
/// ```swift
/// let axis = TimeAxis(placements: [(time: 0, slot: 0), (time: 0, slot: 1), (time: 1000, slot: 0)],
///                     ends: [1000], width: 300, maximumSlotWidth: 40)
/// axis.x(0, slot: 1)   // 75: the second event at the first instant
/// axis.x(1000, slot: 0) // 225: three slots (the last at 1000 ms) plus one second to scale
/// ```
struct TimeAxis: Sendable {
    /// The first instant, in milliseconds since 1970.
    let origin: Int64
    /// The distinct instants that hold events, ascending.
    let instants: [Int64]
    /// For each of ``instants``, how many slots the instants before it take.
    let slotsBefore: [Int]
    /// For each of ``instants``, how many slots it takes.
    let slots: [Int]
    /// The width of one slot at zoom 1.
    let slotWidth: Double
    /// The scale of the time between instants at zoom 1.
    let pixelsPerMillisecond: Double
    /// The last instant anything reaches (an event or the end of an exchange).
    let end: Double

    /// An axis `width` wide for events at `placements` (an instant and the slot each takes
    /// there) and exchanges ending at `ends`. Slots get at most half the width when time passes
    /// between instants, all of it when everything happened at one instant.
    init(placements: [(time: Int64, slot: Int)], ends: [Double], width: Double, maximumSlotWidth: Double) {
        var slotsAt: [Int64: Int] = [:]
        for placement in placements { slotsAt[placement.time] = max(slotsAt[placement.time] ?? 0, placement.slot + 1) }
        instants = slotsAt.keys.sorted()
        slots = instants.map { slotsAt[$0] ?? 1 }
        var running = 0
        slotsBefore = slots.map { count in
            defer { running += count }
            return running
        }
        let first = instants.first ?? 0
        origin = first
        end = max(Double(instants.last ?? first), ends.max() ?? Double(first))
        let span = end - Double(first)
        let totalSlots = max(running, 1)
        slotWidth = min(maximumSlotWidth, width * (span > 0 ? 0.5 : 1) / Double(totalSlots))
        pixelsPerMillisecond = span > 0 ? (width - slotWidth * Double(running)) / span : 0
    }

    /// The whole width at zoom 1.
    var width: Double { x(atTime: end) + slotWidth * Double(slotsAt(end)) }

    /// The left edge of `slot` at the instant `time`.
    func x(_ time: Int64, slot: Int) -> Double {
        slotWidth * Double(slotsBefore(lowerBound(Double(time))) + slot) + pixelsPerMillisecond * Double(time - origin)
    }

    /// Where `time` falls: after every slot of the instants before it.
    func x(atTime time: Double) -> Double {
        slotWidth * Double(slotsBefore(lowerBound(time))) + pixelsPerMillisecond * (time - Double(origin))
    }

    /// How many slots the instant `time` takes (0 when nothing happened then).
    func slotsAt(_ time: Double) -> Int {
        let index = lowerBound(time)
        return index < instants.count && Double(instants[index]) == time ? slots[index] : 0
    }

    /// The slots of every instant before the one at `index` (all of them past the end).
    private func slotsBefore(_ index: Int) -> Int {
        index < instants.count ? slotsBefore[index] : (slotsBefore.last ?? 0) + (slots.last ?? 0)
    }

    /// The index of the first instant at or after `time`.
    private func lowerBound(_ time: Double) -> Int {
        var low = 0, high = instants.count
        while low < high {
            let middle = (low + high) / 2
            if Double(instants[middle]) < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Tick marks: round multiples of a step near a sixtieth of the span (and, `minor`, of a
    /// tenth of that step, for zooming in), and every instant that holds more than one slot.
    /// The page shows those whose labels do not collide.
    func ticks() -> [(x: Double, label: String, minor: Bool)] {
        var ticks: [(x: Double, label: String, minor: Bool)] = [(0, HTMLText.offset(milliseconds: 0), false)]
        let span = end - Double(origin)
        if span > 0 {
            let step = Self.roundStep(span / 60), minorStep = max(step / 10, 1)
            var index = 1.0
            while index * minorStep <= span {
                let time = (index * minorStep).rounded()
                let minor = (time / step).rounded() * step != time
                ticks.append((x(atTime: Double(origin) + time), HTMLText.offset(milliseconds: Int64(time)), minor))
                index += 1
            }
        }
        for (index, instant) in instants.enumerated() where slots[index] > 1 && instant != origin {
            ticks.append((x(instant, slot: 0), HTMLText.offset(milliseconds: instant - origin), false))
        }
        return ticks.sorted { $0.x < $1.x }
    }

    /// 1, 2 or 5 times a power of ten, at least `rough` (and at least 1 ms).
    static func roundStep(_ rough: Double) -> Double {
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        for factor in [1.0, 2, 5, 10] where power * factor >= rough { return power * factor }
        return power * 10
    }
}
