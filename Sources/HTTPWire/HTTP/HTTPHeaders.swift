import HarnessCore

/// Header fields in the order they were written. Names compare without regard
/// to ASCII case (RFC 9110 §5.1); repeated fields are kept, never merged.
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers.add("Set-Cookie", "a=1")
/// headers["content-type"]   // "application/json"
/// ```
package struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One header field.
    package struct Field: Sendable, Hashable {
        package var name: String
        package var value: String
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package private(set) var fields: [Field]

    package init(_ fields: [Field] = []) { self.fields = fields }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    package var startIndex: Int { fields.startIndex }
    package var endIndex: Int { fields.endIndex }
    package subscript(position: Int) -> Field { fields[position] }

    /// The first value for `name`; setting replaces every field of that name (or removes them with `nil`).
    package subscript(name: String) -> String? {
        get { fields.first { CaseInsensitiveName.matches($0.name.utf8, name.utf8) }?.value }
        set {
            remove(name)
            if let newValue { add(name, newValue) }
        }
    }

    /// Every value for `name`, in order.
    package func values(for name: String) -> [String] {
        fields.filter { CaseInsensitiveName.matches($0.name.utf8, name.utf8) }.map(\.value)
    }

    /// Whether any field is named `name`.
    package func contains(_ name: String) -> Bool {
        fields.contains { CaseInsensitiveName.matches($0.name.utf8, name.utf8) }
    }

    /// Appends a field, keeping any existing ones.
    package mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name`.
    package mutating func remove(_ name: String) {
        fields.removeAll { CaseInsensitiveName.matches($0.name.utf8, name.utf8) }
    }

    /// Whether the comma-separated lists in the fields named `name` contain `token`
    /// (case-insensitively), e.g. `Connection: keep-alive, Upgrade` contains `upgrade`.
    package func containsToken(_ token: String, in name: String) -> Bool {
        listElements(for: name).contains { CaseInsensitiveName.matches($0.utf8, token.utf8) }
    }

    /// The elements of the comma-separated lists in the fields named `name` (RFC 9110 §5.6.1).
    package func listElements(for name: String) -> [Substring] { Self.listElements(values(for: name)) }

    /// The elements of comma-separated list field values (RFC 9110 §5.6.1), in order: across all
    /// the values, without surrounding whitespace, empty elements skipped.
    package static func listElements(_ values: [String]) -> [Substring] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingOWS() }.filter { !$0.isEmpty }
    }
}
