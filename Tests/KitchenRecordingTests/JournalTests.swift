import Foundation
import HarnessCore
import Testing
@testable import KitchenRecording

@Suite("Journal")
struct JournalTests {
    private func openJournal(
        in directory: URL, redactor: Redactor = Redactor(policy: .kitchen), durability: JournalWriter.Durability = .none
    ) throws -> (JournalWriter, URL) {
        let url = directory.appendingPathComponent("session.journal")
        let writer = try JournalWriter(url: url, creator: Fixture.creator, startedAt: Fixture.start, redactor: redactor, durability: durability)
        return (writer, url)
    }

    private func lines(of url: URL) throws -> [Substring] {
        String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test("8 threads appending 1,000 records each give 8,000 whole lines after the session line")
    func concurrentAppends() throws {
        try withTemporaryDirectory { directory in
            let (writer, url) = try openJournal(in: directory)
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                for index in 0..<1_000 {
                    let message = HAR.WebSocketMessage(type: .receive, time: Double(index), opcode: .text, data: "w\(worker)-\(index)")
                    _ = try? writer.append(.websocketMessage(id: "ws-\(worker)", message: message))
                }
            }
            try writer.close()
            let text = try lines(of: url)
            #expect(text.count == 8_002)
            #expect(text.last == "")
            let contents = try JournalReader.read(from: url)
            #expect(contents.lines.count == 8_001)
            #expect(contents.truncatedTail == nil)
            #expect(contents.lines.map(\.record.seq) == Array(1...8_001))
            var seen = Set<String>()
            for line in contents.lines.dropFirst() {
                guard case .websocketMessage(let id, let message) = line.record.event else { Issue.record("line \(line.number)"); continue }
                #expect(message.data.hasPrefix("w\(id.dropFirst(3))-"))
                seen.insert(message.data)
            }
            #expect(seen.count == 8_000)
            #expect(writer.statistics.records == 8_001)
        }
    }

    @Test("recovery skips and reports a last line cut in half")
    func recoverTruncatedLastLine() throws {
        try withTemporaryDirectory { directory in
            let (writer, url) = try openJournal(in: directory)
            try writer.append(.entry(Fixture.devices()))
            try writer.append(.entry(Fixture.failed()))
            try writer.close()
            var bytes = try Data(contentsOf: url)
            let lastLineLength = bytes.dropLast().count - (bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1)
            bytes.removeLast(lastLineLength / 2 + 1)
            try bytes.write(to: url)

            let (document, report) = try Journal.recover(from: url)
            #expect(document.log.entries.count == 1)
            #expect(document.log.entries.first?.request.urlPath == "/devices")
            #expect(document.log.creator == Fixture.creator)
            #expect(report.truncatedTail == .init(line: 3, byteCount: lastLineLength - lastLineLength / 2))
            #expect(report.recordCount == 2)
            #expect(report.description.contains("skipped the cut last line 3"))
        }
    }

    @Test("a last line that lost only its newline is kept; a zero-filled tail is skipped")
    func recoverTailVariants() throws {
        try withTemporaryDirectory { directory in
            let (writer, url) = try openJournal(in: directory)
            try writer.append(.entry(Fixture.devices()))
            try writer.close()
            let whole = try Data(contentsOf: url)

            try whole.dropLast().write(to: url)
            let (kept, keptReport) = try Journal.recover(from: url)
            #expect(kept.log.entries.count == 1)
            #expect(keptReport.truncatedTail == nil)

            try (whole + Data(count: 100)).write(to: url)
            let (zeroed, zeroedReport) = try Journal.recover(from: url)
            #expect(zeroed.log.entries.count == 1)
            #expect(zeroedReport.truncatedTail == .init(line: 3, byteCount: 100))
        }
    }

    @Test("an exchange that cannot be redacted is refused and nothing of it is written")
    func unredactableRecordIsNotWritten() throws {
        try withTemporaryDirectory { directory in
            let (writer, url) = try openJournal(in: directory)
            var login = Fixture.login()
            login.request.postData?.text = "password=\(Fixture.password)"
            let error = #expect(throws: RecordingError.self) { try writer.append(.entry(login)) }
            guard case .unredactableBody(_, _, let message, _) = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(message == "request")
            try writer.append(.entry(Fixture.devices()))
            try writer.close()
            let contents = try JournalReader.read(from: url)
            #expect(contents.lines.map(\.record.seq) == [1, 2])
            #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self).range(of: Fixture.password) == nil)
        }
    }

    @Test("a corrupt complete line is an error naming its line number")
    func corruptMiddleLine() throws {
        try withTemporaryDirectory { directory in
            let (writer, url) = try openJournal(in: directory)
            try writer.append(.entry(Fixture.devices()))
            try writer.close()
            var bytes = try Data(contentsOf: url)
            bytes.append(contentsOf: Array("{\"seq\":3,\"type\":\"entry\"}\n".utf8))
            bytes.append(contentsOf: Array("{\"seq\":4,\"type\":\"entry\",\"entry\":".utf8))
            try bytes.write(to: url)
            let error = #expect(throws: RecordingError.self) { try Journal.recover(from: url) }
            guard case .corruptJournal(let path, let line, let reason) = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(path == url.path)
            #expect(line == 3)
            #expect(reason.contains("entry"))
            #expect(error?.description.contains("kitchen record --recover") == true)
        }
    }

    @Test("a WebSocket that never closed is closed by the proxy, with its messages in order")
    func recoverUnclosedWebSocket() throws {
        try withTemporaryDirectory { directory in
            let (writer, url) = try openJournal(in: directory)
            var upgrade = Fixture.webSocket()
            upgrade.webSocketMessages = nil
            upgrade.webSocketClose = nil
            try writer.append(.websocketOpen(id: "ws-1", entry: upgrade))
            try writer.append(.websocketMessage(id: "ws-1", message: Fixture.stateMessage(at: 30)))
            try writer.append(.entry(Fixture.devices(at: 35)))
            try writer.append(.websocketOpen(id: "ws-2", entry: upgrade))
            try writer.append(.websocketMessage(id: "ws-1", message: Fixture.stateMessage(at: 40)))
            try writer.append(.websocketClose(id: "ws-2", close: .init(code: 4001, reason: "unauthorized", closedBy: .server)))
            // The crash: no close for ws-1.
            let (document, report) = try Journal.recover(from: url)
            let entries = document.log.entries
            #expect(entries.map(\.request.urlPath) == ["/ws", "/devices", "/ws"])
            #expect(entries[0].webSocketMessages?.map(\.time) == [1_795_169_730.153, 1_795_169_730.163])
            #expect(entries[0].webSocketClose == .init(code: nil, reason: "recording ended", closedBy: .proxy))
            #expect(entries[0].resourceType == "websocket")
            #expect(entries[2].webSocketClose?.code == 4001)
            #expect(entries[2].webSocketMessages == [])
            #expect(report.unclosedWebSockets == ["ws-1"])
            #expect(report.truncatedTail == nil)
        }
    }

    @Test("finalize leaves a valid HAR and removes the journal")
    func finalizeWritesHARAndRemovesJournal() throws {
        try withTemporaryDirectory { directory in
            let redactor = Redactor(policy: .kitchen)
            let (writer, url) = try openJournal(in: directory, redactor: redactor, durability: .everyRecord)
            try writer.append(.entry(Fixture.login()))
            try writer.append(.entry(Fixture.devices()))
            try writer.close()
            let har = directory.appendingPathComponent("session.har")
            let report = try Journal.finalize(journal: url, to: har, scanner: redactor.scanner())
            #expect(report.entryCount == 2)
            #expect(!FileManager.default.fileExists(atPath: url.path))
            let document = try HARFile.load(from: har)
            #expect(document.log.entries.count == 2)
            #expect(document.log.entries[1].request.headerValues(named: "Authorization") == ["Bearer <token-1>"])
            #expect(try HARFile.encode(document) == Array(try Data(contentsOf: har)))
        }
    }

    @Test("finalize keeps the journal when the final scan refuses the HAR")
    func finalizeKeepsJournalOnLeak() throws {
        try withTemporaryDirectory { directory in
            let (writer, url) = try openJournal(in: directory)
            try writer.append(.entry(Fixture.devices()))
            try writer.close()
            let har = directory.appendingPathComponent("session.har")
            // A secret the writer never saw, but the caller knows was issued.
            let scanner = SecretScanner(extraSecrets: ["127.0.0.1:8080"])
            #expect(throws: RecordingError.secretLeaked(alias: "<extra-1>", location: "\(har.path) at /log/entries/0/request/url")) {
                try Journal.finalize(journal: url, to: har, scanner: scanner)
            }
            #expect(FileManager.default.fileExists(atPath: url.path))
            #expect(!FileManager.default.fileExists(atPath: har.path))
        }
    }

    @Test("the journal's bytes never contain a secret")
    func journalNeverHoldsSecrets() throws {
        try withTemporaryDirectory { directory in
            let redactor = Redactor(policy: .kitchen)
            let (writer, url) = try openJournal(in: directory, redactor: redactor)
            try writer.append(.entry(Fixture.login()))
            try writer.append(.entry(Fixture.devices()))
            try writer.append(.websocketOpen(id: "ws-1", entry: Fixture.webSocket()))
            let echo = HAR.WebSocketMessage(type: .receive, time: 2, opcode: .text, data: "token is \(Fixture.token)")
            try writer.append(.websocketMessage(id: "ws-1", message: echo))
            try writer.close()
            let bytes = Array(try Data(contentsOf: url))
            #expect(redactor.knownSecrets.count == 2)
            try redactor.scanner().check(bytes: bytes, location: url.path)
            for secret in [Fixture.token, Fixture.password, PercentEncoding.encode(Fixture.password)] {
                #expect(String(decoding: bytes, as: UTF8.self).range(of: secret) == nil)
            }
        }
    }

    @Test("a journal that already holds records is refused, and a closed one takes no more")
    func existingAndClosedJournals() throws {
        try withTemporaryDirectory { directory in
            let (writer, url) = try openJournal(in: directory)
            try writer.close()
            try writer.close()
            #expect(throws: RecordingError.journalClosed(path: url.path)) { try writer.append(.entry(Fixture.devices())) }
            let error = #expect(throws: RecordingError.self) { try openJournal(in: directory) }
            #expect(error == .journalExists(path: url.path))
            #expect(error?.description.contains("kitchen record --recover \(url.path)") == true)
        }
    }

    @Test("interval durability syncs at most once per interval, and at close")
    func intervalDurability() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("paced.journal")
            // Every clock reading is 10 ms after the last, so a 50 ms interval passes every few records.
            let writer = try JournalWriter(
                url: url, creator: Fixture.creator, startedAt: Fixture.start, redactor: Redactor(policy: .kitchen),
                durability: .interval(.milliseconds(50)), clock: StepClock(step: .milliseconds(10)))
            let afterOpen = writer.statistics.syncs
            #expect(afterOpen == 1)
            for index in 0..<100 {
                try writer.append(.websocketMessage(id: "ws", message: .init(type: .send, time: Double(index), opcode: .text, data: "x")))
            }
            let paced = writer.statistics.syncs - afterOpen
            #expect(paced >= 10 && paced <= 50, "synced \(paced) times for 100 records")
            try writer.close()
            #expect(writer.statistics.records == 101)
        }
    }

    @Test("everyRecord durability syncs each record")
    func everyRecordDurability() throws {
        try withTemporaryDirectory { directory in
            let (writer, _) = try openJournal(in: directory, durability: .everyRecord)
            for _ in 0..<5 { try writer.append(.entry(Fixture.devices())) }
            #expect(writer.statistics.syncs == 6)
            try writer.close()
            #expect(writer.statistics.syncs == 6)
        }
    }

    /// The last look before the disk: a known secret in a part redaction does not rewrite (here
    /// the reason phrase, which a server could echo it in) refuses the record, named by the
    /// record and the JSON Pointer read back from the record's own bytes, and writes nothing.
    @Test("a known secret left in a record refuses it, located by JSON Pointer")
    func leakLeftInARecordIsRefusedWithItsPointer() throws {
        try withTemporaryDirectory { directory in
            let (writer, url) = try openJournal(in: directory)
            try writer.append(.entry(Fixture.login()))  // the token is now a known secret
            var echoed = Fixture.devices()
            echoed.response.statusText = "OK for \(Fixture.token)"
            #expect(throws: RecordingError.secretLeaked(
                alias: "<token-1>", location: "\(url.path): entry record at /entry/response/statusText")) {
                try writer.append(.entry(echoed))
            }
            try writer.close()
            #expect(!String(decoding: try Data(contentsOf: url), as: UTF8.self).contains(Fixture.token))
            #expect(try JournalReader.read(from: url).lines.count == 2)
        }
    }
}
