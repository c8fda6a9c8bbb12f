import KitchenAPI
import KitchenContracts
import KitchenRecording

// Check 4 on the protocol's surface: each method is called once, on a fresh mock, through
// `any APIServiceProtocol`, and what it touched is read back from the mock.

extension MockCheck {
    /// Every method lands on exactly one stub, called once, logged under that stub's
    /// operation, and no two methods land on the same stub; every REST operation has a stub,
    /// and the contract's operations and ``APIOperation`` name the same set.
    public func completenessFindings() async -> [Finding] {
        var found: [Finding] = []
        var landed: [APIOperation: String] = [:]
        for method in methods {
            let location = "APIServiceProtocol.\(method.name)"
            let mock = makeMock()
            _ = await method.call(mock)
            let touched = Self.restOperations.compactMap { operation in
                mock.stub(for: operation).flatMap { $0.recordedCalls.isEmpty ? nil : $0 }
            }
            guard touched.count == 1, let stub = touched.first, stub.recordedCalls.count == 1,
                  mock.operationLog == [stub.operation] else {
                let stubs = touched.map { "\($0.operation.rawValue) ×\($0.recordedCalls.count)" }
                found.append(Finding(check: .mock, location: location, expected: "one call of one stub, logged under its operation",
                                     actual: "stubs called: \(stubs.isEmpty ? "none" : stubs.joined(separator: ", ")); "
                                         + "log: \(Self.words(mock.operationLog))"))
                continue
            }
            if let other = landed[stub.operation] {
                found.append(Finding(check: .mock, location: location, expected: "a stub of its own",
                                     actual: "the stub of \(stub.operation.rawValue), which \(other) also calls"))
            }
            landed[stub.operation] = landed[stub.operation] ?? method.name
        }
        let mock = makeMock()
        for operation in Self.restOperations {
            guard let stub = mock.stub(for: operation) else {
                found.append(Finding(check: .mock, location: "stub(for: .\(operation.rawValue))", expected: "a stub", actual: "nil"))
                continue
            }
            if stub.operation != operation {
                found.append(Finding(check: .mock, location: "stub(for: .\(operation.rawValue))",
                                     expected: "the stub of \(operation.rawValue)", actual: "the stub of \(stub.operation.rawValue)"))
            }
        }
        for operation in contracts.openAPI.operations where APIOperation(rawValue: operation.operationId) == nil {
            found.append(Finding(check: .mock, location: operation.signature,
                                 expected: "an APIOperation (and a stub) for \(operation.operationId)", actual: "none"))
        }
        for operation in APIOperation.allCases where contracts.openAPI.operation(id: operation.rawValue) == nil {
            found.append(Finding(check: .mock, location: "APIOperation.\(operation.rawValue)",
                                 expected: "an operation \(operation.rawValue) in \(contracts.openAPI.file)", actual: "none"))
        }
        return found
    }

    /// Every method names a contract operation (``APIMethod/operation``) that exists in the
    /// OpenAPI document and is no other method's, and a call of the method lands exactly
    /// there; every REST operation of the contract is some method's. A method with no
    /// operation behind it fails here.
    public func mappingFindings() async -> [Finding] {
        var found: [Finding] = []
        var claimed: [APIOperation: String] = [:]
        let file = contracts.openAPI.file
        for method in methods {
            let location = "APIServiceProtocol.\(method.name)"
            let mock = makeMock()
            _ = await method.call(mock)
            let log = mock.operationLog
            guard let operation = method.operation else {
                found.append(Finding(check: .mock, location: location, expected: "a contract operation declared for the method (APIMethod)",
                                     actual: "none declared; a call runs \(Self.words(log))"))
                continue
            }
            if contracts.openAPI.operation(id: operation.rawValue) == nil {
                found.append(Finding(check: .mock, location: location, expected: "operation \(operation.rawValue) in \(file)",
                                     actual: "absent"))
            }
            if let other = claimed[operation] {
                found.append(Finding(check: .mock, location: location, expected: "an operation of its own",
                                     actual: "\(operation.rawValue), which \(other) maps to as well"))
            } else {
                claimed[operation] = method.name
            }
            if log != [operation] {
                found.append(Finding(check: .mock, location: location, expected: "a call runs \(operation.rawValue), once",
                                     actual: "a call runs \(Self.words(log))"))
            }
        }
        for operation in contracts.openAPI.operations where operation.operationId != APIOperation.openLiveUpdates.rawValue
            && !claimed.keys.contains(where: { $0.rawValue == operation.operationId }) {
            found.append(Finding(check: .mock, location: "\(operation.signature) (\(operation.operationId))",
                                 expected: "an APIServiceProtocol method that calls it", actual: "none"))
        }
        return found
    }

    /// Every operation but the WebSocket upgrade (`WebSocketService`'s, not the protocol's).
    static var restOperations: [APIOperation] { APIOperation.allCases.filter { $0 != .openLiveUpdates } }

    /// `setOvenPower, getOvenState`, or `no operation`.
    static func words(_ log: [APIOperation]) -> String {
        log.isEmpty ? "no operation" : log.map(\.rawValue).joined(separator: ", ")
    }
}
