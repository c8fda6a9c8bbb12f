import KitchenAPI

/// One requirement of `APIServiceProtocol` as check 4 exercises it: its Swift name, the
/// contract operation it declares (``APIMethod/operation``), and a typical call of it made
/// through the protocol.
///
/// ``all`` is the real protocol, from ``APIMethod``. A mutation test passes other values to
/// ``MockCheck`` to show what the gate makes of a method that declares no operation.
///
/// ```swift
/// let method = ProtocolMethod(.fetchDevices)
/// method.operation                                   // .listDevices
/// let answer = await method.call(MockAPIService())   // .success(.devices(…))
/// ```
public struct ProtocolMethod: Sendable {
    /// The method's Swift name, `setOvenPower(deviceId:compartment:isOn:)`.
    public var name: String
    /// The contract operation the method declares; `nil` when it declares none.
    public var operation: APIOperation?
    /// Calls the method once, with typical arguments, through the protocol.
    public var call: @Sendable (any APIServiceProtocol) async -> Result<ClientValue, AppError>

    /// A method given by its parts.
    public init(name: String, operation: APIOperation?,
                call: @escaping @Sendable (any APIServiceProtocol) async -> Result<ClientValue, AppError>) {
        self.name = name
        self.operation = operation
        self.call = call
    }

    /// The requirement `method`, called with `APICall.sample(_:)`.
    public init(_ method: APIMethod) {
        self.init(name: method.rawValue, operation: method.operation) { api in
            await APICall.sample(method).invoke(on: api)
        }
    }

    /// Every requirement of `APIServiceProtocol`, in declaration order.
    public static let all: [ProtocolMethod] = APIMethod.allCases.map(ProtocolMethod.init)
}
