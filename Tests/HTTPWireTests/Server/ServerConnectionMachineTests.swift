@testable import HTTPWire
import Testing

/// The machine an event loop drives for each server connection, alone: bytes, the end of the
/// stream, the responder's answers, what the socket took and given instants in, actions out.
/// No socket, no thread, no clock.
@Suite struct ServerConnectionMachineTests {
    static let idle = Duration.seconds(60)
    static let head = Duration.seconds(30)
    static let bodyProgress = Duration.seconds(5)
    static let writeTimeout = Duration.seconds(20)
    static let start = Duration.seconds(100)
    static let request = Array("GET /kitchen/oven?x=1 HTTP/1.1\r\nHost: kitchen.local\r\nAccept: */*\r\n\r\n".utf8)
    static let ok = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)

    static func machine(limits: HTTPLimits = HTTPLimits(), now: Duration = start, pipelinedBytesLimit: Int = 64 * 1024,
                        bodyDelivery: @escaping @Sendable (HTTPRequest) -> HTTPBodyDelivery = { _ in .buffered })
        -> ServerConnectionMachine {
        ServerConnectionMachine(
            limits: limits, readTimeouts: RequestReadTimeouts(idle: idle, head: head, bodyProgress: bodyProgress),
            writeTimeout: writeTimeout, pipelinedBytesLimit: pipelinedBytesLimit, now: now, bodyDelivery: bodyDelivery)
    }

    /// The request the machine asks the responder to answer, if that is what `action` is.
    static func asked(_ action: ServerConnectionMachine.Action) -> (request: HTTPRequest, index: Int)? {
        guard case .respond(let request, let index) = action else { return nil }
        return (request, index)
    }

    // MARK: Waiting and reading

    @Test func aNewConnectionWaitsUntilTheIdleTimeout() {
        let machine = Self.machine()
        #expect(machine.deadline == Self.start + Self.idle)
        #expect(machine.wantsToRead)
        #expect(!machine.wantsToWrite)
    }

    @Test func aWholeHeadInOneReadIsAnsweredWithItsRequest() throws {
        var machine = Self.machine()
        let asked = try #require(Self.asked(machine.received(Self.request, now: Self.start + .seconds(1))))
        #expect(asked.request.target == "/kitchen/oven?x=1")
        #expect(asked.request.headers["Accept"] == "*/*")
        #expect(asked.index == 0)
        #expect(machine.deadline == nil, "nothing is timed while the responder has the request")
    }

    // Reads may cut the head anywhere: whatever the cut, the same request comes out.
    @Test(arguments: 1..<request.count)
    func aHeadSplitAtAnyByteBoundaryGivesTheSameRequestAsUnsplit(cut: Int) throws {
        var machine = Self.machine()
        #expect(machine.received(Self.request[..<cut], now: Self.start + .seconds(1)) == .wait)
        #expect(machine.deadline == Self.start + .seconds(1) + Self.head)
        let asked = try #require(Self.asked(machine.received(Self.request[cut...], now: Self.start + .seconds(2))))
        var whole = Self.machine()
        #expect(asked.request == Self.asked(whole.received(Self.request, now: Self.start))?.request)
    }

    @Test func aHeadTrickledOneByteAtATimeKeepsOneDeadline() throws {
        var machine = Self.machine()
        let firstByte = Self.start + .seconds(1)
        for (index, byte) in Self.request.enumerated().dropLast() {
            // Slowloris: bytes that keep arriving do not move the head deadline.
            #expect(machine.received([byte], now: firstByte + .milliseconds(10 * index)) == .wait, "byte \(index)")
            #expect(machine.deadline == firstByte + Self.head, "byte \(index)")
        }
        #expect(Self.asked(machine.received([Self.request.last!], now: firstByte + .seconds(1))) != nil)
    }

    @Test func aBodyIsReadWholeBeforeTheResponderIsAsked() throws {
        var machine = Self.machine()
        let post = Array("POST /timers HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello".utf8)
        #expect(machine.received(post, now: Self.start) == .wait)
        #expect(machine.deadline == Self.start + Self.bodyProgress, "a body waits for progress, not the head deadline")
        let asked = try #require(Self.asked(machine.received(Array(" world".utf8), now: Self.start + .seconds(1))))
        #expect(asked.request.body == Array("hello world".utf8))
    }

    // RFC 9110 §15.5.9: a body that stops arriving is refused with 408 after the progress timeout.
    @Test func aBodyThatStopsArrivingIsRefusedWith408() {
        var machine = Self.machine()
        let post = Array("POST /timers HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhel".utf8)
        _ = machine.received(post, now: Self.start)
        #expect(machine.received(Array("lo".utf8), now: Self.start + .seconds(4)) == .wait)
        #expect(machine.timeElapsed(now: Self.start + Self.bodyProgress) == .wait, "progress moved the deadline")
        let refusal = HTTPServerRefusal.bodyStalled(limit: Self.bodyProgress).responseBytes
        #expect(machine.timeElapsed(now: Self.start + .seconds(4) + Self.bodyProgress) == .send(refusal[...]))
    }

    // RFC 9110 §10.1.1: a client that waits for `100 Continue` gets it before the body is read.
    @Test func aClientExpecting100ContinueGetsItThenItsBodyIsRead() throws {
        var machine = Self.machine()
        let head = Array("PUT /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".utf8)
        #expect(machine.received(head, now: Self.start) == .send(ServerConnectionMachine.continueBytes[...]))
        #expect(machine.sent(ServerConnectionMachine.continueBytes.count, flushed: true, now: Self.start) == .wait)
        let asked = try #require(Self.asked(machine.received(Array("abc".utf8), now: Self.start)))
        #expect(asked.request.body == Array("abc".utf8))
    }

    // MARK: Answering

    @Test func anAnswerWrittenWholeLeadsToTheNextRequestWithAFreshIdleDeadline() throws {
        var machine = Self.machine()
        _ = machine.received(Self.request, now: Self.start)
        #expect(machine.responded(Self.ok, closes: false, now: Self.start) == .send(Self.ok[...]))
        let written = Self.start + .milliseconds(3)
        #expect(machine.sent(Self.ok.count, flushed: true, now: written) == .wait)
        #expect(machine.deadline == written + Self.idle)
        let next = try #require(Self.asked(machine.received(Self.request, now: written)))
        #expect(next.index == 1)
    }

    @Test func anAnswerThatClosesEndsTheConnectionOnceWritten() {
        var machine = Self.machine()
        _ = machine.received(Self.request, now: Self.start)
        _ = machine.responded(Self.ok, closes: true, now: Self.start)
        #expect(machine.sent(Self.ok.count, flushed: true, now: Self.start) == .close)
        #expect(machine.isFinished)
    }

    // A head and a long body go out as two pieces, in order.
    @Test func aHeadAndABodyAreSentInOrder() {
        var machine = Self.machine()
        _ = machine.received(Self.request, now: Self.start)
        let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n".utf8), body = Array("body".utf8)
        #expect(machine.responded(head, body: body, closes: false, now: Self.start) == .send(head[...]))
        #expect(machine.sent(head.count, flushed: true, now: Self.start) == .send(body[...]))
        #expect(machine.sent(body.count, flushed: true, now: Self.start) == .wait)
        #expect(machine.wantsToRead)
    }

    // RFC 9112 §9.3.2: pipelined requests are answered one at a time, in order, whatever the cut.
    @Test(arguments: [1, 5, 17, 64])
    func pipelinedRequestsAreAnsweredInOrder(piece: Int) throws {
        var machine = Self.machine()
        let wire = (0..<3).flatMap { Array("GET /p\($0) HTTP/1.1\r\nHost: a\r\n\r\n".utf8) }
        var answered: [String] = []
        var offset = 0
        var action = ServerConnectionMachine.Action.wait
        while offset < wire.count || Self.asked(action) != nil {
            if let asked = Self.asked(action) {
                answered.append("\(asked.request.path)#\(asked.index)")
                _ = machine.responded(Self.ok, closes: false, now: Self.start)
                action = machine.sent(Self.ok.count, flushed: true, now: Self.start)
                continue
            }
            let end = min(offset + piece, wire.count)
            action = machine.received(wire[offset..<end], now: Self.start)
            offset = end
        }
        #expect(answered == ["/p0#0", "/p1#1", "/p2#2"])
    }

    // Back-pressure: behind an answer in progress, pipelined bytes wait up to the limit; then the
    // connection stops reading until the answer is out.
    @Test func pipelinedBytesPastTheLimitStopReadingUntilTheAnswerIsOut() throws {
        var machine = Self.machine(pipelinedBytesLimit: 100)
        _ = machine.received(Self.request, now: Self.start)
        #expect(machine.wantsToRead, "still reads, to see pipelined requests and the end of the stream")
        _ = machine.received(Array(repeating: UInt8(ascii: "G"), count: 60), now: Self.start)
        #expect(machine.wantsToRead)
        _ = machine.received(Array(repeating: UInt8(ascii: "G"), count: 60), now: Self.start)
        #expect(!machine.wantsToRead, "120 bytes wait behind the answer")
        _ = machine.responded(Self.ok, closes: false, now: Self.start)
        #expect(machine.sent(0, flushed: true, now: Self.start) == .wait)
        #expect(machine.wantsToWrite && !machine.wantsToRead)
    }

    // A client that half-closes after its request still gets the answer; then the connection ends.
    @Test func theEndOfTheStreamWhileAnsweringStillDeliversTheAnswer() {
        var machine = Self.machine()
        _ = machine.received(Self.request, now: Self.start)
        #expect(machine.ended(now: Self.start) == .wait)
        #expect(!machine.wantsToRead)
        #expect(machine.responded(Self.ok, closes: false, now: Self.start) == .send(Self.ok[...]))
        #expect(machine.sent(Self.ok.count, flushed: true, now: Self.start) == .close)
    }

    @Test func anAnswerTheClientStopsTakingIsGivenUpAfterTheWriteTimeout() {
        var machine = Self.machine()
        _ = machine.received(Self.request, now: Self.start)
        _ = machine.responded(Self.ok, closes: false, now: Self.start)
        let progress = Self.start + .seconds(10)
        #expect(machine.sent(1, flushed: true, now: progress) == .wait)
        #expect(machine.wantsToWrite)
        #expect(machine.timeElapsed(now: Self.start + Self.writeTimeout) == .wait, "a byte was taken since")
        #expect(machine.timeElapsed(now: progress + Self.writeTimeout) == .close)
    }

    // MARK: Handing over

    // RFC 6455 §4.2.2: what followed an upgrade request is the WebSocket's; the decoder goes with it.
    @Test func aMachineHandedOffAfterAnUpgradeRequestGivesUpTheBytesThatFollowedIt() throws {
        var machine = Self.machine()
        let upgrade = Array("GET /ws HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n".utf8)
        let frame: [UInt8] = [0x81, 0x82, 1, 2, 3, 4, 0x69, 0x6B]
        let asked = try #require(Self.asked(machine.received(upgrade + frame, now: Self.start)))
        #expect(asked.request.path == "/ws" && asked.index == 0)
        var decoder = machine.handOff()
        #expect(machine.isFinished && !machine.wantsToRead && machine.deadline == nil)
        #expect(decoder.takeBufferedBytes() == frame)
    }

    // MARK: Refusals

    static let refusal408 = HTTPServerRefusal.requestHeadTimedOut(limit: head).responseBytes

    @Test func anIncompleteHeadAtItsDeadlineIsRefusedWith408AndDrainedForASecond() {
        var machine = Self.machine()
        let firstByte = Self.start + .seconds(1)
        let deadline = firstByte + Self.head
        #expect(machine.received(Self.request.prefix(20), now: firstByte) == .wait)
        #expect(machine.timeElapsed(now: deadline - .milliseconds(1)) == .wait)
        #expect(machine.timeElapsed(now: deadline) == .send(Self.refusal408[...]))
        #expect(String(decoding: Self.refusal408, as: UTF8.self).hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(machine.deadline == deadline + ServerConnectionMachine.refusalWriteTime)
        #expect(!machine.wantsToRead, "what the client sends now is drained after the answer")
        // Written whole at once: the FIN, then what the client still sends is discarded until the drain ends.
        let written = deadline + .milliseconds(2)
        #expect(machine.sent(Self.refusal408.count, flushed: true, now: written) == .finishAnswer)
        #expect(machine.deadline == written + ServerConnectionMachine.drainTime)
        #expect(machine.wantsToRead && !machine.wantsToWrite)
        #expect(machine.received(Self.request.suffix(10), now: written + .milliseconds(5)) == .wait)
        #expect(machine.timeElapsed(now: written + .seconds(1)) == .close)
    }

    // The answer is written as the socket takes it, whatever the pieces: the bytes sent in
    // order are the answer, each `send` asks for exactly what is left, and only then the FIN.
    @Test(arguments: [1, 7, 64, 100, 1_000])
    func anAnswerTheSocketTakesPieceByPieceIsSentWholeBeforeTheFIN(piece: Int) {
        var machine = Self.machine()
        _ = machine.received(Self.request.prefix(5), now: Self.start)
        var now = Self.start + Self.head
        var action = machine.timeElapsed(now: now)
        var delivered: [UInt8] = []
        var rounds = 0
        while rounds < 10_000 {
            rounds += 1
            guard case .send(let bytes) = action else { break }
            #expect(Array(Self.refusal408.dropFirst(delivered.count)) == Array(bytes), "send asks for what is left")
            let taken = min(piece, bytes.count)
            delivered += bytes.prefix(taken)
            now += .milliseconds(1)
            let next = machine.sent(taken, flushed: true, now: now)
            guard next == .wait else {
                action = next
                break
            }
            #expect(machine.wantsToWrite)
            #expect(machine.deadline == now + ServerConnectionMachine.refusalWriteTime)
            now += .milliseconds(1)
            action = machine.writable(now: now)
        }
        #expect(delivered == Self.refusal408)
        #expect(action == .finishAnswer)
        #expect(machine.deadline == now + ServerConnectionMachine.drainTime)
    }

    // TLS: the socket took all the plaintext but holds ciphertext back; the FIN waits for it.
    @Test func anAnswerNotYetFlushedWaitsForRoomBeforeTheFIN() {
        var machine = Self.machine()
        #expect(machine.received(Array("GET / HTTP/1.1\r\nHost : a\r\n\r\n".utf8), now: Self.start) == .reject(.whitespaceBeforeColon("Host ")))
        let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
        #expect(machine.answer(with: answer, now: Self.start) == .send(answer[...]))
        #expect(machine.sent(answer.count, flushed: false, now: Self.start) == .wait)
    }

    // A client that takes no byte of a refusal for a second is given up, as a thread's write
    // times out; one that keeps taking bytes is not.
    @Test func aRefusalTheClientStopsTakingIsGivenUpAfterTheWriteTime() {
        var machine = Self.machine()
        _ = machine.received(Self.request.prefix(5), now: Self.start)
        let refused = Self.start + Self.head
        _ = machine.timeElapsed(now: refused)
        let progress = refused + .milliseconds(900)
        #expect(machine.sent(10, flushed: true, now: refused) == .wait)
        _ = machine.writable(now: progress)
        #expect(machine.sent(10, flushed: true, now: progress) == .wait)
        #expect(machine.timeElapsed(now: refused + ServerConnectionMachine.refusalWriteTime) == .wait)
        #expect(machine.timeElapsed(now: progress + ServerConnectionMachine.refusalWriteTime) == .close)
    }

    // The timer may fire late: a byte that arrives after the deadline does not save the head.
    @Test func aByteArrivingPastTheDeadlineBeforeTheTimerIsRefusedToo() {
        var machine = Self.machine()
        let firstByte = Self.start + .seconds(1)
        _ = machine.received(Self.request.prefix(5), now: firstByte)
        let late = firstByte + Self.head + .milliseconds(3)
        #expect(machine.received(Self.request.dropFirst(5), now: late) == .send(Self.refusal408[...]))
    }

    @Test func aRefusedClientThatKeepsSendingPastTheDrainLimitIsClosed() {
        var machine = Self.machine()
        _ = machine.received(Self.request.prefix(5), now: Self.start)
        _ = machine.timeElapsed(now: Self.start + Self.head)
        _ = machine.sent(Self.refusal408.count, flushed: true, now: Self.start + Self.head)
        let chunk = [UInt8](repeating: 0x7A, count: 16_384)
        var actions: [ServerConnectionMachine.Action] = []
        for _ in 0..<(ServerConnectionMachine.drainLimit / chunk.count) {
            actions.append(machine.received(chunk, now: Self.start + Self.head))
        }
        #expect(actions.dropLast().allSatisfy { $0 == .wait })
        #expect(actions.last == .close)
    }

    // RFC 9112 §9.5: an idle connection may be closed without a response.
    @Test func anIdleConnectionIsClosedSilentlyAtTheIdleTimeout() {
        var machine = Self.machine()
        #expect(machine.timeElapsed(now: Self.start + Self.idle - .milliseconds(1)) == .wait)
        #expect(machine.timeElapsed(now: Self.start + Self.idle) == .close)
    }

    // Blank lines before a request line are skipped (RFC 9112 §2.2): they are not a head.
    @Test func blankLinesAloneKeepTheConnectionIdle() {
        var machine = Self.machine()
        let now = Self.start + .seconds(10)
        #expect(machine.received(Array("\r\n\r\n".utf8), now: now) == .wait)
        #expect(machine.deadline == now + Self.idle)
        #expect(machine.timeElapsed(now: now + Self.idle) == .close)
    }

    @Test func theEndOfTheStreamMidHeadClosesSilently() {
        var machine = Self.machine()
        _ = machine.received(Self.request.prefix(12), now: Self.start)
        #expect(machine.ended(now: Self.start) == .close)
    }

    @Test func theEndOfTheStreamBeforeAnyByteClosesSilently() {
        var machine = Self.machine()
        #expect(machine.ended(now: Self.start) == .close)
    }

    // The same verdict as a connection thread's decoder, on the same bytes.
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", HTTPParseError.whitespaceBeforeColon("Host ")),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", .obsoleteLineFolding),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\n", .invalidContentLength("+5")),
    ])
    func aMalformedHeadIsRejectedWithTheParseErrorTheDecoderGives(head: String, expected: HTTPParseError) {
        var machine = Self.machine()
        let action = machine.received(Array(head.utf8), now: Self.start)
        var decoder = HTTPRequestDecoder()
        decoder.feed(Array(head.utf8))
        #expect(throws: expected) { try decoder.next() }
        #expect(action == .reject(expected))
        #expect(machine.ended(now: Self.start) == .close)
    }

    @Test func anOversizedHeaderSectionIsRejectedWith431BeforeItEnds() {
        var machine = Self.machine(limits: HTTPLimits(maxHeaderBytes: 64))
        let head = Array("GET / HTTP/1.1\r\nX-Big: ".utf8) + [UInt8](repeating: 0x61, count: 100)
        #expect(machine.received(head, now: Self.start) == .reject(.headerSectionTooLarge(limit: 64)))
        #expect(HTTPParseError.headerSectionTooLarge(limit: 64).status.code == 431)
    }

    @Test func anOversizedRequestLineIsRejectedWith414() {
        var machine = Self.machine(limits: HTTPLimits(maxStartLineBytes: 32))
        let line = Array("GET /".utf8) + [UInt8](repeating: 0x61, count: 40)
        #expect(machine.received(line, now: Self.start) == .reject(.startLineTooLong(limit: 32)))
        #expect(HTTPParseError.startLineTooLong(limit: 32).status.code == 414)
    }

    @Test func anOversizedBodyIsRejectedWith413FromItsHead() {
        var machine = Self.machine(limits: HTTPLimits(maxBodyBytes: 10))
        let head = Array("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n".utf8)
        #expect(machine.received(head, now: Self.start) == .reject(.bodyTooLarge(limit: 10)))
    }
}
