import Foundation
import KitchenAPI

extension Scenario {
    /// Every error status the contract declares, on every operation that declares it — except
    /// 401 for an expired token (see `expiredToken`). Statuses the typed client cannot provoke
    /// (a malformed body, a body over 64 KiB) go out as raw requests on the same transport.
    static let errorStatuses = Scenario(
        name: "error-statuses", summary: "400, 401, 404, 409 and 413 on every operation that declares them",
        needsSecondAccount: true
    ) { context in
        let (api, devices) = try await context.loggedIn()
        let token = api.tokenStore.token ?? ""
        let double = try devices.first(.oven, double: true), single = try devices.first(.oven, double: false)
        let fridge = try devices.first(.fridge), dishwasher = try devices.first(.dishwasher)
        let iceMaker = try devices.first(.iceMaker)

        // 400
        // A login body that is not JSON would be refused by the recorder (it cannot prove the password
        // is not in it), so the 400 comes from a well-formed body without a password.
        try await expectStatus("login without a password", 400) { try await context.raw("POST", "auth/login", token: nil, body: #"{"username": "demo"}"#) }
        try await expectFailure("oven state without compartment", .badRequest(message: "")) { _ = try await api.getOvenState(deviceId: double.id, compartment: nil) }
        try await expectFailure("oven power without compartment", .badRequest(message: "")) { _ = try await api.setOvenPower(deviceId: double.id, compartment: nil, isOn: true) }
        try await expectFailure("oven at 600", .invalidValue(message: "")) { _ = try await api.setOvenTemperature(deviceId: single.id, compartment: nil, temperature: 600) }
        try await expectFailure("oven mode steam", .invalidValue(message: "")) { _ = try await api.setOvenMode(deviceId: single.id, compartment: nil, mode: "steam") }
        try await expectFailure("fridge at 50", .invalidValue(message: "")) { _ = try await api.setFridgeTemperature(deviceId: fridge.id, temperature: 50) }
        try await expectFailure("freezer at 20", .invalidValue(message: "")) { _ = try await api.setFreezerTemperature(deviceId: fridge.id, temperature: 20) }
        try await expectFailure("cycle turbo", .invalidValue(message: "")) { _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: "turbo") }
        try await expectStatus("ice maker power not a boolean", 400) { try await context.raw("POST", "devices/\(iceMaker.id)/icemaker/power", token: token, body: #"{"isOn": "yes"}"#) }
        try await expectFailure("rate max", .invalidValue(message: "")) { _ = try await api.setIceMakerRate(deviceId: iceMaker.id, rate: "max") }

        // 401 (credentials and a missing token; expiry is its own scenario)
        try await expectFailure("wrong password", .unauthorized) { _ = try await context.client().login(username: context.primary.username, password: "wrong-password") }

        // 404: another user's devices, on every device operation
        let others: [DeviceInfo]
        if let second = context.secondary { others = try await context.loggedIn(second).1 } else { others = [] }
        func otherID(_ kind: DeviceKind, double: Bool? = nil) -> String { (try? others.first(kind, double: double).id) ?? "missing-device" }
        let otherDouble = otherID(.oven, double: true), otherFridge = otherID(.fridge)
        let otherDishwasher = otherID(.dishwasher), otherIce = otherID(.iceMaker)
        let notFound = api.deviceOperations(double: otherDouble, fridge: otherFridge, dishwasher: otherDishwasher, iceMaker: otherIce)
        for (step, call) in notFound { try await expectFailure("another user's \(step)", .notFound, call) }
        // The wrong device type for the route is 404 too.
        try await expectFailure("fridge as an ice maker", .notFound) { _ = try await api.getIceMakerState(deviceId: fridge.id) }

        // 409. A dishwasher someone left running is stopped first and restarted afterwards, so
        // the first start is a real start.
        let before = try await api.getDishwasherState(deviceId: dishwasher.id)
        if before.status == .running { _ = try await api.stopDishwasher(deviceId: dishwasher.id) }
        _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: "eco")
        try await expectFailure("start while running", .conflict) { _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: "eco") }
        _ = try await api.stopDishwasher(deviceId: dishwasher.id)
        if before.status == .running, let cycle = before.cycle { _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: cycle) }

        // 413: a body over 64 KiB on every operation that takes one
        let padding = String(repeating: "x", count: 66_000)
        let oversized: [(String, String)] = [
            // The padding is a field of its own, never a secret one: redaction must not touch it.
            ("auth/login", #"{"username": "demo", "pad": "\#(padding)"}"#),
            ("devices/\(single.id)/oven/power", #"{"isOn": true, "pad": "\#(padding)"}"#),
            ("devices/\(single.id)/oven/temperature", #"{"targetTemperature": 350, "pad": "\#(padding)"}"#),
            ("devices/\(single.id)/oven/mode", #"{"mode": "\#(padding)"}"#),
            ("devices/\(fridge.id)/fridge/temperature", #"{"temperature": 36, "pad": "\#(padding)"}"#),
            ("devices/\(fridge.id)/fridge/freezer/temperature", #"{"temperature": 0, "pad": "\#(padding)"}"#),
            ("devices/\(dishwasher.id)/dishwasher/start", #"{"cycle": "\#(padding)"}"#),
            ("devices/\(iceMaker.id)/icemaker/power", #"{"isOn": true, "pad": "\#(padding)"}"#),
            ("devices/\(iceMaker.id)/icemaker/rate", #"{"rate": "\#(padding)"}"#),
        ]
        for (path, body) in oversized {
            try await expectStatus("413 on \(path)", 413) { try await context.raw("POST", path, token: path.hasPrefix("auth") ? nil : token, body: body) }
        }
        try await api.logout()
    }

    /// 401 for an expired token on every operation that needs one, the live updates included.
    static let expiredToken = Scenario(
        name: "expired-token", summary: "401 on every authenticated operation after the token expires", requires: [.tokens]
    ) { context in
        let controls = try context.requireControls()
        let (api, devices) = try await context.loggedIn()
        let token = api.tokenStore.token ?? ""
        let double = try devices.first(.oven, double: true), fridge = try devices.first(.fridge)
        let dishwasher = try devices.first(.dishwasher), iceMaker = try devices.first(.iceMaker)
        try await controls.expireTokens(of: context.primary.username)
        let calls = [("devices", { _ = try await api.fetchDevices() })]
            + api.deviceOperations(double: double.id, fridge: fridge.id, dishwasher: dishwasher.id, iceMaker: iceMaker.id)
        for (step, call) in calls { try await expectFailure("expired token: \(step)", .unauthorized, call) }
        // The live updates refuse the upgrade with 401 (no 101).
        let refused = try await context.openRefusedLiveUpdates(token: token)
        guard refused else { throw ScenarioError.unexpected(step: "live updates with an expired token", detail: "not refused") }
        try await expectFailure("expired token: logout", .unauthorized) { try await api.logout() }
    }
}

extension ScenarioContext {
    /// Tries the live updates with `token`; returns whether the upgrade was refused as unauthorized.
    func openRefusedLiveUpdates(token: String) async throws -> Bool {
        do {
            let channel = try await connector.connect(url: WebSocketService.liveUpdatesURL(for: baseURL), token: token)
            await channel.close(code: 1000, reason: "")
            return false
        } catch WebSocketConnectError.unauthorized {
            return true
        }
    }
}

extension APIService {
    /// Every device operation, each with its name for a report: on the upper compartment of the
    /// double oven `double`, the fridge `fridge`, the dishwasher `dishwasher` and the ice maker
    /// `iceMaker`, with values each accepts.
    func deviceOperations(double: String, fridge: String, dishwasher: String, iceMaker: String) -> [(String, () async throws -> Void)] {
        [
            ("oven state", { _ = try await self.getOvenState(deviceId: double, compartment: "upper") }),
            ("oven power", { _ = try await self.setOvenPower(deviceId: double, compartment: "upper", isOn: true) }),
            ("oven temperature", { _ = try await self.setOvenTemperature(deviceId: double, compartment: "upper", temperature: 300) }),
            ("oven mode", { _ = try await self.setOvenMode(deviceId: double, compartment: "upper", mode: "bake") }),
            ("fridge state", { _ = try await self.getFridgeState(deviceId: fridge) }),
            ("fridge temperature", { _ = try await self.setFridgeTemperature(deviceId: fridge, temperature: 36) }),
            ("freezer temperature", { _ = try await self.setFreezerTemperature(deviceId: fridge, temperature: 0) }),
            ("dishwasher state", { _ = try await self.getDishwasherState(deviceId: dishwasher) }),
            ("dishwasher start", { _ = try await self.startDishwasher(deviceId: dishwasher, cycle: "eco") }),
            ("dishwasher stop", { _ = try await self.stopDishwasher(deviceId: dishwasher) }),
            ("ice maker state", { _ = try await self.getIceMakerState(deviceId: iceMaker) }),
            ("ice maker power", { _ = try await self.setIceMakerPower(deviceId: iceMaker, isOn: true) }),
            ("ice maker rate", { _ = try await self.setIceMakerRate(deviceId: iceMaker, rate: "low") }),
        ]
    }
}
