import Foundation
import KitchenTestSupport
import Testing

/// The test suite's own spawner (`SpawnedProcess`, under every `ExternalProcess` and
/// `RunningKitchen`): how a child ended, what it wrote, and what it did not inherit. Pipes are
/// read off the cooperative pool (``offThePool(_:)``): a read that blocks there holds back every
/// test of the process.
@Suite(.timeLimit(.minutes(2))) struct SpawnedProcessTests {
    @Test func anExitStatusPassesThrough() async throws {
        let child = try SpawnedProcess("/bin/sh", ["-c", "exit 3"])
        #expect(await child.exited() == .exited(3))
        #expect(!child.isRunning)
    }

    @Test func aDeathBySignalIsReportedAsTheSignal() async throws {
        let child = try SpawnedProcess("/bin/sh", ["-c", "kill -KILL $$"])
        #expect(await child.exited() == .signalled(SIGKILL))
    }

    @Test func terminateEndsAChildWithSIGTERM() async throws {
        let child = try SpawnedProcess("/bin/sh", ["-c", "exec sleep 60"])
        #expect(child.isRunning)
        child.terminate()
        #expect(await child.exited() == .signalled(SIGTERM))
    }

    @Test func noSignalIsSentOnceTheChildIsReaped() async throws {
        let child = try SpawnedProcess("/bin/sh", ["-c", "exit 0"])
        #expect(await child.exited() == .exited(0))
        #expect(!child.send(signal: SIGTERM), "the id may belong to another process by now")
    }

    @Test func standardOutputAndErrorAreCapturedApart() async throws {
        let child = try SpawnedProcess("/bin/sh", ["-c", "echo out; echo err >&2"])
        #expect(await offThePool { child.standardOutput.readToEnd() } == Array("out\n".utf8))
        #expect(await offThePool { child.standardError.readToEnd() } == Array("err\n".utf8))
        #expect(await child.exited() == .exited(0))
    }

    @Test func standardInputIsEmpty() async throws {
        let child = try SpawnedProcess("/bin/sh", ["-c", "wc -c"])
        let counted = await offThePool { child.standardOutput.readToEnd() }
        #expect(String(decoding: counted, as: UTF8.self).trimmingCharacters(in: .whitespaces) == "0\n")
        #expect(await child.exited() == .exited(0))
    }

    @Test func theChildLeadsAProcessGroupOfItsOwn() async throws {
        let child = try SpawnedProcess("/bin/sh", ["-c", "exec sleep 60"])
        #expect(getpgid(child.processIdentifier) == child.processIdentifier)
        child.send(signal: SIGKILL)
        #expect(await child.exited() == .signalled(SIGKILL))
    }

    /// A pipe end open without close-on-exec, as a library in this process might leave one: the
    /// child must not get it (a held write end keeps a reader here from ever seeing end of
    /// stream). Copied to 200 or above, clear of the descriptor `ls` opens for its listing.
    @Test func aDescriptorOpenWithoutCloseOnExecIsNotInherited() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let leaked = fcntl(ends[1], F_DUPFD, 200)
        defer { (ends + [leaked]).forEach { close($0) } }
        try #require(leaked >= 200)
        let child = try SpawnedProcess("/bin/sh", ["-c", "ls /dev/fd/"])
        let listing = await offThePool { child.standardOutput.readToEnd() }
        let listed = Set(String(decoding: listing, as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).compactMap { Int32($0) })
        #expect(await child.exited() == .exited(0))
        #expect(listed.isSuperset(of: [0, 1, 2]), "the listing itself failed: \(listed.sorted())")
        #expect(!listed.contains(leaked), "descriptor \(leaked) inherited; the child had \(listed.sorted())")
    }

    /// Whatever the spawning thread blocks (Dispatch's threads block signals) and this process
    /// ignores (SIGINT and SIGTERM, once a command has run in-process), the child starts with
    /// nothing blocked and SIGINT and SIGTERM at their default: a signal a test sends reaches it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "SKIPPED: no /proc here to read a child's signal state"))
    func theChildStartsWithNoSignalBlockedAndInterruptAndTerminateAtTheirDefault() async throws {
        let child = try SpawnedProcess("/bin/grep", ["-E", "^Sig(Blk|Ign)", "/proc/self/status"])
        let status = await offThePool { child.standardOutput.readToEnd() }
        let fields = Dictionary(uniqueKeysWithValues: String(decoding: status, as: UTF8.self)
            .split(separator: "\n").compactMap { line -> (String, UInt64)? in
                let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, let mask = UInt64(parts[1], radix: 16) else { return nil }
                return (parts[0], mask)
            })
        #expect(await child.exited() == .exited(0))
        #expect(fields["SigBlk"] == 0, "\(fields)")
        let ignored = try #require(fields["SigIgn"], "\(fields)")
        for signal in [SIGINT, SIGTERM] { #expect(ignored & (1 << UInt64(signal - 1)) == 0, "signal \(signal) ignored: \(fields)") }
    }

    @Test func aMissingExecutableIsAnErrorNamingIt() throws {
        let missing = "/nonexistent/kitchen-no-such-program"
        #expect {
            _ = try SpawnedProcess(missing, [])
        } throws: { error in
            guard case .cannotStart(let executable, let code, _)? = error as? SpawnError else { return false }
            return executable == missing && code == ENOENT && "\(error)".contains(missing)
        }
    }

    @Test(arguments: [
        (Int32(0x0000), SpawnedProcess.Termination.exited(0)),
        (0x0300, .exited(3)),
        (0xff00, .exited(255)),
        (0x0009, .signalled(9)),
        (0x008b, .signalled(11)),  // SIGSEGV with the core-dump bit set
    ])
    func aWaitStatusIsReadAsExitOrSignal(_ status: Int32, _ expected: SpawnedProcess.Termination) {
        #expect(SpawnedProcess.Termination(waitStatus: status) == expected)
    }
}
