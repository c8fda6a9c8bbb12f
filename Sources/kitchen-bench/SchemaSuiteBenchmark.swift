import Foundation
import HarnessCore
import KitchenContracts

/// JSON Schema validations per second on the official suite's draft 2020-12 required tests,
/// on the groups `Benchmarks/schema_suite_rs.py` compiled with jsonschema-rs (same schemas,
/// same instances), each schema compiled once.
enum SchemaSuiteBenchmark {
    static func run(suite: URL, list: URL, seconds: Double = 3) {
        let folder = suite.appendingPathComponent("tests/draft2020-12")
        guard let listed = try? String(contentsOf: list, encoding: .utf8) else {
            print("schema-suite-kitchen failed: no group list at \(list.path)")
            return
        }
        var groups: [(schema: JSONSchema, instances: [JSONValue])] = []
        var files: [String: [JSONValue]] = [:]
        var refused = 0
        for line in listed.split(separator: "\n") {
            let parts = line.split(separator: ":")
            guard parts.count == 2, let index = Int(parts[1]) else { continue }
            let name = String(parts[0])
            if files[name] == nil {
                let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) ?? Data()
                files[name] = (try? JSONValue(parsing: data))?.arrayValue ?? []
            }
            guard let group = files[name]?[index], let schemaValue = group["schema"] else { continue }
            let options = SchemaOptions(unknownKeywords: .ignore)
            guard let schema = try? JSONSchema(schemaValue, file: name, options: options) else {
                refused += 1
                continue
            }
            groups.append((schema, (group["tests"]?.arrayValue ?? []).compactMap { $0["data"] }))
        }
        let instances = groups.reduce(0) { $0 + $1.instances.count }
        guard instances > 0 else {
            print("schema-suite-kitchen failed: no instances")
            return
        }
        let timed = repeatFor(seconds, batch: instances) {
            var valid = 0
            for group in groups {
                for instance in group.instances where group.schema.isValid(instance) { valid += 1 }
            }
            return valid
        }
        let rate = Double(timed.items) / timed.seconds
        print("schema-suite-kitchen \(Int(rate)) \(groups.count) \(instances) refused=\(refused) valid=\(timed.sum > 0)")
    }
}
