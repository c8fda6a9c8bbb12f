import Foundation
import HarnessCore
import Testing
@testable import KitchenContracts

@Suite("OpenAPI contract loading")
struct OpenAPIContractTests {
    @Test("operations are read with method, path, parameters, bodies, responses and security")
    func operations() throws {
        let contract = try OpenAPIContract(document: MiniContracts.openAPI)
        #expect(contract.title == "Mini kitchen")
        #expect(contract.operations.map(\.operationId) == [
            "logout", "listDevices", "getOvenState", "getSpecialOven", "setOvenPower", "getHistory",
        ])
        let power = try #require(contract.operation(id: "setOvenPower"))
        #expect(power.signature == "POST /devices/{deviceId}/oven/power")
        #expect(power.parameters.map(\.name) == ["deviceId"])
        #expect(power.parameters[0].location == .path && power.parameters[0].isRequired)
        #expect(power.requestBody?.isRequired == true)
        #expect(power.requestBody?.schema?.schemaPath == "#/paths/~1devices~1{deviceId}~1oven~1power/post/requestBody/content/application~1json/schema")
        #expect(power.responses.map(\.status) == ["200", "400", "401", "404", "413"])
        #expect(power.responses[2].description == "Who?")
        #expect(power.security == [OpenAPISecurityRequirement(schemes: ["bearerAuth": []])])
        #expect(contract.operation(id: "getSpecialOven")?.security == [])
        let logout = try #require(contract.operation(id: "logout"))
        #expect(logout.response(for: 204)?.hasContent == false)
        #expect(logout.requestBody == nil)
        let oven = try #require(contract.operation(id: "getOvenState"))
        #expect(oven.parameters.map { "\($0.location.rawValue) \($0.name) \($0.isRequired)" } == ["path deviceId true", "query compartment false"])
        #expect(oven.response(for: 200)?.schema?.validate(json(#"{"isOn": true}"#)).count == 4)
    }

    @Test("every $ref of the document is listed, and all resolve")
    func references() throws {
        let contract = try OpenAPIContract(document: MiniContracts.openAPI)
        let references = contract.allReferences()
        #expect(references.count == 23)
        #expect(references.first == ContractReference(pointer: pointer("/paths/~1auth~1logout/post/responses/401"),
                                                      ref: "#/components/responses/Unauthorized"))
        #expect(contract.unresolvedReferences() == [])
    }

    @Test("unresolved references are listed by location even when the document cannot load")
    func unresolvedListed() {
        let broken = editing(MiniContracts.openAPI, at: "/components/schemas/OvenMode", to: nil)
        #expect(ContractReferences.unresolved(in: broken).map(\.description) == [
            "/components/schemas/OvenState/properties/mode: #/components/schemas/OvenMode",
            "/components/schemas/OvenPowerRequest/properties/mode: #/components/schemas/OvenMode",
        ])
    }

    @Test("a $ref that resolves to nothing fails loading and names the reference")
    func unresolvableReference() {
        let broken = editing(MiniContracts.openAPI, at: "/components/schemas/OvenMode", to: nil)
        #expect(throws: ContractError(file: "kitchen.openapi.json", pointer: pointer("/components/schemas/OvenState/properties/mode"),
                                      reason: .unresolvableReference("#/components/schemas/OvenMode", why: "nothing at that location"))) {
            try OpenAPIContract(document: broken, file: "kitchen.openapi.json")
        }
        let brokenResponse = editing(MiniContracts.openAPI, at: "/components/responses/NotFound", to: nil)
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/paths/~1devices~1{deviceId}~1oven/get/responses/404"),
                                      reason: .unresolvableReference("#/components/responses/NotFound", why: "nothing at that location"))) {
            try OpenAPIContract(document: brokenResponse)
        }
    }

    @Test("an operation without an operationId fails loading")
    func missingOperationId() {
        let broken = editing(MiniContracts.openAPI, at: "/paths/~1devices/get/operationId", to: nil)
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/paths/~1devices/get"),
                                      reason: .missingOperationId(method: "GET", path: "/devices"))) {
            try OpenAPIContract(document: broken)
        }
    }

    @Test("a duplicate operationId fails loading and points at both uses")
    func duplicateOperationId() {
        let broken = editing(MiniContracts.openAPI, at: "/paths/~1devices/get/operationId", to: "logout")
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/paths/~1devices/get"),
                                      reason: .duplicateOperationId("logout", firstAt: pointer("/paths/~1auth~1logout/post")))) {
            try OpenAPIContract(document: broken)
        }
    }

    @Test("malformed documents are refused with the location of the problem")
    func malformed() {
        #expect(throws: ContractError(file: "<inline>", pointer: .root,
                                      reason: .malformedDocument("not an OpenAPI 3 document (no \"openapi\": \"3.x\")"))) {
            try OpenAPIContract(document: editing(MiniContracts.openAPI, at: "/openapi", to: nil))
        }
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/paths/~1devices/get/responses/2000"),
                                      reason: .malformedDocument("\"2000\" is not a status code"))) {
            try OpenAPIContract(document: editing(MiniContracts.openAPI, at: "/paths/~1devices/get/responses/2000",
                                                  to: ["description": "x"]))
        }
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/paths/~1devices~1{deviceId}~1oven/get"),
                                      reason: .malformedDocument("path parameter {deviceId} of /devices/{deviceId}/oven is not declared"))) {
            try OpenAPIContract(document: editing(MiniContracts.openAPI, at: "/paths/~1devices~1{deviceId}~1oven/parameters", to: nil))
        }
    }

    @Test("a response that refers to itself through other components is refused as a reference loop")
    func componentReferenceLoop() {
        let document = json(#"""
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
         "paths": {"/x": {"get": {"operationId": "x", "responses": {"200": {"$ref": "#/components/responses/A"}}}}},
         "components": {"responses": {"A": {"$ref": "#/components/responses/B"}, "B": {"$ref": "#/components/responses/A"}}}}
        """#)
        #expect(throws: ContractError(file: "<inline>", pointer: pointer("/paths/~1x/get/responses/200"),
                                      reason: .malformedDocument("more than 32 $ref hops (a reference loop?)"))) {
            try OpenAPIContract(document: document)
        }
    }

    @Test("a file that is not JSON, or missing, is a typed error naming the file")
    func unreadableFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = directory.appendingPathComponent("broken.openapi.json")
        try Data("{\"openapi\": ".utf8).write(to: garbage)
        #expect(throws: ContractError(file: "broken.openapi.json", pointer: .root,
                                      reason: .malformedJSON(JSONParseError(offset: 12, reason: .unexpectedEnd)))) {
            try OpenAPIContract(contentsOf: garbage)
        }
        do {
            _ = try OpenAPIContract(contentsOf: directory.appendingPathComponent("absent.json"))
            Issue.record("a missing file loaded")
        } catch {
            guard case .unreadableFile = error.reason else { Issue.record("wrong reason \(error.reason)"); return }
            #expect(error.file == "absent.json")
        }
    }

    @Test("components/schemas are compiled and reachable by name")
    func namedSchemas() throws {
        let contract = try OpenAPIContract(document: MiniContracts.openAPI)
        let mode = try #require(contract.schema(named: "OvenMode"))
        #expect(mode.validate("grill").map(\.description) == [#"(root): expected one of "bake", "roast", "broil_high", found "grill""#])
        #expect(contract.schema(named: "Nope") == nil)
    }
}
