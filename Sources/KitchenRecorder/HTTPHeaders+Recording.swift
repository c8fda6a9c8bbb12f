import HTTPWire
import HarnessCore

extension HTTPHeaders {
    /// The fields sorted by lower-cased name; fields of the same name keep their order.
    func sortedByName() -> HTTPHeaders {
        HTTPHeaders(enumerated().sorted { lhs, rhs in
            let left = lhs.element.name.lowercased(), right = rhs.element.name.lowercased()
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element))
    }

    /// The fields with the value of each one named `name` replaced by `value`, in place.
    func replacingValues(of name: String, with value: String) -> HTTPHeaders {
        HTTPHeaders(map { field in CaseInsensitiveName.matches(field.name.utf8, name.utf8) ? HTTPHeaders.Field(name: field.name, value: value) : field })
    }
}
