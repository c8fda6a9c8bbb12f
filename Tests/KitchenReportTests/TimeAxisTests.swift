import Testing
@testable import KitchenReport

@Suite("The time axis: slots for events at one instant, time to scale between instants")
struct TimeAxisTests {
    @Test("events at one instant sit side by side in slots that fill the width, at most the widest slot")
    func oneInstant() {
        let axis = TimeAxis(placements: (0..<4).map { (time: 1000, slot: $0) }, ends: [], width: 400, maximumSlotWidth: 36)
        #expect(axis.slotWidth == 36)
        #expect((0..<4).map { axis.x(1000, slot: $0) } == [0, 36, 72, 108])
        #expect(axis.pixelsPerMillisecond == 0)
        let wide = TimeAxis(placements: (0..<40).map { (time: 5, slot: $0) }, ends: [], width: 400, maximumSlotWidth: 36)
        #expect(wide.slotWidth == 10)
    }

    @Test("time between instants is to scale in the half of the width the slots leave, after the slots before it")
    func toScale() {
        // Two slots at 0 ms, one at 1000 ms, one at 3000 ms: slots take 4 × 36 = 144 of 400 (less than half).
        let axis = TimeAxis(placements: [(0, 0), (0, 1), (1000, 0), (3000, 0)], ends: [], width: 400, maximumSlotWidth: 36)
        #expect(axis.slotWidth == 36)
        #expect(axis.pixelsPerMillisecond == (400 - 144) / 3000.0)
        #expect(axis.x(1000, slot: 0) == 72 + 1000 * axis.pixelsPerMillisecond)
        #expect(axis.x(3000, slot: 0) == 108 + 3000 * axis.pixelsPerMillisecond)
        // A moment between instants lies after every slot of the instants before it.
        #expect(axis.x(atTime: 2000) == 108 + 2000 * axis.pixelsPerMillisecond)
        #expect(axis.width == 400)
    }

    @Test("an exchange that ends after the last event extends the axis")
    func endsExtendTheSpan() {
        let axis = TimeAxis(placements: [(0, 0)], ends: [500], width: 200, maximumSlotWidth: 36)
        #expect(axis.end == 500)
        #expect(axis.x(atTime: 500) == 200)
    }

    @Test("ticks: round steps, minor tenths for zooming in, and every instant that holds several slots")
    func ticks() {
        let axis = TimeAxis(placements: [(0, 0), (6000, 0), (6000, 1)], ends: [], width: 600, maximumSlotWidth: 36)
        let ticks = axis.ticks()
        #expect(ticks.first?.label == "+0.000s")
        #expect(ticks.contains { $0.label == "+0.100s" && !$0.minor })
        #expect(ticks.contains { $0.label == "+0.010s" && $0.minor })
        #expect(ticks.filter { $0.label == "+6.000s" }.count >= 1)
        #expect(ticks.map(\.x) == ticks.map(\.x).sorted())
        #expect(TimeAxis.roundStep(130) == 200 && TimeAxis.roundStep(0.3) == 1 && TimeAxis.roundStep(1000) == 1000)
    }
}
