import Foundation
import KitchenContracts

/// One option of a command, declared once: its name, short form, value name, help, default,
/// and how its text becomes a value. The command reads it back typed, `arguments[Self.port]`,
/// so a misspelt option is a compile error and a default is written in one place.
///
/// `Value` is what a command reads: `Int` for an option with a default, `String?` for one
/// without (`nil` when not given).
///
/// ```swift
/// static let port = Option<Int>("port", short: "p", "PORT", default: 8080, in: 0...65_535,
///                               help: "Port to listen on; 0 picks a free one.")
/// let port = arguments[Self.port]   // 8080 unless given
/// ```
struct Option<Value: Sendable>: Sendable {
    let declaration: OptionDeclaration
    /// What a command reads when the option is not given.
    let defaultValue: Value

    /// An option whose text `parse` turns into a value, or refuses with a ``UsageError``.
    /// `defaultText` is how the help shows `defaultValue` (`nil`: the help says nothing of it).
    init(_ name: String, short: Character? = nil, _ valueName: String, default defaultValue: Value, defaultText: String?,
         help: String, requirement: OptionDeclaration.Requirement = .optional, repeatable: Bool = false, hidden: Bool = false,
         parse: @escaping @Sendable (String) throws(UsageError) -> Value) {
        self.defaultValue = defaultValue
        declaration = OptionDeclaration(
            name: name, short: short, valueName: valueName, help: help, defaultText: defaultText, repeatable: repeatable,
            requirement: requirement, hidden: hidden, convert: { text throws(UsageError) in try parse(text) })
    }
}

extension Option where Value == String {
    /// A text option with a default.
    init(_ name: String, short: Character? = nil, _ valueName: String, default defaultValue: String, help: String) {
        self.init(name, short: short, valueName, default: defaultValue, defaultText: defaultValue, help: help) { $0 }
    }
}

extension Option where Value == String? {
    /// A text option without a default: `nil` when not given.
    init(_ name: String, short: Character? = nil, _ valueName: String, help: String,
         requirement: OptionDeclaration.Requirement = .optional, repeatable: Bool = false) {
        self.init(name, short: short, valueName, default: nil, defaultText: nil, help: help, requirement: requirement,
                  repeatable: repeatable) { $0 }
    }
}

extension Option where Value == Int {
    /// A whole number in `range` (digits only: `+80` is refused), with a default.
    init(_ name: String, short: Character? = nil, _ valueName: String, default defaultValue: Int, in range: ClosedRange<Int>,
         help: String) {
        self.init(name, short: short, valueName, default: defaultValue, defaultText: String(defaultValue), help: help) { text throws(UsageError) in
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), range.contains(number) else {
                throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return number
        }
    }
}

extension Option where Value == URL? {
    /// An `http://` or `https://` URL with a host, without a default: `nil` when not given.
    init(_ name: String, httpURL valueName: String, help: String, requirement: OptionDeclaration.Requirement = .optional) {
        self.init(name, valueName, default: nil, defaultText: nil, help: help, requirement: requirement) { text throws(UsageError) in
            guard let url = URL(string: text), url.host != nil, url.scheme == "http" || url.scheme == "https" else {
                throw UsageError("--\(name) must be an http:// or https:// URL, not '\(text)'")
            }
            return url
        }
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of `allowed` (the value name lists them: `text|json`), with a default.
    init(_ name: String, default defaultValue: Value, allowed: [Value] = Array(Value.allCases), help: String) {
        let names = allowed.map(\.rawValue)
        self.init(name, names.joined(separator: "|"), default: defaultValue, defaultText: defaultValue.rawValue,
                  help: help) { text throws(UsageError) in
            guard let choice = Value(rawValue: text), names.contains(text) else {
                throw UsageError("--\(name) must be \(ValueWording.alternatives(names)), not '\(text)'")
            }
            return choice
        }
    }
}

/// A flag: `--name` (or its short form) with no value.
struct Flag: Sendable {
    let declaration: OptionDeclaration

    init(_ name: String, short: Character? = nil, help: String, hidden: Bool = false) {
        declaration = OptionDeclaration(name: name, short: short, valueName: nil, help: help, defaultText: nil, repeatable: false,
                                        requirement: .optional, hidden: hidden, convert: { _ in true })
    }
}

/// An option or flag as the parser and the help see it, its type erased.
struct OptionDeclaration: Sendable {
    /// Whether a command line must give the option.
    enum Requirement: Sendable, Equatable {
        case optional
        case required
        /// Required unless this other option (by name) is given: `record --recover` needs no `--upstream`.
        case requiredUnless(String)
    }

    let name: String
    let short: Character?
    /// `nil` for a flag.
    let valueName: String?
    let help: String
    /// How the help shows the default: `(default 8080)`.
    let defaultText: String?
    let repeatable: Bool
    let requirement: Requirement
    /// Accepted, not shown in the help (an old spelling kept working).
    let hidden: Bool
    /// The text given, as the typed value.
    let convert: @Sendable (String) throws(UsageError) -> any Sendable

    var isFlag: Bool { valueName == nil }

    /// `--port PORT`, `--controls`.
    var form: String { "--\(name)" + (valueName.map { " \($0)" } ?? "") }

    /// The help text with its default: `Port to listen on (default 8080).`
    var helpWithDefault: String {
        guard let defaultText else { return help }
        let sentence = help.hasSuffix(".") ? String(help.dropLast()) : help
        return sentence + " (default \(defaultText))."
    }
}
