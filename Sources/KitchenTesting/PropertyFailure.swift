/// A failed expectation inside a property body, with where it was raised.
///
/// Property bodies report failure by throwing (any error fails the case); these
/// helpers throw a `PropertyFailure` with a message and a source location.
///
/// ```swift
/// await Property(trace).check { events in
///     let sent = simulate(events)
///     try expect(sent.count <= events.count, "sent more than received")
///     try expectEqual(sent.last, events.last?.value)
/// }
/// ```
public struct PropertyFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The file that raised it, as `#fileID`.
    public var fileID: String
    /// The line that raised it.
    public var line: Int

    /// A failure raised at `fileID:line`.
    public init(_ message: String, fileID: String = #fileID, line: Int = #line) {
        self.message = message
        self.fileID = fileID
        self.line = line
    }

    /// `message (fileID:line)`.
    public var description: String {
        "\(message) (\(fileID):\(line))"
    }
}

/// Fails the current property case unless `condition` holds.
public func expect(
    _ condition: Bool,
    _ message: @autoclosure () -> String = "expectation failed",
    fileID: String = #fileID,
    line: Int = #line
) throws(PropertyFailure) {
    if !condition {
        throw PropertyFailure(message(), fileID: fileID, line: line)
    }
}

/// Fails the current property case unless `actual == expected`, showing both.
public func expectEqual<T: Equatable>(
    _ actual: T,
    _ expected: T,
    _ message: @autoclosure () -> String = "",
    fileID: String = #fileID,
    line: Int = #line
) throws(PropertyFailure) {
    if actual != expected {
        let context = message()
        let prefix = context.isEmpty ? "" : context + ": "
        throw PropertyFailure("\(prefix)expected \(expected), got \(actual)", fileID: fileID, line: line)
    }
}
