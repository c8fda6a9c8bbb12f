import Foundation
import HTTPWire
import KitchenAPI
import KitchenSimulator
import KitchenTestSupport
import Testing

/// `kitchen verify --live https://…/api/v1`, as a staging server is deployed: the simulator
/// under a path prefix behind a TLS front made of Python's own `ssl` (Tests/Interop/
/// tls_terminator.py), with certificates made by `openssl` for this run.
@Suite("kitchen verify --live over TLS", .serialized, .timeLimit(.minutes(2)),
       .disabled(if: PythonPeer.interpreter == nil, "SKIPPED: KITCHEN_PYTHON is unset (run `make test`, which makes .venv); the TLS gate tests did not run"),
       .disabled(if: TestCertificates.opensslPath == nil, "SKIPPED: the openssl command is missing (apt-get install openssl); the TLS gate tests did not run"),
       .disabled(if: !TLSClientConfiguration.isAvailable, "SKIPPED: libssl cannot be loaded on this machine; the TLS gate tests did not run"))
struct LiveTLSTests {
    /// A TLS front with `identity` in front of a simulator under /api/v1.
    private struct Staging {
        let simulator: Simulator
        let front: ExternalProcess
        let port: Int

        init(_ identity: TestCertificates.Identity) async throws {
            simulator = Simulator(configuration: SimulatorConfiguration(port: 0, householdDoorOpeningsPerHour: 0, basePath: "/api/v1"))
            try simulator.start()
            let interpreter = try #require(PythonPeer.interpreter)
            front = try ExternalProcess(interpreter, ["-u", PythonPeer.script("tls_terminator.py"), identity.certificate, identity.key,
                                                      String(try #require(simulator.port)), "600"])
            let line = try #require(await front.readLine(), "the TLS front printed no port")
            port = try #require(try PythonPeer.summary(line)["port"] as? Int)
        }

        func stop() {
            kill(front.processIdentifier, SIGKILL)
            _ = front.finishBlocking(timeoutSeconds: 5)
            simulator.stop()
        }
    }

    private func verify(_ url: String, _ extra: String...) async -> CLIOutcome {
        await kitchen(["verify", "--live", url, "--user", "demo", "--password", "demo",
                       "--recordings", Repository.recordings.path, "--contracts", Repository.contracts.path] + extra)
    }

    @Test("https with a prefix and --cacert: the gate passes, and the recordings name https and the prefix")
    func httpsWithPrefixPasses() async throws {
        let certificates = try TestCertificates.shared.get()
        let staging = try await Staging(certificates.server)
        defer { staging.stop() }
        let folder = try TemporaryFolder("tls")
        defer { folder.remove() }
        let url = "https://localhost:\(staging.port)/api/v1"
        let outcome = await verify(url, "--cacert", certificates.caFile, "--keep", folder.url.path)
        #expect(outcome.status == .success, "\(outcome.out)\(outcome.error)")
        #expect(outcome.error.contains("logged in to \(url) as demo"))
        let har = try String(contentsOf: folder.file("oven-controls.har"), encoding: .utf8)
        #expect(har.contains("\"https://localhost:\(staging.port)/api/v1/devices/"), "the recorded URLs should be the upstream's")
        #expect(!har.contains("\"http://localhost"))
    }

    @Test("a certificate from an unknown authority: exit 2 naming the problem and --cacert; --insecure passes with a warning")
    func unknownAuthority() async throws {
        let certificates = try TestCertificates.shared.get()
        let staging = try await Staging(certificates.server)
        defer { staging.stop() }
        let url = "https://localhost:\(staging.port)/api/v1"
        let refused = await verify(url)
        #expect(refused.status == .error)
        #expect(refused.error.contains("kitchen verify: cannot reach the server at \(url): TLS: "), "\(refused.error)")
        #expect(refused.error.contains("unknown certificate authority (use --cacert FILE to add your CA)"), "\(refused.error)")
        let insecure = await verify(url, "--insecure", "--only", "login-and-discovery.har")
        #expect(insecure.status == .success, "\(insecure.out)\(insecure.error)")
        #expect(insecure.error.hasPrefix("kitchen verify: WARNING: --insecure: the server's TLS certificate is not checked"))
    }

    @Test("a certificate for another host, and an expired one: exit 2, each named")
    func wrongHostAndExpired() async throws {
        let certificates = try TestCertificates.shared.get()
        let otherHost = try await Staging(certificates.otherHost)
        defer { otherHost.stop() }
        let wrong = await verify("https://localhost:\(otherHost.port)/api/v1", "--cacert", certificates.caFile)
        #expect(wrong.status == .error)
        #expect(wrong.error.contains("hostname mismatch"), "\(wrong.error)")
        let expired = try await Staging(certificates.expired)
        defer { expired.stop() }
        let old = await verify("https://localhost:\(expired.port)/api/v1", "--cacert", certificates.caFile)
        #expect(old.status == .error)
        #expect(old.error.contains("expired"), "\(old.error)")
    }

    @Test("kitchen watch https://…/api/v1 --cacert: the live updates over wss, below the prefix")
    func watchOverTLS() async throws {
        let certificates = try TestCertificates.shared.get()
        let staging = try await Staging(certificates.server)
        defer { staging.stop() }
        let base = "https://localhost:\(staging.port)/api/v1"
        let api = APIService(baseURL: try #require(URL(string: base)), transport: HTTPWireTransport(trust: .systemPlus(caFile: certificates.caFile)))
        let token = try await api.login(username: "demo", password: "demo").token
        let kitchenBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kitchen").path
        let watch = try ExternalProcess(kitchenBinary, ["watch", base, "--token", token, "--cacert", certificates.caFile])
        defer {
            kill(watch.processIdentifier, SIGKILL)
            _ = watch.finishBlocking(timeoutSeconds: 5)
        }
        let first = try #require(await watch.readLine(), "kitchen watch printed nothing")
        #expect(try PythonPeer.summary(first)["type"] as? String == "state", "\(first)")
    }
}
