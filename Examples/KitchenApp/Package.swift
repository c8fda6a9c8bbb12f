// swift-tools-version:6.2
import PackageDescription

// An app-shaped consumer of KitchenHarness: its own URLSession client, and tests that replay
// recordings of it with the `.replaying` trait. `make test` (at the repository root) runs them.
let package = Package(
    name: "KitchenApp",
    platforms: [.macOS(.v26), .iOS(.v26)],
    products: [.library(name: "KitchenApp", targets: ["KitchenApp"])],
    dependencies: [
        // In an app: .package(url: "https://…/KitchenHarness.git", from: "…"). The name keeps the
        // identity independent of the folder the repository was cloned into.
        .package(name: "KitchenHarness", path: "../.."),
    ],
    targets: [
        // The app's networking: no dependency on the harness.
        .target(name: "KitchenApp"),
        .testTarget(name: "KitchenAppTests", dependencies: [
            "KitchenApp",
            .product(name: "KitchenSwiftTesting", package: "KitchenHarness"),
        ]),
    ]
)
