@testable import HTTPWire
import Testing

/// The machine the head-reading loop drives, alone: bytes, the end of the stream and given
/// instants in, actions out. No socket, no thread, no clock.
@Suite struct RequestHeadReadingTests {
    static let idle = Duration.seconds(60)
    static let head = Duration.seconds(30)
    static let start = Duration.seconds(100)
    static let request = Array("GET /kitchen/oven?x=1 HTTP/1.1\r\nHost: kitchen.local\r\nAccept: */*\r\n\r\n".utf8)

    static func reading(limits: HTTPLimits = HTTPLimits(), now: Duration = start) -> RequestHeadReading {
        RequestHeadReading(limits: limits, clock: RequestReadClock(idle: idle, head: head, bodyProgress: .seconds(5)), now: now)
    }

    /// The first event a connection thread's decoder finds in handed-over bytes.
    static func firstEvent(of bytes: [UInt8]) throws -> HTTPRequestDecoder.Event? {
        var decoder = HTTPRequestDecoder()
        decoder.feed(bytes)
        return try decoder.next()
    }

    @Test func aNewConnectionWaitsUntilTheIdleTimeout() {
        let reading = Self.reading()
        #expect(reading.deadline == Self.start + Self.idle)
    }

    @Test func aWholeHeadInOneReadIsHandedOverAsReceived() throws {
        var reading = Self.reading()
        let action = reading.received(Self.request, now: Self.start + .seconds(1))
        #expect(action == .handOver(Self.request))
        guard case .head(let request)? = try Self.firstEvent(of: Self.request) else {
            Issue.record("the handed-over bytes hold no head")
            return
        }
        #expect(request.target == "/kitchen/oven?x=1")
    }

    // Reads may cut the head anywhere: whatever the cut, the thread gets the same bytes.
    @Test(arguments: 1..<request.count)
    func aHeadSplitAtAnyByteBoundaryHandsOverTheSameBytesAsUnsplit(cut: Int) {
        var reading = Self.reading()
        let first = reading.received(Self.request[..<cut], now: Self.start + .seconds(1))
        #expect(first == .wait(until: Self.start + .seconds(1) + Self.head))
        let second = reading.received(Self.request[cut...], now: Self.start + .seconds(2))
        #expect(second == .handOver(Self.request))
    }

    @Test func aHeadTrickledOneByteAtATimeWaitsForTheSameDeadlineThenIsHandedOver() {
        var reading = Self.reading()
        let firstByte = Self.start + .seconds(1)
        for (index, byte) in Self.request.enumerated() {
            let action = reading.received([byte], now: firstByte + .milliseconds(10 * index))
            if index < Self.request.count - 1 {
                // Slowloris: bytes that keep arriving do not move the head deadline.
                #expect(action == .wait(until: firstByte + Self.head), "byte \(index)")
            } else {
                #expect(action == .handOver(Self.request))
            }
        }
    }

    // Pipelined requests and a body that arrived with the head belong to the thread.
    @Test func bytesAfterTheHeadGoAlongInTheHandOver() throws {
        let post = Array("POST /timers HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello".utf8)
        let next = Array("GET /next HTTP/1.1\r\nHo".utf8)
        var reading = Self.reading()
        #expect(reading.received(post + next, now: Self.start) == .handOver(post + next))

        var decoder = HTTPRequestDecoder()
        decoder.feed(post + next)
        guard case .head(let request)? = try decoder.next() else {
            Issue.record("no head")
            return
        }
        #expect(request.method == .post)
        #expect(try decoder.next() == .body(Array("hello".utf8)))
        #expect(try decoder.next() == .end)
        #expect(decoder.takeBufferedBytes() == next)
    }

    static let refusal408 = HTTPServerRefusal.requestHeadTimedOut(limit: head).responseBytes

    @Test func anIncompleteHeadAtItsDeadlineIsRefusedWith408AndDrainedForASecond() {
        var reading = Self.reading()
        let firstByte = Self.start + .seconds(1)
        let deadline = firstByte + Self.head
        #expect(reading.received(Self.request.prefix(20), now: firstByte) == .wait(until: deadline))
        #expect(reading.timeElapsed(now: deadline - .milliseconds(1)) == .wait(until: deadline))
        let refusal = reading.timeElapsed(now: deadline)
        #expect(refusal == .send(Self.refusal408, until: deadline + RequestHeadReading.writeTime))
        #expect(String(decoding: Self.refusal408, as: UTF8.self).hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(reading.awaitsWritable)
        // Written whole at once: the FIN, then what the client still sends is discarded until the drain ends.
        let written = deadline + .milliseconds(2)
        #expect(reading.sent(Self.refusal408.count, flushed: true, now: written) == .finishAnswer(drainUntil: written + .seconds(1)))
        #expect(!reading.awaitsWritable)
        #expect(reading.received(Self.request.suffix(10), now: written + .milliseconds(5)) == .wait(until: written + .seconds(1)))
        #expect(reading.timeElapsed(now: written + .seconds(1)) == .close)
    }

    // The answer is written as the socket takes it, whatever the pieces: the bytes sent in
    // order are the answer, each `send` asks for exactly what is left, and only then the FIN.
    @Test(arguments: [1, 7, 64, 100, 1_000])
    func anAnswerTheSocketTakesPieceByPieceIsSentWholeBeforeTheFIN(piece: Int) {
        var reading = Self.reading()
        _ = reading.received(Self.request.prefix(5), now: Self.start)
        var now = Self.start + Self.head
        var action = reading.timeElapsed(now: now)
        var delivered: [UInt8] = []
        var rounds = 0
        while rounds < 10_000 {
            rounds += 1
            guard case .send(let bytes, _) = action else { break }
            #expect(Array(Self.refusal408.dropFirst(delivered.count)) == bytes, "send asks for what is left")
            let taken = min(piece, bytes.count)
            delivered += bytes.prefix(taken)
            now += .milliseconds(1)
            let next = reading.sent(taken, flushed: true, now: now)
            guard next == .waitWritable(until: now + RequestHeadReading.writeTime) else {
                action = next
                break
            }
            // The socket has room again.
            now += .milliseconds(1)
            action = reading.writable(now: now)
        }
        #expect(delivered == Self.refusal408)
        #expect(action == .finishAnswer(drainUntil: now + RequestHeadReading.drainTime))
    }

    // TLS: the socket took all the plaintext but holds ciphertext back; the FIN waits for it.
    @Test func anAnswerNotYetFlushedWaitsForRoomBeforeTheFIN() {
        var reading = Self.reading()
        _ = reading.received(Array("GET / HTTP/1.1\r\nHost : a\r\n\r\n".utf8), now: Self.start)
        let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
        #expect(reading.answer(with: answer, now: Self.start) == .send(answer, until: Self.start + RequestHeadReading.writeTime))
        #expect(reading.sent(answer.count, flushed: false, now: Self.start) == .waitWritable(until: Self.start + RequestHeadReading.writeTime))
        #expect(reading.writable(now: Self.start + .milliseconds(3)) == .send([], until: Self.start + RequestHeadReading.writeTime))
        #expect(reading.sent(0, flushed: true, now: Self.start + .milliseconds(4))
            == .finishAnswer(drainUntil: Self.start + .milliseconds(4) + RequestHeadReading.drainTime))
    }

    // A client that takes no byte of the answer for `writeTime` is given up, as a thread's
    // write times out; one that keeps taking bytes is not.
    @Test func anAnswerTheClientStopsTakingIsGivenUpAfterTheWriteTime() {
        var reading = Self.reading()
        _ = reading.received(Self.request.prefix(5), now: Self.start)
        let refused = Self.start + Self.head
        _ = reading.timeElapsed(now: refused)
        let progress = refused + .milliseconds(900)
        #expect(reading.sent(10, flushed: true, now: refused) == .waitWritable(until: refused + RequestHeadReading.writeTime))
        _ = reading.writable(now: progress)
        #expect(reading.sent(10, flushed: true, now: progress) == .waitWritable(until: progress + RequestHeadReading.writeTime))
        #expect(reading.timeElapsed(now: refused + RequestHeadReading.writeTime) == .waitWritable(until: progress + RequestHeadReading.writeTime))
        #expect(reading.timeElapsed(now: progress + RequestHeadReading.writeTime) == .close)
    }

    // The timer may fire late: a byte that arrives after the deadline does not save the head.
    @Test func aByteArrivingPastTheDeadlineBeforeTheTimerIsRefusedToo() {
        var reading = Self.reading()
        let firstByte = Self.start + .seconds(1)
        _ = reading.received(Self.request.prefix(5), now: firstByte)
        let late = firstByte + Self.head + .milliseconds(3)
        #expect(reading.received(Self.request.dropFirst(5), now: late) == .send(Self.refusal408, until: late + RequestHeadReading.writeTime))
    }

    @Test func aRefusedClientThatKeepsSendingPastTheDrainLimitIsClosed() {
        var reading = Self.reading()
        _ = reading.received(Self.request.prefix(5), now: Self.start)
        _ = reading.timeElapsed(now: Self.start + Self.head)
        _ = reading.sent(Self.refusal408.count, flushed: true, now: Self.start + Self.head)
        let chunk = [UInt8](repeating: 0x7A, count: 16_384)
        var actions: [RequestHeadReading.Action] = []
        for _ in 0..<(RequestHeadReading.drainLimit / chunk.count) {
            actions.append(reading.received(chunk, now: Self.start + Self.head))
        }
        #expect(actions.dropLast().allSatisfy { $0 == .wait(until: Self.start + Self.head + .seconds(1)) })
        #expect(actions.last == .close)
    }

    // RFC 9112 §9.5: an idle connection may be closed without a response.
    @Test func anIdleConnectionIsClosedSilentlyAtTheIdleTimeout() {
        var reading = Self.reading()
        #expect(reading.timeElapsed(now: Self.start + Self.idle - .milliseconds(1)) == .wait(until: Self.start + Self.idle))
        #expect(reading.timeElapsed(now: Self.start + Self.idle) == .close)
    }

    // Blank lines before a request line are skipped (RFC 9112 §2.2): they are not a head.
    @Test func blankLinesAloneKeepTheConnectionIdle() {
        var reading = Self.reading()
        let now = Self.start + .seconds(10)
        #expect(reading.received(Array("\r\n\r\n".utf8), now: now) == .wait(until: now + Self.idle))
        #expect(reading.timeElapsed(now: now + Self.idle) == .close)
    }

    @Test func theEndOfTheStreamMidHeadClosesSilently() {
        var reading = Self.reading()
        _ = reading.received(Self.request.prefix(12), now: Self.start)
        #expect(reading.ended() == .close)
    }

    @Test func theEndOfTheStreamBeforeAnyByteClosesSilently() {
        var reading = Self.reading()
        #expect(reading.ended() == .close)
    }

    // The same verdict as the connection thread's decoder, on the same bytes.
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", HTTPParseError.whitespaceBeforeColon("Host ")),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", .obsoleteLineFolding),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\n", .invalidContentLength("+5")),
    ])
    func aMalformedHeadIsRejectedWithTheParseErrorTheThreadWouldAnswer(head: String, expected: HTTPParseError) {
        var reading = Self.reading()
        let action = reading.received(Array(head.utf8), now: Self.start)
        #expect(throws: expected) { try Self.firstEvent(of: Array(head.utf8)) }
        #expect(action == .reject(expected))
        #expect(reading.ended() == .close)
    }

    @Test func anOversizedHeaderSectionIsRejectedWith431BeforeItEnds() {
        let limits = HTTPLimits(maxHeaderBytes: 64)
        var reading = Self.reading(limits: limits)
        let head = Array("GET / HTTP/1.1\r\nX-Big: ".utf8) + [UInt8](repeating: 0x61, count: 100)
        let action = reading.received(head, now: Self.start)
        #expect(action == .reject(.headerSectionTooLarge(limit: 64)))
        #expect(HTTPParseError.headerSectionTooLarge(limit: 64).status.code == 431)
    }

    @Test func anOversizedRequestLineIsRejectedWith414() {
        var reading = Self.reading(limits: HTTPLimits(maxStartLineBytes: 32))
        let line = Array("GET /".utf8) + [UInt8](repeating: 0x61, count: 40)
        let action = reading.received(line, now: Self.start)
        #expect(action == .reject(.startLineTooLong(limit: 32)))
        #expect(HTTPParseError.startLineTooLong(limit: 32).status.code == 414)
    }
}
