import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenRecording
import KitchenTestSupport
import Testing

/// A staging server as deployed: `kitchen serve` behind nginx with `gzip on`, under a prefix, with
/// `keepalive_requests 3`, and three clients nobody here wrote (curl `--compressed`, Python
/// `requests`, URLSession with its default headers) talking to it through `kitchen record`.
/// Every exchange is in the HAR, readable, with its compression stated; no secret is in it in any
/// form; `kitchen verify` passes it; and replaying the sessions in reverse order gives each client
/// its own answers.
@Suite(.serialized, .timeLimit(.minutes(5))) struct CompressedFrontProcessTests {
    /// One client's session: who it logged in as, its token, and every answer it got.
    struct Session: Sendable {
        var username: String
        var password: String
        var token = ""
        var answers: [Answer] = []
    }

    struct Answer: Sendable {
        var method: String
        var path: String
        var status: Int
        var body: Data
    }

    static let users = [("carol", "c4rol-Pass-7f3e9a"), ("dave", "d4ve-Pass-0b8c2d"), ("erin", "3rin-Pass-5a1f6e")]

    static var prerequisites: String? {
        if GzipFront.executable == nil { return "nginx is not installed (make test installs Debian's nginx-light)" }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") { return "curl is not installed" }
        if PythonPeer.version(of: "requests") == nil { return "KITCHEN_PYTHON has no requests (make test installs it in .venv)" }
        return nil
    }

    /// What one run through the front produced, gathered off the cooperative pool and asserted on it.
    struct Run: @unchecked Sendable {
        var sessions: [Session]
        var recorder: ExternalProcess.Outcome
        var file: String
        var document: HAR.Document
        var verify: ExternalProcess.Outcome
        /// Each session's device ids as replay gave them, the sessions taken in reverse order.
        var replayed: [String: [String]]
    }

    @Test(.enabled(if: prerequisites == nil, "SKIPPED: \(prerequisites ?? "")"))
    func realClientsThroughAGzipFrontAreRecordedReadableSecretFreeAndReplayedPerSession() async throws {
        let run = try await offThePool { () throws -> Run in try Self.run() }
        let entries = run.document.log.entries
        #expect(run.recorder.status == 0, "\(run.recorder)")
        #expect(entries.count == run.sessions.reduce(0) { $0 + $1.answers.count }, "every exchange is recorded: \(run.recorder.stderr)")
        var compressed = 0
        for entry in entries {
            let exchange = "\(entry.request.method) \(entry.request.url)"
            #expect(entry.response.content.encoding == nil, "\(exchange): the body is text, not base64")
            let text = entry.response.content.text ?? ""
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(exchange): unreadable body \(text.prefix(80))")
            if entry.response.headerValues(named: "Content-Encoding") == ["gzip"] {
                compressed += 1
                let saved = try #require(entry.response.content.compression, "\(exchange): compression not stated")
                #expect(saved == entry.response.content.size - entry.response.bodySize, "\(exchange)")
            }
        }
        #expect(compressed > 0, "nginx compressed nothing: the test did not test decoding")
        print("gzip front: \(entries.count) exchanges recorded, \(compressed) of them gzip, clients "
            + run.sessions.map { "\($0.username) \($0.answers.count)" }.joined(separator: ", "))
        for session in run.sessions {
            for secret in [session.token, session.password] {
                #expect(!run.file.contains(secret), "\(session.username)'s secret reached the HAR")
                #expect(!run.file.contains(Data(secret.utf8).base64EncodedString()), "\(session.username)'s secret reached the HAR in base64")
            }
        }
        #expect(run.verify.status == 0, "kitchen verify on the recording: \(run.verify)")
        for session in run.sessions {
            let live = try #require(session.answers.first { $0.method == "GET" && $0.path == "/devices" })
            #expect(run.replayed[session.username] == (try Self.deviceIDs(live.body)), "\(session.username) got another session's kitchen")
        }
    }

    private static func run() throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-front-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let har = folder.appendingPathComponent("staging.har")

        let server = try RunningKitchen(["serve", "--port", "0"] + users.flatMap { ["--user", "\($0.0):\($0.1)"] })
        defer { server.stopBlocking() }
        let front = try GzipFront(upstream: try server.url())
        let recorder = try RunningKitchen(["record", "--upstream", front.base, "--port", "0", "--out", har.path])
        let proxy = try recorder.url()
        var sessions: [Session] = []
        do {
            sessions.append(try curlSession(base: proxy, user: users[0]))
            sessions.append(try requestsSession(base: proxy, user: users[1]))
            sessions.append(try urlSessionSession(base: proxy, user: users[2]))
        } catch {
            recorder.stopBlocking()
            throw error
        }
        let ended = recorder.stopBlocking()
        let file = try String(contentsOf: har, encoding: .utf8)
        let document = try HARFile.load(from: har)
        let verify = try ExternalProcess.runBlocking(RunningKitchen.executable.path, ["verify", "--recordings", folder.path],
                                                     timeoutSeconds: 120)
        // Replayed in reverse order, each session should get its own answers: its own kitchen.
        let replay = try RunningKitchen(["replay", har.path, "--port", "0"])
        defer { replay.stopBlocking() }
        let replayBase = try replay.url()
        var replayed: [String: [String]] = [:]
        for session in sessions.reversed() {
            let token = try login(base: replayBase, user: (session.username, session.password), compressed: false).token
            let devices = try curl(["-H", "Authorization: Bearer \(token)", replayBase + "/devices"])
            replayed[session.username] = (try? deviceIDs(devices.body)) ?? []
        }
        return Run(sessions: sessions, recorder: ended, file: file, document: document, verify: verify, replayed: replayed)
    }

    // MARK: Clients

    /// curl `--compressed`: it asks for gzip and deflate and decodes what it gets.
    static func curlSession(base: String, user: (String, String)) throws -> Session {
        var session = Session(username: user.0, password: user.1)
        let login = try login(base: base, user: user, compressed: true)
        session.token = login.token
        session.answers.append(login.answer)
        let devices = try curl(["--compressed", "-H", "Authorization: Bearer \(session.token)", base + "/devices"])
        session.answers.append(Answer(method: "GET", path: "/devices", status: devices.status, body: devices.body))
        for path in try statePaths(devices.body) {
            let state = try curl(["--compressed", "-H", "Authorization: Bearer \(session.token)", base + path])
            session.answers.append(Answer(method: "GET", path: path, status: state.status, body: state.body))
        }
        return session
    }

    /// Python `requests` with its default headers (Tests/Interop/requests_session.py).
    static func requestsSession(base: String, user: (String, String)) throws -> Session {
        let python = try #require(PythonPeer.interpreter)
        let outcome = try ExternalProcess.runBlocking(python, [PythonPeer.script("requests_session.py"), base, user.0, user.1],
                                                      timeoutSeconds: 60)
        #expect(outcome.status == 0, "\(outcome)")
        let summary = try PythonPeer.summary(outcome.lastLine)
        var session = Session(username: user.0, password: user.1)
        session.token = try #require(summary["token"] as? String)
        for answer in try #require(summary["answers"] as? [[Any]]) {
            let body = answer[3] is NSNull ? Data() : try JSONSerialization.data(withJSONObject: answer[3], options: [.fragmentsAllowed])
            session.answers.append(Answer(method: answer[0] as? String ?? "", path: answer[1] as? String ?? "",
                                          status: answer[2] as? Int ?? 0, body: body))
        }
        return session
    }

    /// Foundation's URLSession with the headers it sends by default (the app's own stack).
    static func urlSessionSession(base: String, user: (String, String)) throws -> Session {
        var session = Session(username: user.0, password: user.1)
        var login = URLRequest(url: try #require(URL(string: base + "/auth/login")))
        login.httpMethod = "POST"
        login.setValue("application/json", forHTTPHeaderField: "Content-Type")
        login.httpBody = Data(#"{"username": "\#(user.0)", "password": "\#(user.1)"}"#.utf8)
        let loggedIn = try fetch(login)
        session.answers.append(Answer(method: "POST", path: "/auth/login", status: loggedIn.status, body: loggedIn.body))
        session.token = try #require((try JSONSerialization.jsonObject(with: loggedIn.body) as? [String: Any])?["token"] as? String)
        var devices = URLRequest(url: try #require(URL(string: base + "/devices")))
        devices.setValue("Bearer \(session.token)", forHTTPHeaderField: "Authorization")
        let listed = try fetch(devices)
        session.answers.append(Answer(method: "GET", path: "/devices", status: listed.status, body: listed.body))
        return session
    }

    /// One URLSession data task, waited for on this (non-pool) thread.
    static func fetch(_ request: URLRequest) throws -> (status: Int, body: Data) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<(Int, Data), any Error> = .failure(URLError(.timedOut))
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let error { result = .failure(error) } else {
                result = .success(((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()))
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + 30) == .timedOut { task.cancel() }
        let (status, body) = try result.get()
        return (status, body)
    }

    // MARK: curl

    static func login(base: String, user: (String, String), compressed: Bool) throws -> (token: String, answer: Answer) {
        let answer = try curl((compressed ? ["--compressed"] : []) + [
            "-X", "POST", base + "/auth/login", "-H", "Content-Type: application/json",
            "-d", #"{"username": "\#(user.0)", "password": "\#(user.1)"}"#])
        let token = try #require((try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["token"] as? String,
                                 "no token in \(String(decoding: answer.body, as: UTF8.self))")
        return (token, Answer(method: "POST", path: "/auth/login", status: answer.status, body: answer.body))
    }

    /// Runs curl; its status code comes on a last line of its own.
    static func curl(_ arguments: [String]) throws -> (status: Int, body: Data) {
        let outcome = try ExternalProcess.runBlocking("/usr/bin/curl", ["-s", "--max-time", "20", "-w", "\n%{http_code}"] + arguments,
                                                      timeoutSeconds: 30)
        var lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let status = Int(lines.removeLast()) ?? 0
        return (status, Data(lines.joined(separator: "\n").utf8))
    }

    /// Where each listed device's state is read (`?compartment=` for a double oven).
    static func statePaths(_ body: Data) throws -> [String] {
        let devices = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]], "not a device list")
        let routes = ["oven": "oven", "fridge": "fridge", "dishwasher": "dishwasher", "ice_maker": "icemaker"]
        return devices.compactMap { device in
            guard let id = device["id"] as? String, let route = routes[device["type"] as? String ?? ""] else { return nil }
            let compartment = (device["compartments"] as? [[String: Any]])?.first?["key"] as? String
            return "/devices/\(id)/\(route)" + (compartment.map { "?compartment=\($0)" } ?? "")
        }
    }

    static func deviceIDs(_ body: Data) throws -> [String] {
        let devices = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]], "not a device list")
        return devices.compactMap { $0["id"] as? String }
    }
}
