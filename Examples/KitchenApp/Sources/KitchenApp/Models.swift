/// A kitchen appliance, as `GET /devices` lists it.
public struct Device: Decodable, Sendable, Equatable {
    public let id: String
    public let name: String
    public let type: String
    public let isOnline: Bool
    /// A double oven's `upper` and `lower`; absent on everything else.
    public let compartments: [Compartment]?

    public struct Compartment: Decodable, Sendable, Equatable {
        public let key: String
        public let label: String
    }
}

/// An oven's state, as `GET /devices/{id}/oven` returns it (the fields this app shows).
public struct Oven: Decodable, Sendable, Equatable {
    public let isOn: Bool
    public let mode: String
    public let targetTemperature: Int
    public let currentTemperature: Int
}
