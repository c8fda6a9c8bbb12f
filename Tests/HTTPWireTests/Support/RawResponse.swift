import Foundation

/// An HTTP response as the test read it off the wire: the exact bytes, the status line,
/// the header fields in order and the decoded body. Parsed here, not by HTTPWire, so that a
/// decoder bug cannot hide an encoder bug.
struct RawResponse: CustomStringConvertible {
    /// Every byte of the response as received (head and body framing included).
    var wire: [UInt8]
    var statusLine: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The three-digit status code.
    var status: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? -1 }

    /// The first value of `name` (case-insensitive), if any.
    func header(_ name: String) -> String? { values(name).first }

    /// Every value of `name` (case-insensitive), in order.
    func values(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    var head: String {
        let end = wire.indices.first { wire[$0...].starts(with: [13, 10, 13, 10]) } ?? wire.count
        return wire[..<end].text
    }

    var description: String { wire.debugText }
}

extension RawConnection {
    /// Reads one complete response. `method` tells whether a body can follow (HEAD: never);
    /// the body is framed by Transfer-Encoding: chunked, Content-Length, or the end of stream.
    func readResponse(to method: String = "GET") throws -> RawResponse {
        var wire = try read(through: [13, 10, 13, 10], what: "a response head")
        let lines = wire.dropLast(4).text.components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/") else {
            throw RawConnectionError.malformed("no status line in \(wire.debugText)")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else {
                throw RawConnectionError.malformed("header line without colon: \(line)")
            }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmedOWS))
        }
        var response = RawResponse(wire: wire, statusLine: statusLine, headers: headers, body: [])
        let code = response.status
        if method == "HEAD" || (100..<200).contains(code) || code == 204 || code == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            while true {
                let sizeLine = try read(through: [13, 10], what: "a chunk-size line")
                wire += sizeLine
                let digits = sizeLine.dropLast(2).text.prefix { $0.isHexDigit }
                guard let size = Int(digits, radix: 16) else {
                    throw RawConnectionError.malformed("chunk size \(sizeLine.debugText)")
                }
                if size == 0 {
                    let trailerEnd = try read(through: [13, 10], what: "the end of the trailer section")
                    wire += trailerEnd
                    break
                }
                let chunk = try read(exactly: size + 2, what: "chunk data")
                wire += chunk
                response.body += chunk.dropLast(2)
            }
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            response.body = try read(exactly: length, what: "a body of \(length) bytes")
            wire += response.body
        } else {
            response.body = try readUntilClosed()
            wire += response.body
        }
        response.wire = wire
        return response
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmedOWS: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
