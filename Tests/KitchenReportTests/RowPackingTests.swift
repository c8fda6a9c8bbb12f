import Testing
@testable import KitchenReport

@Suite("Row packing: labels never cover marks; marks denser than a pixel fold")
struct RowPackingTests {
    @Test("a mark goes into the first row free where it starts; a label reserves its row")
    func firstFreeRow() {
        let marks = [RowPacking.Mark(x: 0, width: 10, labelWidth: 50), .init(x: 20, width: 10, labelWidth: 50),
                     .init(x: 70, width: 10, labelWidth: 50)]
        let packed = RowPacking.pack(marks, rows: 4)
        #expect(packed.placements.map(\.row) == [0, 1, 0])
        #expect(packed.placements.allSatisfy { $0.showsLabel && !$0.hidden })
        #expect(packed.rows == 2)
    }

    @Test("with every row taken a mark goes to the row that frees first, without its label; one within a pixel folds unless pinned")
    func crowded() {
        let marks = [RowPacking.Mark(x: 0, width: 3, labelWidth: 100), .init(x: 1, width: 3, labelWidth: 100),
                     .init(x: 1.5, width: 3, labelWidth: 100), .init(x: 1.6, width: 3, labelWidth: 100, pinned: true)]
        let packed = RowPacking.pack(marks, rows: 1)
        #expect(packed.placements.map(\.row) == [0, 0, 0, 0])
        #expect(packed.placements.map(\.showsLabel) == [true, false, false, false])
        #expect(packed.placements.map(\.hidden) == [false, false, true, false])
        #expect(packed.placements[1].aggregates)
    }

    @Test("ticks closer than a pixel to the last one shown fold into it; pinned ticks always show")
    func ticks() {
        let folded = RowPacking.foldTicks([0, 0.5, 0.9, 1.0, 1.2, 5], pinned: [false, false, false, false, true, false])
        #expect(folded.map(\.hidden) == [false, true, true, false, false, false])
        #expect(folded.map(\.aggregates) == [true, false, false, false, false, false])
    }

    @Test("axis labels: major ticks first, minor ones only where they fit between")
    func labels() {
        let ticks: [(x: Double, minor: Bool)] = [(0, false), (30, true), (70, true), (100, false), (150, false), (200, true), (300, true)]
        #expect(RowPacking.foldLabels(ticks, spacing: 64) == [false, true, true, false, true, false, false])
    }
}
