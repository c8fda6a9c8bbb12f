import KitchenContracts

/// `--formats`: whether the contracts' `format` keywords are checked.
enum FormatAssertion: String, Sendable, CaseIterable {
    /// Annotations only, as JSON Schema 2020-12 makes them (unless a contract asks).
    case annotate
    /// The formats the checker knows are asserted (README: Contracts).
    case assert

    var schemaFormats: SchemaOptions.Formats { self == .assert ? .assert : .annotate }
}
