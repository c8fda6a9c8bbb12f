/// One choice the user can pick: the API's key and the label shown for it.
public struct LabeledOption: Hashable, Sendable, CustomStringConvertible {
    /// The API value, e.g. `air_fry`.
    public var key: String
    /// The text shown, e.g. `Air Fry`.
    public var label: String

    /// An option.
    public init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }

    /// `key: label`.
    public var description: String { "\(key): \(label)" }
}

/// An ordered table of options (oven modes, dishwasher cycles, ice rates).
/// Everything a screen needs (the grid, labels, validation) derives from it,
/// so adding an option is one new line in its table.
///
/// ```swift
/// let rates: OptionTable = [LabeledOption("low", "Low"), LabeledOption("high", "High")]
/// rates.label(for: "high")    // "High"
/// rates.label(for: "turbo")   // "Turbo" (unknown keys are still readable)
/// ```
public struct OptionTable: Hashable, Sendable, ExpressibleByArrayLiteral, RandomAccessCollection {
    /// The options, in display order.
    public let options: [LabeledOption]

    /// A table of `options`; a repeated key is a programming error.
    public init(_ options: [LabeledOption]) {
        precondition(Set(options.map(\.key)).count == options.count, "OptionTable keys must be unique")
        self.options = options
    }

    /// A table written as an array literal.
    public init(arrayLiteral options: LabeledOption...) {
        self.init(options)
    }

    /// The first index.
    public var startIndex: Int { options.startIndex }
    /// One past the last index.
    public var endIndex: Int { options.endIndex }
    /// The option at `position`.
    public subscript(position: Int) -> LabeledOption { options[position] }

    /// The keys, in display order.
    public var keys: [String] { options.map(\.key) }

    /// Whether `key` is in the table.
    public func contains(key: String) -> Bool {
        options.contains { $0.key == key }
    }

    /// The label for `key`; for a key not in the table (a server newer than the
    /// app), its words capitalised: `steam_bake` → `Steam Bake`.
    public func label(for key: String) -> String {
        if let option = options.first(where: { $0.key == key }) {
            return option.label
        }
        return key.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// This table with `option` appended.
    public func appending(_ option: LabeledOption) -> OptionTable {
        OptionTable(options + [option])
    }
}
