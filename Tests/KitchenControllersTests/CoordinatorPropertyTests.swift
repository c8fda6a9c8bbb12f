import KitchenControllerProperties
import KitchenControllers
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// The coordinator property: the pure session rules against the model, the
/// real `DeviceViewModel` (children, gate, live-update loop) on virtual time,
/// and the planted bugs.
@MainActor
struct CoordinatorPropertyTests {
    @Test func reauthErrorAndGateFollowTheModel() async {
        await check(SessionProperties.errorsAndReauthFollowTheModel())
    }

    @Test func deviceViewModelOnVirtualTimeMatchesTheModel() async {
        await checkProperty(SessionTraceGenerators.trace()) { trace in
            let observed = try await CoordinatorShellRun.run(trace, rule: StandardSessionRule())
            try SessionProperties.compare(observed, with: SessionModel.expectations(trace), trace)
        }
    }

    /// Planted bug: `requiresReauth` follows the latest error. Minimal trace: a
    /// 401, then a sign-in that fails with 500.
    @Test(arguments: plantedBugSeeds)
    func reauthFollowingTheLatestErrorShrinksToA401ThenA500(seed: UInt64) async {
        let shrunk = await shrunkFailure(of: SessionProperties.errorsAndReauthFollowTheModel(PlantedSessionBug.reauthFollowsLatestError),
                                         seed: seed)
        #expect(shrunk?.trace == "[oven → unauthorized, login → serverError]")
        #expect(shrunk?.failure.hasPrefix("after step 2 (login → serverError): expected reauth true") == true)
    }

    /// Planted bug: the gate lets commands through. Minimal trace: a 401, then any command.
    @Test(arguments: plantedBugSeeds)
    func anOpenGateShrinksToA401ThenACommand(seed: UInt64) async {
        let shrunk = await shrunkFailure(of: SessionProperties.errorsAndReauthFollowTheModel(PlantedSessionBug.gateIgnoresReauth), seed: seed)
        #expect(shrunk?.trace == "[oven → unauthorized, oven → success]")
        #expect(shrunk?.failure.contains("expected reauth true, error unauthorized, reached API false") == true)
    }

    /// Planted bug: a cancellation is shown. Minimal trace: one cancelled command.
    @Test(arguments: plantedBugSeeds)
    func showingCancellationsShrinksToOneCancelledCommand(seed: UInt64) async {
        let shrunk = await shrunkFailure(of: SessionProperties.errorsAndReauthFollowTheModel(PlantedSessionBug.showsCancellation), seed: seed)
        #expect(shrunk?.trace == "[oven → cancelled]")
        #expect(shrunk?.failure.hasPrefix("after step 1 (oven → cancelled): expected reauth false, error nil, "
            + "reached API true, got reauth false, error transport(cancelled), reached API true") == true)
    }

    @Test func theShellFindsTheOpenGateToo() async {
        let report = await Property(SessionTraceGenerators.trace(), configuration: pinned(seed: 1)).check { trace in
            let observed = try await CoordinatorShellRun.run(trace, rule: PlantedSessionBug.gateIgnoresReauth)
            try SessionProperties.compare(observed, with: SessionModel.expectations(trace), trace)
        }
        guard case .failed(let counterexample) = report else {
            Issue.record("expected a failure, got \(report)")
            return
        }
        #expect(counterexample.shrunkDescription == "[oven → unauthorized, oven → success]")
    }
}
