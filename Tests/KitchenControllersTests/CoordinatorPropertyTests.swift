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
        // Pinned is the rule found: an unauthorized, then another failure that clears the requirement.
        #expect(shrunk.map { Self.steps($0.trace).count == 2 && Self.steps($0.trace)[0].hasSuffix("→ unauthorized") } == true,
                "\(shrunk?.trace ?? "")")
        #expect(shrunk?.failure.hasPrefix("after step 2 (") == true && shrunk?.failure.contains("expected reauth true") == true,
                "\(shrunk?.failure ?? "")")
    }

    /// Planted bug: the gate lets commands through. Minimal trace: a 401, then any command.
    @Test(arguments: plantedBugSeeds)
    func anOpenGateShrinksToA401ThenACommand(seed: UInt64) async {
        let shrunk = await shrunkFailure(of: SessionProperties.errorsAndReauthFollowTheModel(PlantedSessionBug.gateIgnoresReauth), seed: seed)
        #expect(shrunk.map { Self.steps($0.trace).count == 2 && Self.steps($0.trace)[0].hasSuffix("→ unauthorized") } == true,
                "\(shrunk?.trace ?? "")")
        #expect(shrunk?.failure.contains("reached API false, got") == true, "\(shrunk?.failure ?? "")")
    }

    /// Planted bug: a cancellation is shown. Minimal trace: one cancelled command.
    @Test(arguments: plantedBugSeeds)
    func showingCancellationsShrinksToOneCancelledCommand(seed: UInt64) async {
        let shrunk = await shrunkFailure(of: SessionProperties.errorsAndReauthFollowTheModel(PlantedSessionBug.showsCancellation), seed: seed)
        #expect(shrunk.map { Self.steps($0.trace).count == 1 && $0.trace.hasSuffix("→ cancelled]") } == true,
                "\(shrunk?.trace ?? "")")
        #expect(shrunk?.failure.contains("error nil") == true && shrunk?.failure.contains("error transport(cancelled)") == true,
                "\(shrunk?.failure ?? "")")
    }

    /// Planted bugs: the gate forgets some commands (reads; the debounced
    /// temperature). Found because the generator sends every gated command:
    /// a 401, then the forgotten command reaches the API.
    @Test(arguments: [(PlantedSessionBug.gateForgetsReads, "Fetch"), (.gateForgetsTheSlider, "ovenTemperature")])
    func aGateThatForgetsACommandIsFound(bug: PlantedSessionBug, command: String) async {
        for seed in plantedBugSeeds {
            guard let shrunk = await shrunkFailure(of: SessionProperties.errorsAndReauthFollowTheModel(bug), seed: seed)
            else { continue }
            let steps = Self.steps(shrunk.trace)
            #expect(steps.count == 2 && steps[1].contains(command), "seed \(seed): \(shrunk.trace)")
            #expect(shrunk.failure.contains("reached API false, got"), "seed \(seed): \(shrunk.failure)")
        }
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
        #expect(Self.steps(counterexample.shrunkDescription).first?.hasSuffix("→ unauthorized") == true,
                "\(counterexample.shrunkDescription)")
        #expect(Self.steps(counterexample.shrunkDescription).count == 2, "\(counterexample.shrunkDescription)")
    }

    /// The steps of a session trace's description (`[a, b]` → `["a", "b"]`).
    static func steps(_ trace: String) -> [String] {
        trace.dropFirst().dropLast().split(separator: ", ").map(String.init)
    }
}
