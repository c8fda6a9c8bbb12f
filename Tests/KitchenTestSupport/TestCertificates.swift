import Foundation
import Synchronization

/// Certificates for the TLS tests, made once per test run with the `openssl` command-line
/// tool in a fresh temporary directory: a test CA, and server certificates that are right,
/// or wrong in exactly one way each.
///
/// ```swift
/// let certificates = try TestCertificates.shared.get()
/// let peer = try HTTPSPeer.start(certificates.server)
/// let tls = TLSClientConfiguration(trust: .systemPlus(caFile: certificates.caFile))
/// ```
public struct TestCertificates: Sendable {
    /// A server's certificate and key files.
    public struct Identity: Sendable {
        public var certificate: String
        public var key: String
    }

    /// The directory holding every file.
    public let directory: String
    /// The test CA's certificate (what `--cacert` would name).
    public let caFile: String
    /// For DNS:localhost and IP:127.0.0.1, signed by the test CA, valid now.
    public let server: Identity
    /// For DNS:other.test only, signed by the test CA.
    public let otherHost: Identity
    /// For localhost and 127.0.0.1, signed by the test CA, valid only on 1 January 2020.
    public let expired: Identity
    /// For localhost and 127.0.0.1, signed by the test CA, valid only from 2099.
    public let notYetValid: Identity
    /// For localhost and 127.0.0.1, signed by a CA the client is not given unless a test adds
    /// `unknownAuthorityCAFile`.
    public let unknownAuthority: Identity
    /// The certificate of the CA that signed `unknownAuthority`.
    public let unknownAuthorityCAFile: String
    /// For localhost and 127.0.0.1, signed by its own key.
    public let selfSigned: Identity

    /// The `openssl` executable on PATH, or nil.
    public static let opensslPath: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/openssl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The certificates, made on first use (every TLS test shares them).
    public static let shared: Result<TestCertificates, TestCertificateError> = Result { () throws(TestCertificateError) in
        try TestCertificates()
    }

    /// The directory made by this process, removed when it exits.
    private static let made = Mutex<String?>(nil)

    private static func removeAtExit(_ directory: String) {
        made.withLock { $0 = directory }
        atexit {
            guard let directory = TestCertificates.made.withLock({ $0 }) else { return }
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    private init() throws(TestCertificateError) {
        guard let openssl = Self.opensslPath else { throw .missingTool }
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchenharness-tls-\(UUID().uuidString)").path
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .failed("create \(directory): \(error)")
        }
        Self.removeAtExit(directory)
        let maker = Maker(openssl: openssl, directory: directory)
        caFile = try maker.authority("ca", commonName: "KitchenHarness Test CA")
        unknownAuthorityCAFile = try maker.authority("rogue-ca", commonName: "Unknown Test CA")
        let local = "DNS:localhost,IP:127.0.0.1"
        server = try maker.signed("server", names: local, by: "ca")
        otherHost = try maker.signed("other", names: "DNS:other.test", by: "ca", commonName: "other.test")
        unknownAuthority = try maker.signed("rogue", names: local, by: "rogue-ca")
        expired = try maker.dated("expired", names: local, from: "20200101000000Z", until: "20200102000000Z")
        notYetValid = try maker.dated("future", names: local, from: "20990101000000Z", until: "20990102000000Z")
        selfSigned = try maker.selfSigned("self", names: local)
    }
}

/// Why the test certificates could not be made.
public enum TestCertificateError: Error, CustomStringConvertible {
    case missingTool
    case failed(String)

    public var description: String {
        switch self {
        case .missingTool: "the openssl command is not on PATH (Debian: apt-get install openssl)"
        case .failed(let detail): "making test certificates failed: \(detail)"
        }
    }
}

/// The openssl invocations, each file named `<name>.pem` / `<name>.key` in `directory`.
private struct Maker {
    let openssl: String
    let directory: String
    private static let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

    func path(_ file: String) -> String { "\(directory)/\(file)" }

    /// A CA certificate; returns its path.
    func authority(_ name: String, commonName: String) throws(TestCertificateError) -> String {
        try run(["req", "-x509"] + Self.newKey + ["-keyout", path("\(name).key"), "-out", path("\(name).pem"),
                "-days", "30", "-subj", "/CN=\(commonName)",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        return path("\(name).pem")
    }

    /// A server certificate for `names` (subjectAltName syntax) signed by the CA `issuer`.
    func signed(_ name: String, names: String, by issuer: String, commonName: String = "localhost")
        throws(TestCertificateError) -> TestCertificates.Identity
    {
        try request(name, commonName: commonName)
        try write(extensions(names), to: "\(name).ext")
        try run(["x509", "-req", "-in", path("\(name).csr"), "-CA", path("\(issuer).pem"), "-CAkey", path("\(issuer).key"),
                 "-CAcreateserial", "-out", path("\(name).pem"), "-days", "30", "-extfile", path("\(name).ext")])
        return TestCertificates.Identity(certificate: path("\(name).pem"), key: path("\(name).key"))
    }

    /// A certificate signed by the test CA, valid only between two dates (`YYYYMMDDHHMMSSZ`):
    /// `openssl x509` cannot backdate, `openssl ca` can.
    func dated(_ name: String, names: String, from start: String, until end: String) throws(TestCertificateError)
        -> TestCertificates.Identity
    {
        try request(name, commonName: "localhost")
        let database = "\(name)-db"
        do { try FileManager.default.createDirectory(atPath: path(database), withIntermediateDirectories: true) } catch {
            throw .failed("create \(database): \(error)")
        }
        try write("", to: "\(database)/index.txt")
        try write("1000\n", to: "\(database)/serial")
        try write("""
            [ca]
            default_ca = test
            [test]
            database = \(path("\(database)/index.txt"))
            serial = \(path("\(database)/serial"))
            new_certs_dir = \(path(database))
            default_md = sha256
            policy = anything
            unique_subject = no
            [anything]
            commonName = supplied
            [server]
            \(extensions(names))
            """, to: "\(name).cnf")
        try run(["ca", "-batch", "-config", path("\(name).cnf"), "-cert", path("ca.pem"), "-keyfile", path("ca.key"),
                 "-in", path("\(name).csr"), "-out", path("\(name).pem"), "-startdate", start, "-enddate", end,
                 "-extensions", "server", "-notext"])
        return TestCertificates.Identity(certificate: path("\(name).pem"), key: path("\(name).key"))
    }

    /// A certificate signed by its own key.
    func selfSigned(_ name: String, names: String) throws(TestCertificateError) -> TestCertificates.Identity {
        try run(["req", "-x509"] + Self.newKey + ["-keyout", path("\(name).key"), "-out", path("\(name).pem"),
                "-days", "30", "-subj", "/CN=localhost", "-addext", "subjectAltName=\(names)"])
        return TestCertificates.Identity(certificate: path("\(name).pem"), key: path("\(name).key"))
    }

    private func request(_ name: String, commonName: String) throws(TestCertificateError) {
        try run(["req", "-new"] + Self.newKey + ["-keyout", path("\(name).key"), "-out", path("\(name).csr"),
                "-subj", "/CN=\(commonName)"])
    }

    private func extensions(_ names: String) -> String {
        "subjectAltName = \(names)\nbasicConstraints = CA:FALSE\nextendedKeyUsage = serverAuth\n"
    }

    private func write(_ text: String, to file: String) throws(TestCertificateError) {
        do { try text.write(toFile: path(file), atomically: true, encoding: .utf8) } catch {
            throw .failed("write \(file): \(error)")
        }
    }

    private func run(_ arguments: [String]) throws(TestCertificateError) {
        let outcome: ExternalProcess.Outcome
        do { outcome = try ExternalProcess.runBlocking(openssl, arguments, timeoutSeconds: 30) } catch {
            throw .failed("openssl \(arguments.first ?? ""): \(error)")
        }
        guard outcome.status == 0 else {
            throw .failed("openssl \(arguments.joined(separator: " ")): \(outcome)")
        }
    }
}
