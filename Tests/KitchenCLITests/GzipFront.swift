import Foundation
import KitchenTestSupport

/// Debian's nginx (`nginx-light`, installed by `make test`) as the front a staging server sits
/// behind: it serves `upstream` under the prefix `/api/`, compresses JSON answers with gzip
/// (chunked, as nginx sends them) and closes each client connection after 3 requests.
///
/// It runs unprivileged from a folder of its own (`nginx -p PREFIX -c CONF`), with every temp path
/// inside it, and is stopped with SIGQUIT then SIGKILL.
final class GzipFront {
    /// Where nginx is, when it is installed.
    static let executable: String? = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `http://127.0.0.1:PORT/api`: the API's base URL through the front.
    let base: String
    private let process: ExternalProcess
    private let folder: URL

    /// Starts nginx in front of `upstream` (`http://127.0.0.1:PORT`), listening on a free port.
    init(upstream: String) throws {
        guard let nginx = Self.executable else { throw FrontError(reason: "nginx is not installed") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-front-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let port = try Self.freePort()
        let configuration = folder.appendingPathComponent("nginx.conf")
        try Self.configuration(folder: folder.path, port: port, upstream: upstream)
            .write(to: configuration, atomically: true, encoding: .utf8)
        process = try ExternalProcess(nginx, ["-p", folder.path, "-c", configuration.path])
        base = "http://127.0.0.1:\(port)/api"
        try waitUntilListening(port: port)
    }

    deinit {
        kill(process.processIdentifier, SIGQUIT)
        if process.finishBlocking(timeoutSeconds: 5).timedOut { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    static func configuration(folder: String, port: Int, upstream: String) -> String {
        """
        worker_processes 1;
        daemon off;
        pid \(folder)/nginx.pid;
        error_log \(folder)/error.log;
        events { worker_connections 256; }
        http {
          access_log off;
          client_body_temp_path \(folder)/body; proxy_temp_path \(folder)/proxy;
          fastcgi_temp_path \(folder)/fastcgi; uwsgi_temp_path \(folder)/uwsgi; scgi_temp_path \(folder)/scgi;
          keepalive_requests 3;
          gzip on;
          gzip_types application/json;
          gzip_min_length 1;
          gzip_proxied any;
          server {
            listen 127.0.0.1:\(port);
            location /api/ { proxy_pass \(upstream)/; proxy_http_version 1.1; proxy_set_header Connection ""; }
          }
        }
        """
    }

    /// A port nothing listens on now (the kernel's pick for a socket bound to port 0).
    static func freePort() throws -> Int {
        let outcome = try ExternalProcess.runBlocking(
            "/usr/bin/python3", ["-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])"])
        guard let port = Int(outcome.lastLine) else { throw FrontError(reason: "no free port: \(outcome)") }
        return port
    }

    private func waitUntilListening(port: Int) throws {
        for _ in 0..<200 {
            let probe = try ExternalProcess.runBlocking("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}",
                                                                          "http://127.0.0.1:\(port)/"], timeoutSeconds: 5)
            if probe.stdout != "000" { return }
            usleep(25_000)
        }
        throw FrontError(reason: "nginx did not start: \(String((try? String(contentsOfFile: folder.path + "/error.log", encoding: .utf8)) ?? ""))")
    }

    struct FrontError: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }
}
