import HarnessCore
import Testing
@testable import KitchenContracts

/// Diffs the mini OpenAPI contract against an edited copy of itself (or the other way round).
func openAPIChanges(
    reversed: Bool = false, includeNeutral: Bool = false, _ edit: (JSONValue) -> JSONValue
) throws -> [ContractChange] {
    let original = try OpenAPIContract(document: MiniContracts.openAPI)
    let edited = try OpenAPIContract(document: edit(MiniContracts.openAPI))
    return reversed
        ? ContractDiff.compare(old: edited, new: original, includeNeutral: includeNeutral)
        : ContractDiff.compare(old: original, new: edited, includeNeutral: includeNeutral)
}

/// Diffs the mini AsyncAPI contract against an edited copy of itself.
func asyncAPIChanges(_ edit: (JSONValue) -> JSONValue) throws -> [ContractChange] {
    ContractDiff.compare(old: try AsyncAPIContract(document: MiniContracts.asyncAPI),
                         new: try AsyncAPIContract(document: edit(MiniContracts.asyncAPI)))
}

/// `(severity, location, kind)` of each change, the part of a change most tests pin down.
func summaries(_ changes: [ContractChange]) -> [String] {
    changes.map { "\($0.severity.rawValue) \($0.location) [\($0.kind.rawValue)]" }
}

let powerResponse = "POST /devices/{deviceId}/oven/power → 200"
let ovenResponse = "GET /devices/{deviceId}/oven → 200"
let powerRequest = "POST /devices/{deviceId}/oven/power → request"
