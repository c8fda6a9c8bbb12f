import Foundation
import HarnessCore
import KitchenRecording
import Testing
@testable import KitchenReport
import KitchenTestSupport

@Suite("The report page, as written (no browser)")
struct HTMLReportTests {
    @Test("a committed recording: every entry and message is a mark with a detail; the close shows code and side; same bytes twice")
    func committedRecording() throws {
        let document = try HARFile.load(from: Repository.recording("oven-controls.har"))
        let html = HTMLReport.render(document, name: "oven-controls.har")
        #expect(html == HTMLReport.render(document, name: "oven-controls.har"))
        let dom = DOM(html)
        let messages = try #require(document.log.entries[2].webSocketMessages)
        #expect(dom.entries == Set(document.log.entries.indices))
        #expect(dom.messages == Set(messages.indices.map { [2, $0] }))
        let close = try #require(dom.withClass("close").first)
        #expect(close.attributes["data-code"] == "1000" && close.attributes["data-side"] == "client")
        let details = Set(dom.withClass("detail").compactMap { $0.attributes["id"] })
        #expect(details.isSuperset(of: document.log.entries.indices.map { "entry-\($0)" }))
        #expect(details.isSuperset(of: messages.indices.map { "entry-2-message-\($0)" }))
        // Secrets stay the aliases the recorder wrote, escaped.
        #expect(html.contains("Authorization: Bearer &lt;token-1&gt;"))
        #expect(!html.contains("<token-1>"))
    }

    @Test("a refused upgrade (no close, status 401) says so; a connection the recording ended says it was still open")
    func connectionsWithoutClose() throws {
        let refused = HTMLReport.render(try HARFile.load(from: Repository.recording("expired-token.har")), name: "e.har")
        #expect(DOM(refused).withClass("close").map(\.classes) == [["close", "refused"]])
        #expect(refused.contains(">upgrade refused: 401</text>"))
        var document = try HARFile.load(from: Repository.recording("oven-controls.har"))
        document.log.entries[2].webSocketClose = nil
        let open = HTMLReport.render(document, name: "o.har")
        #expect(DOM(open).withClass("close").map(\.classes) == [["close", "open-at-end"]])
    }

    @Test("nothing is loaded from elsewhere: no src, no external href, no url(), one script and it is ours")
    func selfContained() throws {
        let html = HTMLReport.render(try HARFile.load(from: Repository.recording("reconnect-after-drop.har")), name: "r.har")
        #expect(!html.contains(" src="))
        #expect(!html.contains("url("))
        #expect(!html.contains("@import"))
        let hrefs = DOM(html).elements.compactMap { $0.attributes["href"] }
        #expect(!hrefs.isEmpty && hrefs.allSatisfy { $0.hasPrefix("#") })
        #expect(html.components(separatedBy: "<script").count == 2)
    }

    @Test("a hostile recording cannot add markup: paths, headers, bodies, messages and close reasons are escaped")
    func hostileRecording() throws {
        var document = try HARFile.load(from: Repository.recording("token-expiry-live-updates.har"))
        let attack = #"</pre></section><script>alert("x")</script><img src=x onerror=alert(1)>"#
        let exchange = try #require(document.log.entries.firstIndex { !$0.isWebSocket })
        document.log.entries[exchange].request.url += "?q=" + attack
        document.log.entries[exchange].request.headers.append(HAR.Header(name: "X-Evil", value: attack))
        document.log.entries[exchange].response.statusText = attack
        document.log.entries[exchange].response.content.text = attack
        let connection = try #require(document.log.entries.firstIndex { $0.webSocketMessages?.isEmpty == false })
        document.log.entries[connection].webSocketMessages?[0].data = attack
        document.log.entries[connection].webSocketClose?.reason = attack
        let html = HTMLReport.render(document, name: attack, findings: [
            Finding(check: attack, entry: exchange, location: attack, expected: attack, actual: attack),
        ], lanes: [ReportLane(name: attack, items: [.init(time: 0, label: attack, detail: attack, kind: attack)])])
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;/pre&gt;&lt;/section&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        #expect(DOM(html).findings.first?.attributes["data-pointer"] == Markup.html.escape(attack))
    }

    @Test("findings: on an exchange, on a message, on a message the entry lacks, past the end, about the file — all listed and marked, the last two beside the axis")
    func findingsMarked() throws {
        let document = try HARFile.load(from: Repository.recording("oven-controls.har"))
        let findings = [
            Finding(check: "contract", file: "oven-controls.har", entry: 4, location: "/response/body/isOn", expected: "boolean", actual: "\"yes\""),
            Finding(check: "contract", file: "oven-controls.har", entry: 2, message: 5, location: "/message/state/mode", expected: "one of bake, broil", actual: "\"fry\""),
            Finding(check: "client", file: "oven-controls.har", entry: 2, message: 99, location: "/message", expected: "a message", actual: "none"),
            Finding(check: "contract", file: "oven-controls.har", entry: 500, location: "/response", expected: "x", actual: "y"),
            Finding(check: "client", file: "oven-controls.har", location: "(scenario)", expected: "replays", actual: "diverged"),
            Finding(check: "client", file: "oven-controls.har", location: "(entry #7)", expected: "the client to make this recorded request",
                          actual: "never made"),
        ]
        let html = HTMLReport.render(document, name: "oven-controls.har", findings: findings, elsewhere: 2)
        let marks = DOM(html).findings
        #expect(marks.count == 6 && Set(marks.compactMap { $0.int("data-finding") }) == [0, 1, 2, 3, 4, 5])
        #expect(Set(marks.filter { $0.classes.contains("recording-level") }.compactMap { $0.int("data-finding") }) == [3, 4])
        let byIndex = Dictionary(uniqueKeysWithValues: marks.compactMap { mark in mark.int("data-finding").map { ($0, mark) } })
        #expect(byIndex[0]?.attributes["data-entry"] == "4" && byIndex[0]?.attributes["data-pointer"] == "/response/body/isOn")
        #expect(byIndex[1]?.attributes["data-message"] == "5" && byIndex[1]?.attributes["data-pointer"] == "/message/state/mode")
        #expect(byIndex[2]?.attributes["data-entry"] == "2")
        let rows = DOM(html).withClass("finding-row").compactMap { $0.int("data-finding") }
        #expect(rows == [0, 1, 2, 3, 4, 5])
        // The scenario replay check names its entry in the location: marked there.
        #expect(byIndex[5]?.attributes["data-entry"] == "7" && byIndex[5]?.attributes["data-pointer"] == "(entry #7)")
        #expect(html.contains("entry #500 is not in this recording"))
        #expect(html.contains("message 99 is not in entry #2 (it has 24); marked on the connection"))
        #expect(html.contains("about the recording as a whole"))
        #expect(html.contains("2 more findings are about other recordings or about none"))
        #expect(html.contains(#"expected <span class="expected">boolean</span>, found <span class="found">&quot;yes&quot;</span>"#))
        // The marked entry and message stay visible and outlined.
        #expect(DOM(html).withClass("entry").first { $0.int("data-entry") == 4 }?.classes.contains("has-finding") == true)
    }

    @Test("an extra lane: each event a mark on the recording's axis with its own detail")
    func extraLane() throws {
        let document = try HARFile.load(from: Repository.recording("dishwasher-cycle.har"))
        let start = try #require(Timestamp.milliseconds(from: document.log.entries[0].startedDateTime))
        let lane = ReportLane(name: "app (controllers)", items: [
            .init(time: start, label: "login succeeded", detail: "login succeeded: demo", kind: "command"),
            .init(time: start + 15_000, label: "cycle completed", detail: "cycle completed: dishwasher-1 eco", kind: "alert"),
        ])
        let html = HTMLReport.render(document, name: "dishwasher-cycle.har", lanes: [lane])
        let items = DOM(html).withClass("item")
        #expect(items.map { [$0.int("data-lane"), $0.int("data-item")] } == [[0, 0], [0, 1]])
        #expect(items[1].classes.contains("kind-alert"))
        #expect(html.contains(#"id="lane-0-item-1""#) && html.contains("cycle completed: dishwasher-1 eco"))
        // On one axis: the event 15 s in lies right of every mark at the first instant.
        let x = items.compactMap { $0.attributes["data-x"].flatMap(Double.init) }
        #expect(x.count == 2 && x[1] > x[0])
    }

    @Test("10,000 entries: every one is on the page, and marks denser than a pixel are folded at zoom 1")
    func largeRecording() throws {
        let document = try LargeRecording.make(entries: 10_000, messages: 5_000)
        let started = ContinuousClock.now
        let html = HTMLReport.render(document, name: "large.har")
        print("kitchen report: rendered 10,000 entries and 5,000 messages (\(html.utf8.count / 1024) KiB) in \(ContinuousClock.now - started)")
        #expect(html.components(separatedBy: #"<g class="entry "#).count - 1 == 10_001)
        #expect(html.components(separatedBy: #"<g class="message "#).count - 1 == 5_000)
        #expect(html.contains(" folded"))
    }
}
