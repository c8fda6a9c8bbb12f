import KitchenRecording

/// Where everything of a ``TimelineModel`` goes at zoom 1: the axis, each exchange's bar and
/// row, each connection's open, ticks and close, each lane event's mark and row.
struct TimelineLayout: Sendable {
    struct Bar: Sendable {
        var x: Double
        /// The width the time gives it at zoom 1 (what the script scales).
        var scaledWidth: Double
        /// The width drawn at zoom 1: at least the minimum.
        var width: Double
        var placement: RowPacking.Placement
    }

    struct Tick: Sendable {
        var x: Double
        var hidden: Bool
        var aggregates: Bool
    }

    struct ConnectionPlacement: Sendable {
        var openX: Double
        var closeX: Double
        var ticks: [Tick]
    }

    let axis: TimeAxis
    let bars: [Bar]
    let httpRows: Int
    let connections: [ConnectionPlacement]
    let laneMarks: [[Bar]]
    let laneRows: [Int]

    /// Lays `model` out `configuration.plotWidth` wide; `pinned` entries and messages (those
    /// with findings) are never folded into a neighbour.
    init(model: TimelineModel, configuration: ReportConfiguration, pinned: PinnedSubjects) {
        // Entries at one instant keep their order in the file; a connection's open takes its
        // entry's place, and its messages and close follow it.
        let starts = (model.exchanges.map { ($0.entry, $0.start) } + model.connections.map { ($0.entry, $0.start) }).sorted { $0.0 < $1.0 }
        let ranks = Dictionary(uniqueKeysWithValues: zip(starts.map(\.0), Self.slots(starts.map(\.1))))
        var placements: [(time: Int64, slot: Int)] = model.exchanges.map { ($0.start, ranks[$0.entry] ?? 0) }
        var connectionSlots: [[Int]] = []
        for connection in model.connections {
            let rank = ranks[connection.entry] ?? 0
            let times = connection.messages.map(\.time) + [connection.end]
            let slots = [rank] + Self.slots(times, taken: [connection.start: rank + 1])
            placements += zip([connection.start] + times, slots).map { ($0, $1) }
            connectionSlots.append(slots)
        }
        let laneSlots = model.lanes.map { Self.slots($0.items.map(\.time)) }
        placements += zip(model.lanes, laneSlots).flatMap { lane, slots in zip(lane.items.map(\.time), slots).map { ($0, $1) } }
        let axis = TimeAxis(placements: placements, ends: model.exchanges.map { Double($0.start) + $0.duration },
                            width: configuration.plotWidth, maximumSlotWidth: configuration.maximumSlotWidth)
        self.axis = axis
        let slot = axis.slotWidth

        var marks: [RowPacking.Mark] = [], scaledWidths: [Double] = []
        for exchange in model.exchanges {
            let x = axis.x(exchange.start, slot: ranks[exchange.entry] ?? 0) + slot * 0.1
            let end = axis.x(atTime: Double(exchange.start) + exchange.duration)
            scaledWidths.append(max(slot * 0.8, end - x))
            marks.append(RowPacking.Mark(x: x, width: max(slot * 0.8, end - x, configuration.minimumBarWidth),
                                         labelWidth: HTMLText.labelWidth(exchange.label), pinned: pinned.entries.contains(exchange.entry)))
        }
        let packed = RowPacking.pack(marks, rows: configuration.maximumRows)
        bars = zip(zip(marks, scaledWidths), packed.placements).map { pair, placement in
            Bar(x: pair.0.x, scaledWidth: pair.1, width: pair.0.width, placement: placement)
        }
        httpRows = packed.rows

        connections = zip(model.connections, connectionSlots).map { connection, slots in
            let xs = zip(connection.messages, slots.dropFirst()).map { axis.x($0.time, slot: $1) + slot / 2 }
            var ticks = xs.map { Tick(x: $0, hidden: false, aggregates: false) }
            for direction in [HAR.WebSocketMessage.Direction.send, .receive] {
                let indices = connection.messages.indices.filter { connection.messages[$0].direction == direction }
                let folded = RowPacking.foldTicks(indices.map { xs[$0] }, pinned: indices.map {
                    pinned.messages.contains(MessageKey(entry: connection.entry, message: $0))
                })
                for (index, fold) in zip(indices, folded) {
                    ticks[index].hidden = fold.hidden
                    ticks[index].aggregates = fold.aggregates
                }
            }
            return ConnectionPlacement(openX: axis.x(connection.start, slot: slots[0]) + slot / 2,
                                       closeX: axis.x(connection.end, slot: slots[slots.count - 1]) + slot / 2, ticks: ticks)
        }

        let lanes = zip(model.lanes, laneSlots).map { lane, slots in
            let marks = zip(lane.items, slots).map { item, itemSlot in
                RowPacking.Mark(x: axis.x(item.time, slot: itemSlot) + slot / 2 - 4, width: 8,
                                labelWidth: HTMLText.labelWidth(item.label))
            }
            let packed = RowPacking.pack(marks, rows: configuration.maximumLaneRows)
            let bars = zip(marks, packed.placements).map { Bar(x: $0.x, scaledWidth: $0.width, width: $0.width, placement: $1) }
            return (marks: bars, rows: packed.rows)
        }
        laneMarks = lanes.map(\.marks)
        laneRows = lanes.map(\.rows)
    }

    /// The slot of each of `times`, in order: how many events before it (`taken` counted
    /// first) fell on its instant.
    static func slots(_ times: [Int64], taken: [Int64: Int] = [:]) -> [Int] {
        var counts = taken
        return times.map { time in
            defer { counts[time, default: 0] += 1 }
            return counts[time, default: 0]
        }
    }
}

/// A message of one entry.
struct MessageKey: Hashable, Sendable {
    var entry: Int
    var message: Int
}

/// The entries and messages that carry a finding: always drawn, never folded.
struct PinnedSubjects: Sendable {
    var entries: Set<Int> = []
    var messages: Set<MessageKey> = []
}
