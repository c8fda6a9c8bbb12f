/// A command's declared options and positionals: the one source of its parsing, its usage
/// line and its `--help`.
struct CommandSpec: Sendable {
    /// A positional argument.
    struct Positional: Sendable {
        let name: String
        let help: String
        var optional = false
    }

    let name: String
    let summary: String
    let options: [OptionDeclaration]
    let positionals: [Positional]
    /// More detail, printed under the summary in `--help`.
    let discussion: String?

    init(name: String, summary: String, options: [any OptionDeclaring], positionals: [Positional] = [],
         discussion: String? = nil) {
        self.name = name
        self.summary = summary
        self.options = options.map(\.declaration)
        self.positionals = positionals
        self.discussion = discussion
    }

    /// The options `--help` shows, in declared order.
    var shownOptions: [OptionDeclaration] { options.filter { !$0.hidden } }

    /// `usage: kitchen record --upstream URL --out FILE [--host HOST] …`: required options bare,
    /// the others in brackets, repeatable ones followed by `...`.
    var usage: String {
        let words = positionals.map { $0.optional ? "[\($0.name)]" : $0.name }
            + shownOptions.map { ($0.requirement == .optional ? "[\($0.form)]" : $0.form) + ($0.repeatable ? "..." : "") }
        return (["usage: kitchen \(name)"] + words).joined(separator: " ")
    }

    /// The usage line, the summary and discussion, then one line per positional and option.
    var help: String {
        var lines = [usage, "", summary]
        if let discussion { lines += ["", discussion] }
        let entries = positionals.map { ($0.name, $0.help) }
            + shownOptions.map { option in
                ((option.short.map { "-\($0), " } ?? "") + option.form, Self.describe(option))
            }
            + [("-h, --help", "Show this help.")]
        lines.append("")
        lines += Self.columns(entries)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `  name  text` lines, the texts in one column two spaces right of the longest name.
    static func columns(_ entries: [(String, String)]) -> [String] {
        let width = entries.map(\.0.count).max() ?? 0
        return entries.map { name, text in "  " + name + String(repeating: " ", count: width - name.count + 2) + text }
    }

    /// An option's help with its default, and `Required.` when it must be given.
    private static func describe(_ option: OptionDeclaration) -> String {
        switch option.requirement {
        case .optional: option.helpWithDefault
        case .required: option.helpWithDefault + " Required."
        case .requiredUnless(let other): option.helpWithDefault + " Required unless --\(other)."
        }
    }

    /// The option named `name` (without dashes).
    func option(named name: String) -> OptionDeclaration? { options.first { $0.name == name } }

    /// The option whose short form is `short`.
    func option(short: Character) -> OptionDeclaration? { options.first { $0.short == short } }
}

/// Something a command declares as an option: an ``Option`` or a ``Flag``.
protocol OptionDeclaring: Sendable {
    var declaration: OptionDeclaration { get }
}

extension Option: OptionDeclaring {}
extension Flag: OptionDeclaring {}

/// Misuse of the command line: printed with the command's usage, exit status 64 (EX_USAGE).
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
