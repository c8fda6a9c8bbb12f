import KitchenAPI

/// A named, scripted session against the API, run through the real client. Recorded into
/// `Recordings/<name>.har`, replayed by the contract checks, and run against a live server by
/// `kitchen verify --live` (scenarios that need provider-state controls run there only when
/// the server offers them).
///
/// Every scenario reads the state it starts from (the live-update snapshot) and chooses its
/// commands so that each one produces the change it waits for, then puts back what it changed
/// where the API allows: it does not depend on what earlier runs or other users left behind.
public struct Scenario: Sendable, Identifiable {
    public let name: String
    public let summary: String
    /// The provider-state controls it uses (Contracts/kitchen.controls.openapi.json); empty for
    /// a scenario that runs against any server.
    public var requires: Set<ProviderState> = []
    /// Whether it needs a second account (for another user's devices).
    public var needsSecondAccount = false
    let body: @Sendable (ScenarioContext) async throws -> Void

    public var id: String { name }

    /// Whether it uses any provider-state control.
    public var needsControls: Bool { !requires.isEmpty }

    /// The controls it needs that `offered` lacks, in a stable order.
    public func missing(from offered: Set<ProviderState>) -> [ProviderState] {
        ProviderState.allCases.filter { requires.contains($0) && !offered.contains($0) }
    }

    /// Runs the scenario.
    public func run(in context: ScenarioContext) async throws {
        if let missing = missing(from: context.controls == nil ? [] : context.offeredControls).first {
            throw ScenarioError.needsControls(missing.rawValue)
        }
        try await body(context)
    }

    /// Every scenario, in recording order.
    public static let all: [Scenario] = [
        .loginAndDiscovery, .ovenControls, .fridgeTemperatures, .fridgeDoor, .dishwasherCommands, .dishwasherCycle,
        .iceMakerFillsBin, .errorStatuses, .expiredToken, .tokenExpiryClosesLiveUpdates, .reconnectAfterDrop,
    ]

    /// The scenario called `name`.
    public static func named(_ name: String) -> Scenario? { all.first { $0.name == name } }
}

/// Runs `call`, which must fail with `expected`.
func expectFailure(_ step: String, _ expected: AppError, _ call: () async throws -> Void) async throws {
    do {
        try await call()
    } catch {
        let got = AppError.from(error)
        guard got == expected || (expected.isSameKind(as: got)) else {
            throw ScenarioError.unexpected(step: step, detail: "expected \(expected), got \(String(describing: got))")
        }
        return
    }
    throw ScenarioError.unexpected(step: step, detail: "expected \(expected), but it succeeded")
}

/// Runs a raw request that must answer `status`.
func expectStatus(_ step: String, _ status: Int, _ call: () async throws -> Int) async throws {
    let got = try await call()
    guard got == status else { throw ScenarioError.unexpected(step: step, detail: "expected \(status), got \(got)") }
}

extension AppError {
    /// Same case, ignoring the message (invalid values and bad requests carry the server's text).
    func isSameKind(as other: AppError?) -> Bool {
        switch (self, other) {
        case (.invalidValue, .invalidValue?), (.badRequest, .badRequest?): true
        default: false
        }
    }
}
