// One of the files in HTTPWire that name platform APIs: reading the server's certificate
// with OpenSSL (its names and dates) to say in plain words why it was rejected.
#if os(Linux)

/// The leaf certificate the server presented, read for an error message.
struct OpenSSLCertificate {
    private let api: OpenSSLLibrary
    /// The server's certificate (`X509 *`), borrowed from the session's peer chain.
    private let leaf: OpaquePointer?

    // From x509_vfy.h, x509v3.h and obj_mac.h.
    private static let notYetValid = 9, hasExpired = 10
    private static let selfSignedLeaf = 18, selfSignedInChain = 19, issuerUnknown = 20, leafUnverifiable = 21
    private static let hostnameMismatch = 62, addressMismatch = 64
    private static let subjectAlternativeName: Int32 = 85, commonName: Int32 = 13
    private static let dnsName: Int32 = 2, ipAddress: Int32 = 7

    /// `chain` is the session's `STACK_OF(X509)` of the peer (leaf first), kept even when
    /// verification fails.
    init(api: OpenSSLLibrary, chain: OpaquePointer?) {
        self.api = api
        if let chain, api.stackCount(chain) > 0, let first = api.stackValue(chain, 0) {
            leaf = OpaquePointer(first)
        } else {
            leaf = nil
        }
    }

    /// Classifies an `SSL_get_verify_result` code.
    func problem(verifyResult code: Int) -> TLSCertificateProblem {
        switch code {
        case Self.hostnameMismatch, Self.addressMismatch:
            return .hostnameMismatch(certificateNames: names)
        case Self.hasExpired:
            return .expired(notAfter: leafTime(api.certificateNotAfter, past: true))
        case Self.notYetValid:
            return .notYetValid(notBefore: leafTime(api.certificateNotBefore, past: false))
        case Self.selfSignedLeaf:
            return .unknownAuthority(selfSigned: true)
        case Self.selfSignedInChain, Self.issuerUnknown, Self.leafUnverifiable:
            return .unknownAuthority(selfSigned: false)
        default:
            let reason = api.verifyErrorString(code).map { String(cString: $0) } ?? "verification failed"
            return .other(code: code, reason: reason)
        }
    }

    /// The leaf's DNS names and IP addresses (subjectAltName), or its common name without them.
    var names: [String] {
        guard let leaf else { return [] }
        var names: [String] = []
        if let list = api.certificateExtension(leaf, Self.subjectAlternativeName, nil, nil) {
            defer { api.generalNamesFree(list) }
            for index in 0..<max(0, api.stackCount(list)) {
                guard let entry = api.stackValue(list, index) else { continue }
                // GENERAL_NAME (x509v3.h): `int type;` then a union of pointers.
                let type = entry.load(as: Int32.self)
                let value = entry.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: OpaquePointer?.self)
                guard let value, let data = api.stringData(value) else { continue }
                let bytes = Array(UnsafeBufferPointer(start: data, count: Int(max(0, api.stringLength(value)))))
                if type == Self.dnsName { names.append(String(decoding: bytes, as: UTF8.self)) }
                if type == Self.ipAddress { names.append(Self.addressText(bytes)) }
            }
        }
        if names.isEmpty, let subject = api.certificateSubject(leaf) {
            var buffer = [CChar](repeating: 0, count: 256)
            let length = buffer.withUnsafeMutableBufferPointer {
                api.nameTextByNID(subject, Self.commonName, $0.baseAddress, Int32($0.count))
            }
            if length > 0 { names.append(String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        }
        return names
    }

    /// The leaf's notAfter (`past`) or notBefore, if that bound is what the leaf breaks; nil
    /// when the failing certificate is another one in the chain.
    private func leafTime(_ bound: @convention(c) (OpaquePointer?) -> OpaquePointer?, past: Bool) -> String? {
        guard let leaf, let time = bound(leaf) else { return nil }
        let comparison = api.timeCompareWithNow(time)
        guard past ? comparison < 0 : comparison > 0 else { return nil }
        return api.format(time: time)
    }

    /// An IPv4 (4 bytes) or IPv6 (16 bytes) address as text.
    private static func addressText(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        guard bytes.count == 16 else { return bytes.map { String($0, radix: 16) }.joined(separator: ":") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}
#endif
