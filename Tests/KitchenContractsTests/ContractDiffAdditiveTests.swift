import HarnessCore
import Testing
@testable import KitchenContracts

@Suite("Contract diff: additive and neutral changes")
struct ContractDiffAdditiveTests {
    @Test("a new optional request field")
    func optionalRequestField() throws {
        let changes = try openAPIChanges {
            editing($0, at: "/components/schemas/OvenPowerRequest/properties/delay", to: ["type": "integer"])
        }
        #expect(summaries(changes) == ["additive \(powerRequest) → /properties/delay [propertyAdded]"])
        #expect(changes.first?.description == "ADDITIVE  \(powerRequest) → /properties/delay: absent → integer")
    }

    @Test("a new response field")
    func responseField() throws {
        let changes = try openAPIChanges { editing($0, at: "/components/schemas/OvenState/properties/light", to: ["type": "boolean"]) }
        #expect(summaries(changes) == [
            "additive \(ovenResponse) → /properties/light [propertyAdded]",
            "additive \(powerResponse) → /properties/light [propertyAdded]",
        ])
    }

    @Test("a new operation")
    func operation() throws {
        let changes = try openAPIChanges {
            editing($0, at: "/paths/~1devices~1{deviceId}~1light", to: json(#"""
            {"parameters": [{"$ref": "#/components/parameters/DeviceId"}],
             "get": {"operationId": "getLight", "responses": {"204": {"description": "On."}}}}
            """#))
        }
        #expect(summaries(changes) == ["additive GET /devices/{deviceId}/light [operationAdded]"])
    }

    @Test("a new error status on an existing operation (RFC 9110 §15: unknown codes act as their class)")
    func errorStatus() throws {
        let changes = try openAPIChanges {
            editing($0, at: "/paths/~1devices~1{deviceId}~1oven~1power/post/responses/409", to: ["$ref": "#/components/responses/BadRequest"])
        }
        #expect(summaries(changes) == ["additive POST /devices/{deviceId}/oven/power → 409 [responseAdded]"])
    }

    @Test("a new enum value on a request schema")
    func requestEnumValue() throws {
        let changes = try openAPIChanges {
            editing($0, at: "/components/schemas/OvenPowerRequest/properties/mode",
                    to: ["type": "string", "enum": ["bake", "roast", "broil_high", "air_fry"]])
        }
        #expect(summaries(changes) == ["additive \(powerRequest) → /properties/mode/enum [enumValueAdded]"])
    }

    @Test("a widened range: a raised maximum or a removed minimum", arguments: [
        ("/paths/~1devices~1{deviceId}~1history/get/parameters/0/schema/maximum", JSONValue.int(200),
         ["additive GET /devices/{deviceId}/history → query limit → /maximum [rangeWidened]"]),
        ("/components/schemas/OvenState/properties/targetTemperature/minimum", nil,
         ["additive \(ovenResponse) → /properties/targetTemperature/minimum [rangeWidened]",
          "additive \(powerResponse) → /properties/targetTemperature/minimum [rangeWidened]"]),
    ] as [(String, JSONValue?, [String])])
    func widened(_ location: String, _ bound: JSONValue?, _ expected: [String]) throws {
        #expect(summaries(try openAPIChanges { editing($0, at: location, to: bound) }) == expected)
    }

    @Test("a required request field becoming optional, and a request field accepting null")
    func requestRelaxed() throws {
        let changes = try openAPIChanges {
            let optional = editing($0, at: "/components/schemas/OvenPowerRequest/required", to: [])
            return editing(optional, at: "/components/schemas/OvenPowerRequest/properties/isOn/type", to: ["boolean", "null"])
        }
        #expect(summaries(changes) == [
            "additive \(powerRequest) → /properties/isOn [becameOptional]",
            "additive \(powerRequest) → /properties/isOn/type [nullabilityChanged]",
        ])
    }

    @Test("a new WebSocket message type")
    func messageAdded() throws {
        let changes = try asyncAPIChanges {
            let schema = editing($0, at: "/components/schemas/IceMakerStateMessage", to: json(#"""
            {"type": "object", "properties": {"type": {"const": "state"}, "deviceType": {"const": "ice_maker"}}}
            """#))
            return editing(schema, at: "/channels/liveUpdates/messages/iceMakerState",
                           to: ["payload": ["$ref": "#/components/schemas/IceMakerStateMessage"]])
        }
        #expect(changes.map(\.description) == [#"ADDITIVE  /ws → iceMakerState: absent → "ice_maker""#])
    }

    @Test("descriptions and summaries are neutral and listed only when asked")
    func neutral() throws {
        let edit: (JSONValue) -> JSONValue = {
            let described = editing($0, at: "/components/schemas/OvenState/properties/isOn/description", to: "Whether it heats.")
            return editing(described, at: "/paths/~1devices/get/summary", to: "All devices.")
        }
        #expect(try openAPIChanges(edit) == [])
        #expect(summaries(try openAPIChanges(includeNeutral: true, edit)) == [
            "neutral GET /devices [descriptionChanged]",
            "neutral \(ovenResponse) → /properties/isOn/description [descriptionChanged]",
            "neutral \(powerResponse) → /properties/isOn/description [descriptionChanged]",
        ])
    }
}

@Suite("Contract diff: structure")
struct ContractDiffStructureTests {
    @Test("a document compared with itself has no changes, even neutral ones")
    func selfDiff() throws {
        let openAPI = try OpenAPIContract(document: MiniContracts.openAPI)
        #expect(ContractDiff.compare(old: openAPI, new: openAPI, includeNeutral: true) == [])
        let asyncAPI = try AsyncAPIContract(document: MiniContracts.asyncAPI)
        #expect(ContractDiff.compare(old: asyncAPI, new: asyncAPI, includeNeutral: true) == [])
    }

    @Test("a schema moved behind a new $ref name is not a change")
    func renamedReference() throws {
        let changes = try openAPIChanges(includeNeutral: true) { document in
            var moved = editing(document, at: "/components/schemas/OvenStatus",
                                to: pointer("/components/schemas/OvenState").resolve(in: document))
            moved = editing(moved, at: "/components/schemas/OvenState", to: nil)
            for path in ["/paths/~1devices~1{deviceId}~1oven/get", "/paths/~1devices~1{deviceId}~1oven~1power/post"] {
                moved = editing(moved, at: path + "/responses/200/content/application~1json/schema/$ref", to: "#/components/schemas/OvenStatus")
            }
            return moved
        }
        #expect(changes == [])
    }

    @Test("renaming a path parameter keeps the operation the same")
    func renamedPathParameter() throws {
        let changes = try openAPIChanges { document in
            let renamed = editing(document, at: "/paths/~1devices~1{id}~1history",
                                  to: pointer("/paths/~1devices~1{deviceId}~1history").resolve(in: document))
            let dropped = editing(renamed, at: "/paths/~1devices~1{deviceId}~1history", to: nil)
            return editing(dropped, at: "/paths/~1devices~1{id}~1history/parameters/0",
                           to: ["name": "id", "in": "path", "required": true, "schema": ["type": "string", "minLength": 1]])
        }
        #expect(changes == [])
    }

    @Test("oneOf branches pair by discriminator value, not position")
    func branchesByDiscriminator() throws {
        let schemas = #"""
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/m": {"get": {"operationId": "m", "responses": {
          "200": {"description": "m", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/M"}}}}}}}},
         "components": {"schemas": {
          "M": {"oneOf": [BRANCHES], "discriminator": {"propertyName": "kind"}},
          "A": {"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "integer"}}},
          "B": {"type": "object", "properties": {"kind": {"const": "b"}, "y": {"type": "string"}}}}}}
        """#
        let both = ##"{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}"##
        let swapped = ##"{"$ref": "#/components/schemas/B"}, {"$ref": "#/components/schemas/A"}"##
        let onlyB = ##"{"$ref": "#/components/schemas/B"}"##
        let old = try OpenAPIContract(document: json(schemas.replacingOccurrences(of: "BRANCHES", with: both)))
        let reordered = try OpenAPIContract(document: json(schemas.replacingOccurrences(of: "BRANCHES", with: swapped)))
        let narrowed = try OpenAPIContract(document: json(schemas.replacingOccurrences(of: "BRANCHES", with: onlyB)))
        #expect(ContractDiff.compare(old: old, new: reordered) == [])
        #expect(summaries(ContractDiff.compare(old: old, new: narrowed)) == ["breaking GET /m → 200 → /oneOf/kind=a [branchRemoved]"])
    }

    @Test("output is sorted by location, whatever order the changes were found in")
    func sorted() throws {
        let changes = try openAPIChanges {
            var edited = editing($0, at: "/paths/~1devices~1{deviceId}~1history", to: nil)
            edited = editing(edited, at: "/components/schemas/DeviceType/enum/3", to: nil)
            return editing(edited, at: "/paths/~1auth~1logout/post/responses/401", to: nil)
        }
        #expect(changes.map(\.location) == [
            "GET /devices → 200 → /items/properties/type/enum",
            "GET /devices/{deviceId}/history",
            "POST /auth/logout → 401",
        ])
        #expect(changes == changes.sorted())
    }
}
