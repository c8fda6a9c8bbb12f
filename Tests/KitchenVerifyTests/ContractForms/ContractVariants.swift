import Foundation
import HarnessCore
import KitchenTestSupport

/// Our own contract (`Contracts/kitchen.openapi.json`) rewritten the ways API teams write
/// theirs, into a folder beside a copy of the AsyncAPI document: a schema a file, OpenAPI
/// 3.0.3, and with the keywords a maturing API adds.
enum ContractVariants {
    static var openAPI: JSONValue {
        get throws { try JSONValue(parsing: Array(try Data(contentsOf: Repository.openAPI))) }
    }

    /// Writes `openAPI` as `kitchen.openapi.json`, each of `files` at its relative path, and
    /// the committed AsyncAPI document, into `subfolder` of `folder`.
    static func write(_ openAPI: JSONValue, files: [String: JSONValue] = [:], into folder: TemporaryFolder,
                      subfolder: String = "Contracts") throws -> URL {
        let contracts = folder.url.appendingPathComponent(subfolder)
        for (path, document) in files.merging(["kitchen.openapi.json": openAPI], uniquingKeysWith: { $1 }) {
            let url = contracts.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(JSONSerializer.bytes(document, options: [.sortedKeys, .prettyPrinted])).write(to: url)
        }
        try FileManager.default.copyItem(at: Repository.asyncAPI, to: contracts.appendingPathComponent("kitchen.asyncapi.json"))
        return contracts
    }

    /// A schema a file: every `components/schemas/NAME` moved to `schemas/NAME.json`, and
    /// every reference to it written as a relative URI (`schemas/NAME.json`, or `NAME.json`
    /// from another schema file).
    static func split(_ document: JSONValue) -> (main: JSONValue, files: [String: JSONValue]) {
        let schemas = document["components"]?["schemas"]?.objectValue ?? [:]
        var files: [String: JSONValue] = [:]
        for member in schemas {
            files["schemas/\(member.key).json"] = rewritingReferences(member.value, prefix: "")
        }
        let main = editing(rewritingReferences(document, prefix: "schemas/"), at: "/components/schemas", to: nil)
        return (main, files)
    }

    /// ``split(_:)``, then every `components/responses/NAME` moved to `responses/NAME.json`
    /// and every parameter of a path or operation to `parameters/IN-NAME.json`, each
    /// referenced by relative URI (their schema references lead `../schemas/`).
    static func splitWithResponsesAndParameters(_ document: JSONValue) -> (main: JSONValue, files: [String: JSONValue]) {
        var (main, files) = split(document)
        func fromSubfolder(_ value: JSONValue) -> JSONValue {
            transform(value) { object in
                guard case .string(let ref)? = object["$ref"], ref.hasPrefix("schemas/") else { return object }
                var copy = object
                copy["$ref"] = .string("../" + ref)
                return copy
            }
        }
        for member in main["components"]?["responses"]?.objectValue ?? [:] {
            files["responses/\(member.key).json"] = fromSubfolder(member.value)
        }
        main = editing(main, at: "/components/responses", to: nil)
        main = transform(main) { object in
            var copy = object
            if case .string(let ref)? = object["$ref"], ref.hasPrefix("#/components/responses/") {
                copy["$ref"] = .string("responses/" + ref.dropFirst("#/components/responses/".count) + ".json")
            }
            guard case .array(let parameters)? = object["parameters"] else { return copy }
            copy["parameters"] = .array(parameters.map { parameter in
                guard let name = parameter["name"]?.stringValue, let location = parameter["in"]?.stringValue else { return parameter }
                let path = "parameters/\(location)-\(name).json"
                files[path] = fromSubfolder(parameter)
                return ["$ref": .string(path)]
            })
            return copy
        }
        return (main, files)
    }

    private static func rewritingReferences(_ value: JSONValue, prefix: String) -> JSONValue {
        transform(value) { object in
            guard case .string(let ref)? = object["$ref"], ref.hasPrefix("#/components/schemas/") else { return object }
            let tokens = JSONPointer(String(ref.dropFirst()))!.tokens
            let rest = JSONPointer(tokens: Array(tokens.dropFirst(3)))
            var copy = object
            copy["$ref"] = .string(prefix + tokens[2] + ".json" + (rest.tokens.isEmpty ? "" : "#" + rest.description))
            return copy
        }
    }

    /// The same API as OpenAPI 3.0.3: `["T", "null"]` types become `T` with `nullable: true`.
    static func openAPI30(_ document: JSONValue) -> JSONValue {
        let downgraded = transform(document) { object in
            guard case .array(let types)? = object["type"], types.count == 2, types.contains("null"),
                  let type = types.first(where: { $0 != "null" }) else { return object }
            var copy = object
            copy["type"] = type
            copy["nullable"] = true
            return copy
        }
        return editing(downgraded, at: "/openapi", to: "3.0.3")
    }

    /// The rules a maturing API adds: a `pattern` on device ids, `uniqueItems` on the device
    /// list, `propertyNames` on a device, `if`/`then` with `not` (only an oven has
    /// compartments), and `not` on an empty error message.
    static func matured(_ document: JSONValue) -> JSONValue {
        let device = "/components/schemas/DeviceInfo"
        var result = editing(document, at: device + "/properties/id/pattern", to: "^[a-z]+(-[a-z]+)*-[0-9a-f]+$")
        result = editing(result, at: device + "/propertyNames", to: ["pattern": "^[a-z][A-Za-z]*$"])
        result = editing(result, at: device + "/if", to: ["properties": ["type": ["not": ["const": "oven"]]]])
        result = editing(result, at: device + "/then", to: ["not": ["required": ["compartments"]]])
        result = editing(result, at: "/components/schemas/Error/properties/message/not", to: ["const": ""])
        let list = "/paths/~1devices/get/responses/200/content/application~1json/schema"
        return editing(result, at: list + "/uniqueItems", to: true)
    }

    /// `value` with `edit` applied to every object, innermost first.
    static func transform(_ value: JSONValue, _ edit: (JSONObject) -> JSONObject) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { transform($0, edit) })
        case .object(let object):
            let members = object.members.map { JSONObject.Member(key: $0.key, value: transform($0.value, edit)) }
            return .object(edit(JSONObject(uniqueMembers: members)))
        default:
            return value
        }
    }
}
