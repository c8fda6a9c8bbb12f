import Foundation
import HTTPWire

// In-process benchmarks for `make bench` (release build). Each prints one line
// `name value unit` that Benchmarks/run.sh collects into its report.
let arguments = Array(CommandLine.arguments.dropFirst())
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

switch arguments.first {
case "ws-relay":
    do {
        try await WebSocketRelayBenchmark.run(messages: Int(arguments.dropFirst().first ?? "") ?? 200_000)
    } catch {
        fail("ws-relay: \(error)", status: 1)
    }
case "ws-echo": WebSocketMemoryBenchmark.echo()
case "ws-memory":
    // ws-memory PROXY_PORT PID [ROUNDS [MIB [IDLE_SECONDS]]]
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    guard numbers.count >= 2 else {
        fail("usage: kitchen-bench ws-memory PROXY_PORT PID [ROUNDS [MIB [IDLE_S]]]", status: 64)
    }
    await WebSocketMemoryBenchmark.run(port: numbers[0], pid: numbers[1], rounds: numbers.count > 2 ? numbers[2] : 5,
                                 mebibytes: numbers.count > 3 ? numbers[3] : 64, idleSeconds: numbers.count > 4 ? numbers[4] : 10)
case "record-cost":
    exitOnError("record-cost") { try RecordCostBenchmark.run(records: Int(arguments.dropFirst().first ?? "") ?? 100_000) }
case "validate": ValidationBenchmark.run(root: root)
case "schema-suite":
    // schema-suite SUITE_DIR LIST_FILE: the groups Benchmarks/schema_suite_rs.py listed
    let rest = Array(arguments.dropFirst())
    SchemaSuiteBenchmark.run(suite: URL(fileURLWithPath: rest.first ?? ".tools/jsonschema-suite"),
                             list: URL(fileURLWithPath: rest.count > 1 ? rest[1] : "schema-suite-groups.txt"))
case "json-object": JSONObjectBenchmark.run(keys: Int(arguments.dropFirst().first ?? "") ?? 32_000)
case "properties": PropertyBenchmark.run()
case "replay-start": ReplayStartBenchmark.run(root: root)
case "slowloris":
    // slowloris [N [PORT PID [HEAD_TIMEOUT_SECONDS]]]
    let rest = Array(arguments.dropFirst())
    let clients = Int(rest.first ?? "") ?? 1_100
    if rest.count > 2, let port = Int(rest[1]), let pid = Int(rest[2]) {
        SlowlorisBenchmark.run(clients: clients, running: .init(port: port, pid: pid),
                               headTimeout: .seconds(rest.count > 3 ? Int(rest[3]) ?? 30 : 30))
    } else {
        SlowlorisBenchmark.run(clients: clients)
    }
case "idle":
    // idle PORT N [PID [TARGET]]
    let rest = Array(arguments.dropFirst())
    IdleConnectionsBenchmark.run(port: Int(rest.first ?? "") ?? 8080, count: rest.count > 1 ? Int(rest[1]) ?? 5_000 : 5_000,
                                 serverPID: rest.count > 2 ? Int(rest[2]) : nil, target: rest.count > 3 ? rest[3] : "/")
case "proxy-clients":
    // proxy-clients PROXY_PORT UPSTREAM_PORT CLIENTS ROUNDS TARGET [BEARER_TOKEN]
    let rest = Array(arguments.dropFirst())
    guard rest.count >= 5, let proxyPort = Int(rest[0]), let upstreamPort = Int(rest[1]), let clients = Int(rest[2]),
          let rounds = Int(rest[3]) else {
        fail("usage: kitchen-bench proxy-clients PROXY_PORT UPSTREAM_PORT CLIENTS ROUNDS TARGET [TOKEN]", status: 64)
    }
    var headers: HTTPHeaders = [:]
    if rest.count > 5 { headers.add("Authorization", "Bearer \(rest[5])") }
    ProxyClientsBenchmark.run(proxyPort: proxyPort, upstreamPort: upstreamPort, clients: clients, rounds: rounds, target: rest[4],
                              headers: headers)
case "upload-sink": UploadBenchmark.sink()
case "uploads":
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    guard numbers.count == 3 else {
        fail("usage: kitchen-bench uploads PORT CLIENTS MIB [json]", status: 64)
    }
    UploadBenchmark.run(port: numbers[0], clients: numbers[1], mebibytes: numbers[2], json: arguments.last == "json")
case "report-page": ReportPageBenchmark.run(root: root, page: URL(fileURLWithPath: arguments.dropFirst().first ?? "report.html"))
default:
    fail("usage: kitchen-bench ws-relay [N] | ws-echo | ws-memory PROXY_PORT PID [ROUNDS [MIB [IDLE_S]]] | record-cost [N] | validate | json-object [KEYS] | properties | replay-start | report-page FILE | slowloris [N [PORT PID [HEAD_TIMEOUT_S]]] | idle PORT [N] [PID] [TARGET] | proxy-clients PROXY_PORT UPSTREAM_PORT CLIENTS ROUNDS TARGET [TOKEN] | upload-sink | uploads PORT CLIENTS MIB [json]", status: 64)
}

/// Writes `message` and a newline to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(status)
}

/// Runs `body`; an error it throws is written after `name` and exits with status 1.
func exitOnError(_ name: String, _ body: () throws -> Void) {
    do {
        try body()
    } catch {
        fail("\(name): \(error)", status: 1)
    }
}
