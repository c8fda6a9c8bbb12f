import Foundation
import HarnessCore
import KitchenVerify
import Testing
import KitchenTestSupport

/// `kitchen verify` and `kitchen diff` as a CI system runs them: exact help, exit statuses
/// (0 clean, 1 violations, 2 usage or I/O), the text, JSON and JUnit reports, progress only on
/// a terminal.
@Suite("kitchen verify and kitchen diff on the command line", .timeLimit(.minutes(2)))
struct VerifyCommandTests {
    @Test("kitchen verify --help prints exactly the documented usage")
    func verifyHelp() async {
        let outcome = await kitchen("verify", "--help")
        #expect(outcome.status == .success)
        #expect(outcome.out == verifyHelpText + "\n")
    }

    @Test("kitchen diff --help prints exactly the documented usage")
    func diffHelp() async {
        let outcome = await kitchen("diff", "--help")
        #expect(outcome.status == .success)
        #expect(outcome.out == diffHelpText + "\n")
    }

    @Test("usage errors exit 2 with the message and the usage", arguments: [
        (["verify", "--format", "xml"], "kitchen verify: --format must be text, json or junit, not 'xml'"),
        (["verify", "--live", "ftp://server"], "kitchen verify: --live must be an http:// or https:// URL, not 'ftp://server'"),
        (["verify", "--live", "http://127.0.0.1:1"], "kitchen verify: --live needs --user"),
        (["verify", "--user", "ci"], "kitchen verify: --user needs --live"),
        (["verify", "--only", "oven-controls.har#x"], "kitchen verify: --only must be FILE or FILE#ENTRY, not 'oven-controls.har#x'"),
        (["verify", "--bogus"], "kitchen verify: unknown option '--bogus'"),
        (["diff", "only-one"], "kitchen diff: missing NEW"),
        (["diff", "a", "b", "--format", "yaml"], "kitchen diff: --format must be text, json or junit, not 'yaml'"),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) async {
        let outcome = await kitchen(arguments)
        #expect(outcome.status == .error)
        #expect(outcome.status.rawValue == 2)
        #expect(outcome.error.hasPrefix(message + "\n\nusage: kitchen \(arguments[0])"), "\(outcome.error)")
        #expect(outcome.out.isEmpty)
    }

    @Test("I/O errors exit 2 and say what could not be read", arguments: [
        (["verify", "--recordings", "/nonexistent/recordings"], "cannot read the recordings folder /nonexistent/recordings: not a folder"),
        (["verify", "--contracts", "/nonexistent/contracts", "--recordings", "/tmp"], "/nonexistent/contracts"),
        (["diff", "/nonexistent/a.json", "/nonexistent/b.json"], "/nonexistent/a.json: no such file or folder"),
    ])
    func ioErrorsExitTwo(_ arguments: [String], _ fragment: String) async {
        let outcome = await kitchen(arguments)
        #expect(outcome.status == .error)
        #expect(outcome.error.contains(fragment), "\(outcome.error)")
    }

    @Test("--only naming a recording the folder lacks is an error (exit 2)")
    func unknownOnlyIsAnError() async {
        let outcome = await kitchen("verify", "--recordings", Repository.recordings.path, "--contracts",
                                    Repository.contracts.path, "--only", "missing.har")
        #expect(outcome.status == .error)
        #expect(outcome.error == "kitchen verify: --only missing.har: no such recording\n")
    }

    @Test("--only naming no scenario is an error before anything is recorded (exit 2)")
    func unknownScenarioOnlyIsAnError() async {
        let outcome = await kitchen("verify", "--contracts", Repository.contracts.path, "--only", "no-such-scenario.har")
        #expect(outcome.status == .error)
        #expect(outcome.error == "kitchen verify: --only no-such-scenario.har: no such recording\n")
    }

    @Test("the committed recordings pass with full coverage; in CI the output is plain (no progress)")
    func committedRecordingsPass() async {
        let outcome = await kitchen("verify", "--recordings", Repository.recordings.path, "--contracts", Repository.contracts.path)
        #expect(outcome.status == .success, "\(outcome.out)")
        let lines = outcome.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Summary (folder: \(Fixtures.recordings.count) recording(s) in ") == true, "\(outcome.out)")
        #expect(lines.contains("  coverage                 71 case(s), 0 failed — 67 of 67 operation × status, 4 of 4 message types"))
        #expect(lines.contains { $0.hasPrefix("  recordings vs contracts  ") && $0.hasSuffix(", 0 failed") })
        #expect(lines.contains { $0.hasPrefix("  client vs recordings     ") && $0.hasSuffix(", 0 failed") })
        #expect(lines.contains { $0.hasPrefix("  mock vs recordings       ") && $0.hasSuffix(", 0 failed") })
        #expect(lines.last?.hasPrefix("PASS: ") == true)
        #expect(!outcome.out.contains("checking "))
    }

    @Test("on a terminal it shows progress file by file, then the summary")
    func terminalShowsProgress() async {
        let outcome = await kitchen(["verify", "--recordings", Repository.recordings.path, "--contracts",
                                     Repository.contracts.path, "--only", "fridge-door.har"], terminal: true)
        #expect(outcome.status == .success)
        #expect(outcome.out.hasPrefix("checking fridge-door.har (6 entries, 13 messages)…\n      ok fridge-door.har\n\nSummary"))
    }

    @Test("--format json is one document with the verdict, tallies and findings")
    func jsonReport() async throws {
        let outcome = await kitchen("verify", "--recordings", Repository.recordings.path, "--contracts",
                                    Repository.contracts.path, "--format", "json")
        #expect(outcome.status == .success)
        let document = try JSONValue(parsing: outcome.out)
        #expect(document["passed"] == true)
        #expect(document["findings"] == [])
        let tallies = try #require(document["tallies"]?.arrayValue)
        #expect(tallies.compactMap { $0["check"]?.stringValue } == ["contract", "coverage", "client", "mock"])
        #expect(document["report"]?["coverage"]?["requirements"]?.arrayValue?.count == 71)
    }

    @Test("--junit writes one testsuite per check and a failure per failing case; --format junit prints the same XML")
    func junitReport() async throws {
        let folder = try TemporaryFolder("junit")
        defer { folder.remove() }
        let recordings = try folder.copyRecordings(["dishwasher-commands.har"])
        try mutateHAR(recordings.appendingPathComponent("dishwasher-commands.har")) { $0.log.entries[4].response.status = 418 }
        let junit = folder.file("report.xml")
        let outcome = await kitchen("verify", "--recordings", recordings.path, "--contracts", Repository.contracts.path,
                                    "--junit", junit.path, "--format", "junit")
        #expect(outcome.status == .failure)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(outcome.out == xml, "--format junit and --junit FILE are one report")
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        for check in ["recordings vs contracts", "coverage", "client vs recordings", "mock vs recordings"] {
            #expect(xml.contains(#"<testsuite name="\#(check)""#), "\(check)")
        }
        #expect(xml.contains(#"<testcase classname="kitchen.verify.contract" name="dishwasher-commands.har #4 POST /devices/{deviceId}/dishwasher/start → 418">"#))
        #expect(xml.contains(#"<failure message="dishwasher-commands.har #4 /response/status: expected a status declared for startDishwasher"#))
        #expect(xml.contains("reproduce: kitchen verify --recordings \(recordings.path)"))
    }
}

private let verifyHelpText = #"""
        usage: kitchen verify [--contracts DIR] [--recordings DIR] [--live URL] [--user NAME] [--password PASSWORD] [--junit FILE] [--format text|json|junit] [--only FILE[#ENTRY]]... [--keep DIR] [--require-coverage] [--formats annotate|assert] [--html DIR] [--cacert FILE] [--insecure]

        Check recordings against the contracts, the real client and the mock (the CI gate).

        Without --live or --recordings, every scenario is recorded in-process against a fresh embedded simulator, then verified; if ./Recordings exists, the fresh recordings' shapes are also compared with it. With --live, the shapes are compared with --recordings: a removed or retyped field or a missing message type fails, an additive change is a notice. Each failure names the file, the entry, the JSON pointer, expected and found, and the command that reproduces it. --live first logs in (preflight) and asks the server which provider-state controls it offers (GET /_sim); scenarios needing controls it lacks are skipped and listed. --recordings DIR checks what the folder holds: coverage gaps are notices unless --require-coverage. When standard output is not a terminal, one line per scenario goes to standard error as it finishes. Exit status: 0 clean; 1 contract findings; 2 the run could not be judged (server unreachable, failing or down mid-run, login refused, unreadable input, usage).

          --contracts DIR            The OpenAPI and AsyncAPI documents (default Contracts).
          --recordings DIR           Verify the HARs under DIR as they are; with --live, the recordings to compare shapes with (default Recordings).
          --live URL                 Record the scenarios through a proxy in front of this server's API base URL (http[s]://HOST[:PORT][/PREFIX]), then verify them.
          --user NAME                The account --live logs in with (required with --live).
          --password PASSWORD        Its password (default: the KITCHEN_PASSWORD environment variable).
          --junit FILE               Also write a JUnit XML report to FILE.
          --format text|json|junit   The report on standard output: lines, JSON, or JUnit XML (default text).
          --only FILE[#ENTRY]        Check only this recording, or one entry of it (repeatable); skips coverage.
          --keep DIR                 Write the recordings this run makes to DIR instead of a temporary folder.
          --require-coverage         With --recordings: fail on operation × status pairs no recording exercises (a notice otherwise).
          --formats annotate|assert  assert: check format (date-time, uuid, email, …) in every contract; annotate: only where a contract asks (default annotate).
          --html DIR                 Also write an HTML timeline of each failing recording, findings marked, to DIR.
          --cacert FILE              Also trust the certificate authorities in this PEM file (a self-signed staging certificate).
          --insecure                 Do not check the server's certificate at all (a warning is printed on every run).
          -h, --help                 Show this help.
        """#

private let diffHelpText = #"""
        usage: kitchen diff OLD NEW [--format text|json|junit] [--common]

        Classify every change between two contract files or two recording folders (exit 1 on a breaking one).

        Contracts (OpenAPI or AsyncAPI, both sides the same) are compared schema by schema. Breaking: a removed field, operation, status or enum value; a changed type; a new required request field; a narrowed range; a change in the nullability of a response field. Additive: a new optional field, a new operation, a new enum value on a request. Recording folders are compared by shape, values ignored: per response status and per WebSocket message type, a removed, renamed or retyped field or a missing message type is breaking, a new one additive; with --common only the operation × status pairs and message types both folders exercised are compared, and the summary says how many were left out. Each line: severity, location, old → new. Exit status: 0 no breaking change, 1 breaking, 2 usage or I/O error.

          OLD                       The old contract (.json) or recordings folder.
          NEW                       The new one, of the same kind.
          --format text|json|junit  One line per change, JSON, or JUnit XML with a failure per breaking change (default text).
          --common                  Recording folders: compare only what both sides exercised (one session against the full set).
          -h, --help                Show this help.
        """#
