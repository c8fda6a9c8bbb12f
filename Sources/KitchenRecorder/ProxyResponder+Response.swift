import Foundation
import HTTPWire
import KitchenRecording

extension ProxyResponder {
    /// Relays the upstream's answer (`head` read on `lease`) to the client and records the
    /// exchange: a small framed body is read whole and answered in one write; a longer or
    /// unframed one streams through, its last piece held back until the record is written.
    /// Past ``bufferedBodyLimit`` such a body is journaled in parts as it streams
    /// (``StreamedBodyJournal``) instead of being gathered for its record.
    /// `requestBody` names a request body that was journaled in parts as it streamed.
    /// On a thread, blocking: the fallback of ProxyResponder+Thread.swift (on a loop, ``LoopRelay``).
    func relayResponse(_ head: HTTPResponse, on lease: UpstreamPool.Lease, to request: HTTPRequest, recorded: HTTPRequest,
                       startedAt started: Date, requestBody: ExchangeRecorder.BodyRecord = .inline) -> HTTPReply {
        let waited = recorder.clock.milliseconds(since: started)
        var headers = HopByHopHeaders.stripped(head.headers)
        headers.add("Via", Self.via)
        let bodiless = request.method == .head || head.status.forbidsBody
        if bodiless {
            // The end of a message without a body; a connection that fails even that is not reused.
            do throws(HTTPClientError) {
                _ = try lease.connection.readBodyChunk()
                pool.checkIn(lease)
            } catch {
                pool.discard(lease)
            }
            let outcome = recorder.record(request: recorded, response: head, body: [], startedAt: started,
                                          timings: HAR.Timings(send: 0, wait: waited, receive: 0), requestBody: requestBody)
            return released(HTTPResponse(status: head.status, headers: headers, stream: .empty), outcome)
        }
        if let length = head.headers.contentLength, length <= Self.bufferedBodyLimit {
            // Small and framed: read it whole, record it, and answer in one write.
            var body: [UInt8] = []
            var failure: HTTPClientError?
            while true {
                do throws(HTTPClientError) {
                    guard let chunk = try lease.connection.readBodyChunk() else { break }
                    body.append(contentsOf: chunk)
                } catch {
                    failure = error
                    break
                }
            }
            if let failure {
                // Nothing reached the client yet: it gets a 502, and that is what is recorded.
                pool.discard(lease)
                return badGateway(recorded, error: failure, startedAt: started, requestBody: requestBody)
            }
            pool.checkIn(lease)
            let timings = HAR.Timings(send: 0, wait: waited, receive: recorder.clock.milliseconds(since: started) - waited)
            let outcome = recorder.record(request: recorded, response: head, body: body, startedAt: started, timings: timings,
                                          requestBody: requestBody)
            return released(HTTPResponse(status: head.status, headers: headers, body: body), outcome)
        }
        let recorder = self.recorder, pool = self.pool
        return .response(HTTPResponse(status: head.status, headers: headers, stream: HTTPBodyStream { write in
            var body: [UInt8] = []
            var journal: StreamedBodyJournal?
            var failure: HTTPClientError?
            var clientGone: (any Error)?
            // The last chunk read is held back until the next arrives, and the final one until
            // the record is written: the client never has the whole answer before the journal.
            var held: [UInt8]?
            while true {
                let chunk: [UInt8]?
                do throws(HTTPClientError) { chunk = try lease.connection.readBodyChunk() } catch {
                    failure = error
                    break
                }
                guard let chunk else { break }
                if let journal {
                    journal.add(chunk)
                    if journal.journalFailed != nil { break }
                } else {
                    body.append(contentsOf: chunk)
                    if body.count > Self.bufferedBodyLimit {
                        let streaming = StreamedBodyJournal(recorder: recorder, request: recorded, response: head)
                        streaming.add(body)
                        body = []
                        journal = streaming
                    }
                }
                if let previous = held {
                    do { try write(previous[...]) } catch {
                        clientGone = error
                        break
                    }
                }
                held = chunk
            }
            if let journalFailure = journal?.journalFailed {
                pool.discard(lease)
                throw journalFailure  // the client's answer is cut short: nothing more is relayed unrecorded
            }
            if failure == nil, clientGone == nil { pool.checkIn(lease) } else { pool.discard(lease) }
            var responseBody = ExchangeRecorder.BodyRecord.inline
            if let journal { responseBody = try journal.finishBody().get() }
            let timings = HAR.Timings(send: 0, wait: waited, receive: recorder.clock.milliseconds(since: started) - waited)
            let outcome = recorder.record(request: recorded, response: head, body: body, startedAt: started, timings: timings,
                                          failure: failure.map(HAR.ExchangeError.init), requestBody: requestBody,
                                          responseBody: responseBody)
            if let clientGone { throw clientGone }
            if let failure { throw failure }
            if case .failed(let error) = outcome { throw error }
            if let held { try write(held[...]) }
        }))
    }
}
