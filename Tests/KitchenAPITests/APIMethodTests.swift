import Foundation
import KitchenAPI
import Testing
import KitchenTestSupport

/// `APIMethod` is the declared mapping from `APIServiceProtocol` to the contract's
/// operations; `kitchen verify` checks it against the mock and the contract, and these tests
/// keep it in step with the protocol's source.
@Suite("API methods")
struct APIMethodTests {
    static let protocolSource = Repository.url("Sources/KitchenAPI/APIServiceProtocol.swift")

    /// `name(label:label:)` of every `func` between `protocol APIServiceProtocol` and the
    /// first line that is only `}`.
    static func requirements(in source: String) throws -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("protocol APIServiceProtocol") })
        let end = try #require(lines[start...].firstIndex { $0 == "}" })
        let body = lines[start..<end].joined(separator: "\n")
        let pattern = try Regex(#"func\s+(\w+)\s*\(([^)]*)\)"#)
        return body.matches(of: pattern).map { match in
            let name = String(match.output[1].substring ?? "")
            let parameters = String(match.output[2].substring ?? "")
            let labels = parameters.split(separator: ",").map { parameter in
                let label = parameter.split(separator: ":")[0].trimmingCharacters(in: .whitespaces).split(separator: " ")[0]
                return "\(label):"
            }
            return "\(name)(\(labels.joined()))"
        }
    }

    @Test("the parser reads requirement names with their labels, and only inside the protocol")
    func parserReadsRequirements() throws {
        let source = """
            public protocol APIServiceProtocol: Sendable {
                /// Docs.
                nonisolated(nonsending) func logout() async throws
                nonisolated(nonsending) func setOvenMode(deviceId: String, compartment: String?, mode: String) async throws
                    -> OvenState
                func rename(_ id: String, to name: String) async throws
            }
            extension APIServiceProtocol {
                func getOvenState(deviceId: String) async throws -> OvenState { fatalError() }
            }
            """
        #expect(try Self.requirements(in: source) == [
            "logout()", "setOvenMode(deviceId:compartment:mode:)", "rename(_:to:)",
        ])
    }

    @Test("APIMethod lists exactly the requirements of APIServiceProtocol, in declaration order")
    func everyRequirementIsListed() throws {
        let source = try String(contentsOf: Self.protocolSource, encoding: .utf8)
        #expect(try Self.requirements(in: source) == APIMethod.allCases.map(\.rawValue))
    }

    @Test("each method maps to an operation of its own, and every REST operation has a method")
    func mappingIsOneToOne() {
        let operations = APIMethod.allCases.map(\.operation)
        #expect(Set(operations).count == operations.count)
        #expect(Set(operations) == Set(APIOperation.allCases.filter { $0 != .openLiveUpdates }))
    }

    @Test("the mapping matches the operation names of the protocol's documentation", arguments: [
        (APIMethod.fetchDevices, APIOperation.listDevices),
        (.login, .login),
        (.setFreezerTemperature, .setFreezerTemperature),
        (.stopDishwasher, .stopDishwasher),
    ])
    func knownMappings(method: APIMethod, operation: APIOperation) {
        #expect(method.operation == operation)
    }
}
