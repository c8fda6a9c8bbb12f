// swift-tools-version:6.2
import PackageDescription

// KitchenHarness depends on the Swift toolchain only: no package dependencies.
//
// Target graph: each target, then the only targets it depends on. A target names only targets
// on lines above it, so dependencies point one way. Shipped targets depend on shipped targets
// only, and `kitchen` reaches no test support. KitchenArchitectureTests reads this block and
// fails when `swift package describe` shows a different graph: keep the two the same.
//
// shipped:
//   HarnessCore ->
//   CEpoll ->
//   HTTPWire -> HarnessCore, CEpoll
//   VirtualTime -> HarnessCore
//   KitchenRecording -> HarnessCore
//   KitchenAPI -> HTTPWire, HarnessCore
//   KitchenControllers -> KitchenAPI, HarnessCore
//   KitchenSimulator -> HTTPWire, HarnessCore
//   KitchenRecorder -> KitchenRecording, HTTPWire, HarnessCore
//   KitchenReplay -> KitchenRecording, HTTPWire, HarnessCore
//   KitchenContracts -> KitchenRecording, HarnessCore
//   KitchenReport -> KitchenRecording, VirtualTime, HarnessCore
//   KitchenScenarios -> KitchenControllers, KitchenAPI, HarnessCore
//   KitchenReproduce -> KitchenReplay, KitchenControllers, KitchenAPI, KitchenRecording, VirtualTime, HTTPWire, HarnessCore
//   KitchenVerify -> KitchenReproduce, KitchenScenarios, KitchenContracts, KitchenReplay, KitchenRecording, KitchenAPI, HTTPWire, HarnessCore
//   KitchenScenarioRecording -> KitchenVerify, KitchenScenarios, KitchenRecorder, KitchenSimulator, KitchenRecording, KitchenAPI, HTTPWire, HarnessCore
//   KitchenCLI -> KitchenScenarioRecording, KitchenVerify, KitchenReproduce, KitchenReport, KitchenScenarios, KitchenContracts, KitchenReplay, KitchenRecorder, KitchenSimulator, KitchenControllers, KitchenRecording, KitchenAPI, VirtualTime, HTTPWire, HarnessCore
//   kitchen -> KitchenCLI
// test support:
//   KitchenTesting -> HarnessCore
//   KitchenControllerProperties -> KitchenReproduce, KitchenControllers, KitchenTesting, VirtualTime, KitchenAPI, HarnessCore
//   KitchenIntercept -> KitchenReplay, KitchenRecorder, KitchenSimulator, KitchenRecording, HTTPWire, HarnessCore
//   KitchenSwiftTesting -> KitchenIntercept, KitchenTesting, KitchenReplay, KitchenRecording, VirtualTime, HarnessCore
//   KitchenTestSupport -> KitchenSimulator, KitchenRecording, HTTPWire, HarnessCore
// tools:
//   kitchen-bench -> KitchenControllerProperties, KitchenVerify, KitchenReproduce, KitchenReport, KitchenContracts, KitchenReplay, KitchenRecorder, KitchenRecording, HTTPWire, HarnessCore
// Test targets may depend on any of these.
let package = Package(
    name: "KitchenHarness",
    platforms: [.macOS(.v26), .iOS(.v26)],
    products: [
        .executable(name: "kitchen", targets: ["kitchen"]),
        .library(name: "KitchenAPI", targets: ["KitchenAPI"]),
        .library(name: "KitchenControllers", targets: ["KitchenControllers"]),
        .library(name: "KitchenTesting", targets: ["KitchenTesting"]),
        .library(name: "VirtualTime", targets: ["VirtualTime"]),
        // For an app's own test targets: the simulator in-process, recordings, replay and the
        // `.replaying` trait, the contract checks.
        .library(name: "KitchenSimulator", targets: ["KitchenSimulator"]),
        .library(name: "KitchenRecording", targets: ["KitchenRecording"]),
        .library(name: "KitchenReplay", targets: ["KitchenReplay"]),
        // The app's client served in-process from a recording (ReplaySession), and reproduction.
        .library(name: "KitchenReproduce", targets: ["KitchenReproduce"]),
        .library(name: "KitchenSwiftTesting", targets: ["KitchenSwiftTesting"]),
        // URLSession interception without Swift Testing (for XCTest or custom glue).
        .library(name: "KitchenIntercept", targets: ["KitchenIntercept"]),
        .library(name: "KitchenContracts", targets: ["KitchenContracts"]),
        .library(name: "KitchenVerify", targets: ["KitchenVerify"]),
    ],
    targets: [
        // Value-level building blocks: JSON, timestamps, seeded randomness, the scheduling clock.
        .target(name: "HarnessCore"),
        // Linux's epoll for HTTPWire's readiness poller (Glibc's module map leaves sys/epoll.h out).
        .target(name: "CEpoll"),
        // HTTP/1.1 and RFC 6455 codecs, sockets, server and client. Knows nothing about kitchens.
        .target(name: "HTTPWire", dependencies: ["HarnessCore", .target(name: "CEpoll", condition: .when(platforms: [.linux]))]),
        // The virtual clock: time that moves only when told (tests, and reproduction of a recording).
        .target(name: "VirtualTime", dependencies: ["HarnessCore"]),
        // The HAR fixture format, redaction and volatile fields.
        .target(name: "KitchenRecording", dependencies: ["HarnessCore"]),
        // The app's API layer: models, errors, the real client, the mock, the WebSocket client.
        .target(name: "KitchenAPI", dependencies: ["HTTPWire", "HarnessCore"]),
        // The app's view models, coordinator, presenters and telemetry.
        .target(name: "KitchenControllers", dependencies: ["KitchenAPI", "HarnessCore"]),
        // The reference server implementing ../shared/API.md.
        .target(name: "KitchenSimulator", dependencies: ["HTTPWire", "HarnessCore"]),
        // The recording proxy.
        .target(name: "KitchenRecorder", dependencies: ["KitchenRecording", "HTTPWire", "HarnessCore"]),
        // Serving any recording back, over sockets or in-process (ReplaySession), matched as the caller says (ReplayMatching).
        .target(name: "KitchenReplay", dependencies: ["KitchenRecording", "HTTPWire", "HarnessCore"]),
        // JSON Schema checks of recordings against the contracts, and contract/recording diffs.
        .target(name: "KitchenContracts", dependencies: ["KitchenRecording", "HarnessCore"]),
        // A recording (with findings and extra lanes) as one self-contained HTML timeline.
        .target(name: "KitchenReport", dependencies: ["KitchenRecording", "VirtualTime", "HarnessCore"]),
        // The named scenarios (and bug stories) driven through the real client and controllers.
        .target(name: "KitchenScenarios", dependencies: ["KitchenControllers", "KitchenAPI", "HarnessCore"]),
        // The app on a recording: its client answered in-process (on ReplaySession; the Kitchen replay presets),
        // and the controllers fed a recording on virtual time (reproduction).
        .target(name: "KitchenReproduce", dependencies: [
            "KitchenReplay", "KitchenControllers", "KitchenAPI", "KitchenRecording", "VirtualTime", "HTTPWire", "HarnessCore",
        ]),
        // The verification gate: checks a folder of recordings and reports. Starts no server.
        .target(name: "KitchenVerify", dependencies: [
            "KitchenReproduce", "KitchenScenarios", "KitchenContracts", "KitchenReplay", "KitchenRecording", "KitchenAPI",
            "HTTPWire", "HarnessCore",
        ]),
        // Recording the scenarios: against the embedded simulator or through a proxy in front of a live server.
        .target(name: "KitchenScenarioRecording", dependencies: [
            "KitchenVerify", "KitchenScenarios", "KitchenRecorder", "KitchenSimulator", "KitchenRecording", "KitchenAPI", "HTTPWire", "HarnessCore",
        ]),
        // The commands of the CLI, as a library so tests can run them in-process.
        .target(name: "KitchenCLI", dependencies: [
            "KitchenScenarioRecording", "KitchenVerify", "KitchenReproduce", "KitchenReport", "KitchenScenarios",
            "KitchenContracts", "KitchenReplay", "KitchenRecorder", "KitchenSimulator", "KitchenControllers",
            "KitchenRecording", "KitchenAPI", "VirtualTime", "HTTPWire", "HarnessCore",
        ]),
        // The one CLI.
        .executableTarget(name: "kitchen", dependencies: ["KitchenCLI"]),

        // The property-testing engine (no Swift Testing dependency).
        .target(name: "KitchenTesting", dependencies: ["HarnessCore"]),
        // Reference models, trace generators and properties of the controllers, shared by the
        // test suite and the benchmarks (and reusable by an app's own tests).
        .target(name: "KitchenControllerProperties", dependencies: [
            "KitchenReproduce", "KitchenControllers", "KitchenTesting", "VirtualTime", "KitchenAPI", "HarnessCore",
        ]),
        // Serving any URLSession from a recording (a URLProtocol scoped per test), or recording it on first
        // run through the recorder in front of a live server (KITCHEN_RECORD_URL, or the embedded simulator).
        // Test support, generic over the API: it points at the replay, the recorder and the simulator, never
        // at the app's modules; nothing but test glue points at it.
        .target(name: "KitchenIntercept", dependencies: ["KitchenReplay", "KitchenRecorder", "KitchenSimulator", "KitchenRecording", "HTTPWire", "HarnessCore"]),
        // Swift Testing glue: property checks that report the minimal failure, the replaying trait
        // (which installs KitchenIntercept for the test's scope; the Kitchen presets are its defaults).
        // Generic harness only: never the app's modules (KitchenArchitectureTests checks it).
        .target(name: "KitchenSwiftTesting", dependencies: [
            "KitchenIntercept", "KitchenTesting", "KitchenReplay", "KitchenRecording", "VirtualTime", "HarnessCore",
        ]),
        // The in-process benchmarks behind `make bench`.
        .executableTarget(name: "kitchen-bench", dependencies: [
            "KitchenControllerProperties", "KitchenVerify", "KitchenReproduce", "KitchenReport", "KitchenContracts",
            "KitchenReplay", "KitchenRecorder", "KitchenRecording", "HTTPWire", "HarnessCore",
        ]),

        // Test support shared by the suites: running a process with a deadline, the Python peers, the
        // TLS test certificates, the running simulator, the instant clock, the latch, the repository's paths,
        // the blocking client calls.
        .target(name: "KitchenTestSupport", dependencies: ["KitchenSimulator", "KitchenRecording", "HTTPWire", "HarnessCore"],
                path: "Tests/KitchenTestSupport"),

        .testTarget(name: "HarnessCoreTests", dependencies: ["HarnessCore", "KitchenTestSupport"]),
        .testTarget(name: "HTTPWireTests", dependencies: ["HTTPWire", "KitchenTestSupport", "KitchenTesting", "KitchenSwiftTesting"]),
        .testTarget(name: "KitchenAPITests", dependencies: ["KitchenAPI", "HarnessCore", "KitchenTestSupport"]),
        .testTarget(name: "KitchenRecordingTests", dependencies: [
            "KitchenRecording", "HarnessCore", "KitchenTesting", "KitchenSwiftTesting", "KitchenTestSupport",
        ], exclude: ["Fixtures"]),
        .testTarget(name: "KitchenSimulatorTests", dependencies: ["KitchenSimulator", "HTTPWire", "HarnessCore", "KitchenTestSupport"]),
        .testTarget(name: "KitchenCLITests", dependencies: ["KitchenCLI", "KitchenRecording", "KitchenTestSupport"]),
        .testTarget(name: "KitchenTestingTests", dependencies: ["KitchenTesting", "VirtualTime", "KitchenSwiftTesting"]),
        .testTarget(name: "KitchenControllersTests", dependencies: [
            "KitchenControllers", "KitchenControllerProperties", "KitchenReproduce", "KitchenTesting", "VirtualTime",
            "KitchenSwiftTesting", "KitchenAPI", "HarnessCore",
        ], exclude: ["README-properties.md"]),
        .testTarget(name: "KitchenRecorderTests", dependencies: [
            "KitchenRecorder", "KitchenRecording", "KitchenSimulator", "HTTPWire", "HarnessCore", "KitchenTestSupport",
        ]),
        .testTarget(name: "KitchenContractsTests", dependencies: ["KitchenContracts", "HarnessCore", "KitchenTestSupport"]),
        .testTarget(name: "KitchenReplayTests", dependencies: [
            "KitchenReplay", "KitchenReproduce", "KitchenScenarios", "KitchenRecording", "KitchenAPI", "KitchenSimulator", "HTTPWire",
            "HarnessCore", "KitchenTestSupport",
        ]),
        .testTarget(name: "KitchenVerifyTests", dependencies: [
            "KitchenVerify", "KitchenContracts", "KitchenRecording", "KitchenReplay", "KitchenScenarios", "KitchenAPI",
            "KitchenCLI", "KitchenSimulator", "HTTPWire", "HarnessCore", "KitchenTestSupport",
        ]),
        .testTarget(name: "KitchenReproduceTests", dependencies: [
            "KitchenReproduce", "KitchenSwiftTesting", "KitchenControllers", "KitchenRecording", "KitchenReplay", "KitchenTesting",
            "KitchenAPI", "VirtualTime", "HarnessCore", "KitchenTestSupport",
        ]),
        .testTarget(name: "KitchenReportTests", dependencies: ["KitchenReport", "KitchenCLI", "KitchenRecording", "HarnessCore", "KitchenTestSupport"]),
        .testTarget(name: "KitchenInterceptTests", dependencies: [
            "KitchenIntercept", "KitchenSwiftTesting", "KitchenReplay", "KitchenRecording", "KitchenSimulator",
            "KitchenTestSupport",
        ], exclude: ["Recordings"]),
        .testTarget(name: "KitchenIntegrationTests", dependencies: ["KitchenAPI", "KitchenSimulator", "HarnessCore", "HTTPWire", "KitchenTestSupport"]),
        // The graph above, checked against `swift package describe`.
        .testTarget(name: "KitchenArchitectureTests", dependencies: ["KitchenTestSupport"]),
        // The benchmarks' own code (not their timings).
        .testTarget(name: "KitchenBenchTests", dependencies: ["kitchen-bench", "KitchenVerify", "KitchenTestSupport"]),
    ]
)
