import HarnessCore
import Testing

/// Reading values out of ``JSONValue`` and ``JSONObject``, literals, and
/// JSON Schema type names.
@Suite("JSONValue accessors and literals")
struct JSONValueAccessTests {
    static let document: JSONValue = [
        "name": "Oven", "isOn": true, "target": 350, "ratio": 0.5, "whole": 2.0, "huge": 1e300,
        "list": [10, "x", nil], "nested": ["a": nil], "empty": nil,
    ]

    @Test("subscripts reach members and elements, nil when absent or the wrong type")
    func subscriptsReachMembersAndElements() {
        let document = Self.document
        #expect(document["name"] == "Oven")
        #expect(document["missing"] == nil)
        #expect(document["list"]?[0] == 10)
        #expect(document["list"]?[2] == .null)
        #expect(document["list"]?[3] == nil)
        #expect(document["list"]?[-1] == nil)
        #expect(document["list"]?["0"] == nil)
        #expect(document[0] == nil)
        #expect(document["name"]?["x"] == nil)
        #expect(document["nested"]?["a"] == .null)
    }

    @Test("typed accessors return the payload only for the matching type")
    func typedAccessors() {
        let document = Self.document
        #expect(document["name"]?.stringValue == "Oven")
        #expect(document["isOn"]?.boolValue == true)
        #expect(document["target"]?.intValue == 350)
        #expect(document["target"]?.doubleValue == 350)
        #expect(document["whole"]?.intValue == 2)
        #expect(document["ratio"]?.intValue == nil)
        #expect(document["ratio"]?.doubleValue == 0.5)
        #expect(document["huge"]?.intValue == nil)
        #expect(document["list"]?.arrayValue?.count == 3)
        #expect(document["nested"]?.objectValue?.keys == ["a"])
        #expect(document["empty"]?.isNull == true)
        #expect(document["name"]?.isNull == false)
        #expect(document["name"]?.intValue == nil)
        #expect(document["name"]?.boolValue == nil)
        #expect(document["isOn"]?.stringValue == nil)
        #expect(document["target"]?.arrayValue == nil)
        #expect(document["list"]?.objectValue == nil)
        #expect(document["isOn"]?.doubleValue == nil)
    }

    @Test("typeName follows JSON Schema, counting whole numbers as integer", arguments: [
        (JSONValue.null, "null"), (true, "boolean"), (.int(3), "integer"), (.double(3.0), "integer"),
        (.double(1e300), "integer"), (.double(3.5), "number"), (.double(.infinity), "number"),
        ("s", "string"), (.array([]), "array"), (.object([:]), "object"),
    ])
    func typeNameFollowsJSONSchema(value: JSONValue, expected: String) {
        #expect(value.typeName == expected)
    }

    @Test("literals build the matching cases")
    func literalsBuildMatchingCases() {
        let null: JSONValue = nil
        let flag: JSONValue = false
        let integer: JSONValue = 42
        let decimal: JSONValue = 4.5
        let text: JSONValue = "hi"
        let array: JSONValue = [1, "two"]
        let object: JSONValue = ["z": 1, "a": 2]
        #expect(null == .null)
        #expect(flag == .bool(false))
        #expect(isExactInteger(integer, 42))
        #expect(isDecimal(decimal, bitPattern: 4.5))
        #expect(text == .string("hi"))
        #expect(array == .array([.int(1), .string("two")]))
        #expect(object.objectValue?.keys == ["z", "a"])
        #expect(JSONValue.int(-7) == .number(.integer(-7)))
        #expect(isDecimal(.double(-7), bitPattern: -7))
    }

    @Test("a dictionary literal with a repeated key keeps the last value at the first position")
    func dictionaryLiteralRepeatedKey() {
        let object: JSONObject = ["a": 1, "b": 2, "a": 3]
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
        #expect(object.count == 2)
    }

    @Test("JSONObject subscript assignment replaces in place, appends, and removes with nil")
    func objectSubscriptAssignment() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = "two"
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["b"] == "two")
        object["d"] = 4
        #expect(object.keys == ["a", "b", "c", "d"])
        object["a"] = nil
        #expect(object.keys == ["b", "c", "d"])
        object["missing"] = nil
        #expect(object.count == 3)
        #expect(object[0] == JSONObject.Member(key: "b", value: "two"))
        #expect(object.map(\.key) == ["b", "c", "d"])
    }

    @Test("description is compact JSON in original order")
    func descriptionIsCompactJSON() throws {
        let value = try JSONValue(parsing: #" { "b" : [ 1 , 2.5 ] , "a" : "x\n" } "#)
        #expect(value.description == #"{"b":[1,2.5],"a":"x\n"}"#)
        #expect("\(JSONValue.null)" == "null")
    }
}
