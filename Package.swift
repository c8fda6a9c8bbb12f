// swift-tools-version:6.0
import PackageDescription

// KitchenHarness depends on the Swift toolchain only: no package dependencies.
// Dependencies point one way: wire ← API ← controllers; recording ← recorder/replay/contracts.
let package = Package(
    name: "KitchenHarness",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "kitchen", targets: ["kitchen"]),
        .library(name: "KitchenAPI", targets: ["KitchenAPI"]),
        .library(name: "KitchenControllers", targets: ["KitchenControllers"]),
        .library(name: "KitchenTesting", targets: ["KitchenTesting"]),
        // For an app's own test targets: the simulator in-process, recordings, replay and the
        // `.replaying` trait, the contract checks.
        .library(name: "KitchenSimulator", targets: ["KitchenSimulator"]),
        .library(name: "KitchenRecording", targets: ["KitchenRecording"]),
        .library(name: "KitchenReplay", targets: ["KitchenReplay"]),
        .library(name: "KitchenSwiftTesting", targets: ["KitchenSwiftTesting"]),
        // URLSession interception without Swift Testing (for XCTest or custom glue).
        .library(name: "KitchenIntercept", targets: ["KitchenIntercept"]),
        .library(name: "KitchenContracts", targets: ["KitchenContracts"]),
        .library(name: "KitchenVerify", targets: ["KitchenVerify"]),
    ],
    targets: [
        // Value-level building blocks: JSON, timestamps, seeded randomness, the scheduling clock.
        .target(name: "HarnessCore"),
        // HTTP/1.1 and RFC 6455 codecs, sockets, server and client. Knows nothing about kitchens.
        .target(name: "HTTPWire", dependencies: ["HarnessCore", .target(name: "CEpoll", condition: .when(platforms: [.linux]))]),
        // Linux's epoll for HTTPWire's readiness poller (Glibc's module map leaves sys/epoll.h out).
        .target(name: "CEpoll"),
        // The app's API layer: models, errors, the real client, the mock, the WebSocket client.
        .target(name: "KitchenAPI", dependencies: ["HarnessCore", "HTTPWire"]),
        // The app's view models, coordinator, presenters and telemetry.
        .target(name: "KitchenControllers", dependencies: ["KitchenAPI", "HarnessCore"]),
        // The reference server implementing ../shared/API.md.
        .target(name: "KitchenSimulator", dependencies: ["HTTPWire", "HarnessCore"]),
        // The HAR fixture format, redaction and volatile fields.
        .target(name: "KitchenRecording", dependencies: ["HarnessCore"]),
        // The recording proxy.
        .target(name: "KitchenRecorder", dependencies: ["KitchenRecording", "HTTPWire", "HarnessCore"]),
        // Serving a recording back, over sockets or in-process.
        .target(name: "KitchenReplay", dependencies: ["KitchenRecording", "HTTPWire", "KitchenAPI", "HarnessCore"]),
        // JSON Schema checks of recordings against the contracts, and contract/recording diffs.
        .target(name: "KitchenContracts", dependencies: ["KitchenRecording", "HarnessCore"]),
        // Virtual time and the property-testing engine (no Swift Testing dependency).
        .target(name: "KitchenTesting", dependencies: ["HarnessCore"]),
        // Reference models, trace generators and properties of the controllers, shared by the
        // test suite and the benchmarks (and reusable by an app's own tests).
        .target(name: "KitchenControllerProperties", dependencies: ["KitchenControllers", "KitchenTesting", "KitchenAPI", "HarnessCore"]),
        // Serving any URLSession from a recording (a URLProtocol scoped per test), or recording it on first
        // run through the recorder in front of KITCHEN_RECORD_URL or the embedded simulator. Test support
        // only: it points at the replay, the recorder and the simulator; nothing but test glue points at it.
        .target(name: "KitchenIntercept", dependencies: ["KitchenReplay", "KitchenRecorder", "KitchenSimulator", "KitchenRecording", "HTTPWire"]),
        // Swift Testing glue: property checks that report the minimal failure, the replaying trait
        // (which installs KitchenIntercept for the test's scope).
        .target(name: "KitchenSwiftTesting", dependencies: ["KitchenTesting", "KitchenReplay", "KitchenIntercept", "KitchenRecording", "HarnessCore"]),
        // Named scenarios driven through the real client, for recording and verification.
        .target(name: "KitchenScenarios", dependencies: ["KitchenAPI", "HarnessCore"]),
        // The verification gate: records, checks, reports.
        .target(name: "KitchenVerify", dependencies: [
            "KitchenContracts", "KitchenScenarios", "KitchenRecorder", "KitchenSimulator", "HTTPWire",
            "KitchenReplay", "KitchenRecording", "KitchenAPI", "HarnessCore",
        ]),
        // Feeding a recording through the controllers on virtual time.
        .target(name: "KitchenReproduce", dependencies: [
            "KitchenControllers", "KitchenControllerProperties", "KitchenReplay", "KitchenRecording", "KitchenTesting",
            "KitchenScenarios", "KitchenAPI", "HarnessCore",
        ]),
        // A recording (with findings and extra lanes) as one self-contained HTML timeline.
        .target(name: "KitchenReport", dependencies: ["KitchenRecording", "HarnessCore"]),
        // The commands of the CLI, as a library so tests can run them in-process.
        .target(name: "KitchenCLI", dependencies: [
            "KitchenSimulator", "KitchenRecorder", "KitchenReplay", "KitchenVerify",
            "KitchenReproduce", "KitchenScenarios", "KitchenAPI", "HTTPWire", "HarnessCore",
            "KitchenReport",
        ]),
        // The one CLI.
        .executableTarget(name: "kitchen", dependencies: ["KitchenCLI"]),
        // The in-process benchmarks behind `make bench`.
        .executableTarget(name: "kitchen-bench", dependencies: [
            "KitchenRecorder", "KitchenReplay", "KitchenRecording", "KitchenVerify", "KitchenControllerProperties", "HTTPWire",
            "KitchenReport", "HarnessCore",
        ]),

        // Test support shared by the suites that start peers nobody here wrote (Python, openssl):
        // running a process with a deadline, the Python peers, the TLS test certificates.
        .target(name: "KitchenTestSupport", path: "Tests/KitchenTestSupport"),

        .testTarget(name: "HarnessCoreTests", dependencies: ["HarnessCore"]),
        .testTarget(name: "HTTPWireTests", dependencies: ["HTTPWire", "KitchenTestSupport", "KitchenTesting", "KitchenSwiftTesting"]),
        .testTarget(name: "KitchenAPITests", dependencies: ["KitchenAPI", "HarnessCore"]),
        .testTarget(name: "KitchenRecordingTests", dependencies: ["KitchenRecording", "HarnessCore"], exclude: ["Fixtures"]),
        .testTarget(name: "KitchenSimulatorTests", dependencies: ["KitchenSimulator", "HTTPWire", "HarnessCore"]),
        .testTarget(name: "KitchenCLITests", dependencies: ["KitchenCLI", "KitchenTestSupport"]),
        .testTarget(name: "KitchenTestingTests", dependencies: ["KitchenTesting", "KitchenSwiftTesting"]),
        .testTarget(name: "KitchenControllersTests", dependencies: [
            "KitchenControllers", "KitchenControllerProperties", "KitchenTesting", "KitchenSwiftTesting", "KitchenAPI", "HarnessCore",
        ], exclude: ["README-properties.md"]),
        .testTarget(name: "KitchenRecorderTests", dependencies: [
            "KitchenRecorder", "KitchenRecording", "KitchenSimulator", "HTTPWire", "HarnessCore", "KitchenTestSupport",
        ]),
        .testTarget(name: "KitchenContractsTests", dependencies: ["KitchenContracts", "HarnessCore"]),
        .testTarget(name: "KitchenReplayTests", dependencies: [
            "KitchenReplay", "KitchenScenarios", "KitchenRecording", "KitchenAPI", "KitchenSimulator", "HTTPWire", "HarnessCore",
        ]),
        .testTarget(name: "KitchenVerifyTests", dependencies: [
            "KitchenVerify", "KitchenContracts", "KitchenRecording", "KitchenReplay", "KitchenScenarios", "KitchenAPI",
            "KitchenCLI", "KitchenSimulator", "HTTPWire", "HarnessCore", "KitchenTestSupport",
        ]),
        .testTarget(name: "KitchenReproduceTests", dependencies: [
            "KitchenReproduce", "KitchenSwiftTesting", "KitchenControllers", "KitchenRecording", "KitchenReplay", "KitchenTesting",
        ]),
        .testTarget(name: "KitchenReportTests", dependencies: ["KitchenReport", "KitchenCLI", "KitchenRecording", "HarnessCore"]),
        .testTarget(name: "KitchenInterceptTests", dependencies: [
            "KitchenIntercept", "KitchenSwiftTesting", "KitchenReplay", "KitchenRecording", "KitchenSimulator",
        ], exclude: ["Recordings"]),
        .testTarget(name: "KitchenIntegrationTests", dependencies: ["KitchenAPI", "KitchenSimulator", "HarnessCore", "HTTPWire"]),
    ]
)
