/// A stateful property: random action sequences run against a model and the real
/// system side by side, with invariants checked after every step.
///
/// Actions are drawn from the current model state, so generation can depend on
/// what happened so far; the whole run is one choice sequence and shrinks like any
/// other, to the shortest, simplest failing action list.
///
/// ```swift
/// let property = StateMachineProperty(
///     initialModel: 0,
///     actions: { count in count > 0 ? Gen.element(of: [.increment, .decrement]) : Gen.constant(.increment) },
///     apply: { count, action in count += action == .increment ? 1 : -1 },
///     makeSystem: { Counter() },
///     perform: { action, counter in action == .increment ? counter.increment() : counter.decrement() },
///     invariant: { count, counter in try expectEqual(counter.value, count) })
/// let report = await property.check()   // report.counterexample?.shrunk: [Action]
/// ```
///
/// Closures written in a `@MainActor` test are main-actor isolated, so `makeSystem`,
/// `perform` and `invariant` may use main-actor systems directly. Model, actions
/// and system cross into those closures, hence `Sendable` (a `@MainActor` class
/// or an actor is).
public struct StateMachineProperty<Model: Sendable, Action: Sendable, System: Sendable> {
    /// The model before the first action.
    public var initialModel: Model
    /// The actions possible in a model state.
    public var actions: (Model) -> Gen<Action>
    /// Whether an action may run in a model state; a drawn action that may not is skipped.
    public var precondition: (Model, Action) -> Bool
    /// The model's transition for an action.
    public var apply: (inout Model, Action) -> Void
    /// A fresh real system for each case.
    public var makeSystem: () async throws -> System
    /// Runs an action against the real system; a thrown error fails the case.
    public var perform: (Action, System) async throws -> Void
    /// Compares model and system; runs before the first action and after every action.
    public var invariant: (Model, System) async throws -> Void
    /// The most actions one case runs. Default 30; about half that on average.
    public var maximumActions: Int
    /// Case count, seed and limits.
    public var configuration: PropertyConfiguration
    /// How an action appears in reports.
    public var describeAction: (Action) -> String

    /// A state machine property; see the type's example.
    public init(
        initialModel: Model,
        actions: @escaping (Model) -> Gen<Action>,
        precondition: @escaping (Model, Action) -> Bool = { _, _ in true },
        apply: @escaping (inout Model, Action) -> Void,
        makeSystem: @escaping () async throws -> System,
        perform: @escaping (Action, System) async throws -> Void,
        invariant: @escaping (Model, System) async throws -> Void,
        maximumActions: Int = 30,
        configuration: PropertyConfiguration = PropertyConfiguration(),
        describeAction: @escaping (Action) -> String = { String(describing: $0) }
    ) {
        self.initialModel = initialModel
        self.actions = actions
        self.precondition = precondition
        self.apply = apply
        self.makeSystem = makeSystem
        self.perform = perform
        self.invariant = invariant
        self.maximumActions = max(1, maximumActions)
        self.configuration = configuration
        self.describeAction = describeAction
    }

    /// Runs the cases. A failing report's `shrunk` value is the executed action list
    /// (skipped actions left out); its description numbers the steps.
    nonisolated(nonsending) public func check() async -> PropertyReport<[Action]> {
        let runner = PropertyRunner<[Action]>(configuration: configuration, describe: describe)
        return await runner.run { source in
            await runCase(&source)
        }
    }

    /// `1. increment` … one action per line, or `(no actions)`.
    public func describe(_ executed: [Action]) -> String {
        if executed.isEmpty {
            return "(no actions)"
        }
        return executed.enumerated().map { "\($0.offset + 1). \(describeAction($0.element))" }.joined(separator: "\n")
    }

    nonisolated(nonsending) private func runCase(_ source: inout ChoiceSource) async -> CaseOutcome<[Action]> {
        var model = initialModel
        var executed: [Action] = []
        let averageLength = Double(maximumActions) / 2
        let continueProbability = averageLength / (averageLength + 1)
        let system: System
        do {
            system = try await makeSystem()
            try await invariant(model, system)
        } catch {
            return .failed(executed, message: "before any action: \(error)")
        }
        while executed.count < maximumActions {
            let action: Action
            do throws(GenerationFailure) {
                guard try source.drawFlag(probability: continueProbability) else { break }
                action = try actions(model).generate(from: &source)
            } catch {
                return .invalid(error)
            }
            guard precondition(model, action) else { continue }
            executed.append(action)
            do {
                try await perform(action, system)
                apply(&model, action)
                try await invariant(model, system)
            } catch {
                return .failed(executed, message: "after step \(executed.count) (\(describeAction(action))): \(error)")
            }
        }
        return .passed(executed)
    }
}
