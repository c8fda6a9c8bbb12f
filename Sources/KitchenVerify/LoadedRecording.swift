import Foundation
import HarnessCore
import KitchenAPI
import KitchenContracts
import KitchenRecording
import KitchenReplay
import KitchenReproduce
import KitchenScenarios

/// A HAR file read once and reduced to what the checks look at, bodies already parsed, so
/// that checking (and benchmarking) never parses JSON twice.
///
/// ```swift
/// let recording = try LoadedRecording(contentsOf: url, name: "oven-controls.har")
/// recording.entries[4].exchange.status   // 200
/// recording.scenario?.name               // "oven-controls"
/// ```
public struct LoadedRecording: Sendable {
    /// The path relative to the recordings folder (`oven-controls.har`, `bugs/late-close.har`).
    public let name: String
    /// Where the file is.
    public let url: URL
    /// The document as loaded.
    public let document: HAR.Document
    /// Every entry, in file order.
    public let entries: [RecordedEntry]
    /// The path prefix the server had (`/api/v1`), inferred from the recorded paths; `""` at
    /// the root. Paths are checked against the contract below it.
    public let basePath: String

    /// Loads the HAR at `url`, named `name` in reports.
    public init(contentsOf url: URL, name: String) throws(VerifyError) {
        let document: HAR.Document
        do {
            document = try HARFile.load(from: url)
        } catch {
            throw .unreadableRecording(file: name, reason: error.description)
        }
        self.init(document: document, name: name, url: url)
    }

    /// A recording already in memory.
    public init(document: HAR.Document, name: String, url: URL? = nil) {
        self.name = name
        self.url = url ?? URL(fileURLWithPath: name)
        self.document = document
        let basePath = document.apiBasePath
        self.basePath = basePath
        self.entries = document.log.entries.enumerated().map { RecordedEntry(index: $0.offset, entry: $0.element, basePath: basePath) }
    }

    /// The scenario the file records: a top-level file named after a `Scenario`.
    public var scenario: Scenario? {
        guard !name.contains("/"), name.hasSuffix(".har") else { return nil }
        return Scenario.named(String(name.dropLast(4)))
    }

    /// How many WebSocket messages the file holds.
    public var messageCount: Int { entries.reduce(0) { $0 + $1.messages.count } }

    /// `check`'s case about `entry`, named by `label` (the entry's own by default).
    func verifyCase(_ check: VerifyCheck, _ entry: RecordedEntry, label: String? = nil) -> VerifyCase {
        .exchange(check, file: name, entry: entry.index, label: label ?? entry.label)
    }

    /// `check`'s case about `message` of `entry`.
    func verifyCase(_ check: VerifyCheck, _ entry: RecordedEntry, _ message: RecordedMessage) -> VerifyCase {
        .message(check, file: name, entry: entry.index, index: message.index, label: message.label)
    }
}

/// One entry of a recording: the exchange as the contract checks see it, plus its WebSocket
/// messages and anything that kept a body from being read.
public struct RecordedEntry: Sendable {
    /// The index in `log.entries`.
    public let index: Int
    /// The entry as recorded.
    public let entry: HAR.Entry
    /// Method, origin-form target, status and parsed JSON bodies.
    public let exchange: RecordedExchange
    /// The route the client knows the request as, when it has one.
    public let route: APIRoute?
    /// The request's path below the recording's base path (`/ws` for `/api/v1/ws`), as the contracts name it.
    public let apiPath: String
    /// The messages, in order.
    public let messages: [RecordedMessage]
    /// Why a body could not be read (`(pointer, reason)`), e.g. a JSON body that does not parse.
    public let unreadable: [(pointer: String, reason: String)]

    init(index: Int, entry: HAR.Entry, basePath: String = "") {
        self.index = index
        self.entry = entry
        var unreadable: [(String, String)] = []
        func read(_ pointer: String, _ body: () throws -> JSONValue?) -> JSONValue? {
            do { return try body() } catch {
                unreadable.append((pointer, "\(error)"))
                return nil
            }
        }
        let requestBody = read("/request/body") { try entry.request.bodyJSON }
        let responseBody = read("/response/body") { try entry.response.bodyJSON }
        let query = entry.request.urlQuery.map { "?" + $0 } ?? ""
        exchange = RecordedExchange(method: entry.request.method, target: APIOperation.strip(basePath, from: entry.request.urlPath) + query,
                                    requestBody: requestBody, status: entry.response.status, responseBody: responseBody,
                                    responseContentType: entry.response.headerValues(named: "Content-Type").first)
        route = APIRoute(entry.request, basePath: basePath)
        apiPath = APIOperation.strip(basePath, from: entry.request.urlPath)
        // A tool's error note (Chrome's type "error") is no frame: not held to the contracts, but
        // the data messages keep their place in the file for reports.
        messages = (entry.webSocketMessages ?? []).enumerated().filter { $0.element.isData }
            .map { RecordedMessage(index: $0.offset, message: $0.element) }
        self.unreadable = unreadable
    }

    /// `POST /devices/{deviceId}/oven/power → 200`: the route's template when the client knows
    /// it, else the recorded path.
    public var label: String {
        "\(exchange.method.uppercased()) \(route?.operation.pathTemplate ?? entry.request.urlPath) → \(exchange.status)"
    }
}

/// One WebSocket message of an entry, its JSON parsed when it is text.
public struct RecordedMessage: Sendable {
    /// The index in the entry's `_webSocketMessages`.
    public let index: Int
    /// The message as recorded.
    public let message: HAR.WebSocketMessage
    /// The text payload; `nil` for binary messages.
    public let text: String?
    /// The parsed payload; `nil` when binary or not JSON (see ``parseError``).
    public let payload: JSONValue?
    /// Why a text payload is not JSON.
    public let parseError: String?

    init(index: Int, message: HAR.WebSocketMessage) {
        self.index = index
        self.message = message
        guard message.opcode == .text else {
            (text, payload, parseError) = (nil, nil, nil)
            return
        }
        text = message.data
        do {
            payload = try JSONValue(parsing: message.data)
            parseError = nil
        } catch {
            payload = nil
            parseError = error.description
        }
    }

    /// Whether the server sent it.
    public var isFromServer: Bool { message.type == .receive }

    /// What the message says it is: `state (oven)` from its `type` and `deviceType`, or `binary`, `not JSON`.
    public var label: String {
        guard text != nil else { return "binary" }
        guard let payload else { return "not JSON" }
        let type = payload["type"]?.stringValue ?? "no type"
        return payload["deviceType"]?.stringValue.map { "\(type) \($0)" } ?? type
    }
}
