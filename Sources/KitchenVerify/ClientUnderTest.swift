import Foundation
import KitchenAPI

/// The parts of the app's client that check 3 exercises without a server: how it decodes a
/// 2xx body, how it reads a WebSocket frame, and which URL it opens for live updates.
///
/// The gate runs ``kitchenAPI``, the real client. Another value points the same checks at
/// another implementation — the mutation tests plant a faulty one to prove the gate catches it.
///
/// ```swift
/// let check = ClientDecodingCheck(contracts: contracts, client: .kitchenAPI)
/// ```
public struct ClientUnderTest: Sendable {
    /// Decodes a 2xx body of an operation into the value its method returns; throws when the
    /// client rejects the body.
    public var decodeBody: @Sendable (_ body: Data, _ operation: APIOperation) throws -> ClientValue
    /// Reads one WebSocket text frame, as the live-updates loop does (never throws).
    public var decodeMessage: @Sendable (_ text: String) -> IncomingMessage
    /// The `ws://` / `wss://` URL the client opens for a REST base URL.
    public var liveUpdatesURL: @Sendable (_ baseURL: URL) -> URL

    /// A client made of the three parts.
    public init(
        decodeBody: @escaping @Sendable (Data, APIOperation) throws -> ClientValue,
        decodeMessage: @escaping @Sendable (String) -> IncomingMessage,
        liveUpdatesURL: @escaping @Sendable (URL) -> URL
    ) {
        self.decodeBody = decodeBody
        self.decodeMessage = decodeMessage
        self.liveUpdatesURL = liveUpdatesURL
    }

    /// The real client: `KitchenJSON` decoding of the KitchenAPI models, `StateMessage.decode(text:)`
    /// and `WebSocketService.liveUpdatesURL(for:)`.
    public static let kitchenAPI = ClientUnderTest(
        decodeBody: { body, operation in try ClientValue.decode(body, for: operation) },
        decodeMessage: { text in StateMessage.decode(text: text) },
        liveUpdatesURL: { baseURL in WebSocketService.liveUpdatesURL(for: baseURL) })
}
