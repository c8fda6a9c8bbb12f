/// The bytes of an array in place, for a body that throws a typed error: the standard
/// library's `withUnsafeBytes` widens whatever its body throws to `any Error`, so without
/// these every caller would smuggle the error out in a `Result` by hand.
///
/// ```swift
/// try bytes.withBytes { raw throws(SocketError) in try socket.write(raw) }
/// ```
extension Array where Element == UInt8 {
    /// `body` over the array's bytes; its error, of its own type, is rethrown.
    @inlinable
    package func withBytes<Value, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try self[...].withBytes(body)
    }

    /// `body` over the array's bytes, which it may change; its error, of its own type, is rethrown.
    @inlinable
    package mutating func withMutableBytes<Value, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try withUnsafeMutableBytes { raw in Result { () throws(Failure) -> Value in try body(raw) } }.get()
    }
}

extension ArraySlice where Element == UInt8 {
    /// `body` over the slice's bytes; its error, of its own type, is rethrown.
    @inlinable
    package func withBytes<Value, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try withUnsafeBytes { raw in Result { () throws(Failure) -> Value in try body(raw) } }.get()
    }
}
