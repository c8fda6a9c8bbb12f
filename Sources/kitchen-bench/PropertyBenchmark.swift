import Foundation
import KitchenControllerProperties

/// Pure-model property cases per second (the controllers' reference models, no concurrency).
enum PropertyBenchmark {
    static func run() async {
        let start = ContinuousClock.now
        do {
            let cases = try await ControllerPropertySuite.runPureModelProperties(cases: 10_000, seed: 1)
            let seconds = (ContinuousClock.now - start) / .seconds(1)
            print("property-cases-per-second \(Int(Double(cases) / seconds)) cases/s (\(cases) cases in \(String(format: "%.2f", seconds)) s)")
        } catch {
            print("property-cases-per-second failed: \(error)")
        }
    }
}
