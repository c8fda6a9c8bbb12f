import KitchenTestSupport
import Foundation

/// Headless Chromium from Debian's `chromium` package (the Makefile installs it for `make
/// test`); `KITCHEN_CHROMIUM` names another binary. Without one the browser tests are skipped,
/// loudly. Every run has a deadline, its own profile folder, and is terminated if it hangs.
enum Chromium {
    /// The browser to run, or `nil` when none is installed.
    static let executable: String? = {
        if let given = ProcessInfo.processInfo.environment["KITCHEN_CHROMIUM"], !given.isEmpty {
            return FileManager.default.isExecutableFile(atPath: given) ? given : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// Why the browser tests cannot run.
    static let skipReason = "SKIPPED: no headless Chromium (run `make test`, which installs Debian's chromium package, "
        + "or `apt-get install chromium`, or set KITCHEN_CHROMIUM); the report was not rendered in a browser"

    /// The DOM of `page` after its script ran, as Chromium serializes it.
    static func dumpDOM(_ page: URL, window: String = "1400,900") async throws -> String {
        try await run(["--dump-dom", "--window-size=\(window)", page.absoluteString]).stdout
    }

    /// A screenshot of `page` (with `fragment` selected, if any) written to `png`.
    static func screenshot(_ page: URL, fragment: String? = nil, to png: URL, window: String = "1400,900") async throws {
        let address = page.absoluteString + (fragment.map { "#" + $0 } ?? "")
        _ = try await run(["--screenshot=\(png.path)", "--hide-scrollbars", "--window-size=\(window)", address])
    }

    /// Runs the browser headless with `arguments` (an `ExternalProcess`, waited for off the
    /// cooperative pool) in a profile folder of its own; returns its output.
    private static func run(_ arguments: [String], timeoutSeconds: Int = 90) async throws -> (stdout: String, stderr: String) {
        guard let executable else { throw ChromiumError.missing }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let browser = try ExternalProcess(executable, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                                       "--disable-extensions", "--user-data-dir=\(profile.path)"] + arguments)
        let outcome = await browser.finish(timeoutSeconds: timeoutSeconds)
        if outcome.timedOut { throw ChromiumError.timedOut(arguments: arguments) }
        guard outcome.status == 0 else {
            throw ChromiumError.failed(status: outcome.status, stderr: String(outcome.stderr.suffix(2000)))
        }
        return (outcome.stdout, outcome.stderr)
    }
}

enum ChromiumError: Error, CustomStringConvertible {
    case missing
    case timedOut(arguments: [String])
    case failed(status: Int32, stderr: String)

    var description: String {
        switch self {
        case .missing: "no chromium"
        case .timedOut(let arguments): "chromium did not finish within its deadline: \(arguments)"
        case .failed(let status, let stderr): "chromium exited \(status): \(stderr)"
        }
    }
}

/// Whether `url` holds a PNG (its eight-byte signature, then an IHDR chunk) and its width × height.
func pngSize(_ url: URL) throws -> (width: Int, height: Int)? {
    let bytes = Array(try Data(contentsOf: url))
    guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
          Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    func int(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (int(16), int(20))
}
