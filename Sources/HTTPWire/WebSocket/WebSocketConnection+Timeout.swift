extension WebSocketConnection {
    /// Ends the connection as abnormal (1006) when nothing arrives for `timeout`
    /// (`nil`: wait forever, the default). Useful to bound waits in clients and tests.
    public func setReceiveTimeout(_ timeout: Duration?) {
        socket.setReadTimeout(milliseconds: timeout?.milliseconds)
    }
}
