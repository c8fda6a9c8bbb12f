import Foundation
import HTTPWire
import Testing
import KitchenTestSupport

/// Each limit's default, asserted against the value its `///` comment documents, so that the
/// documentation and the code cannot drift apart.
@Suite struct DocumentedDefaultsTests {
    struct Default: Sendable, CustomTestStringConvertible {
        var file: String
        var property: String
        /// How the doc comment states the default, e.g. "Default 8 KiB."
        var documented: String
        var actual: @Sendable () -> String
        var expected: String
        var testDescription: String { property }
    }

    static let httpLimits: [Default] = [
        Default(file: "HTTP/HTTPLimits.swift", property: "maxStartLineBytes", documented: "Default 8 KiB.",
                actual: { "\(HTTPLimits().maxStartLineBytes)" }, expected: "8192"),
        Default(file: "HTTP/HTTPLimits.swift", property: "maxHeaderBytes", documented: "Default 16 KiB.",
                actual: { "\(HTTPLimits().maxHeaderBytes)" }, expected: "16384"),
        Default(file: "HTTP/HTTPLimits.swift", property: "maxHeaderCount", documented: "Default 100.",
                actual: { "\(HTTPLimits().maxHeaderCount)" }, expected: "100"),
        Default(file: "HTTP/HTTPLimits.swift", property: "maxBodyBytes", documented: "Default 1 MiB.",
                actual: { "\(HTTPLimits().maxBodyBytes)" }, expected: "1048576"),
        Default(file: "HTTP/HTTPLimits.swift", property: "maxChunkLineBytes", documented: "Default 1 KiB.",
                actual: { "\(HTTPLimits().maxChunkLineBytes)" }, expected: "1024"),
    ]

    static let webSocketLimits: [Default] = [
        Default(file: "WebSocket/WebSocketConfiguration.swift", property: "maxFrameSize", documented: "Default 1 MiB.",
                actual: { "\(WebSocketConfiguration().maxFrameSize)" }, expected: "1048576"),
        Default(file: "WebSocket/WebSocketConfiguration.swift", property: "maxMessageSize", documented: "Default 4 MiB.",
                actual: { "\(WebSocketConfiguration().maxMessageSize)" }, expected: "4194304"),
        Default(file: "WebSocket/WebSocketConfiguration.swift", property: "closeTimeout", documented: "Default 2 s.",
                actual: { "\(WebSocketConfiguration().closeTimeout)" }, expected: "2.0 seconds"),
        Default(file: "WebSocket/WebSocketConfiguration.swift", property: "pingInterval", documented: "Default `nil`.",
                actual: { "\(String(describing: WebSocketConfiguration().pingInterval))" }, expected: "nil"),
        Default(file: "WebSocket/WebSocketConfiguration.swift", property: "pongTimeout", documented: "Default 20 s.",
                actual: { "\(WebSocketConfiguration().pongTimeout)" }, expected: "20.0 seconds"),
        Default(file: "WebSocket/WebSocketConfiguration.swift", property: "maxQueuedBytes", documented: "Default 8 MiB.",
                actual: { "\(WebSocketConfiguration().maxQueuedBytes)" }, expected: "8388608"),
        Default(file: "WebSocket/WebSocketConfiguration.swift", property: "writeTimeout", documented: "Default 30 s.",
                actual: { "\(WebSocketConfiguration().writeTimeout)" }, expected: "30.0 seconds"),
    ]

    static let serverSettings: [Default] = [
        Default(file: "Server/HTTPServerConfiguration.swift", property: "maxConnections", documented: "Default 10000.",
                actual: { "\(HTTPServerConfiguration().maxConnections)" }, expected: "10000"),
        Default(file: "Server/HTTPServerConfiguration.swift", property: "idleTimeout", documented: "Default 60 s.",
                actual: { "\(HTTPServerConfiguration().idleTimeout)" }, expected: "60.0 seconds"),
        Default(file: "Server/HTTPServerConfiguration.swift", property: "requestHeadTimeout", documented: "Default 30 s.",
                actual: { "\(HTTPServerConfiguration().requestHeadTimeout)" }, expected: "30.0 seconds"),
        Default(file: "Server/HTTPServerConfiguration.swift", property: "bodyProgressTimeout", documented: "Default 30 s.",
                actual: { "\(HTTPServerConfiguration().bodyProgressTimeout)" }, expected: "30.0 seconds"),
        Default(file: "Server/HTTPServerConfiguration.swift", property: "responseWriteTimeout", documented: "Default 30 s.",
                actual: { "\(HTTPServerConfiguration().responseWriteTimeout)" }, expected: "30.0 seconds"),
        Default(file: "Server/HTTPServerConfiguration.swift", property: "pipelinedBytesLimit", documented: "Default 64 KiB.",
                actual: { "\(HTTPServerConfiguration().pipelinedBytesLimit)" }, expected: "65536"),
    ]

    /// The `///` lines directly above `public var <property>` or `package var <property>` in HTTPWire's `file`.
    static func docComment(of property: String, in file: String) throws -> String {
        let sources = Repository.url("Sources/HTTPWire").appendingPathComponent(file)
        let lines = try String(contentsOf: sources, encoding: .utf8).components(separatedBy: "\n")
        let declaration = try #require(lines.firstIndex { $0.contains("public var \(property):") || $0.contains("package var \(property):") },
                                       "no `public var \(property)` or `package var \(property)` in \(file)")
        var comment: [String] = []
        var index = declaration - 1
        while index >= 0, lines[index].trimmedOWS.hasPrefix("///") {
            comment.insert(lines[index].trimmedOWS, at: 0)
            index -= 1
        }
        return comment.joined(separator: " ")
    }

    @Test(arguments: httpLimits)
    func httpLimitDefaultMatchesItsDocumentation(setting: Default) throws {
        #expect(setting.actual() == setting.expected)
        #expect(try Self.docComment(of: setting.property, in: setting.file).contains(setting.documented))
    }

    @Test(arguments: webSocketLimits)
    func webSocketLimitDefaultMatchesItsDocumentation(setting: Default) throws {
        #expect(setting.actual() == setting.expected)
        #expect(try Self.docComment(of: setting.property, in: setting.file).contains(setting.documented))
    }

    @Test(arguments: serverSettings)
    func serverSettingDefaultMatchesItsDocumentation(setting: Default) throws {
        #expect(setting.actual() == setting.expected)
        #expect(try Self.docComment(of: setting.property, in: setting.file).contains(setting.documented))
    }
}
