import KitchenControllers
import KitchenTesting

/// The coordinator property over the pure ``KitchenControllers/SessionState``.
public enum SessionProperties {
    /// For any interleaving of child commands and their results (success, 401,
    /// 404, 500, transport error, cancellation), WebSocket closes, sign-ins and
    /// dismissals: `requiresReauth` is true exactly when an unauthorized happened,
    /// `error` is the latest non-cancellation error, and no command reaches the
    /// API while re-authentication is required.
    public static func errorsAndReauthFollowTheModel(
        _ rule: any SessionRule = StandardSessionRule()
    ) -> ControllerProperty<SessionTrace> {
        ControllerProperty(
            name: "coordinator: errors, reauth and the gate", generator: SessionTraceGenerators.trace()
        ) { trace in
            try compare(SessionSimulation.run(trace, rule: rule), with: SessionModel.expectations(trace), trace)
        }
    }

    /// Fails at the first step where `actual` and the model disagree.
    public static func compare(_ actual: [SessionExpectation], with expected: [SessionExpectation], _ trace: SessionTrace)
        throws
    {
        for (index, (got, want)) in zip(actual, expected).enumerated() {
            try expectEqual(got, want, "after step \(index + 1) (\(trace.steps[index]))")
        }
        try expectEqual(actual.count, expected.count, "steps run")
    }
}
