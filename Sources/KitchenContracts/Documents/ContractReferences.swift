import HarnessCore

/// One `$ref` found in a document: where the `$ref` member sits and what it says.
public struct ContractReference: Sendable, Hashable, CustomStringConvertible {
    /// The location of the object holding the `$ref` member.
    public var pointer: JSONPointer
    /// The reference text, e.g. `#/components/schemas/OvenState`.
    public var ref: String

    /// A reference at `pointer` reading `ref`.
    public init(pointer: JSONPointer, ref: String) {
        self.pointer = pointer
        self.ref = ref
    }

    public var description: String { "\(pointer): \(ref)" }
}

/// Finding and resolving local references (RFC 3986 §3.5 fragments holding RFC 6901 pointers).
///
/// ```swift
/// let refs = ContractReferences.all(in: document)
/// let broken = ContractReferences.unresolved(in: document)   // [] when every $ref resolves
/// ```
public enum ContractReferences {
    /// Members whose values are data, not document structure: a `$ref` inside them is an
    /// example value, not a reference.
    static let dataKeywords: Set<String> = ["example", "const", "enum", "default"]

    /// Members whose values map user-chosen names to schemas, so a member called `default`
    /// or `enum` inside them is a name, not a keyword.
    static let nameMaps: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "schemas"]

    /// How many `$ref` (and `allOf`) steps a walk of a contract takes before it calls the
    /// chain a loop; contracts never come close, and a cyclic chain stops here.
    static let maximumHops = 32

    /// Every `$ref` in `document`, in document order (data values such as examples skipped).
    public static func all(in document: JSONValue) -> [ContractReference] {
        references(in: document, at: .root)
    }

    /// The local references (`#…`) in `document` that do not resolve. References to other
    /// files are resolved, or refused, when the contract loads.
    public static func unresolved(in document: JSONValue) -> [ContractReference] {
        all(in: document).filter { $0.ref.hasPrefix("#") && resolve($0.ref, in: document) == nil }
    }

    /// The pointer a local reference designates and the value there, or `nil` when the
    /// reference is not local, not a valid pointer, or designates nothing.
    public static func resolve(_ ref: String, in document: JSONValue) -> (pointer: JSONPointer, value: JSONValue)? {
        try? require(ref, in: document, file: "", at: .root)
    }

    /// Resolves the local reference `ref`, found at `pointer` of `file`, or throws the
    /// `ContractError` that names it and says why it leads nowhere.
    static func require(
        _ ref: String, in document: JSONValue, file: String, at pointer: JSONPointer
    ) throws(ContractError) -> (pointer: JSONPointer, value: JSONValue) {
        func unresolvable(_ why: String) -> ContractError {
            ContractError(file: file, pointer: pointer, reason: .unresolvableReference(ref, why: why))
        }
        guard ref.hasPrefix("#") else { throw unresolvable("only local references (\"#/…\") are supported") }
        // RFC 6901 §6: the fragment is percent-decoded before it is read as a pointer.
        guard let fragment = PercentEncoding.decodeStrictly(ref.dropFirst()), let target = JSONPointer(fragment) else {
            throw unresolvable("the fragment is not a JSON Pointer")
        }
        guard let value = target.resolve(in: document) else { throw unresolvable("nothing at that location") }
        return (target, value)
    }

    private static func references(in value: JSONValue, at pointer: JSONPointer) -> [ContractReference] {
        switch value {
        case .object(let object):
            let own = object["$ref"]?.stringValue.map { [ContractReference(pointer: pointer, ref: $0)] } ?? []
            let isNameMap = pointer.tokens.last.map(nameMaps.contains) ?? false
            return own + object.flatMap { member -> [ContractReference] in
                let inner = pointer.appending(member.key)
                if !isNameMap, dataKeywords.contains(member.key) { return [] }
                // `examples` is data in a Schema Object (an array) but a map of Example Objects, each
                // possibly a `$ref`, in a Media Type or Parameter Object (OpenAPI 3.1 §4.8.14).
                if !isNameMap, member.key == "examples" {
                    return (member.value.objectValue ?? [:]).compactMap { example in
                        example.value["$ref"]?.stringValue.map { ContractReference(pointer: inner.appending(example.key), ref: $0) }
                    }
                }
                return references(in: member.value, at: inner)
            }
        case .array(let elements):
            return elements.enumerated().flatMap { references(in: $1, at: pointer.appending($0)) }
        default:
            return []
        }
    }
}
