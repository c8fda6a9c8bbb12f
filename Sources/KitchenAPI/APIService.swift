import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real Kitchen API client.
///
/// Every call goes through one path: build the request (JSON body,
/// `Accept` / `Content-Type`, `Authorization: Bearer` on every route but
/// login), send it through the ``HTTPTransport``, map a non-2xx answer with
/// ``AppError/from(status:body:)``, and decode a 2xx body with ``KitchenJSON``.
/// Failures are ``AppError``; a cancelled task gets `CancellationError`.
///
/// Token handling: ``login(username:password:)`` stores the token it gets.
/// ``logout()`` forgets the local token however the call ends (204, 401,
/// or a transport error): after a logout the app is signed out locally even
/// when the server could not be told. An authenticated call made while no
/// token is stored is sent without `Authorization`, and the server's 401
/// comes back as ``AppError/unauthorized``.
///
/// ```swift
/// let api = APIService(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// _ = try await api.login(username: "demo", password: "demo")
/// let devices = try await api.fetchDevices()
/// ```
public final class APIService: APIServiceProtocol {
    /// Scheme, host, port and an optional path prefix; routes are appended to it.
    public let baseURL: URL
    /// Where the bearer token lives.
    public let tokenStore: any TokenStore
    private let transport: any HTTPTransport
    private let decoder = KitchenJSON.makeDecoder()

    /// A client for the API at `baseURL`.
    public init(
        baseURL: URL,
        tokenStore: any TokenStore = InMemoryTokenStore(),
        transport: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) {
        self.baseURL = baseURL
        self.tokenStore = tokenStore
        self.transport = transport
    }

    // MARK: Auth and devices

    /// `POST /auth/login`; stores the token on success.
    nonisolated(nonsending) public func login(username: String, password: String) async throws -> LoginResponse {
        let response: LoginResponse = try await perform(
            APIRequest(.login, body: LoginBody(username: username, password: password)))
        tokenStore.setToken(response.token)
        return response
    }

    /// `POST /auth/logout`; the local token is forgotten however the call ends.
    nonisolated(nonsending) public func logout() async throws {
        defer { tokenStore.setToken(nil) }
        _ = try await exchange(APIRequest(.logout))
    }

    /// `GET /devices`.
    nonisolated(nonsending) public func fetchDevices() async throws -> [DeviceInfo] {
        try await perform(APIRequest(.listDevices))
    }

    // MARK: Oven

    /// `GET /devices/{id}/oven`, with `?compartment=K` only when given.
    nonisolated(nonsending) public func getOvenState(deviceId: String, compartment: String?) async throws
        -> OvenState
    {
        let query = compartment.map { [(name: "compartment", value: $0)] } ?? []
        return try await perform(APIRequest(.getOvenState, deviceId: deviceId, query: query))
    }

    /// `POST /devices/{id}/oven/power`.
    nonisolated(nonsending) public func setOvenPower(deviceId: String, compartment: String?, isOn: Bool)
        async throws -> OvenState
    {
        try await perform(APIRequest(
            .setOvenPower, deviceId: deviceId, body: PowerBody(isOn: isOn, compartment: compartment)))
    }

    /// `POST /devices/{id}/oven/temperature`.
    nonisolated(nonsending) public func setOvenTemperature(deviceId: String, compartment: String?, temperature: Int)
        async throws -> OvenState
    {
        try await perform(APIRequest(
            .setOvenTemperature, deviceId: deviceId,
            body: OvenTemperatureBody(targetTemperature: temperature, compartment: compartment)))
    }

    /// `POST /devices/{id}/oven/mode`.
    nonisolated(nonsending) public func setOvenMode(deviceId: String, compartment: String?, mode: String)
        async throws -> OvenState
    {
        try await perform(APIRequest(
            .setOvenMode, deviceId: deviceId, body: OvenModeBody(mode: mode, compartment: compartment)))
    }

    // MARK: Fridge

    /// `GET /devices/{id}/fridge`.
    nonisolated(nonsending) public func getFridgeState(deviceId: String) async throws -> FridgeState {
        try await perform(APIRequest(.getFridgeState, deviceId: deviceId))
    }

    /// `POST /devices/{id}/fridge/temperature`.
    nonisolated(nonsending) public func setFridgeTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try await perform(APIRequest(
            .setFridgeTemperature, deviceId: deviceId, body: TemperatureBody(temperature: temperature)))
    }

    /// `POST /devices/{id}/fridge/freezer/temperature`.
    nonisolated(nonsending) public func setFreezerTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try await perform(APIRequest(
            .setFreezerTemperature, deviceId: deviceId, body: TemperatureBody(temperature: temperature)))
    }

    // MARK: Dishwasher

    /// `GET /devices/{id}/dishwasher`.
    nonisolated(nonsending) public func getDishwasherState(deviceId: String) async throws -> DishwasherState {
        try await perform(APIRequest(.getDishwasherState, deviceId: deviceId))
    }

    /// `POST /devices/{id}/dishwasher/start`.
    nonisolated(nonsending) public func startDishwasher(deviceId: String, cycle: String) async throws
        -> DishwasherState
    {
        try await perform(APIRequest(.startDishwasher, deviceId: deviceId, body: CycleBody(cycle: cycle)))
    }

    /// `POST /devices/{id}/dishwasher/stop` (no body).
    nonisolated(nonsending) public func stopDishwasher(deviceId: String) async throws -> DishwasherState {
        try await perform(APIRequest(.stopDishwasher, deviceId: deviceId))
    }

    // MARK: Ice maker

    /// `GET /devices/{id}/icemaker`.
    nonisolated(nonsending) public func getIceMakerState(deviceId: String) async throws -> IceMakerState {
        try await perform(APIRequest(.getIceMakerState, deviceId: deviceId))
    }

    /// `POST /devices/{id}/icemaker/power`.
    nonisolated(nonsending) public func setIceMakerPower(deviceId: String, isOn: Bool) async throws -> IceMakerState {
        try await perform(APIRequest(
            .setIceMakerPower, deviceId: deviceId, body: PowerBody(isOn: isOn, compartment: nil)))
    }

    /// `POST /devices/{id}/icemaker/rate`.
    nonisolated(nonsending) public func setIceMakerRate(deviceId: String, rate: String) async throws -> IceMakerState {
        try await perform(APIRequest(.setIceMakerRate, deviceId: deviceId, body: RateBody(rate: rate)))
    }

    // MARK: The one request path

    /// Sends `request` and decodes a 2xx body as `Response`.
    nonisolated(nonsending) private func perform<Response: Decodable>(_ request: APIRequest) async throws -> Response {
        let data = try await exchange(request)
        do {
            return try decoder.decode(Response.self, from: data)
        } catch let error as DecodingError {
            let summary = DecodingErrorSummary(error)
            throw AppError.decoding(path: summary.path, description: summary.description)
        }
    }

    /// Sends `request` and returns the body of a 2xx answer; anything else throws.
    nonisolated(nonsending) private func exchange(_ request: APIRequest) async throws -> Data {
        let urlRequest = request.urlRequest(baseURL: baseURL, token: tokenStore.token)
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await transport.send(urlRequest)
        } catch {
            // Cancellation is not an app error: it propagates as CancellationError.
            if Task.isCancelled { throw CancellationError() }
            guard let appError = AppError.from(error) else { throw CancellationError() }
            throw appError
        }
        guard (200..<300).contains(response.statusCode) else {
            throw AppError.from(status: response.statusCode, body: data)
        }
        return data
    }
}
