import HTTPWire

/// One side of a relayed conversation, as its connection's handler: every frame, untouched.
struct WebSocketRelaySide: WebSocketLoopHandler {
    let relay: WebSocketRelay
    let fromClient: Bool

    var receiveMode: WebSocketReceiveMode { .frames }

    func opened(_ connection: WebSocketConnection) { relay.opened(connection, fromClient: fromClient) }

    func received(_ frame: WebSocketFrame, on connection: WebSocketConnection) {
        relay.received(frame, fromClient: fromClient)
    }

    func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection) {
        relay.ended(info, fromClient: fromClient)
    }
}
