import Foundation
import KitchenVerify

/// Recorded exchanges validated against the contracts per second, on one core.
enum ValidationBenchmark {
    static func run(root: URL) {
        do {
            let rate = try VerifyBenchmark.exchangesPerSecond(
                recordings: root.appendingPathComponent("Recordings"), contracts: root.appendingPathComponent("Contracts"),
                seconds: 3)
            print("validated-exchanges-per-second \(Int(rate)) exchanges/s")
        } catch {
            print("validated-exchanges-per-second failed: \(error)")
        }
    }
}
