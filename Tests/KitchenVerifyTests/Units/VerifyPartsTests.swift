import Foundation
import HarnessCore
import KitchenAPI
import KitchenContracts
import KitchenRecording
import KitchenScenarios
import KitchenVerify
import Testing
import KitchenTestSupport

/// The small parts the gate is built from: filters, reproduce commands, routes, recorded calls,
/// the machine reports, the benchmark.
@Suite("Verify parts")
struct VerifyPartsTests {
    @Test("--only parses FILE and FILE#ENTRY and refuses anything else", arguments: [
        ("oven-controls.har", "oven-controls.har", nil), ("bugs/x.har#12", "bugs/x.har", 12), ("a#b.har#0", "a#b.har", 0),
    ] as [(String, String, Int?)])
    func filterParses(_ text: String, _ file: String, _ entry: Int?) throws {
        let filter = try #require(CaseFilter(parsing: text))
        #expect(filter.file == file)
        #expect(filter.entry == entry)
        #expect(filter.description == text)
    }

    @Test("--only refuses an empty file or a bad entry", arguments: ["", "#3", "x.har#", "x.har#-1", "x.har#+1", "x.har#1a"])
    func filterRefuses(_ text: String) {
        #expect(CaseFilter(parsing: text) == nil)
    }

    @Test("a filter selects its file (by relative path or file name) and only its entry")
    func filterSelects() {
        let filter = CaseFilter(file: "late-close.har", entry: 2)
        #expect(filter.selects(file: "bugs/late-close.har"))
        #expect(filter.selects(.exchange(.contract, file: "bugs/late-close.har", entry: 2, label: "GET /ws → 101")))
        #expect(!filter.selects(.exchange(.contract, file: "bugs/late-close.har", entry: 3, label: "GET /ws → 101")))
        #expect(!filter.selects(VerifyCase(check: .coverage, name: "GET /ws → 101")))
    }

    @Test("reproduce commands rerun just the finding and never print the live password")
    func reproduceCommands() {
        let folder = VerifyOptions(contracts: URL(fileURLWithPath: "Contracts"), source: .folder(URL(fileURLWithPath: "Recordings")))
        let finding = Finding(check: .contract, file: "oven-controls.har", entry: 4, location: "/response/status", expected: "200", actual: "418")
        #expect(folder.reproduce(finding) == "kitchen verify --recordings Recordings --only oven-controls.har#4")
        let live = VerifyOptions(contracts: URL(fileURLWithPath: "api contracts"),
                                 source: .live(server: URL(string: "http://staging:8080")!, account: .init(username: "ci", password: "s3cret!")),
                                 baseline: URL(fileURLWithPath: "Recordings"))
        #expect(live.reproduce(Finding(check: .coverage, location: "GET /ws → 401", expected: "", actual: ""))
            == #"kitchen verify --live http://staging:8080 --user ci --password "$KITCHEN_PASSWORD" --recordings Recordings --contracts 'api contracts'"#)
        #expect(!live.reproduceCommand.contains("s3cret"))
    }

    @Test("recorded paths map to the client's operations, device ids percent-decoded", arguments: [
        ("POST", "/devices/oven%201/oven/power", APIOperation.setOvenPower, "oven 1"),
        ("GET", "/devices/x/fridge", .getFridgeState, "x"),
        ("POST", "/devices/x/fridge/freezer/temperature", .setFreezerTemperature, "x"),
        ("GET", "/ws", .openLiveUpdates, nil),
        ("POST", "/auth/logout", .logout, nil),
    ] as [(String, String, APIOperation, String?)])
    func routes(_ method: String, _ path: String, _ operation: APIOperation, _ deviceId: String?) throws {
        let route = try #require(APIRoute(method: method, path: path))
        #expect(route.operation == operation)
        #expect(route.deviceId == deviceId)
    }

    @Test("paths the client has no operation for have no route", arguments: [
        ("GET", "/devices//oven"), ("DELETE", "/devices"), ("GET", "/devices/x/oven/extra"), ("GET", "/_sim/clock"),
    ])
    func noRoute(_ method: String, _ path: String) {
        #expect(APIRoute(method: method, path: path) == nil)
    }

    @Test("a recorded request becomes its call; one the typed client could not send does not")
    func recordedCalls() throws {
        func entry(_ method: String, _ url: String, _ body: String?) -> HAR.Entry {
            HAR.Entry(startedDateTime: "2026-11-20T10:00:00.000Z",
                      request: HAR.Request(method: method, url: "http://127.0.0.1:8080" + url,
                                           postData: body.map { HAR.PostData(mimeType: "application/json", text: $0) }),
                      response: HAR.Response(status: 200, statusText: "OK", content: HAR.Content(size: 0, mimeType: "application/json")),
                      timings: HAR.Timings())
        }
        #expect(APICall(entry("GET", "/devices/d1/oven?compartment=upper", nil))
            == .getOvenState(deviceId: "d1", compartment: "upper"))
        #expect(APICall(entry("POST", "/devices/d1/oven/temperature", #"{"targetTemperature": 400, "compartment": "lower"}"#))
            == .setOvenTemperature(deviceId: "d1", compartment: "lower", temperature: 400))
        #expect(APICall(entry("POST", "/devices/d1/icemaker/power", #"{"isOn": "yes"}"#)) == nil)
        #expect(APICall(entry("POST", "/devices/d1/icemaker/power", #"{"isOn": true, "pad": "x"}"#)) == nil)
        #expect(APICall(entry("GET", "/devices/d1/fridge?compartment=upper", nil)) == nil)
        #expect(APICall(entry("POST", "/auth/login", #"{"username": "demo", "password": "<password-1>"}"#))
            == .login(username: "demo", password: "<password-1>"))
    }

    @Test("a call made through the protocol reaches the mock as itself, under its method", arguments: APIMethod.allCases)
    func invokedCallIsRecorded(_ method: APIMethod) async {
        let call = APICall.sample(method)
        let mock = MockAPIService()
        _ = await call.invoke(on: mock)
        #expect(call.method == method)
        #expect(mock.calls == [call])
    }

    @Test("a recording is a scenario's when it sits at the top level and is named after one")
    func scenarioFiles() throws {
        let document = try #require(Fixtures.recording("oven-controls.har")).document
        #expect(LoadedRecording(document: document, name: "oven-controls.har").scenario?.name == "oven-controls")
        #expect(LoadedRecording(document: document, name: "bugs/oven-controls.har").scenario == nil)
        #expect(LoadedRecording(document: document, name: "oven-controls-2.har").scenario == nil)
    }

    @Test("recordings are found recursively (bug recordings in bugs/), hidden staging folders skipped, and all are checked")
    func recursiveFolder() async throws {
        let folder = try TemporaryFolder("recursive")
        defer { folder.remove() }
        let recordings = try folder.copyRecordings(["fridge-door.har"])
        try FileManager.default.createDirectory(at: recordings.appendingPathComponent("bugs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: recordings.appendingPathComponent(".recording-x"), withIntermediateDirectories: true)
        for target in ["bugs/door-stuck.har", ".recording-x/fridge-door.har"] {
            try FileManager.default.copyItem(at: Repository.recordings.appendingPathComponent("fridge-door.har"),
                                             to: recordings.appendingPathComponent(target))
        }
        #expect(try RecordingFolder.files(in: recordings) == ["bugs/door-stuck.har", "fridge-door.har"])
        let report = try await VerifyRun(options: VerifyOptions(contracts: Repository.contracts, source: .folder(recordings))).run()
        // Two recordings cannot cover the contract; everything else must pass.
        let failures = report.findings.filter { $0.check != VerifyCheck.coverage.rawValue }
        #expect(failures.isEmpty, "\(lines(failures))")
        #expect(report.recordings == ["bugs/door-stuck.har", "fridge-door.har"])
        // The bug recording is checked like any other, but only the scenario's own file is replayed.
        #expect(report.results.contains { $0.verifyCase.name == "bugs/door-stuck.har #0 POST /auth/login → 200" })
        #expect(report.results.filter { $0.verifyCase.name.hasPrefix("scenario ") }.map(\.verifyCase.name)
            == ["scenario fridge-door replayed against fridge-door.har"])
    }

    @Test("JUnit text escapes markup and drops characters XML cannot carry")
    func junitEscaping() {
        let finding = Finding(check: .contract, file: "a&b.har", entry: 0, location: "/x", expected: "<tag>", actual: "\"q\" 'a'\u{1}")
        let report = VerifyReport(mode: "folder", contracts: "Contracts", recordingsFolder: "R", recordings: ["a&b.har"],
                                  results: [CaseResult(.exchange(.contract, file: "a&b.har", entry: 0, label: "GET / → 200"), findings: [finding])],
                                  coverage: nil, baseline: nil, shapeChanges: [], notices: [])
        let xml = JUnitReport.render(report)
        #expect(xml.contains(#"name="a&amp;b.har #0 GET / → 200""#))
        #expect(xml.contains("expected &lt;tag&gt;, found &quot;q&quot; &apos;a&apos;\u{FFFD}"))
        #expect(!xml.contains("\u{1}"))
    }

    @Test("a run that could not finish is one JUnit testcase in error, saying why")
    func junitForError() {
        #expect(JUnitReport.render(VerifyError.noRecordings(folder: "R&D")) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="kitchen verify" tests="1" failures="0" errors="1">
              <testsuite name="kitchen verify" tests="1" failures="0" errors="1">
                <testcase classname="kitchen.verify" name="run">
                  <error message="no .har files in R&amp;D">no .har files in R&amp;D</error>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    @Test("kitchen diff's JUnit has a testcase per change and a failure for each breaking one")
    func junitForDiff() {
        let changes = [
            ContractChange(severity: .additive, location: "GET /a → 200", kind: .propertyAdded, old: nil, new: "string"),
            ContractChange(severity: .breaking, location: "GET /b → 200", kind: .propertyRemoved, old: "integer", new: nil),
        ]
        #expect(JUnitReport.render(changes, from: "old.json", to: "new.json") == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="kitchen diff" tests="2" failures="1">
              <testsuite name="old.json → new.json" tests="2" failures="1">
                <testcase classname="kitchen.diff.additive" name="GET /a → 200 propertyAdded"/>
                <testcase classname="kitchen.diff.breaking" name="GET /b → 200 propertyRemoved">
                  <failure message="BREAKING  GET /b → 200: integer → absent">BREAKING  GET /b → 200: integer → absent</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    @Test("machine reports are written by the package's JSON writer: sorted keys, two-space indent, no escaped slashes")
    func jsonForDiff() throws {
        let change = ContractChange(severity: .breaking, location: "GET /devices → 200", kind: .propertyRemoved,
                                    old: "string", new: nil)
        #expect(JSONReport.render([change]) == """
            [
              {
                "description": "BREAKING  GET /devices → 200: string → absent",
                "kind": "propertyRemoved",
                "location": "GET /devices → 200",
                "old": "string",
                "severity": "breaking"
              }
            ]

            """)
        let report = VerifyReport(mode: "folder", contracts: "Contracts", recordingsFolder: "R", recordings: [], results: [],
                                  coverage: nil, baseline: nil, shapeChanges: [], notices: [])
        let text = JSONReport.render(report)
        #expect(text.hasPrefix("{\n  \"findings\": [],\n  \"passed\": true,\n  \"report\": {\n"))
        #expect(JSONSerializer.string(try JSONValue(parsing: text), options: [.sortedKeys, .prettyPrinted]) + "\n" == text)
    }
}
