#!/usr/bin/env python3
"""make bench: jsonschema-rs on the JSON-Schema-Test-Suite's draft 2020-12 required tests.

Usage: schema_suite_rs.py SUITE_DIR LIST_FILE [SECONDS]
Compiles each test group's schema once (groups that need a remote document are left out on
both sides), writes the groups it compiled to LIST_FILE (one `file:index` a line, for
kitchen-bench schema-suite to time the same ones), then validates every instance of those
groups in rounds for SECONDS and prints `schema-suite-jsonschema-rs VALIDATIONS/s GROUPS INSTANCES`.
"""
import json, os, sys, time

try:
    import jsonschema_rs
except ImportError:
    print("schema-suite-jsonschema-rs unavailable (pip install jsonschema-rs)")
    sys.exit(0)

suite, list_file = sys.argv[1], sys.argv[2]
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
folder = os.path.join(suite, "tests", "draft2020-12")

def needs_remote(schema):
    text = json.dumps(schema)
    return "localhost:1234" in text or '"$ref": "https://json-schema.org' in text

compiled, selected = [], []
for name in sorted(f for f in os.listdir(folder) if f.endswith(".json")):
    for index, group in enumerate(json.load(open(os.path.join(folder, name), encoding="utf-8"))):
        if needs_remote(group["schema"]):
            continue
        try:
            validator = jsonschema_rs.validator_for(group["schema"])
        except Exception:
            continue
        compiled.append((validator, [test["data"] for test in group["tests"]]))
        selected.append(f"{name}:{index}")

with open(list_file, "w") as out:
    out.write("\n".join(selected) + "\n")
instances = sum(len(data) for _, data in compiled)
count, start = 0, time.perf_counter()
while time.perf_counter() - start < seconds:
    for validator, data in compiled:
        for instance in data:
            validator.is_valid(instance)
    count += instances
rate = count / (time.perf_counter() - start)
print(f"schema-suite-jsonschema-rs {int(rate)} {len(compiled)} {instances}")
