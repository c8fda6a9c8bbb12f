import Foundation

// In-process benchmarks for `make bench` (release build). Each prints one line
// `name value unit` that Benchmarks/run.sh collects into its report.
let arguments = Array(CommandLine.arguments.dropFirst())
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

switch arguments.first {
case "ws-relay":
    do {
        try WebSocketRelayBenchmark.run(messages: Int(arguments.dropFirst().first ?? "") ?? 200_000)
    } catch {
        FileHandle.standardError.write(Data("ws-relay: \(error)\n".utf8))
        exit(1)
    }
case "validate": ValidationBenchmark.run(root: root)
case "json-object": JSONObjectBenchmark.run(keys: Int(arguments.dropFirst().first ?? "") ?? 32_000)
case "properties": PropertyBenchmark.run()
case "replay-start": ReplayStartBenchmark.run(root: root)
case "slowloris": SlowlorisBenchmark.run(clients: Int(arguments.dropFirst().first ?? "") ?? 1_100)
case "idle":
    // idle PORT N [PID [TARGET]]
    let rest = Array(arguments.dropFirst())
    IdleConnectionsBenchmark.run(port: Int(rest.first ?? "") ?? 8080, count: rest.count > 1 ? Int(rest[1]) ?? 5_000 : 5_000,
                                 serverPID: rest.count > 2 ? Int(rest[2]) : nil, target: rest.count > 3 ? rest[3] : "/")
case "upload-sink": UploadBenchmark.sink()
case "uploads":
    let numbers = arguments.dropFirst().compactMap { Int($0) }
    guard numbers.count == 3 else {
        FileHandle.standardError.write(Data("usage: kitchen-bench uploads PORT CLIENTS MIB [json]\n".utf8))
        exit(64)
    }
    UploadBenchmark.run(port: numbers[0], clients: numbers[1], mebibytes: numbers[2], json: arguments.last == "json")
case "report-page": ReportPageBenchmark.run(root: root, page: URL(fileURLWithPath: arguments.dropFirst().first ?? "report.html"))
default:
    FileHandle.standardError.write(Data("usage: kitchen-bench ws-relay [N] | validate | json-object [KEYS] | properties | replay-start | report-page FILE | slowloris [N] | idle PORT [N] [PID] [TARGET] | upload-sink | uploads PORT CLIENTS MIB [json]\n".utf8))
    exit(64)
}
