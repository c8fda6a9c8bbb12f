import Foundation
@testable import KitchenRecorder
import KitchenRecording
import KitchenReplay
import KitchenReproduce
import KitchenTestSupport
import Testing
import VirtualTime
@testable import KitchenCLI

/// The progress rule on virtual time: the reporter is driven directly with offsets, no clock.
@Suite struct ProgressReporterTests {
    private static func exchange(_ method: String, _ path: String, _ status: Int, milliseconds: Int = 4,
                                 _ outcome: RecorderEvent.Outcome = .recorded(redacted: false)) -> RecorderEvent {
        .exchange(.init(method: method, path: path, status: status, duration: .milliseconds(milliseconds), upstreamFailure: nil,
                        outcome: outcome))
    }

    @Test func countIsSaidEveryIntervalOnlyWhenItChanged() {
        var reporter = ProgressReporter(tally: RecordTally(), verbose: false, interval: .seconds(5))
        #expect(reporter.tick(at: .seconds(5)) == nil, "an idle recorder says nothing")
        #expect(reporter.receive(Self.exchange("GET", "/devices", 200), at: .seconds(6)) == nil, "no line per exchange without --verbose")
        #expect(reporter.tick(at: .milliseconds(9_999)) == nil, "not due before 10 s")
        #expect(reporter.tick(at: .seconds(10)) == "recorded 1 exchange, 0 messages; 0 failed")
        #expect(reporter.tick(at: .seconds(15)) == nil, "nothing changed since 10 s")
        _ = reporter.receive(Self.exchange("GET", "/devices", 200), at: .seconds(16))
        #expect(reporter.tick(at: .seconds(20)) == "recorded 2 exchanges, 0 messages; 0 failed")
        _ = reporter.receive(Self.exchange("GET", "/devices", 200), at: .seconds(21))
        #expect(reporter.finish() == "recorded 3 exchanges, 0 messages; 0 failed", "the last count is said at the end")
        #expect(reporter.finish() == nil)
    }

    @Test func aLateTickCatchesUpWithoutRepeating() {
        var reporter = ProgressReporter(tally: RecordTally(), verbose: false, interval: .seconds(5))
        _ = reporter.receive(Self.exchange("GET", "/a", 200), at: .seconds(1))
        #expect(reporter.tick(at: .seconds(17)) != nil)
        #expect(reporter.nextDue == .seconds(20))
    }

    @Test func verboseSaysALinePerExchangeAndNoCount() {
        var reporter = ProgressReporter(tally: RecordTally(), verbose: true, interval: .seconds(5))
        #expect(reporter.receive(Self.exchange("POST", "/auth/login", 200, milliseconds: 12, .recorded(redacted: true)),
                                 at: .milliseconds(1_234)) == "+1.234s POST /auth/login 200 12 ms redacted")
        #expect(reporter.receive(Self.exchange("GET", "/devices", 200, milliseconds: 3), at: .milliseconds(61_005))
            == "+61.005s GET /devices 200 3 ms recorded")
        #expect(reporter.tick(at: .seconds(65)) == nil)
        #expect(reporter.finish() == nil)
    }

    @Test func recordTallyFollowsAConversationAndCountsFailures() {
        var tally = RecordTally()
        let failure = RecordingError.journalClosed(path: "/tmp/x.journal")
        #expect(tally.note(.webSocketOpened(id: "ws-1", path: "/ws", outcome: .recorded(redacted: false))) == "WS /ws opened (ws-1) recorded")
        #expect(tally.note(.webSocketMessage(id: "ws-1", sentByClient: false, outcome: .recorded(redacted: false))) == nil)
        #expect(tally.note(.webSocketMessage(id: "ws-1", sentByClient: false, outcome: .recorded(redacted: false))) == nil)
        #expect(tally.note(.webSocketMessage(id: "ws-1", sentByClient: true, outcome: .recorded(redacted: true))) == nil)
        #expect(tally.note(.webSocketClosed(id: "ws-1", code: 1000, closedBy: .client, outcome: .recorded(redacted: false)))
            == "WS /ws closed 1000 by client (ws-1): 1 from client, 2 from server")
        #expect(tally.note(Self.exchange("GET", "/devices", 503, .failed(failure)))
            == "GET /devices 503 4 ms FAILED (journal): \(failure)")
        #expect(tally.summary == "recorded 1 exchange, 3 messages; 1 failed")
    }

    @Test func recordTallyCountsRequestsTheUpstreamPoolTurnedAwayApartFromRecords() {
        var tally = RecordTally()
        _ = tally.note(Self.exchange("GET", "/devices", 200))
        #expect(tally.note(.upstreamBusy(method: "GET", path: "/devices")) == "GET /devices 503 no upstream connection free, not relayed")
        #expect(tally.note(.upstreamBusy(method: "POST", path: "/orders")) != nil)
        #expect(tally.summary == "recorded 1 exchange, 0 messages; 0 failed; 2 answered 503 (upstream connections busy)")
    }

    @Test func countsAreGroupedByThousands() {
        #expect(grouped(0) == "0")
        #expect(grouped(999) == "999")
        #expect(grouped(1_234) == "1,234")
        #expect(grouped(1_234_567) == "1,234,567")
        #expect(Duration.milliseconds(7).offsetText == "+0.007s")
    }

    /// The replay tally is fed the decisions of a real engine over a real recording.
    @Test func replayTallyNamesTheEntryOrTheNearestOne() throws {
        let engine = ReplayMatching.kitchen.engine(try HARFile.load(from: Repository.recording("login-and-discovery")))
        var reporter = ProgressReporter(tally: ReplayTally(entries: engine.document.log.entries.count), verbose: true, interval: .seconds(5))
        func replay(_ method: String, _ path: String) -> ReplayEvent {
            switch engine.answer(ReplayRequest(method: method, path: path, query: [], body: [], volatile: engine.volatile)) {
            case .answer(let entry): .answered(request: entry.request, entry: entry.index, status: entry.entry.response.status)
            case .unmatched(let mismatch): .unmatched(mismatch, webSocket: false)
            }
        }
        #expect(reporter.receive(replay("GET", "/devices"), at: .seconds(1)) == "+1.000s GET /devices 200 entry 1")
        #expect(reporter.receive(replay("GET", "/devices"), at: .seconds(2))
            == "+2.000s GET /devices 599 no match; every recorded answer already used (entry 1)")
        let line = reporter.receive(replay("DELETE", "/devices"), at: .seconds(3))
        let nearest = try #require(line)
        #expect(nearest.hasPrefix("+3.000s DELETE /devices 599 no match; nearest entry 1 GET /devices: method: recorded GET, got DELETE"),
                "\(nearest)")
        #expect(reporter.tally.summary == "replayed 3 requests (1 matched, 2 unmatched), 8 of 9 entries unused")
    }
}
