import HarnessCore

/// Small contracts in the shape of the Kitchen API, written inline so the tests do not
/// depend on the real files (which have their own tests).
enum MiniContracts {
    static let openAPI = json(#"""
    {
      "openapi": "3.1.0",
      "info": {"title": "Mini kitchen", "version": "1"},
      "security": [{"bearerAuth": []}],
      "paths": {
        "/auth/logout": {
          "post": {"operationId": "logout", "responses": {
            "204": {"description": "Logged out."},
            "401": {"$ref": "#/components/responses/Unauthorized"}}}
        },
        "/devices": {
          "get": {"operationId": "listDevices", "summary": "List devices.", "responses": {
            "200": {"description": "The devices.", "content": {"application/json": {"schema":
              {"type": "array", "items": {"$ref": "#/components/schemas/DeviceInfo"}}}}},
            "401": {"$ref": "#/components/responses/Unauthorized"}}}
        },
        "/devices/{deviceId}/oven": {
          "parameters": [{"$ref": "#/components/parameters/DeviceId"}],
          "get": {"operationId": "getOvenState",
            "parameters": [{"name": "compartment", "in": "query", "schema": {"$ref": "#/components/schemas/CompartmentKey"}}],
            "responses": {
              "200": {"description": "The state.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OvenState"}}}},
              "404": {"$ref": "#/components/responses/NotFound"}}}
        },
        "/devices/special/oven": {
          "get": {"operationId": "getSpecialOven", "security": [], "responses": {"204": {"description": "Nothing."}}}
        },
        "/devices/{deviceId}/oven/power": {
          "parameters": [{"$ref": "#/components/parameters/DeviceId"}],
          "post": {"operationId": "setOvenPower",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OvenPowerRequest"}}}},
            "responses": {
              "200": {"description": "The state.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OvenState"}}}},
              "400": {"$ref": "#/components/responses/BadRequest"},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "413": {"$ref": "#/components/responses/BadRequest"}}}
        },
        "/devices/{deviceId}/history": {
          "parameters": [{"$ref": "#/components/parameters/DeviceId"}],
          "get": {"operationId": "getHistory",
            "parameters": [{"name": "limit", "in": "query", "required": true, "schema": {"type": "integer", "minimum": 1, "maximum": 100}},
                           {"name": "verbose", "in": "query", "schema": {"type": "boolean"}}],
            "responses": {"200": {"description": "Entries.", "content": {"application/json": {"schema":
              {"type": "array", "items": {"type": "string", "format": "date-time"}}}}}}}
        }
      },
      "components": {
        "parameters": {
          "DeviceId": {"name": "deviceId", "in": "path", "required": true, "schema": {"type": "string", "minLength": 1}}
        },
        "responses": {
          "BadRequest": {"description": "Bad.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "Unauthorized": {"description": "Who?", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "NotFound": {"description": "No.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
        },
        "schemas": {
          "DeviceType": {"type": "string", "enum": ["oven", "fridge", "dishwasher", "ice_maker"]},
          "CompartmentKey": {"type": "string", "enum": ["upper", "lower"]},
          "DeviceInfo": {"type": "object", "required": ["id", "name", "type", "isOnline"], "properties": {
            "id": {"type": "string", "minLength": 1}, "name": {"type": "string"},
            "type": {"$ref": "#/components/schemas/DeviceType"}, "isOnline": {"type": "boolean"},
            "compartments": {"type": "array", "items": {"type": "object", "required": ["key", "label"], "properties": {
              "key": {"$ref": "#/components/schemas/CompartmentKey"}, "label": {"type": "string"}}}}}},
          "OvenMode": {"type": "string", "enum": ["bake", "roast", "broil_high"]},
          "OvenState": {"type": "object", "required": ["isOn", "targetTemperature", "currentTemperature", "mode", "lastUpdated"],
            "properties": {
              "isOn": {"type": "boolean", "description": "Heating."},
              "targetTemperature": {"type": "integer", "minimum": 170, "maximum": 550},
              "currentTemperature": {"type": "integer"},
              "mode": {"$ref": "#/components/schemas/OvenMode"},
              "cycle": {"type": ["string", "null"]},
              "lastUpdated": {"type": "string", "format": "date-time"}}},
          "OvenPowerRequest": {"type": "object", "required": ["isOn"], "additionalProperties": false, "properties": {
            "isOn": {"type": "boolean"}, "compartment": {"$ref": "#/components/schemas/CompartmentKey"},
            "mode": {"$ref": "#/components/schemas/OvenMode"}}},
          "Error": {"type": "object", "required": ["error", "message"], "properties": {
            "error": {"type": "string"}, "message": {"type": "string"}}}
        }
      }
    }
    """#)

    static let asyncAPI = json(#"""
    {
      "asyncapi": "3.0.0",
      "info": {"title": "Mini live updates", "version": "1"},
      "channels": {
        "liveUpdates": {"address": "/ws", "messages": {
          "ovenState": {"$ref": "#/components/messages/OvenStateMessage"},
          "fridgeState": {"$ref": "#/components/messages/FridgeStateMessage"}}}
      },
      "operations": {
        "sendStateUpdates": {"action": "send", "channel": {"$ref": "#/channels/liveUpdates"},
          "messages": [{"$ref": "#/channels/liveUpdates/messages/ovenState"}, {"$ref": "#/channels/liveUpdates/messages/fridgeState"}]}
      },
      "components": {
        "messages": {
          "OvenStateMessage": {"name": "ovenState", "payload": {"$ref": "#/components/schemas/OvenStateMessage"}},
          "FridgeStateMessage": {"name": "fridgeState", "payload": {"schemaFormat": "application/schema+json;version=draft-07",
            "schema": {"$ref": "#/components/schemas/FridgeStateMessage"}}}
        },
        "schemas": {
          "OvenStateMessage": {"type": "object", "required": ["type", "deviceId", "deviceType", "state"], "properties": {
            "type": {"const": "state"}, "deviceId": {"type": "string", "minLength": 1}, "deviceType": {"const": "oven"},
            "state": {"type": "object", "required": ["isOn"], "properties": {"isOn": {"type": "boolean"},
              "targetTemperature": {"type": "integer", "maximum": 550}}}}},
          "FridgeStateMessage": {"type": "object", "required": ["type", "deviceId", "deviceType", "state"], "properties": {
            "type": {"const": "state"}, "deviceId": {"type": "string", "minLength": 1}, "deviceType": {"const": "fridge"},
            "state": {"type": "object", "required": ["isDoorOpen"], "properties": {"isDoorOpen": {"type": "boolean"}}}}}
        }
      }
    }
    """#)
}
