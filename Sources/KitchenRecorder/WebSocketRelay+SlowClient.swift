import HTTPWire
import KitchenRecording

/// A ``WebSocketRelay``'s watch on a client that stops reading: where each journaled server
/// message ends in the client's stream, and the drop (and its record) once the client falls behind.
extension WebSocketRelay {
    /// The client stopped reading: it is dropped, the upstream hears 1001, and nothing more is
    /// relayed or recorded toward the client.
    func dropSlowClient() {
        recordSlowClientDrop()
        toClient.stopped = true
        toClient.waiting = []
        upstream?.close(code: .goingAway, reason: "client too slow")
    }

    /// Whether sending stopped because the peer stopped reading: its backlog outgrew the queue,
    /// or a write to it made no progress for the write timeout.
    static func isSlowReaderDrop(_ failure: WebSocketConnectionError) -> Bool {
        switch failure {
        case .peerTooSlow: true
        case .socket(let error): error.kind == .timedOut
        default: false
        }
    }

    /// The proxy dropped a client that stopped reading: recorded as the proxy's close, with the
    /// server messages that were journaled but never handed to the client's connection.
    private func recordSlowClientDrop() {
        guard let client else { return }
        let progress = client.outboundProgress
        // Journaled (or being journaled) and not handed to the kernel: sent but not taken, or
        // still waiting to be sent.
        let undelivered = serverMessageEnds.filter { $0 > progress.handedToKernel }.count
            + toClient.waiting.filter(\.endsServerMessage).count
        recordClose(code: Int(WebSocketCloseCode.policyViolation.rawValue),
                    reason: "the client stopped reading (\(progress.accepted - progress.handedToKernel) bytes queued); "
                        + "the proxy closed the connection",
                    closedBy: .proxy, undelivered: undelivered > 0 ? undelivered : nil)
    }

    /// A journaled server message whose last frame is about to be sent: it ends at least at `lowerBound`.
    func noteServerMessage(endingAfter lowerBound: Int) {
        let handed = client?.outboundProgress.handedToKernel ?? 0
        // Messages wholly handed to the kernel are delivered as far as the proxy can tell.
        if let firstPending = serverMessageEnds.firstIndex(where: { $0 > handed }) {
            serverMessageEnds.removeFirst(firstPending)
        } else {
            serverMessageEnds.removeAll()
        }
        serverMessageEnds.append(lowerBound)
    }

    /// The last noted message's last frame was accepted: it ends at `end`.
    func noteLastServerMessageEnds(at end: Int) {
        guard !serverMessageEnds.isEmpty else { return }
        serverMessageEnds[serverMessageEnds.count - 1] = end
    }
}
