import KitchenRecording
import Testing
@testable import KitchenReport

@Suite("Reading the findings of kitchen verify --format json")
struct FindingsFileTests {
    @Test("every member is read; optional ones may be absent or null")
    func readsEveryMember() throws {
        let json = #"""
            {"passed": false, "tallies": [], "report": {}, "findings": [
              {"check": "contract", "file": "bugs/oven.har", "entry": 4, "location": "/response/body/isOn",
               "expected": "boolean", "actual": "\"yes\"", "rule": "#/components/schemas/OvenState/properties/isOn/type",
               "reproduce": "kitchen verify --recordings R --only bugs/oven.har#4"},
              {"check": "contract", "file": "fridge.har", "entry": 2, "message": 7, "location": "/message/state/doorOpen",
               "expected": "boolean", "actual": "null", "rule": null},
              {"check": "coverage", "location": "GET /devices → 500", "expected": "a recording", "actual": "none"}
            ]}
            """#
        let findings = try FindingsFile.parse(Array(json.utf8), path: "verify.json")
        #expect(findings == [
            Finding(check: "contract", file: "bugs/oven.har", entry: 4, location: "/response/body/isOn", expected: "boolean",
                          actual: "\"yes\"", rule: "#/components/schemas/OvenState/properties/isOn/type",
                          reproduce: "kitchen verify --recordings R --only bugs/oven.har#4"),
            Finding(check: "contract", file: "fridge.har", entry: 2, message: 7, location: "/message/state/doorOpen",
                          expected: "boolean", actual: "null"),
            Finding(check: "coverage", location: "GET /devices → 500", expected: "a recording", actual: "none"),
        ])
        #expect(findings[0].isAbout(path: "/ci/Recordings/bugs/oven.har"))
        #expect(!findings[0].isAbout(path: "/ci/Recordings/notbugs/oven.har"))
        #expect(findings[1].isAbout(path: "fridge.har") && !findings[1].isAbout(path: "/x/myfridge.har"))
        #expect(!findings[2].isAbout(path: "fridge.har"))
    }

    @Test("a file that is not the verify report is refused with the reason and the command that writes one", arguments: [
        ("not json", "verify.json is not JSON"),
        ("[1]", "the top level is not an object"),
        (#"{"passed": true}"#, #"it has no "findings" array"#),
        (#"{"findings": [{"check": "contract", "location": "/x", "expected": "a"}]}"#, "/findings/0/actual is missing or not a string"),
        (#"{"findings": [{"check": "c", "location": "/x", "expected": "a", "actual": "b", "entry": -1}]}"#, "/findings/0/entry is not a whole number"),
    ])
    func refusesOtherDocuments(_ text: String, _ reason: String) {
        #expect {
            _ = try FindingsFile.parse(Array(text.utf8), path: "verify.json")
        } throws: { error in
            "\(error)".contains(reason)
        }
    }
}
