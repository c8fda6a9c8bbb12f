import Dispatch
import Foundation
import HTTPWire

// In-process benchmarks for `make bench` (release build). Each prints one line
// `name value unit` that Benchmarks/run.sh collects into its report.
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

/// The `index`th argument after the benchmark's name as a number, or `fallback`.
func number(_ index: Int, or fallback: Int) -> Int {
    index < rest.count ? Int(rest[index]) ?? fallback : fallback
}

switch arguments.first {
case "ws-relay":
    await exitOnError("ws-relay") { try await WebSocketRelayBenchmark.run(messages: number(0, or: 200_000)) }
case "ws-echo": serveForever("ws-echo", WebSocketMemoryBenchmark.echoServer())
case "ws-memory":
    // ws-memory PROXY_PORT PID [ROUNDS [MIB [IDLE_SECONDS]]]
    guard rest.count >= 2, let port = Int(rest[0]), let pid = Int(rest[1]) else {
        fail("usage: kitchen-bench ws-memory PROXY_PORT PID [ROUNDS [MIB [IDLE_S]]]", status: 64)
    }
    await WebSocketMemoryBenchmark.run(port: port, pid: pid, rounds: number(2, or: 5), mebibytes: number(3, or: 64),
                                       idleSeconds: number(4, or: 10))
case "record-cost":
    await exitOnError("record-cost") { try RecordCostBenchmark.run(records: number(0, or: 100_000)) }
case "validate": VerifyBenchmark.run(root: root)
case "schema-suite":
    // schema-suite SUITE_DIR LIST_FILE: the groups Benchmarks/schema_suite_rs.py listed
    SchemaSuiteBenchmark.run(suite: URL(fileURLWithPath: rest.first ?? ".tools/jsonschema-suite"),
                             list: URL(fileURLWithPath: rest.count > 1 ? rest[1] : "schema-suite-groups.txt"))
case "json-object": JSONObjectBenchmark.run(keys: number(0, or: 32_000))
case "properties": await PropertyBenchmark.run()
case "replay-start": ReplayStartBenchmark.run(root: root)
case "slowloris":
    // slowloris [N [PORT PID [HEAD_TIMEOUT_SECONDS]]]
    if rest.count > 2, let port = Int(rest[1]), let pid = Int(rest[2]) {
        SlowlorisBenchmark.run(clients: number(0, or: 1_100), running: .init(port: port, pid: pid),
                               headTimeout: .seconds(number(3, or: 30)))
    } else {
        SlowlorisBenchmark.run(clients: number(0, or: 1_100))
    }
case "idle":
    // idle PORT N [PID [TARGET]]
    IdleConnectionsBenchmark.run(port: number(0, or: 8080), count: number(1, or: 5_000),
                                 serverPID: rest.count > 2 ? Int(rest[2]) : nil, target: rest.count > 3 ? rest[3] : "/")
case "proxy-clients":
    // proxy-clients PROXY_PORT UPSTREAM_PORT CLIENTS ROUNDS TARGET [BEARER_TOKEN]
    guard rest.count >= 5, let proxyPort = Int(rest[0]), let upstreamPort = Int(rest[1]), let clients = Int(rest[2]),
          let rounds = Int(rest[3]) else {
        fail("usage: kitchen-bench proxy-clients PROXY_PORT UPSTREAM_PORT CLIENTS ROUNDS TARGET [TOKEN]", status: 64)
    }
    var headers: HTTPHeaders = [:]
    if rest.count > 5 { headers.add("Authorization", "Bearer \(rest[5])") }
    ProxyClientsBenchmark.run(proxyPort: proxyPort, upstreamPort: upstreamPort, clients: clients, rounds: rounds, target: rest[4],
                              headers: headers)
case "upload-sink": serveForever("upload-sink", UploadBenchmark.sinkServer())
case "uploads":
    let numbers = rest.compactMap { Int($0) }
    guard numbers.count == 3 else {
        fail("usage: kitchen-bench uploads PORT CLIENTS MIB [json]", status: 64)
    }
    UploadBenchmark.run(port: numbers[0], clients: numbers[1], mebibytes: numbers[2], json: arguments.last == "json")
case "report-page": ReportPageBenchmark.run(root: root, page: URL(fileURLWithPath: rest.first ?? "report.html"))
default:
    fail("usage: kitchen-bench ws-relay [N] | ws-echo | ws-memory PROXY_PORT PID [ROUNDS [MIB [IDLE_S]]] | record-cost [N] | validate | json-object [KEYS] | properties | replay-start | report-page FILE | slowloris [N [PORT PID [HEAD_TIMEOUT_S]]] | idle PORT [N] [PID] [TARGET] | proxy-clients PROXY_PORT UPSTREAM_PORT CLIENTS ROUNDS TARGET [TOKEN] | upload-sink | uploads PORT CLIENTS MIB [json]", status: 64)
}

/// Writes `message` and a newline to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(status)
}

/// Runs `body`; an error it throws is written after `name` and exits with status 1.
func exitOnError(_ name: String, _ body: () async throws -> Void) async {
    do {
        try await body()
    } catch {
        fail("\(name): \(error)", status: 1)
    }
}

/// Starts `server` as the upstream `name` of a benchmark script, announces where it listens
/// (`ws echo on http://127.0.0.1:PORT`, which the script reads) and serves until killed.
func serveForever(_ name: String, _ server: HTTPServer) {
    guard (try? server.start()) != nil, let port = server.address?.port else {
        print("\(name)-error could not start")
        return
    }
    FileHandle.standardOutput.write(Data("\(name.replacingOccurrences(of: "-", with: " ")) on http://127.0.0.1:\(port)\n".utf8))
    DispatchSemaphore(value: 0).wait()
}

/// Runs `pass`, which handles `batch` items, until `seconds` have passed (at least once): the
/// items handled, the seconds spent, and the sum of what the passes returned (using it keeps
/// the optimizer from dropping their work).
func repeatFor(_ seconds: Double, batch: Int, _ pass: () -> Int) -> (items: Int, seconds: Double, sum: Int) {
    guard batch > 0 else { return (0, 0, 0) }
    let clock = ContinuousClock()
    let start = clock.now
    let budget = Duration.milliseconds(Int64(seconds * 1000))
    var items = 0, sum = 0
    repeat {
        sum &+= pass()
        items += batch
    } while clock.now - start < budget
    precondition(sum >= 0)  // Reading the sum keeps the passes' work from being optimized away.
    return (items, (clock.now - start) / .seconds(1), sum)
}
