import KitchenAPI
import Testing

@Suite("API operations")
struct APIOperationTests {
    @Test("Raw values are exactly the contract operationIds, in order")
    func operationIds() {
        #expect(APIOperation.allCases.map(\.rawValue) == [
            "login", "logout", "listDevices", "getOvenState", "setOvenPower", "setOvenTemperature", "setOvenMode",
            "getFridgeState", "setFridgeTemperature", "setFreezerTemperature", "getDishwasherState",
            "startDishwasher", "stopDishwasher", "getIceMakerState", "setIceMakerPower", "setIceMakerRate",
            "openLiveUpdates",
        ])
    }

    @Test("Method and path template match API.md", arguments: [
        (APIOperation.login, "POST /auth/login"),
        (.logout, "POST /auth/logout"),
        (.listDevices, "GET /devices"),
        (.getOvenState, "GET /devices/{deviceId}/oven"),
        (.setOvenPower, "POST /devices/{deviceId}/oven/power"),
        (.setOvenTemperature, "POST /devices/{deviceId}/oven/temperature"),
        (.setOvenMode, "POST /devices/{deviceId}/oven/mode"),
        (.getFridgeState, "GET /devices/{deviceId}/fridge"),
        (.setFridgeTemperature, "POST /devices/{deviceId}/fridge/temperature"),
        (.setFreezerTemperature, "POST /devices/{deviceId}/fridge/freezer/temperature"),
        (.getDishwasherState, "GET /devices/{deviceId}/dishwasher"),
        (.startDishwasher, "POST /devices/{deviceId}/dishwasher/start"),
        (.stopDishwasher, "POST /devices/{deviceId}/dishwasher/stop"),
        (.getIceMakerState, "GET /devices/{deviceId}/icemaker"),
        (.setIceMakerPower, "POST /devices/{deviceId}/icemaker/power"),
        (.setIceMakerRate, "POST /devices/{deviceId}/icemaker/rate"),
        (.openLiveUpdates, "GET /ws"),
    ])
    func methodAndPath(operation: APIOperation, route: String) {
        #expect("\(operation.method) \(operation.pathTemplate)" == route)
    }

    @Test("Only login is unauthenticated; logout and stop carry no body; success statuses")
    func flags() {
        #expect(APIOperation.allCases.filter { !$0.requiresAuthorization } == [.login])
        let bodiless = APIOperation.allCases.filter { $0.method == "POST" && !$0.hasRequestBody }
        #expect(bodiless == [.logout, .stopDishwasher])
        #expect(APIOperation.logout.successStatus == 204)
        #expect(APIOperation.openLiveUpdates.successStatus == 101)
        #expect(APIOperation.allCases.filter { $0.successStatus == 200 }.count == APIOperation.allCases.count - 2)
    }

    @Test("A recording's base path is the prefix most of its requests agree on, each request counted as often as it was sent")
    func basePathCountsRepeatedRequests() {
        let polls = Array(repeating: (method: "GET", path: "/a/devices"), count: 3)
        let others: [(method: String, path: String)] = [("GET", "/b/devices"), ("post", "/b/auth/login")]
        // Three requests under /a against two under /b: counted once per distinct request, /b would win.
        #expect(APIOperation.basePath(of: polls + others) == "/a")
        #expect(APIOperation.basePath(of: others + polls) == "/a")
        #expect(APIOperation.basePath(of: others) == "/b")
        #expect(APIOperation.basePath(of: [("GET", "/devices"), ("GET", "/devices")]) == "")
        #expect(APIOperation.basePath(of: [("GET", "/nothing/here")]) == "")
    }
}
