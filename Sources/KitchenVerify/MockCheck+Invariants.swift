import HarnessCore
import KitchenAPI
import KitchenContracts
import KitchenRecording

// Check 4 on API.md's cross-member rules (``APIInvariant``): the mock's default answers, one
// case per rule, and every answer of `MockAPIService(recording:)`.

extension MockCheck {
    /// What one method answers on a fresh mock.
    struct DefaultAnswer {
        var method: ProtocolMethod
        var operation: APIOperation
        var value: ClientValue
    }

    /// `mock defaults keep the API's rule: <rule>`.
    public static func invariantCaseName(_ invariant: APIInvariant) -> String {
        "mock defaults keep the API's rule: \(invariant.rule)"
    }

    /// The value every method with a declared operation answers by default. Methods whose
    /// default is a failure are left out (the default stub cases report those).
    func defaultAnswers() async -> [DefaultAnswer] {
        var answers: [DefaultAnswer] = []
        for method in methods {
            guard let operation = method.operation, case .success(let value) = await method.call(makeMock()) else { continue }
            answers.append(DefaultAnswer(method: method, operation: operation, value: value))
        }
        return answers
    }

    /// Where the default answers break `invariant`.
    func invariantFindings(_ invariant: APIInvariant, in answers: [DefaultAnswer]) -> [Finding] {
        answers.flatMap { answer in
            invariant.check(answer.value, answering: answer.operation).map { difference in
                Finding(check: .mock, location: "default \(answer.method.name) " + difference.pointer.location,
                        expected: difference.expected, actual: difference.found, rule: invariant.source)
            }
        }
    }

    /// Where the default answers break `invariant`, calling every method on fresh mocks.
    public func invariantFindings(_ invariant: APIInvariant) async -> [Finding] {
        invariantFindings(invariant, in: await defaultAnswers())
    }
}
