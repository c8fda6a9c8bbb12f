@testable import HTTPWire
import Testing

/// The machine's streamed-body route alone (a responder on the loop that takes a body as it
/// arrives): bytes, pauses and given instants in, hand-outs and answers out. No socket, no
/// thread, no clock. ``StreamedBodyShell`` plays the shell: it performs every action and
/// records what the body's stream and the client would see.
@Suite struct StreamedBodyMachineTests {
    typealias Machine = ServerConnectionMachine
    static let start = ServerConnectionMachineTests.start
    static let bodyProgress = ServerConnectionMachineTests.bodyProgress
    static let ok = ServerConnectionMachineTests.ok
    static let next = Array("GET /next HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    static let fixed = Array("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 26\r\n\r\n".utf8) + alphabet
    static let chunked = Array(("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5;name=x\r\nabcde\r\n10\r\nfghijklmnopqrstu\r\n5\r\nvwxyz\r\n0\r\nX-Trailer: 1\r\n\r\n").utf8)

    static func machine(limits: HTTPLimits = HTTPLimits()) -> Machine {
        ServerConnectionMachineTests.machine(limits: limits, bodyDelivery: { _ in .streamed })
    }

    // MARK: The body as it arrives

    // Reads may cut the head, the body and its framing anywhere: the stream gets the same bytes,
    // in order, then the end, and the request after it waits for the answer.
    @Test(arguments: 1..<(fixed + next).count)
    func aFixedLengthBodySplitAtAnyByteBoundaryReachesTheStreamWholeThenTheNextRequestWaits(cut: Int) {
        var shell = StreamedBodyShell(Self.machine())
        let wire = Self.fixed + Self.next
        shell.receive(wire[..<cut], now: Self.start)
        shell.receive(wire[cut...], now: Self.start + .milliseconds(1))
        #expect(shell.calls.map(\.target) == ["/upload"])
        #expect(shell.pieces.flatMap { $0 } == Self.alphabet)
        #expect(shell.outcome == .ended)
        #expect(shell.asked.isEmpty, "the next request was decoded before the answer")
        shell.answer(Self.ok, now: Self.start + .seconds(1))
        #expect(shell.written == Self.ok)
        #expect(shell.asked.map(\.request.path) == ["/next"])
        #expect(shell.asked.map(\.index) == [1])
    }

    @Test(arguments: 1..<chunked.count)
    func aChunkedBodySplitAtAnyByteBoundaryReachesTheStreamWithoutItsFraming(cut: Int) {
        var shell = StreamedBodyShell(Self.machine())
        shell.receive(Self.chunked[..<cut], now: Self.start)
        shell.receive(Self.chunked[cut...], now: Self.start)
        #expect(shell.pieces.flatMap { $0 } == Self.alphabet)
        #expect(shell.outcome == .ended)
        #expect(shell.calls.first?.headers["Transfer-Encoding"] == "chunked")
    }

    @Test func theResponderIsCalledAtTheHeadBeforeAnyBodyByteArrives() {
        var shell = StreamedBodyShell(Self.machine())
        shell.receive(Self.fixed.prefix(Self.fixed.count - Self.alphabet.count), now: Self.start)
        #expect(shell.calls.count == 1)
        #expect(shell.pieces.isEmpty && shell.outcome == nil)
        #expect(shell.machine.deadline == Self.start + Self.bodyProgress, "the body waits for progress")
        #expect(shell.machine.isAwaitingAnswer)
    }

    // MARK: Back-pressure

    @Test func nothingIsDecodedOrReadUntilTheResponderStartsTheStream() {
        var shell = StreamedBodyShell(Self.machine(), startsOnCall: false)
        shell.receive(Self.fixed, now: Self.start)
        #expect(shell.calls.count == 1)
        #expect(shell.pieces.isEmpty)
        #expect(!shell.machine.wantsToRead, "a body no one takes yet is not read")
        #expect(shell.machine.deadline == nil, "the client is not the one waited for")
        shell.resume(now: Self.start + .seconds(60))
        #expect(shell.pieces.flatMap { $0 } == Self.alphabet)
        #expect(shell.outcome == .ended)
    }

    // A paused body is not decoded, not read and not timed; resumed, it goes on where it stopped,
    // and the progress deadline counts from the resume.
    @Test func aPausedBodyWaitsUntimedAndGoesOnWhereItStoppedOnResume() {
        var shell = StreamedBodyShell(Self.machine(), pausesAfterEachPiece: true)
        let head = Self.fixed.prefix(Self.fixed.count - Self.alphabet.count)
        shell.receive(head + Self.alphabet.prefix(10), now: Self.start)
        #expect(shell.pieces == [Array(Self.alphabet.prefix(10))])
        shell.receive(Self.alphabet[10..<20], now: Self.start + .seconds(1))
        #expect(shell.pieces.count == 1, "a piece was handed out while paused")
        #expect(!shell.machine.wantsToRead)
        #expect(shell.machine.deadline == nil)
        #expect(shell.machine.timeElapsed(now: Self.start + .seconds(3600)) == .wait)
        let resumed = Self.start + .seconds(3600)
        shell.resume(now: resumed)
        #expect(shell.pieces.flatMap { $0 } == Array(Self.alphabet.prefix(20)))
        shell.resume(now: resumed)
        #expect(shell.machine.wantsToRead)
        #expect(shell.machine.deadline == resumed + Self.bodyProgress)
        shell.receive(Self.alphabet[20...], now: resumed)
        shell.resume(now: resumed)
        #expect(shell.pieces.flatMap { $0 } == Self.alphabet)
        #expect(shell.outcome == .ended)
    }

    // A stream paused and resumed from inside its piece handler: the hand-out already under way
    // goes on, and no piece is handed out twice.
    @Test func aPauseAndResumeInsideAPieceHandOutHandsEachPieceOnce() {
        var shell = StreamedBodyShell(Self.machine(), togglesInsideEachPiece: true)
        let pieces = stride(from: 0, to: 26, by: 5).map { Array(Self.alphabet[$0..<min($0 + 5, 26)]) }
        shell.receive(Self.fixed.prefix(Self.fixed.count - 26), now: Self.start)
        for piece in pieces { shell.receive(piece, now: Self.start) }
        #expect(shell.pieces == pieces)
        #expect(shell.outcome == .ended)
    }

    // MARK: Broken bodies

    // RFC 9110 §15.5.9: a body that stops arriving is refused with 408 after the progress timeout.
    @Test func aStreamedBodyThatStopsArrivingIsFailedAsStalledThenRefusedWith408() {
        var shell = StreamedBodyShell(Self.machine())
        let last = Self.start + .seconds(2)
        shell.receive(Self.fixed.prefix(Self.fixed.count - 16), now: last)
        #expect(shell.machine.timeElapsed(now: last + Self.bodyProgress - .milliseconds(1)) == .wait)
        let stalled = shell.machine.timeElapsed(now: last + Self.bodyProgress)
        shell.perform(stalled, now: last + Self.bodyProgress)
        #expect(shell.outcome == .failed(.stalled(limit: Self.bodyProgress)))
        #expect(shell.written == HTTPServerRefusal.bodyStalled(limit: Self.bodyProgress).responseBytes)
        #expect(shell.finishedAnswer, "the FIN and the drain follow the 408")
    }

    // The same verdict as the decoder's, then the parse error's answer (400, 413), then the drain.
    @Test(arguments: [
        ("zz\r\nabc\r\n0\r\n\r\n", HTTPParseError.chunkSizeNotHex),
        ("3\r\nabcX\r\n0\r\n\r\n", .missingCRLFAfterChunkData),
        ("3\nabc\r\n0\r\n\r\n", .chunkLineWithoutCRLF),
        ("3\r\nabc\r\n0\r\nbad trailer\r\n\r\n", .malformedTrailerField),
        ("20\r\n" + String(repeating: "x", count: 32) + "\r\n0\r\n\r\n", .bodyTooLarge(limit: 16)),
    ])
    func aBrokenChunkedBodyFailsTheStreamWithTheDecodersVerdictThenGetsItsAnswer(body: String, expected: HTTPParseError) {
        var shell = StreamedBodyShell(Self.machine(limits: HTTPLimits(maxBodyBytes: 16)))
        let head = Array("POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        shell.receive(head + Array(body.utf8), now: Self.start)
        #expect(shell.outcome == .failed(.invalid(expected)))
        #expect(shell.rejected == [expected])
        #expect(shell.finishedAnswer)
        #expect(expected.status.code == (expected == .bodyTooLarge(limit: 16) ? 413 : 400))
    }

    @Test func aClientThatClosesMidBodyFailsTheStreamAsGoneAndIsClosedWithoutAWord() {
        var shell = StreamedBodyShell(Self.machine())
        shell.receive(Self.fixed.dropLast(5), now: Self.start)
        let closed = shell.machine.ended(now: Self.start)
        shell.perform(closed, now: Self.start)
        #expect(shell.outcome == .failed(.clientGone))
        #expect(shell.closed)
        #expect(shell.written.isEmpty)
    }

    // Closed (not reset) while paused: what was read before the FIN may complete the body.
    @Test func aBodyCompletedBeforeTheClientClosedStillEndsWhenResumedAfterTheClose() {
        var shell = StreamedBodyShell(Self.machine(), startsOnCall: false)
        shell.receive(Self.fixed, now: Self.start)
        let closed = shell.machine.ended(now: Self.start)
        shell.perform(closed, now: Self.start)
        #expect(shell.outcome == nil && !shell.closed)
        shell.resume(now: Self.start)
        #expect(shell.pieces.flatMap { $0 } == Self.alphabet)
        #expect(shell.outcome == .ended)
    }

    @Test func aConnectionResetWhilePausedFailsTheStreamAtOnce() {
        var shell = StreamedBodyShell(Self.machine(), startsOnCall: false)
        shell.receive(Self.fixed.dropLast(5), now: Self.start)
        let reset = shell.machine.ended(now: Self.start, reset: true)
        shell.perform(reset, now: Self.start)
        #expect(shell.outcome == .failed(.clientGone))
        #expect(shell.closed)
    }

    // MARK: Answers

    // An answer before the body's end is written, then the FIN and the drain: the rest of the
    // body is never read as a request, and the stream hears nothing more.
    @Test func anAnswerBeforeTheBodysEndIsWrittenThenTheConnectionFinishesUnread() {
        var shell = StreamedBodyShell(Self.machine())
        shell.receive(Self.fixed.dropLast(16), now: Self.start)
        #expect(shell.machine.isReadingStreamedBody)
        let piecesBefore = shell.pieces.count
        shell.answer(Self.ok, now: Self.start)
        #expect(shell.written == Self.ok)
        #expect(shell.finishedAnswer)
        shell.receive(Self.alphabet.suffix(16) + Self.next, now: Self.start + .milliseconds(5))
        #expect(shell.pieces.count == piecesBefore, "a piece was handed out after the answer")
        #expect(shell.outcome == nil)
        #expect(shell.asked.isEmpty, "the bytes after the answer were read as a request")
        #expect(shell.machine.timeElapsed(now: Self.start + ServerConnectionMachine.drainTime) == .close)
    }

    // RFC 9110 §10.1.1: a client that waits for `100 Continue` gets it once the responder has the head.
    @Test func aClientExpecting100ContinueGetsItAfterTheResponderIsCalled() {
        var shell = StreamedBodyShell(Self.machine())
        shell.receive(Array("PUT /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 26\r\n\r\n".utf8),
                      now: Self.start)
        #expect(shell.calls.count == 1)
        #expect(shell.written == ServerConnectionMachine.continueBytes)
        shell.receive(Self.alphabet, now: Self.start)
        #expect(shell.pieces.flatMap { $0 } == Self.alphabet)
        #expect(shell.outcome == .ended)
    }

    @Test func aHeadWithoutABodyIsAnsweredAsABufferedRequest() {
        var shell = StreamedBodyShell(Self.machine())
        shell.receive(Array("POST /empty HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n".utf8), now: Self.start)
        #expect(shell.calls.isEmpty)
        #expect(shell.asked.map(\.request.path) == ["/empty"])
    }
}

/// Plays the shell of a ``ServerConnectionMachine`` on the streamed-body route: performs each
/// action until the machine waits (the socket takes everything), and records what the body's
/// stream heard, what the responder was asked and what the client got.
struct StreamedBodyShell {
    enum Outcome: Equatable {
        case ended
        case failed(HTTPRequestBodyError)
    }

    var machine: ServerConnectionMachine
    /// Whether the responder starts the stream as soon as it is called.
    let startsOnCall: Bool
    /// Whether the stream pauses itself after each piece (and waits for ``resume(now:)``).
    let pausesAfterEachPiece: Bool
    /// Whether the stream pauses and resumes again inside each piece's hand-out.
    let togglesInsideEachPiece: Bool
    private(set) var calls: [HTTPRequest] = []
    private(set) var asked: [(request: HTTPRequest, index: Int)] = []
    private(set) var pieces: [[UInt8]] = []
    private(set) var outcome: Outcome?
    private(set) var rejected: [HTTPParseError] = []
    private(set) var written: [UInt8] = []
    private(set) var finishedAnswer = false
    private(set) var closed = false

    init(_ machine: ServerConnectionMachine, startsOnCall: Bool = true, pausesAfterEachPiece: Bool = false,
         togglesInsideEachPiece: Bool = false) {
        self.machine = machine
        self.startsOnCall = startsOnCall
        self.pausesAfterEachPiece = pausesAfterEachPiece
        self.togglesInsideEachPiece = togglesInsideEachPiece
    }

    mutating func receive(_ bytes: some Collection<UInt8>, now: Duration) {
        perform(machine.received(bytes, now: now), now: now)
    }

    mutating func resume(now: Duration) { perform(machine.resumeBody(now: now), now: now) }

    /// The responder's answer to the request being answered.
    mutating func answer(_ response: [UInt8], now: Duration) {
        perform(machine.responded(response, closes: false, now: now), now: now)
    }

    mutating func perform(_ first: ServerConnectionMachine.Action, now: Duration) {
        var action = first
        for _ in 0..<10_000 {
            switch action {
            case .wait:
                return
            case .respondStreaming(let head, _):
                calls.append(head)
                if startsOnCall { #expect(machine.resumeBody(now: now) == .wait, "resumed during a hand-out") }
                action = machine.bodyDelivered(now: now)
            case .bodyPiece(let piece):
                pieces.append(piece)
                if pausesAfterEachPiece { #expect(machine.pauseBody() == .wait) }
                if togglesInsideEachPiece {
                    _ = machine.pauseBody()
                    #expect(machine.resumeBody(now: now) == .wait, "resumed during a hand-out")
                }
                action = machine.bodyDelivered(now: now)
            case .bodyEnd:
                outcome = .ended
                action = machine.bodyDelivered(now: now)
            case .bodyFailed(let error):
                outcome = .failed(error)
                action = machine.bodyDelivered(now: now)
            case .respond(let request, let index):
                asked.append((request, index))
                return
            case .reject(let error):
                rejected.append(error)
                action = machine.answer(with: Array("answer to \(error)".utf8), now: now)
            case .send(let bytes):
                written += bytes
                action = machine.sent(bytes.count, flushed: true, now: now)
            case .finishAnswer:
                finishedAnswer = true
                return
            case .close:
                closed = true
                return
            }
        }
        Issue.record("the machine never waited")
    }
}

extension StreamedBodyShell: CustomTestStringConvertible {
    var testDescription: String {
        "shell(calls: \(calls.map(\.target)), pieces: \(pieces.map(\.count)), outcome: \(String(describing: outcome)), "
            + "asked: \(asked.map(\.request.target)), written: \(written.count) bytes, finishedAnswer: \(finishedAnswer), "
            + "closed: \(closed), phase: \(machine.phase), paused: \(machine.bodyPaused), "
            + "deadline: \(String(describing: machine.deadline)))"
    }
}

