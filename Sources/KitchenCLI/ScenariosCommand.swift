import Foundation
import Synchronization
import KitchenScenarioRecording
import KitchenScenarios
import KitchenVerify

/// `kitchen scenarios record`: records every scenario against the embedded simulator.
enum ScenariosCommand: KitchenCommand {
    static let out = Option<String>("out", short: "o", "DIR", default: "Recordings", help: "Where to write the HARs.")
    static let only = Option<String?>("only", "NAME", help: "Record only this scenario (repeatable).", repeatable: true)
    static let list = Flag("list", help: "List the scenarios instead of recording.")

    static let spec = CommandSpec(
        name: "scenarios",
        summary: "Record the named scenarios against the embedded simulator, one HAR each (kitchen scenarios record).",
        options: [out, only, list],
        positionals: [.init(name: "record", help: "The action (record).", optional: true)])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        if arguments[Self.list] {
            for scenario in Scenario.all {
                console.out("\(scenario.name)\(scenario.needsControls ? " [controls]" : "")  \(scenario.summary)\n")
            }
            for story in BugStories.all { console.out("bugs/\(story.name) [controls]  \(story.summary)\n") }
            return .success
        }
        guard arguments.positionals.first == "record" else { throw UsageError("the action is 'record' (or use --list)") }
        let only = arguments.all(Self.only)
        for name in only where Scenario.named(name) == nil && !BugStories.all.contains(where: { $0.name == name }) {
            throw UsageError("no scenario named '\(name)' (see --list)")
        }
        let directory = URL(fileURLWithPath: arguments[Self.out])
        // Bug stories (sessions of the app that once showed a bug) go to bugs/.
        let everything = Scenario.all.map { ($0, directory) }
            + BugStories.all.map { ($0, directory.appendingPathComponent("bugs")) }
        let scenarios = only.isEmpty ? everything : everything.filter { only.contains($0.0.name) }
        let failed = runBlocking { () async -> Int in
            var failures = 0
            for (scenario, folder) in scenarios {
                do {
                    let summary = try await ScenarioRecorder().record(scenario, into: folder)
                    console.out("recorded \(scenario.name): \(summary.entries) entries → \(summary.output.path)\n")
                } catch {
                    failures += 1
                    console.error("FAILED \(scenario.name): \(error)\n")
                }
            }
            return failures
        }.get()
        return failed == 0 ? .success : .failure
    }
}

/// Runs async work from the synchronous command line and waits for its result or error. On
/// the main thread the main run loop keeps turning meanwhile, so work on the main actor (the
/// app's controllers) can run; blocking the thread would deadlock it.
func runBlocking<Value: Sendable, Failure: Error>(_ work: @escaping @Sendable () async throws(Failure) -> Value) -> Result<Value, Failure> {
    let box = Mutex<Result<Value, Failure>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let result: Result<Value, Failure>
        do throws(Failure) {
            result = .success(try await work())
        } catch {
            result = .failure(error)
        }
        box.withLock { $0 = result }
        done.signal()
    }
    while true {
        if let result = box.withLock({ $0 }) { return result }
        if Thread.isMainThread {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        } else {
            done.wait()
        }
    }
}
