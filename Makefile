# KitchenHarness — the commands a new user and CI run.
#   make verify   record the scenarios against the embedded simulator and verify them (the main job)
#   make test     build and run every test (what .ci/run calls), the example app's included,
#                 and the official JSON-Schema-Test-Suite (downloaded into .tools/)
#   make example-test  the example app's tests alone (Examples/KitchenApp, a package of its own)
#   make serve    run the simulator on http://127.0.0.1:8080
#   make record   regenerate Recordings/ from the scenarios
#   make bench    benchmarks (release build; installs wrk from Debian's packages if missing, and
#                 jsonschema-rs in .venv to compare JSON Schema validation with)
#   make chromium headless Chromium for the report's browser tests (make test runs it; never fails)

SWIFT        ?= swift
PYTHON       ?= python3
VENV         := .venv
VENV_PYTHON  := $(VENV)/bin/python
PY_PEERS     := websockets==17.4 h11==0.16.0 requests==2.32.5
KITCHEN      := .build/debug/kitchen
RELEASE_KITCHEN := .build/release/kitchen
RELEASE_BENCH   := .build/release/kitchen-bench

.PHONY: all build test example-test verify serve record bench venv openssl clean

all: build

build:
	$(SWIFT) build

# The Python peer for the WebSocket interop tests lives in a git-ignored venv.
# If it cannot be made (no Python, no network), the interop tests report
# themselves skipped, loudly, and everything else still runs.
# The stamp names the peers installed, so a venv made before a peer was added gets it too.
VENV_STAMP   := $(VENV)/.peers-$(subst ==,-,$(subst $() ,_,$(PY_PEERS)))
$(VENV_STAMP):
	@{ [ -x $(VENV_PYTHON) ] || $(PYTHON) -m venv $(VENV); } && $(VENV)/bin/pip install --quiet --disable-pip-version-check $(PY_PEERS) && touch $@ \
	  || { rm -rf $(VENV); echo "######## WARNING: could not create $(VENV) with $(PY_PEERS); the Python interop tests will be SKIPPED ########"; }

venv: $(VENV_STAMP)

# The TLS tests make their certificates with the openssl command; libssl itself comes with
# the Swift toolchain's dependencies. Without openssl those suites report themselves SKIPPED.
openssl:
	@command -v openssl >/dev/null 2>&1 || { echo "installing openssl from Debian's packages"; \
	  (apt-get install -y openssl >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y openssl >/dev/null)) \
	  || echo "######## WARNING: could not install openssl; the TLS tests will be SKIPPED ########"; }

# Headless Chromium for the report's browser tests (KitchenReportTests), from Debian's packages
# like wrk for `make bench`. If it cannot be installed (not root, no apt, no network), those tests
# report themselves SKIPPED, loudly, and everything else still runs: this step never fails.
CHROMIUM_PACKAGE := chromium
.PHONY: chromium
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
	  echo "installing $(CHROMIUM_PACKAGE) from Debian's packages (for the report's browser tests)"; \
	  (DEBIAN_FRONTEND=noninteractive apt-get install -y $(CHROMIUM_PACKAGE) >/dev/null 2>&1 \
	    || (apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y $(CHROMIUM_PACKAGE) >/dev/null 2>&1)) \
	  || echo "######## WARNING: could not install $(CHROMIUM_PACKAGE); the report's browser tests will be SKIPPED ########"; }

# Debian's nginx-light, the gzip front of the compressed-traffic process test. If it cannot be
# installed, that test reports itself SKIPPED, loudly, and everything else still runs.
.PHONY: nginx
nginx:
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { echo "installing nginx-light from Debian's packages (the gzip front of the recorder's process test)"; \
	  (DEBIAN_FRONTEND=noninteractive apt-get install -y nginx-light >/dev/null 2>&1 \
	    || (apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx-light >/dev/null 2>&1)) \
	  || echo "######## WARNING: could not install nginx-light; the gzip-front process test will be SKIPPED ########"; }

# The official JSON-Schema-Test-Suite (draft 2020-12 and its remotes) and the 2020-12 metaschemas,
# from the source distributions on PyPI, unpacked into a git-ignored folder. Without network the
# suite's tests report themselves SKIPPED, loudly, and everything else still runs.
JSON_SCHEMA_SUITE := .tools/jsonschema-suite
JSON_SCHEMA_SUITE_PACKAGES := jsonschema==4.26.0 jsonschema-specifications==2025.9.1
.PHONY: json-schema-suite
json-schema-suite: $(JSON_SCHEMA_SUITE)/tests/draft2020-12/type.json

$(JSON_SCHEMA_SUITE)/tests/draft2020-12/type.json:
	@mkdir -p $(JSON_SCHEMA_SUITE)/dl && cd $(JSON_SCHEMA_SUITE) \
	  && $(PYTHON) -m pip download --quiet --disable-pip-version-check --no-binary :all: --no-deps -d dl $(JSON_SCHEMA_SUITE_PACKAGES) \
	  && tar xzf dl/jsonschema_specifications-2025.9.1.tar.gz --strip-components=3 \
	       jsonschema_specifications-2025.9.1/jsonschema_specifications/schemas/draft202012 \
	  && rm -rf metaschemas && mv draft202012 metaschemas \
	  && tar xzf dl/jsonschema-4.26.0.tar.gz --strip-components=2 \
	       jsonschema-4.26.0/json/tests/draft2020-12 jsonschema-4.26.0/json/remotes \
	  || echo "######## WARNING: could not download the JSON-Schema-Test-Suite ($(JSON_SCHEMA_SUITE_PACKAGES)); its tests will be SKIPPED ########"

test: venv openssl chromium nginx json-schema-suite example-test
	KITCHEN_PYTHON="$(if $(wildcard $(VENV_PYTHON)),$(abspath $(VENV_PYTHON)),)" \
	KITCHEN_JSON_SCHEMA_SUITE="$(if $(wildcard $(JSON_SCHEMA_SUITE)/tests/draft2020-12/type.json),$(abspath $(JSON_SCHEMA_SUITE)),)" \
	  $(SWIFT) test

# An app-shaped consumer that depends on this package by path, with its own .build. Its build
# plan is worked out afresh each run: SwiftPM's cached plan does not notice a source file of the
# path dependency added or removed by a pull or checkout, and the first build after one failed
# ("missing inputs", or a type not found).
example-test:
	cd Examples/KitchenApp && $(SWIFT) test --disable-build-manifest-caching

serve:
	$(SWIFT) run kitchen serve

verify: build
	$(KITCHEN) verify

record: build
	$(KITCHEN) scenarios record --out Recordings

bench:
	@command -v wrk >/dev/null 2>&1 || { echo "installing wrk from Debian's packages"; \
	  (apt-get install -y wrk >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y wrk >/dev/null)) ; }
	@command -v nginx >/dev/null 2>&1 || { echo "installing nginx-light from Debian's packages (a reverse proxy for scale)"; \
	  (DEBIAN_FRONTEND=noninteractive apt-get install -y nginx-light >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx-light >/dev/null)) ; }
	@command -v stunnel >/dev/null 2>&1 || { echo "installing stunnel4 from Debian's packages (the TLS upstream)"; \
	  (apt-get install -y stunnel4 >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y stunnel4 >/dev/null)) ; }
	@$(MAKE) --no-print-directory venv json-schema-suite
	@$(VENV_PYTHON) -c 'import jsonschema_rs' 2>/dev/null || $(VENV)/bin/pip install --quiet --disable-pip-version-check jsonschema-rs \
	  || echo "######## WARNING: could not install jsonschema-rs; the JSON Schema comparison will not be measured ########"
	$(SWIFT) build -c release --product kitchen
	$(SWIFT) build -c release --product kitchen-bench
	BENCH_PYTHON=$(VENV_PYTHON) KITCHEN_JSON_SCHEMA_SUITE=$(JSON_SCHEMA_SUITE) Benchmarks/run.sh $(RELEASE_KITCHEN) $(RELEASE_BENCH)

clean:
	rm -rf .build Examples/KitchenApp/.build $(VENV)
