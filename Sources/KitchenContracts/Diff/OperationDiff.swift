import HarnessCore

/// Compares two versions of one operation: parameters, request body, responses.
enum OperationDiff {
    static func compare(
        _ old: OpenAPIOperation, _ new: OpenAPIOperation, at location: DiffLocation, with differ: inout SchemaDiffer
    ) {
        if old.operationId != new.operationId {
            differ.record(.neutral, .operationIdChanged, location, old: old.operationId, new: new.operationId)
        }
        if old.summary != new.summary {
            differ.record(.neutral, .descriptionChanged, location, old: old.summary, new: new.summary)
        }
        compareParameters(old, new, location, &differ)
        compareRequestBody(old, new, location, &differ)
        compareResponses(old, new, location, &differ)
    }

    private static func compareParameters(
        _ old: OpenAPIOperation, _ new: OpenAPIOperation, _ location: DiffLocation, _ differ: inout SchemaDiffer
    ) {
        // Path parameters are positional: a renamed {id} is the same parameter.
        func key(_ parameter: OpenAPIParameter, in operation: OpenAPIOperation) -> String {
            guard parameter.location == .path,
                  let position = PathTemplate.parameterNames(in: operation.pathTemplate).firstIndex(of: parameter.name)
            else { return "\(parameter.location.rawValue) \(parameter.name)" }
            return "path #\(position)"
        }
        let newByKey = Dictionary(new.parameters.map { (key($0, in: new), $0) }, uniquingKeysWith: { first, _ in first })
        let oldKeys = Set(old.parameters.map { key($0, in: old) })
        for parameter in old.parameters {
            let at = DiffLocation(prefix: "\(location.prefix) → \(parameter.location.rawValue) \(parameter.name)")
            guard let counterpart = newByKey[key(parameter, in: old)] else {
                differ.record(.breaking, .parameterRemoved, at, old: SchemaDiffer.requirement(parameter.isRequired), new: nil)
                continue
            }
            differ.compareRequired(parameter.isRequired, counterpart.isRequired, at, .request)
            if let before = parameter.schemaPointer, let after = counterpart.schemaPointer {
                differ.compare(old: before, new: after, at: at, direction: .request)
            }
        }
        for parameter in new.parameters where !oldKeys.contains(key(parameter, in: new)) {
            let at = DiffLocation(prefix: "\(location.prefix) → \(parameter.location.rawValue) \(parameter.name)")
            differ.record(parameter.isRequired ? .breaking : .additive, .parameterAdded, at,
                          old: nil, new: SchemaDiffer.requirement(parameter.isRequired))
        }
    }

    private static func compareRequestBody(
        _ old: OpenAPIOperation, _ new: OpenAPIOperation, _ location: DiffLocation, _ differ: inout SchemaDiffer
    ) {
        let at = DiffLocation(prefix: "\(location.prefix) → request")
        switch (old.requestBody, new.requestBody) {
        case (nil, let after?):
            differ.record(after.isRequired ? .breaking : .additive, .requestBodyAdded, at,
                          old: nil, new: SchemaDiffer.requirement(after.isRequired) + " body")
        case (let before?, nil):
            differ.record(.breaking, .requestBodyRemoved, at, old: SchemaDiffer.requirement(before.isRequired) + " body", new: nil)
        case let (before?, after?):
            differ.compareRequired(before.isRequired, after.isRequired, at, .request)
            if let oldSchema = before.schemaPointer, let newSchema = after.schemaPointer {
                differ.compare(old: oldSchema, new: newSchema, at: at, direction: .request)
            }
        case (nil, nil):
            break
        }
    }

    private static func compareResponses(
        _ old: OpenAPIOperation, _ new: OpenAPIOperation, _ location: DiffLocation, _ differ: inout SchemaDiffer
    ) {
        for response in old.responses {
            let at = DiffLocation(prefix: "\(location.prefix) → \(response.status)")
            guard let counterpart = new.responses.first(where: { $0.status == response.status }) else {
                differ.record(.breaking, .responseRemoved, at,
                    old: response.description.isEmpty ? response.status : response.description, new: nil)
                continue
            }
            switch (response.schemaPointer, counterpart.schemaPointer) {
            case let (before?, after?):
                differ.compare(old: before, new: after, at: at, direction: .response)
            case (_?, nil):
                differ.record(.breaking, .bodyRemoved, at, old: response.mediaType, new: counterpart.mediaType)
            case (nil, _?):
                differ.record(.additive, .bodyAdded, at, old: response.mediaType, new: counterpart.mediaType)
            case (nil, nil):
                break
            }
            if response.description != counterpart.description {
                differ.record(.neutral, .descriptionChanged, at, old: response.description, new: counterpart.description)
            }
        }
        for response in new.responses where !old.responses.contains(where: { $0.status == response.status }) {
            // RFC 9110 §15: an unrecognised status is handled as the x00 of its class, so a
            // new error status lands on an existing error path; a new success does not.
            let isError = response.status == "default" || response.status.first.map { "45".contains($0) } == true
            differ.record(isError ? .additive : .breaking, .responseAdded,
                          DiffLocation(prefix: "\(location.prefix) → \(response.status)"),
                          old: nil, new: response.description.isEmpty ? response.status : response.description)
        }
    }
}
