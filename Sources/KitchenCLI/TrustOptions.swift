import Foundation
import HTTPWire

/// `--cacert FILE` and `--insecure`: which certificates an `https://` or `wss://` server may
/// present, for every command that connects to one (record, verify --live, watch).
enum TrustOptions {
    static let caFile = Option<String?>("cacert", "FILE",
                                        help: "Also trust the certificate authorities in this PEM file (a self-signed staging certificate).")
    static let insecure = Flag("insecure", help: "Do not check the server's certificate at all (a warning is printed on every run).")

    /// The two options, for a command's spec.
    static let options: [any OptionDeclaring] = [caFile, insecure]

    /// The trust the arguments ask for; warns on `console` when it is `--insecure`.
    static func trust(from arguments: ParsedArguments, console: Console, command: String) throws(UsageError) -> TLSClientConfiguration.Trust {
        let caFile = arguments[Self.caFile]
        if arguments[Self.insecure] {
            guard caFile == nil else { throw UsageError("--cacert and --insecure contradict each other: choose one") }
            console.error("kitchen \(command): WARNING: --insecure: the server's TLS certificate is not checked; "
                + "anyone on the path could impersonate it.\n")
            return .insecure
        }
        guard let caFile else { return .system }
        guard FileManager.default.isReadableFile(atPath: caFile) else { throw UsageError("--cacert \(caFile): no readable file there") }
        return .systemPlus(caFile: caFile)
    }
}
