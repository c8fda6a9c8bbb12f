/// A command's declared options, parsed from `argv` without any third-party
/// parser: `--name value`, `--name=value`, repeatable options and flags.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        let name: String
        /// `nil` for a flag.
        let valueName: String?
        let help: String
        var repeatable = false
    }

    struct Positional: Sendable {
        let name: String
        let help: String
        var optional = false
    }

    let name: String
    let summary: String
    let options: [Option]
    var positionals: [Positional] = []
    /// More detail, printed under the summary in `--help`.
    var discussion: String? = nil

    /// `usage: kitchen serve [--host HOST] …`, then one line per option.
    var help: String {
        var synopsis = "usage: kitchen \(name)"
        for positional in positionals { synopsis += positional.optional ? " [\(positional.name)]" : " \(positional.name)" }
        for option in options {
            let form = option.valueName.map { "--\(option.name) \($0)" } ?? "--\(option.name)"
            synopsis += option.repeatable ? " [\(form)]..." : " [\(form)]"
        }
        var lines = [synopsis, "", summary]
        if let discussion { lines += ["", discussion] }
        let entries = positionals.map { ($0.name, $0.help) }
            + options.map { ("--\($0.name)" + ($0.valueName.map { " \($0)" } ?? ""), $0.help) }
            + [("--help", "Show this help.")]
        if !entries.isEmpty { lines.append("") }
        let width = entries.map(\.0.count).max() ?? 0
        for (form, text) in entries {
            lines.append("  " + form + String(repeating: " ", count: width - form.count + 2) + text)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses `arguments` (after the command name).
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                guard parsed.positionals.count < positionals.count else {
                    throw UsageError("unexpected argument '\(argument)'")
                }
                parsed.positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '--\(name)'")
            }
            guard option.valueName != nil else {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("--\(name) needs a value (\(option.valueName ?? "value"))")
                }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, parsed.values[name] != nil { throw UsageError("--\(name) given twice") }
            parsed.values[name, default: []].append(value)
        }
        if !parsed.wantsHelp {
            let required = positionals.filter { !$0.optional }.count
            guard parsed.positionals.count >= required else {
                throw UsageError("missing \(positionals[parsed.positionals.count].name)")
            }
        }
        return parsed
    }
}

/// The parsed arguments of one command.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The integer value of `name`, or `defaultValue` when absent.
    func int(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = value(name) else { return defaultValue }
        guard text.allSatisfy(\.isASCII), let number = Int(text), !text.hasPrefix("+"), range.contains(number) else {
            throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }
}

/// Misuse of the command line: printed with the command's usage, exit status 64 (EX_USAGE).
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
