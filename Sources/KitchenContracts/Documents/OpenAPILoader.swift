import HarnessCore

/// Reads an OpenAPI 3.1 document into operations and compiles every schema they use, plus
/// every schema under `components/schemas`, into one shared graph.
struct OpenAPILoader {
    /// The Path Item fields that are operations (OpenAPI 3.1 §4.8.9.1), in display order.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let reader: DocumentReader
    var compiler: SchemaCompiler
    /// The compiled node of each operation schema, by its location in `reader.document`.
    private var operationSchemas: [JSONPointer: Int] = [:]

    /// With a loader in `options`, the files the document references are bundled in for
    /// reading (so responses, parameters and path items in other files are followed), while
    /// schemas compile from the files themselves (so violations name the file they stand in).
    /// When bundling fails, the document is read as it is and the compile names the broken
    /// reference, in document order.
    init(document: JSONValue, file: String, options: SchemaOptions) {
        let bundled = options.loader == nil ? nil : try? ContractBundle.bundle(document, file: file, options: options)
        reader = DocumentReader(document: bundled?[ContractBundle.member] == nil ? document : bundled!, file: file)
        compiler = SchemaCompiler(document: document, file: file, options: options)
    }

    /// Compiles the operation schema at `pointer` of `reader.document`: a location under
    /// the bundled files is compiled in the file it was read from.
    private mutating func compileSchema(at pointer: JSONPointer) throws(ContractError) -> Int {
        let tokens = pointer.tokens
        let index: Int
        if tokens.count >= 2, tokens[0] == ContractBundle.member {
            let base = compiler.registry.documents[0].uri
            guard case .success(let target) = compiler.registry.locate(tokens[1], from: base) else {
                throw reader.malformed(pointer, "the bundled file \(tokens[1]) cannot be read again")
            }
            index = try compiler.compile(SchemaRegistry.Location(
                document: target.location.document, pointer: JSONPointer(tokens: Array(tokens.dropFirst(2)))))
        } else {
            index = try compiler.compile(at: pointer)
        }
        operationSchemas[pointer] = index
        return index
    }

    mutating func load() throws(ContractError) -> (operations: [OpenAPIOperation], graph: SchemaGraph) {
        let root = try reader.root(declaring: "openapi", of: "OpenAPI")
        let rootSecurity = try security(root["security"], at: JSONPointer(tokens: ["security"]))
        var operations: [OpenAPIOperation] = []
        var firstUse: [String: JSONPointer] = [:]
        for path in try reader.members(at: JSONPointer(tokens: ["paths"])) {
            let pathPointer = JSONPointer(tokens: ["paths", path.key])
            guard path.key.hasPrefix("/") else { throw reader.malformed(pathPointer, "a path must start with \"/\"") }
            let (item, itemPointer) = try reader.object(at: pathPointer)
            let shared = try parameters(item["parameters"], at: itemPointer.appending("parameters"))
            for member in item where Self.methods.contains(member.key) {
                let operation = try self.operation(
                    method: member.key, path: path.key, at: itemPointer.appending(member.key),
                    shared: shared, rootSecurity: rootSecurity)
                if let first = firstUse[operation.operationId] {
                    throw ContractError(file: reader.file, pointer: operation.pointer,
                                        reason: .duplicateOperationId(operation.operationId, firstAt: first))
                }
                firstUse[operation.operationId] = operation.pointer
                operations.append(operation)
            }
        }
        let graph = try compiler.finish(withComponentsOf: reader)
        for index in operations.indices { operations[index].attach(graph, nodes: operationSchemas) }
        return (operations, graph)
    }

    private mutating func operation(
        method: String, path: String, at pointer: JSONPointer,
        shared: [OpenAPIParameter], rootSecurity: [OpenAPISecurityRequirement]
    ) throws(ContractError) -> OpenAPIOperation {
        let (object, pointer) = try reader.object(at: pointer)
        guard let operationId = try reader.string(object, "operationId", at: pointer), !operationId.isEmpty else {
            throw ContractError(file: reader.file, pointer: pointer,
                                reason: .missingOperationId(method: method.uppercased(), path: path))
        }
        var merged = shared
        for own in try parameters(object["parameters"], at: pointer.appending("parameters")) {
            merged.removeAll { $0.name == own.name && $0.location == own.location }
            merged.append(own)
        }
        let declaredPathNames = Set(merged.filter { $0.location == .path }.map(\.name))
        for name in PathTemplate.parameterNames(in: path) where !declaredPathNames.contains(name) {
            throw reader.malformed(pointer, "path parameter {\(name)} of \(path) is not declared")
        }
        let responses = try reader.members(at: pointer.appending("responses")).map { member throws(ContractError) in
            try response(member.key, at: pointer.appending("responses").appending(member.key))
        }
        let security = object["security"] == nil
            ? rootSecurity : try self.security(object["security"], at: pointer.appending("security"))
        return OpenAPIOperation(
            operationId: operationId, method: method.uppercased(), pathTemplate: path,
            summary: object["summary"]?.stringValue, parameters: merged,
            requestBody: try object["requestBody"] == nil ? nil : requestBody(at: pointer.appending("requestBody")),
            responses: responses, security: security, pointer: pointer)
    }

    private mutating func parameters(
        _ value: JSONValue?, at pointer: JSONPointer
    ) throws(ContractError) -> [OpenAPIParameter] {
        guard let value else { return [] }
        guard case .array(let elements) = value else { throw reader.malformed(pointer, "parameters must be an array") }
        return try elements.indices.map { position throws(ContractError) in
            let (object, at) = try reader.object(at: pointer.appending(position))
            guard let name = try reader.string(object, "name", at: at) else {
                throw reader.malformed(at, "a parameter needs a name")
            }
            guard let location = try reader.string(object, "in", at: at).flatMap(ParameterLocation.init(rawValue:)) else {
                throw reader.malformed(at.appending("in"), "in must be path, query, header or cookie")
            }
            let required = try reader.bool(object, "required", at: at) || location == .path
            let schemaPointer = object["schema"] == nil ? nil : at.appending("schema")
            if let schemaPointer { _ = try compileSchema(at: schemaPointer) }
            return OpenAPIParameter(name: name, location: location, isRequired: required, schemaPointer: schemaPointer)
        }
    }

    private mutating func requestBody(at pointer: JSONPointer) throws(ContractError) -> OpenAPIRequestBody {
        let (object, at) = try reader.object(at: pointer)
        let (mediaType, schemaPointer) = try content(object, at: at)
        return OpenAPIRequestBody(
            isRequired: try reader.bool(object, "required", at: at),
            mediaType: mediaType, schemaPointer: schemaPointer)
    }

    private mutating func response(_ status: String, at pointer: JSONPointer) throws(ContractError) -> OpenAPIResponse {
        // OpenAPI 3.1 §4.8.16.2: a three-digit code, a class such as 4XX, or "default".
        let isCode = status.count == 3 && status.first.map { "12345".contains($0) } == true
            && (status.dropFirst().allSatisfy(\.isNumber) || status.dropFirst() == "XX")
        guard isCode || status == "default" else { throw reader.malformed(pointer, "\"\(status)\" is not a status code") }
        let (object, at) = try reader.object(at: pointer)
        let (mediaType, schemaPointer) = try content(object, at: at)
        return OpenAPIResponse(
            status: status, description: object["description"]?.stringValue ?? "",
            mediaType: mediaType, schemaPointer: schemaPointer)
    }

    private mutating func content(
        _ object: JSONObject, at pointer: JSONPointer
    ) throws(ContractError) -> (String?, JSONPointer?) {
        guard let content = object["content"] else { return (nil, nil) }
        guard case .object(let types) = content else {
            throw reader.malformed(pointer.appending("content"), "content must be an object")
        }
        guard let mediaType = reader.chooseMediaType(types) else { return (nil, nil) }
        let mediaPointer = pointer.appending("content").appending(mediaType)
        guard types[mediaType]?["schema"] != nil else { return (mediaType, nil) }
        let schemaPointer = mediaPointer.appending("schema")
        _ = try compileSchema(at: schemaPointer)
        return (mediaType, schemaPointer)
    }

    private func security(
        _ value: JSONValue?, at pointer: JSONPointer
    ) throws(ContractError) -> [OpenAPISecurityRequirement] {
        guard let value else { return [] }
        guard case .array(let elements) = value else { throw reader.malformed(pointer, "security must be an array") }
        return try elements.enumerated().map { position, element throws(ContractError) in
            guard case .object(let object) = element else {
                throw reader.malformed(pointer.appending(position), "expected an object")
            }
            var schemes: [String: [String]] = [:]
            for member in object { schemes[member.key] = member.value.arrayValue?.compactMap(\.stringValue) ?? [] }
            return OpenAPISecurityRequirement(schemes: schemes)
        }
    }
}
