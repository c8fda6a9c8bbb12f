import Foundation
import KitchenScenarios
import KitchenVerify

/// `kitchen scenarios record`: records every scenario against the embedded simulator.
enum ScenariosCommand: KitchenCommand {
    static let spec = CommandSpec(
        name: "scenarios",
        summary: "Record the named scenarios against the embedded simulator, one HAR each (kitchen scenarios record).",
        options: [
            .init(name: "out", valueName: "DIR", help: "Where to write the HARs (default Recordings)."),
            .init(name: "only", valueName: "NAME", help: "Record only this scenario (repeatable).", repeatable: true),
            .init(name: "list", valueName: nil, help: "List the scenarios instead of recording."),
        ],
        positionals: [.init(name: "record", help: "The action (record).", optional: true)])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        if arguments.flag("list") {
            for scenario in Scenario.all {
                console.out("\(scenario.name)\(scenario.needsControls ? " [controls]" : "")  \(scenario.summary)\n")
            }
            return .success
        }
        guard arguments.positionals.first == "record" else { throw UsageError("the action is 'record' (or use --list)") }
        let only = arguments.all("only")
        for name in only where Scenario.named(name) == nil { throw UsageError("no scenario named '\(name)' (see --list)") }
        let scenarios = only.isEmpty ? Scenario.all : Scenario.all.filter { only.contains($0.name) }
        let directory = URL(fileURLWithPath: arguments.value("out") ?? "Recordings")
        let failed = runBlocking {
            var failures = 0
            for scenario in scenarios {
                do {
                    let summary = try await ScenarioRecorder().record(scenario, into: directory)
                    console.out("recorded \(scenario.name): \(summary.entries) entries → \(summary.output.path)\n")
                } catch {
                    failures += 1
                    console.error("FAILED \(scenario.name): \(error)\n")
                }
            }
            return failures
        }
        return failed == 0 ? .success : .failure
    }
}

/// Runs async work from the synchronous command line and waits for its result.
func runBlocking<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) -> Result {
    let box = LockedValue<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        box.set(await work())
        done.signal()
    }
    done.wait()
    return box.get()!
}
