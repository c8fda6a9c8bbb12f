import HarnessCore
@testable import HTTPWire
import Testing

/// One wait's platform events become at most one readiness value per token: epoll's masks and
/// kqueue's per-filter records (plain values here, standing in for `kevent` structs) alike.
@Suite struct ReadinessTests {
    typealias Event = Readiness.KernelEvent

    static func kevent(_ token: UInt64, _ filter: Event.Filter, eof: Bool = false, error: Bool = false,
                       socketError: Bool = false) -> Event {
        .filter(token: token, filter, endOfFile: eof, failed: error, socketError: socketError)
    }

    static func epoll(_ token: UInt64, input: Bool = false, output: Bool = false, readHangUp: Bool = false,
                      hangUp: Bool = false, error: Bool = false) -> Event {
        .mask(token: token, input: input, output: output, readHangUp: readHangUp, hangUp: hangUp, error: error)
    }

    @Test func kqueuesReadAndWriteFiltersForOneTokenBecomeOneValueWithBoth() {
        let batch = Readiness.collect([Self.kevent(7, .read), Self.kevent(7, .write)], wakeToken: .max)
        #expect(batch.ready == [Readiness(token: 7, readable: true, writable: true)])
        #expect(!batch.woken)
    }

    @Test func tokensKeepTheOrderTheyFirstCameInEvenWhenTheirSecondFilterComesLater() {
        let events = [Self.kevent(3, .write), Self.kevent(9, .read), Self.kevent(3, .read), Self.kevent(5, .read)]
        #expect(Readiness.collect(events, wakeToken: .max).ready == [
            Readiness(token: 3, readable: true, writable: true),
            Readiness(token: 9, readable: true, writable: false),
            Readiness(token: 5, readable: true, writable: false),
        ])
    }

    @Test func theWakeUpTokenIsNotedApartAndNeverReported() {
        let batch = Readiness.collect([Self.kevent(.max, .read), Self.kevent(1, .read), Self.kevent(.max, .read)],
                                      wakeToken: .max)
        #expect(batch.woken)
        #expect(batch.ready == [Readiness(token: 1, readable: true, writable: false)])
    }

    /// kqueue's flags against what epoll reports for the same socket state.
    @Test(arguments: [
        // The peer sent FIN: epoll says EPOLLIN | EPOLLRDHUP, kqueue EV_EOF on the read filter.
        (kevent(1, .read, eof: true), epoll(1, input: true, readHangUp: true)),
        // The peer reset: the pending error comes with EV_EOF in fflags; epoll says EPOLLERR | EPOLLHUP.
        (kevent(1, .read, eof: true, socketError: true), epoll(1, input: true, hangUp: true, error: true)),
        // Nothing more can be sent: EV_EOF on the write filter, EPOLLHUP.
        (kevent(1, .write, eof: true), epoll(1, output: true, hangUp: true)),
        // EV_ERROR on either filter: both directions, as EPOLLERR.
        (kevent(1, .read, error: true), epoll(1, error: true)),
        (kevent(1, .write, error: true), epoll(1, error: true)),
        // Plain readiness.
        (kevent(1, .read), epoll(1, input: true)),
        (kevent(1, .write), epoll(1, output: true)),
    ] as [(Event, Event)])
    func aKqueueRecordMeansWhatEpollSaysForTheSameSocketState(kqueue: Event, epoll: Event) {
        #expect(Readiness.collect([kqueue], wakeToken: .max) == Readiness.collect([epoll], wakeToken: .max))
    }

    @Test func anEndOfStreamOnTheReadFilterAloneDoesNotClaimTheSocketWritable() {
        #expect(Readiness.collect([Self.kevent(4, .read, eof: true)], wakeToken: .max).ready
                == [Readiness(token: 4, readable: true, writable: false)])
    }

    @Test func aRepeatedTokenInAnyShapeStillGivesOneValue() {
        let events = [Self.epoll(2, input: true), Self.epoll(2, output: true), Self.kevent(2, .read, eof: true)]
        #expect(Readiness.collect(events, wakeToken: .max).ready == [Readiness(token: 2, readable: true, writable: true)])
    }

    @Test func noEventsIsAnEmptyBatch() {
        #expect(Readiness.collect([], wakeToken: .max) == Readiness.Batch())
    }

    /// Whatever the order and repetition of events, every token that came is reported exactly
    /// once, with the union of what its events said.
    @Test(arguments: 0..<50)
    func everyTokenIsReportedOnceWithTheUnionOfItsEvents(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let events: [Event] = (0..<Int(generator.next() % 40)).map { _ in
            let token = generator.next() % 6
            let bits = generator.next()
            return bits & 1 == 0
                ? Self.kevent(token, bits & 2 == 0 ? .read : .write, eof: bits & 4 != 0, error: bits & 8 != 0,
                              socketError: bits & 16 != 0)
                : Self.epoll(token, input: bits & 2 != 0, output: bits & 4 != 0, readHangUp: bits & 8 != 0,
                             hangUp: bits & 16 != 0, error: bits & 32 != 0)
        }
        let batch = Readiness.collect(events, wakeToken: 5)
        #expect(batch.woken == events.contains { $0.token == 5 })
        let tokens = batch.ready.map(\.token)
        #expect(tokens == uniqueInOrder(events.map(\.token).filter { $0 != 5 }))
        for readiness in batch.ready {
            let own = events.filter { $0.token == readiness.token }.map(\.directions)
            #expect(readiness.readable == own.contains { $0.readable })
            #expect(readiness.writable == own.contains { $0.writable })
        }
    }

    private func uniqueInOrder(_ tokens: [UInt64]) -> [UInt64] {
        var seen: Set<UInt64> = []
        return tokens.filter { seen.insert($0).inserted }
    }
}
