import HTTPWire
import KitchenRecording

/// Journals one request or response body as it streams through the proxy: each piece is decoded
/// from the body's `Content-Encoding` (``RecordedBodyDecoder``), then goes through the
/// body's ``StreamingBodyRedactor``, and the redacted bytes are written as `bodyPart`
/// records of at most ``partBytes`` (each written with its loop's turn, so what the proxy holds for a body
/// is one part and the token the redactor holds back, whatever the body's size). The
/// exchange's record then names the body (``StreamedBody``).
///
/// A body that cannot be redacted safely from some point on is refused: nothing more of it is
/// written, and the exchange is not recorded (its parts hold no secret; recovery drops them).
/// Used on the event loop the body streams on, which does not wait for a part to be written
/// (``partsInFlight`` counts the parts handed over and not written yet, and the exchange's
/// record, handed over after them, is written after them).
final class StreamedBodyJournal {
    /// Redacted bytes gathered before a part is written. 256 KiB.
    static let partBytes = 256 * 1024

    /// Parts that may wait to be written before the body's source is read no further.
    static let partsInFlightLimit = 4

    /// How journaling the body ended, once it has.
    enum State {
        case streaming
        /// Redaction refused it: the exchange is not recorded.
        case refused(RecordingError)
        /// The journal cannot be written: the proxy must stop relaying.
        case failed(RecordingError)
    }

    let id: String
    private let recorder: ExchangeRecorder
    /// The event loop the body streams on.
    private let loop: EventLoop
    /// Parts handed over on the loop and not written yet.
    private(set) var partsInFlight = 0
    /// Told on the loop each time a part handed over is written.
    var onPartWritten: (() -> Void)?
    private let contentType: String?
    private var redaction: StreamingBodyRedactor
    /// Undoes the body's `Content-Encoding`; `nil` for a body sent as it is.
    private var decoder: RecordedBodyDecoder?
    private var pending: [UInt8] = []
    private var written = 0
    private(set) var state = State.streaming

    /// Starts journaling the body of `request` (as it will be recorded), or with `response`
    /// the body of that response. What came before the body (the request's head; or the
    /// request and the response's head) has its secrets given their aliases first, in the
    /// order whole-body redaction would, so that the body is swept of them too.
    init(recorder: ExchangeRecorder, request: HTTPRequest, response: HTTPResponse? = nil, loop: EventLoop) {
        self.recorder = recorder
        self.loop = loop
        id = recorder.nextBodyID()
        if let response { contentType = response.headers["Content-Type"] } else { contentType = request.headers["Content-Type"] }
        let sofar = recorder.harEntry(for: request, response: response)
        recorder.journal.redactor.learnSecrets(in: sofar)
        redaction = recorder.journal.redactor.streamingBody(of: sofar.request, message: response == nil ? .request : .response)
        let method = request.method.rawValue, path = request.path, message = response == nil ? "request" : "response"
        do throws(RecordingError) {
            decoder = try RecordedBodyDecoder(headers: response?.headers ?? request.headers, limit: recorder.decodedBodyLimit) {
                "the \(message) body of \(method) \(path)"
            }
        } catch {
            refuse(error)
        }
    }

    /// Whether the journal cannot be written any more.
    var journalFailed: RecordingError? {
        if case .failed(let error) = state { return error }
        return nil
    }

    /// Whether more than ``partsInFlightLimit`` parts wait to be written: the body's source waits.
    var isBehind: Bool { partsInFlight > Self.partsInFlightLimit }

    /// Takes the next piece of the body as the client sent it; returns why the journal cannot be
    /// written, once it cannot (then the proxy stops relaying).
    func add(_ piece: [UInt8]) -> RecordingError? {
        guard case .streaming = state else { return journalFailed }
        do throws(RecordingError) {
            let decoded = try decoder?.decode(piece) ?? piece
            pending.append(contentsOf: try redaction.feed(decoded))
        } catch {
            refuse(error)
            return nil
        }
        while pending.count >= Self.partBytes, case .streaming = state {
            writePart(Array(pending.prefix(Self.partBytes)))
            pending.removeFirst(Self.partBytes)
        }
        return journalFailed
    }

    /// Ends the body: writes what is left, and settles what its exchange's record says of it: the
    /// journaled parts, or that redaction refused it (relayed, not recorded); or why the journal
    /// failed (then nothing more is relayed).
    func finishBody() -> Result<ExchangeRecorder.BodyRecord, RecordingError> {
        if case .streaming = state {
            do throws(RecordingError) {
                if let rest = try decoder?.finish(), !rest.isEmpty { pending.append(contentsOf: try redaction.feed(rest)) }
                let tail = try redaction.finish()
                pending.append(contentsOf: tail.bytes)
                var offset = 0
                while offset < pending.count, case .streaming = state {
                    let end = min(offset + Self.partBytes, pending.count)
                    writePart(Array(pending[offset..<end]))
                    offset = end
                }
                pending = []
                if case .streaming = state {
                    return .success(.streamed(StreamedBody(id: id, size: written, contentType: contentType, redacted: tail.pointers,
                                                           encodedSize: decoder?.encodedCount)))
                }
            } catch {
                refuse(error)
            }
        }
        if case .refused(let error) = state { return .success(.refused(error)) }
        return .failure(journalFailed ?? .journalClosed(path: recorder.journal.url.path))
    }

    private func writePart(_ bytes: [UInt8]) {
        partsInFlight += 1
        written += bytes.count
        recorder.writeLater({ [id] in .bodyPart(id: id, data: bytes) }, on: loop) { [self] outcome in partWritten(outcome) }
    }

    /// A part handed over on the loop was written (or not).
    private func partWritten(_ outcome: ExchangeRecorder.Outcome) {
        partsInFlight -= 1
        switch outcome {
        case .recorded: break
        case .refused(let error): if case .streaming = state { refuse(error) }
        case .failed(let error): state = .failed(error)
        }
        onPartWritten?()
    }

    private func refuse(_ error: RecordingError) {
        state = .refused(error)
        pending = []
        recorder.noteRefused(error)
    }
}
