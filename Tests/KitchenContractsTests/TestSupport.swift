import Foundation
import HarnessCore
@testable import KitchenContracts
import KitchenTestSupport

/// Parses JSON text written in a test; a typo in a fixture is a programming error.
func json(_ text: String) -> JSONValue {
    do {
        return try JSONValue(parsing: text)
    } catch {
        fatalError("fixture is not JSON: \(error)\n\(text)")
    }
}

/// A pointer from its RFC 6901 text.
func pointer(_ text: String) -> JSONPointer {
    guard let pointer = JSONPointer(text) else { fatalError("not a JSON Pointer: \(text)") }
    return pointer
}

/// `document` with the value at `location` replaced (or removed when `value` is nil).
/// The parent must exist; a missing last member is added, and an index one past the end appends.
func editing(_ document: JSONValue, at location: String, to value: JSONValue?) -> JSONValue {
    func edit(_ current: JSONValue, _ tokens: ArraySlice<String>) -> JSONValue? {
        guard let token = tokens.first else { return value }
        switch current {
        case .object(var object):
            let inner = tokens.count == 1 ? edit(.null, []) : object[token].flatMap { edit($0, tokens.dropFirst()) }
            if tokens.count > 1, object[token] == nil { fatalError("no \(token) on the way to \(location)") }
            object[token] = inner
            return .object(object)
        case .array(var elements):
            guard let index = Int(token), index >= 0, index <= elements.count else { fatalError("bad index \(token) in \(location)") }
            if tokens.count == 1, index == elements.count {
                if let value { elements.append(value) }
            } else if tokens.count == 1 {
                if let value { elements[index] = value } else { elements.remove(at: index) }
            } else if let inner = edit(elements[index], tokens.dropFirst()) {
                elements[index] = inner
            }
            return .array(elements)
        default:
            fatalError("cannot descend into a scalar at \(token) in \(location)")
        }
    }
    return edit(document, pointer(location).tokens[...]) ?? .null
}

/// The Contracts directory of the repository, found from this source file's location.
let contractsDirectory = Repository.contracts

/// A contract file of the repository, when it exists.
func contractFile(_ name: String) -> URL? {
    let url = contractsDirectory.appendingPathComponent(name)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}
