import HarnessCore
import KitchenContracts
import Testing

@Suite("Finding the $refs of a document")
struct ContractReferencesTests {
    @Test("refs are listed in document order; data values are skipped, a name map's members are names, and an examples map's entries may be refs")
    func findsStructuralReferencesOnly() throws {
        let document: JSONValue = [
            "$ref": "#/a",
            "components": [
                "schemas": [
                    "default": ["$ref": "#/named-default"],
                    "enum": ["items": [["$ref": "#/in-array"]]],
                    "T": ["default": ["$ref": "#/data"], "example": ["$ref": "#/data"], "examples": [["$ref": "#/data"]]],
                ],
            ],
            "content": [
                "application/json": [
                    "examples": ["one": ["$ref": "#/example-one"], "two": ["value": ["$ref": "#/data"]]],
                    "schema": ["allOf": [["$ref": "#/first"], ["$ref": "#/second"]]],
                ],
            ],
        ]
        #expect(ContractReferences.all(in: document).map(\.description) == [
            ": #/a",
            "/components/schemas/default: #/named-default",
            "/components/schemas/enum/items/0: #/in-array",
            "/content/application~1json/examples/one: #/example-one",
            "/content/application~1json/schema/allOf/0: #/first",
            "/content/application~1json/schema/allOf/1: #/second",
        ])
    }
}
