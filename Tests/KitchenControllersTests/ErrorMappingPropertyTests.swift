import Foundation
@testable import KitchenControllerProperties
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// HTTP status and body → `AppError` → the session rules, over generated answers.
struct ErrorMappingPropertyTests {
    @Test func statusAndBodyMapToTheAppErrorAPIMdNamesAndOnly401OrUnauthorizedMeansSignIn() async {
        await check(AppErrorMappingProperties.statusAndBodyMapAsAPIMdSays())
    }

    // The oracle's table is API.md's, and API.md's is the contract's (`Contracts/`, "the
    // executable truth"): the ErrorCode enum in order, each code with the status its
    // description gives it.
    @Test func theOraclesErrorTableIsTheContractsErrorCodes() throws {
        let contract = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Contracts/kitchen.openapi.json")
        let document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: contract)) as? [String: Any])
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let errorCode = try #require(schemas["ErrorCode"] as? [String: Any])
        let codes = try #require(errorCode["enum"] as? [String])
        let description = try #require(errorCode["description"] as? String)
        let statuses = try codes.map { code in
            let match = try #require(description.firstMatch(of: try Regex("\\b\(code) \\((\\d{3})")), "\(code) in \(description)")
            return Int(match.output[1].substring ?? "")
        }
        let table = AppErrorMappingProperties.documentedErrors
        #expect(table.map(\.code) == codes)
        #expect(table.map(\.status) == statuses)
    }

    /// Each planted mapping bug is found from every seed; the shrunk answer shows the rule it breaks.
    @Test(arguments: PlantedMappingBug.allCases)
    func aBrokenMappingIsFound(bug: PlantedMappingBug) async {
        for seed in plantedBugSeeds {
            guard let shrunk = await shrunkFailure(
                of: AppErrorMappingProperties.statusAndBodyMapAsAPIMdSays(bug.mapping), seed: seed)
            else { continue }
            switch bug {
            case .forbiddenMeansReauth:
                #expect(shrunk.trace.hasPrefix("403 "), "seed \(seed): \(shrunk.trace)")
                #expect(shrunk.failure.contains("requires re-authentication"))
            case .anyClientErrorMeansReauth:
                #expect(shrunk.trace.hasPrefix("4"), "seed \(seed): \(shrunk.trace)")
                #expect(!shrunk.trace.hasPrefix("401 "), "seed \(seed): \(shrunk.trace)")
                #expect(shrunk.failure.contains("requires re-authentication"))
            case .ignoresTheBodysCode:
                #expect(shrunk.trace.contains(#""error":""#), "seed \(seed): \(shrunk.trace)")
            case .payloadTooLargeStatusIsAServerError:
                #expect(shrunk.trace.hasPrefix("413 "), "seed \(seed): \(shrunk.trace)")
                #expect(shrunk.failure.contains("the app error"))
            case .conflictCodeIsNotFound:
                #expect(shrunk.trace.contains(#""error":"conflict""#), "seed \(seed): \(shrunk.trace)")
                #expect(shrunk.failure.contains("the app error"))
            }
        }
    }
}
