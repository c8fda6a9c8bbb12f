import KitchenSwiftTesting
import KitchenTesting
import Synchronization
import Testing
import VirtualTime

/// Runs `body` with every issue it records diverted into the returned list, so a
/// test can assert exactly what `checkProperty` reported to Swift Testing.
func issuesReported(by body: @Sendable () async -> Void) async throws -> [Issue] {
    let test = try #require(Test.current)
    let issues = Mutex<[Issue]>([])
    let divert = IssueHandlingTrait.compactMapIssues { issue in
        issues.withLock { $0.append(issue) }
        return nil
    }
    try await divert.provideScope(for: test, testCase: Test.Case.current) { await body() }
    return issues.withLock { $0 }
}

extension Issue {
    var text: String {
        comments.map(\.rawValue).joined(separator: "\n")
    }
}

struct SwiftTestingGlueTests {
    @Test func expectInsideThePropertyBodyReportsOnlyTheShrunkFailure() async throws {
        let line = #line + 2
        let issues = try await issuesReported {
            await checkProperty(Gen.int(in: 0...1_000_000), configuration: isolatedConfiguration()) { value in
                #expect(value < 1000)
            }
        }
        try #require(issues.count == 1, "shrink runs leaked issues: \(issues.map(\.text))")
        let issue = issues[0]
        #expect(issue.sourceLocation?.fileID == "KitchenTestingTests/SwiftTestingGlueTests.swift")
        #expect(issue.sourceLocation?.line == line)
        #expect(issue.text.contains("to:\n1000\nFailure: Expectation failed: (value → 1000) < 1000"))
        #expect(issue.text.contains(
            "swift test --filter SwiftTestingGlueTests/expectInsideThePropertyBodyReportsOnlyTheShrunkFailure"))
        let seed = try #require(issue.text.firstMatch(of: /Rerun: KITCHEN_PBT_SEED=(\d+) swift test/)?.1)
        let rerun = await Property(Gen.int(in: 0...1_000_000), configuration: .replaying(seed: UInt64(seed)!))
            .check { try expect($0 < 1000) }
        #expect(rerun.counterexample?.caseNumber == 1)
        #expect(rerun.counterexample?.shrunk == 1000)
    }

    @Test func requireInsideThePropertyBodyFailsTheCaseWithItsMessage() async throws {
        let report = try await issuesReported {
            let report = await checkProperty(Gen.array(of: Gen.int(in: 0...9), count: 0...10),
                                             configuration: isolatedConfiguration()) { values in
                let first = try #require(values.first, "needs a first element")
                #expect(first >= 0)
            }
            #expect(report.counterexample?.shrunk == [])
            #expect(report.counterexample?.failure.contains("needs a first element") == true)
        }
        #expect(report.count == 1)
    }

    @Test func aPassingPropertyReportsNothing() async throws {
        let issues = try await issuesReported {
            await checkProperty(Gen.int(in: 0...100), configuration: isolatedConfiguration()) { value in
                #expect(value <= 100)
            }
        }
        #expect(issues.isEmpty)
    }

    @Test func aSeedFromTheEnvironmentIsFlaggedWithAWarning() async throws {
        let configuration = PropertyConfiguration(environment: ["KITCHEN_PBT_SEED": "77"])
        let issues = try await issuesReported {
            await checkProperty(Gen.bool, configuration: configuration) { _ in }
        }
        try #require(issues.count == 1)
        #expect(issues[0].severity == .warning)
        #expect(issues[0].text.hasPrefix("Passed 500 cases (replaying fixed seed 77 from KITCHEN_PBT_SEED"))
    }

    @Test func checkStateMachineReportsTheShrunkActionList() async throws {
        let issues = try await issuesReported {
            await StateMachineGlue.checkPlantedBug()
        }
        try #require(issues.count == 1, "\(issues.map(\.text))")
        #expect(issues[0].text.contains("to:\n1. increment\n2. increment\n3. increment\n4. increment\nFailure:"))
        #expect(issues[0].text.contains("Failure: after step 4 (increment): Expectation failed: (counter.value → 5) == (count → 4) (KitchenTestingTests/SwiftTestingGlueTests.swift:"))
    }

    @Test func asyncPropertyOnVirtualTimeReportsTheShrunkTraceOnce() async throws {
        let issues = try await issuesReported { @MainActor in
            let passing = await checkProperty(VirtualTimePropertyTests.traces,
                                              configuration: isolatedConfiguration(cases: 100)) { events in
                let sent = try await VirtualTimePropertyTests.runDebouncer(events)
                #expect(sent == VirtualTimePropertyTests.model(events, sendsWhenGapEqualsThreshold: true))
            }
            #expect(passing.isPassed)
            await checkProperty(VirtualTimePropertyTests.traces, configuration: isolatedConfiguration(cases: 300)) { events in
                let sent = try await VirtualTimePropertyTests.runDebouncer(events)
                #expect(sent == VirtualTimePropertyTests.model(events, sendsWhenGapEqualsThreshold: false))
            }
        }
        let minimal = [TimedEvent(value: 0, gap: .zero), TimedEvent(value: 0, gap: .milliseconds(500))]
        #expect(issues.count == 1)
        #expect(issues.first?.text.contains("to:\n\(minimal)\nFailure: Expectation failed: (sent → [0, 0]) == ") == true)
    }

    @Test func pendingSleepersAtTheEndOfATestBecomeAnIssue() async throws {
        let issues = try await issuesReported {
            await StateMachineGlue.leakASleeper()
        }
        try #require(issues.count == 1)
        #expect(issues[0].text == "1 sleeper(s) still parked on the virtual clock:\n  #0 due at +0.500s (registered at +0.000s) \"leak\"")
    }
}

@MainActor
enum StateMachineGlue {
    static func checkPlantedBug() async {
        let actions = Gen.element(of: [CounterAction.increment, .reset])
        let property = StateMachineProperty<Int, CounterAction, PlantedBugCounter>(
            initialModel: 0,
            actions: { _ in actions },
            apply: { count, action in count = action == .increment ? count + 1 : 0 },
            makeSystem: { PlantedBugCounter(isBuggy: true) },
            perform: { action, counter in
                if action == .increment { counter.increment() } else { counter.reset() }
            },
            invariant: { count, counter in #expect(counter.value == count) },
            configuration: isolatedConfiguration())
        await checkStateMachine(property)
    }

    static func leakASleeper() async {
        let clock = VirtualClock()
        let leak = Task.immediate { try await clock.sleep(for: .milliseconds(500), label: "leak") }
        expectNoPendingSleepers(on: clock)
        leak.cancel()
    }
}
