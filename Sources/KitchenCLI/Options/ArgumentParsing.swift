extension CommandSpec {
    /// Parses `arguments` (after the command name): `--name VALUE`, `--name=VALUE`, `-p VALUE`,
    /// `-pVALUE`, flags, repeatable options, positionals anywhere, `--` ending the options.
    /// Each value is converted as it is read, so a bad one is refused before the command runs.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                guard parsed.positionals.count < positionals.count else {
                    throw UsageError("unexpected argument '\(argument)'")
                }
                parsed.positionals.append(argument)
                continue
            }
            switch argument {
            case "--": optionsEnded = true; continue
            case "--help", "-h": parsed.wantsHelp = true; continue
            case "--version": parsed.wantsVersion = true; continue
            default: break
            }
            let (option, inlineValue) = try lookUp(argument)
            guard !option.isFlag else {
                guard inlineValue == nil else { throw UsageError("--\(option.name) takes no value") }
                parsed.flags.insert(option.name)
                continue
            }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("--\(option.name) needs a value (\(option.valueName ?? "VALUE"))")
                }
                text = arguments[index]
                index += 1
            }
            if !option.repeatable, parsed.values[option.name] != nil { throw UsageError("--\(option.name) given twice") }
            parsed.values[option.name, default: []].append(try option.convert(text))
        }
        if !parsed.wantsHelp, !parsed.wantsVersion { try checkComplete(parsed) }
        return parsed
    }

    /// The option `argument` names and the value written into it (`--port=80`, `-p80`).
    private func lookUp(_ argument: String) throws(UsageError) -> (OptionDeclaration, String?) {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let value = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let option = option(named: name) else {
                throw UsageError("unknown option '--\(name)'" + Suggestion.didYouMean(name, among: shownOptions.map(\.name), prefix: "--"))
            }
            return (option, value)
        }
        let body = argument.dropFirst()
        guard let letter = body.first, let option = option(short: letter) else {
            let shorts = shownOptions.compactMap(\.short).map { "-\($0)" }
            throw UsageError("unknown option '\(argument)'" + (shorts.isEmpty ? "" : " (short forms: \(shorts.joined(separator: ", ")), -h)"))
        }
        var rest = body.dropFirst()
        if rest.first == "=" { rest = rest.dropFirst() }
        if option.isFlag, !rest.isEmpty { throw UsageError("unknown option '\(argument)'") }
        return (option, rest.isEmpty ? nil : String(rest))
    }

    /// Every required positional and option is there.
    private func checkComplete(_ parsed: ParsedArguments) throws(UsageError) {
        let required = positionals.filter { !$0.optional }.count
        guard parsed.positionals.count >= required else {
            throw UsageError("missing \(positionals[parsed.positionals.count].name)")
        }
        for option in options {
            switch option.requirement {
            case .optional: continue
            case .required: break
            case .requiredUnless(let other): if parsed.values[other] != nil || parsed.flags.contains(other) { continue }
            }
            if parsed.values[option.name] == nil { throw UsageError("--\(option.name) is required") }
        }
    }
}

/// The parsed arguments of one command, read back through the options' declarations.
struct ParsedArguments: Sendable {
    /// Converted values by option name, in the order given.
    fileprivate(set) var values: [String: [any Sendable]] = [:]
    fileprivate(set) var flags: Set<String> = []
    fileprivate(set) var positionals: [String] = []
    fileprivate(set) var wantsHelp = false
    fileprivate(set) var wantsVersion = false

    /// The option's value: the last one given, or its default.
    subscript<Value>(option: Option<Value>) -> Value {
        values[option.declaration.name]?.last.flatMap { $0 as? Value } ?? option.defaultValue
    }

    /// Whether the flag was given.
    subscript(flag: Flag) -> Bool { flags.contains(flag.declaration.name) }

    /// Every value given for a repeatable option, in order.
    func all<Value>(_ option: Option<Value?>) -> [Value] {
        (values[option.declaration.name] ?? []).compactMap { $0 as? Value }
    }

    /// Whether the option was given at all (rather than defaulted).
    func given<Value>(_ option: Option<Value>) -> Bool { values[option.declaration.name] != nil }
}
