import Foundation
import HarnessCore
import KitchenContracts

/// The two contracts of a folder, loaded once: the OpenAPI document (REST and the `/ws`
/// upgrade) and the AsyncAPI document (the WebSocket messages), with the validator compiled.
///
/// ```swift
/// let contracts = try ContractSet(folder: URL(fileURLWithPath: "Contracts"))
/// contracts.validator.validate(exchange).violations
/// ```
public struct ContractSet: Sendable {
    /// The REST contract.
    public let openAPI: OpenAPIContract
    /// The WebSocket contract.
    public let asyncAPI: AsyncAPIContract
    /// Checks exchanges against ``openAPI`` (refused requests are not held to the request schemas).
    public let validator: ExchangeValidator

    /// Both contracts given.
    public init(openAPI: OpenAPIContract, asyncAPI: AsyncAPIContract) {
        self.openAPI = openAPI
        self.asyncAPI = asyncAPI
        self.validator = ExchangeValidator(contract: openAPI)
    }

    /// Loads the folder's `.json` files and takes the one with an `openapi` member and the one
    /// with an `asyncapi` member (the first of each, by file name). A document marked
    /// `"x-kitchen-provider-states": true` (the controls of a test build) is skipped.
    /// A `$ref` to another file resolves inside the folder; `options` say whether `format`
    /// is asserted.
    public init(folder: URL, options: SchemaOptions = .init()) throws(VerifyError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw .unreadableFolder(path: folder.path, reason: error.localizedDescription)
        }
        var openAPI: OpenAPIContract?
        var asyncAPI: AsyncAPIContract?
        for name in names {
            let url = folder.appendingPathComponent(name)
            do {
                let document = try ContractFiles.load(url)
                // The provider-state controls (kitchen.controls.openapi.json) are a contract of their own
                // for test builds, not part of the API the recordings are held to.
                if document["x-kitchen-provider-states"] == true { continue }
                let fileOptions = ContractFiles.options(for: url, base: options)
                if openAPI == nil, document["openapi"] != nil {
                    openAPI = try OpenAPIContract(document: document, file: name, options: fileOptions)
                } else if asyncAPI == nil, document["asyncapi"] != nil {
                    asyncAPI = try AsyncAPIContract(document: document, file: name, options: fileOptions)
                }
            } catch {
                throw .invalidContract("\(error)")
            }
        }
        guard let openAPI else { throw .missingContract(folder: folder.path, kind: "OpenAPI") }
        guard let asyncAPI else { throw .missingContract(folder: folder.path, kind: "AsyncAPI") }
        self.init(openAPI: openAPI, asyncAPI: asyncAPI)
    }

    /// The channel whose address is `path` (`/ws`), if the AsyncAPI document has one.
    public func channel(at path: String) -> AsyncAPIChannel? {
        asyncAPI.channel(path)
    }

    /// Whether the AsyncAPI document declares messages the client sends on `channel`: an
    /// operation with action `receive` (AsyncAPI 3.0 §3.3.6: the described application, the
    /// server, receives them).
    public func acceptsClientMessages(on channel: AsyncAPIChannel) -> Bool {
        asyncAPI.operations.contains { $0.channelId == channel.id && $0.action == .receive }
    }
}
