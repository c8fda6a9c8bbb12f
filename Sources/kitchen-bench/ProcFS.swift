// Fenced: the benchmarks' only reader of Linux's /proc. Where there is none (Apple platforms)
// every answer is nil or 0 and the benchmark says "not measured".
import Foundation

/// What the benchmarks read about a process or the machine's TCP table from `/proc` (Linux).
enum ProcFS {
    /// The resident set size of process `pid` in KiB (`VmRSS` in /proc/PID/status), or with
    /// `peak` the most it has been (`VmHWM`).
    static func residentKiB(_ pid: Int, peak: Bool = false) -> Int? {
        guard let line = statusLine(pid, peak ? "VmHWM:" : "VmRSS:") else { return nil }
        return Int(line.split(separator: " ").first ?? "")
    }

    /// How many threads process `pid` has now (`Threads` in /proc/PID/status).
    static func threadCount(_ pid: Int) -> Int? {
        statusLine(pid, "Threads:").flatMap { Int($0) }
    }

    /// How many established TCP connections have local port `localPort` (IPv4, /proc/net/tcp).
    static func establishedConnections(localPort: Int) -> Int {
        // Read to the end: a procfs file reports no size, and `String(contentsOfFile:)` stops at one page.
        guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return 0 }
        defer { try? file.close() }
        let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let suffix = ":" + String(format: "%04X", localPort)
        // Lines: `sl local_address rem_address st …`, addresses `HEXIP:HEXPORT`, st 01 = established.
        return table.split(separator: "\n").dropFirst().count { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count > 3 && fields[1].hasSuffix(suffix) && fields[3] == "01"
        }
    }

    /// The value after `key` in /proc/PID/status, trimmed.
    private static func statusLine(_ pid: Int, _ key: String) -> String? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) })
        else { return nil }
        return line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
    }
}
