// One of the files in HTTPWire that name platform APIs: the system's libssl and libcrypto,
// opened at run time with dlopen, so the package builds with the Swift toolchain alone on a
// machine without OpenSSL headers. Only this file and Platform+OpenSSLEngine.swift name
// OpenSSL functions; they are called through `@convention(c)` pointers found with dlsym.
#if os(Linux)
import Glibc

/// The OpenSSL functions HTTPWire calls, looked up once per process.
///
/// Every field is a constant C function pointer, set once by `load()`; the libraries are
/// never closed. OpenSSL 1.1+ is thread-safe except for one `SSL` object used from two
/// threads at once, which `TLSChannel`'s engine lock rules out.
struct OpenSSLLibrary: Sendable {
    typealias Pointer = OpaquePointer
    typealias CString = UnsafePointer<CChar>

    // libssl
    let initSSL: @convention(c) (UInt64, Pointer?) -> Int32
    let clientMethod: @convention(c) () -> Pointer?
    let contextNew: @convention(c) (Pointer?) -> Pointer?
    let contextFree: @convention(c) (Pointer?) -> Void
    let contextSetVerify: @convention(c) (Pointer?, Int32, Pointer?) -> Void
    let contextSetDefaultVerifyPaths: @convention(c) (Pointer?) -> Int32
    let contextLoadVerifyLocations: @convention(c) (Pointer?, CString?, CString?) -> Int32
    let contextControl: @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let contextSetOptions: @convention(c) (Pointer?, UInt64) -> UInt64
    let sslNew: @convention(c) (Pointer?) -> Pointer?
    let sslFree: @convention(c) (Pointer?) -> Void
    let sslSetBIO: @convention(c) (Pointer?, Pointer?, Pointer?) -> Void
    let sslSetConnectState: @convention(c) (Pointer?) -> Void
    let sslDoHandshake: @convention(c) (Pointer?) -> Int32
    let sslRead: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    let sslWrite: @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
    let sslGetError: @convention(c) (Pointer?, Int32) -> Int32
    let sslShutdown: @convention(c) (Pointer?) -> Int32
    let sslControl: @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let sslSetHost: @convention(c) (Pointer?, CString?) -> Int32
    let sslVerifyParameters: @convention(c) (Pointer?) -> Pointer?
    let sslVerifyResult: @convention(c) (Pointer?) -> Int
    let sslPending: @convention(c) (Pointer?) -> Int32
    let sslPeerChain: @convention(c) (Pointer?) -> Pointer?

    // libcrypto
    let memoryMethod: @convention(c) () -> Pointer?
    let bioNew: @convention(c) (Pointer?) -> Pointer?
    let bioFree: @convention(c) (Pointer?) -> Int32
    let bioWrite: @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
    let bioRead: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    let bioPending: @convention(c) (Pointer?) -> Int
    let errorGet: @convention(c) () -> UInt
    let errorString: @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void
    let errorClear: @convention(c) () -> Void
    let verifyParameterSetIP: @convention(c) (Pointer?, CString?) -> Int32
    let verifyErrorString: @convention(c) (Int) -> CString?
    let stackCount: @convention(c) (Pointer?) -> Int32
    let stackValue: @convention(c) (Pointer?, Int32) -> UnsafeMutableRawPointer?
    let certificateExtension: @convention(c) (Pointer?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Pointer?
    let generalNamesFree: @convention(c) (Pointer?) -> Void
    let stringData: @convention(c) (Pointer?) -> UnsafePointer<UInt8>?
    let stringLength: @convention(c) (Pointer?) -> Int32
    let certificateSubject: @convention(c) (Pointer?) -> Pointer?
    let nameTextByNID: @convention(c) (Pointer?, Int32, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    let certificateNotBefore: @convention(c) (Pointer?) -> Pointer?
    let certificateNotAfter: @convention(c) (Pointer?) -> Pointer?
    let timeToTm: @convention(c) (Pointer?, UnsafeMutablePointer<tm>?) -> Int32
    let timeCompareWithNow: @convention(c) (Pointer?) -> Int32

    /// The library names tried, in order: OpenSSL 3's sonames, then the unversioned names.
    static let candidates = [("libssl.so.3", "libcrypto.so.3"), ("libssl.so", "libcrypto.so")]

    /// The loaded library, or why it could not be loaded (computed once, thread-safe).
    static let shared: Result<OpenSSLLibrary, TLSError> = load()

    private static func load() -> Result<OpenSSLLibrary, TLSError> {
        var failures: [String] = []
        for (ssl, crypto) in candidates {
            guard let sslHandle = dlopen(ssl, RTLD_NOW | RTLD_LOCAL) else {
                failures.append(lastLoaderError(ssl))
                continue
            }
            guard let cryptoHandle = dlopen(crypto, RTLD_NOW | RTLD_LOCAL) else {
                failures.append(lastLoaderError(crypto))
                continue
            }
            do throws(TLSError) {
                let library = try OpenSSLLibrary(ssl: Symbols(handle: sslHandle, library: ssl),
                                                 crypto: Symbols(handle: cryptoHandle, library: crypto))
                guard library.initSSL(0, nil) == 1 else {
                    return .failure(.unavailable("\(ssl) was found but OPENSSL_init_ssl failed"))
                }
                return .success(library)
            } catch {
                failures.append("\(error)")
            }
        }
        return .failure(.unavailable(
            "could not load libssl (tried \(candidates.map(\.0).joined(separator: ", "))): "
                + failures.joined(separator: "; ") + " (Debian or Ubuntu: apt-get install libssl3, or libssl3t64 on newer releases)"))
    }

    private static func lastLoaderError(_ library: String) -> String {
        dlerror().map { String(cString: $0) } ?? "\(library): not found"
    }

    /// Looks every function up, naming the first one missing.
    private init(ssl: Symbols, crypto: Symbols) throws(TLSError) {
        initSSL = try ssl.function("OPENSSL_init_ssl")
        clientMethod = try ssl.function("TLS_client_method")
        contextNew = try ssl.function("SSL_CTX_new")
        contextFree = try ssl.function("SSL_CTX_free")
        contextSetVerify = try ssl.function("SSL_CTX_set_verify")
        contextSetDefaultVerifyPaths = try ssl.function("SSL_CTX_set_default_verify_paths")
        contextLoadVerifyLocations = try ssl.function("SSL_CTX_load_verify_locations")
        contextControl = try ssl.function("SSL_CTX_ctrl")
        contextSetOptions = try ssl.function("SSL_CTX_set_options")
        sslNew = try ssl.function("SSL_new")
        sslFree = try ssl.function("SSL_free")
        sslSetBIO = try ssl.function("SSL_set_bio")
        sslSetConnectState = try ssl.function("SSL_set_connect_state")
        sslDoHandshake = try ssl.function("SSL_do_handshake")
        sslRead = try ssl.function("SSL_read")
        sslWrite = try ssl.function("SSL_write")
        sslGetError = try ssl.function("SSL_get_error")
        sslShutdown = try ssl.function("SSL_shutdown")
        sslControl = try ssl.function("SSL_ctrl")
        sslSetHost = try ssl.function("SSL_set1_host")
        sslVerifyParameters = try ssl.function("SSL_get0_param")
        sslVerifyResult = try ssl.function("SSL_get_verify_result")
        sslPending = try ssl.function("SSL_pending")
        sslPeerChain = try ssl.function("SSL_get_peer_cert_chain")
        memoryMethod = try crypto.function("BIO_s_mem")
        bioNew = try crypto.function("BIO_new")
        bioFree = try crypto.function("BIO_free")
        bioWrite = try crypto.function("BIO_write")
        bioRead = try crypto.function("BIO_read")
        bioPending = try crypto.function("BIO_ctrl_pending")
        errorGet = try crypto.function("ERR_get_error")
        errorString = try crypto.function("ERR_error_string_n")
        errorClear = try crypto.function("ERR_clear_error")
        verifyParameterSetIP = try crypto.function("X509_VERIFY_PARAM_set1_ip_asc")
        verifyErrorString = try crypto.function("X509_verify_cert_error_string")
        stackCount = try crypto.function("OPENSSL_sk_num")
        stackValue = try crypto.function("OPENSSL_sk_value")
        certificateExtension = try crypto.function("X509_get_ext_d2i")
        generalNamesFree = try crypto.function("GENERAL_NAMES_free")
        stringData = try crypto.function("ASN1_STRING_get0_data")
        stringLength = try crypto.function("ASN1_STRING_length")
        certificateSubject = try crypto.function("X509_get_subject_name")
        nameTextByNID = try crypto.function("X509_NAME_get_text_by_NID")
        certificateNotBefore = try crypto.function("X509_get0_notBefore")
        certificateNotAfter = try crypto.function("X509_get0_notAfter")
        timeToTm = try crypto.function("ASN1_TIME_to_tm")
        timeCompareWithNow = try crypto.function("X509_cmp_current_time")
    }

    /// Pops OpenSSL's error queue for this thread into one line (`wrong version number; …`).
    func takeErrors() -> String? {
        var reasons: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        while true {
            let code = errorGet()
            if code == 0 { break }
            buffer.withUnsafeMutableBufferPointer { errorString(code, $0.baseAddress, $0.count) }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // "error:0A00010B:SSL routines::wrong version number": keep the reason.
            let reason = text.split(separator: ":", omittingEmptySubsequences: false).last.map(String.init) ?? text
            if !reasons.contains(reason) { reasons.append(reason) }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// A certificate time (`ASN1_TIME *`) as `2020-01-02 00:00:00 UTC`.
    func format(time: OpaquePointer?) -> String? {
        var parts = tm()
        guard let time, timeToTm(time, &parts) == 1 else { return nil }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) UTC"
    }
}

/// One dlopen'ed library and the lookups in it.
private struct Symbols {
    let handle: UnsafeMutableRawPointer
    let library: String

    /// The function `name` as the `@convention(c)` type `T`.
    func function<T>(_ name: String) throws(TLSError) -> T {
        guard let address = dlsym(handle, name) else {
            throw .unavailable("\(library) has no \(name) (OpenSSL 1.1.1 or later is needed)")
        }
        return unsafeBitCast(address, to: T.self)
    }
}
#endif
