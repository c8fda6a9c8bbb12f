"""A Kitchen API session driven by Python `requests`, with its default headers.

Usage: requests_session.py BASE_URL USERNAME PASSWORD

Logs in, lists the devices, reads each device's state and sends one command, as an app would.
`requests` asks for compression by default (`Accept-Encoding: gzip, deflate`, more when brotli or
zstandard are installed) and decodes what it gets. Prints one JSON summary line:
{"requests": "<version>", "accept_encoding": "...", "token": "...", "answers": [[method, path, status, body], ...]}
where body is the decoded JSON (or null). Exits 0 when every call answered 2xx.
"""
import json
import sys

import requests

STATE_PATH = {"oven": "oven", "fridge": "fridge", "dishwasher": "dishwasher", "ice_maker": "icemaker"}


def main(base, username, password):
    session = requests.Session()
    answers = []

    def call(method, path, body=None):
        response = session.request(method, base + path, json=body, timeout=20)
        try:
            decoded = response.json()
        except ValueError:
            decoded = None
        answers.append([method, path, response.status_code, decoded])
        return response, decoded

    _, login = call("POST", "/auth/login", {"username": username, "password": password})
    token = login["token"]
    session.headers["Authorization"] = "Bearer " + token
    _, devices = call("GET", "/devices")
    for device in devices:
        path = "/devices/%s/%s" % (device["id"], STATE_PATH[device["type"]])
        if device.get("compartments"):
            path += "?compartment=" + device["compartments"][0]["key"]
        call("GET", path)
    fridge = next((d for d in devices if d["type"] == "fridge"), None)
    if fridge:
        call("POST", "/devices/%s/fridge/temperature" % fridge["id"], {"temperature": 37})
    ok = all(200 <= status < 300 for _, _, status, _ in answers)
    print(json.dumps({"requests": requests.__version__,
                      "accept_encoding": requests.utils.default_headers()["Accept-Encoding"],
                      "token": token, "answers": answers, "ok": ok}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
