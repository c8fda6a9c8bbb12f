/// Where a pushed body that must not be sent goes (the answer to a HEAD, a 204 or a 304).
final class DiscardingBodySink: ResponseBodySink, @unchecked Sendable {
    // Unchecked: it holds no state.
    func push(_ bytes: [UInt8]) {}
    func finish() {}
    func abort() {}
    var queuedBytes: Int { 0 }
    var isClosed: Bool { false }
    func whenRoom(_ body: @escaping () -> Void) { body() }
    func whenClosed(_ body: @escaping () -> Void) {}
}
