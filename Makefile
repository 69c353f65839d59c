# The workbench's build, run and check targets. `make` alone lists them.
#
# Everything here needs only Go, make, gzip and a shell; `make test` also
# needs node (for the engine's wasm tests) and Chromium (for the browser
# test), which .ci/run installs on a fresh Debian machine.

.DEFAULT_GOAL := help
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

GO ?= go

# The build's version, for go-app's update check and the caches. Override
# with `make build VERSION=...`.
ifeq ($(origin VERSION),undefined)
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)-$(shell date -u +%Y%m%dT%H%M%SZ)
endif

WASM := web/app.wasm
BIN := bin/workbench
LDFLAGS := -X main.version=$(VERSION)
# VCS stamping needs a working git; the version comes from LDFLAGS instead.
BUILDFLAGS ?= -buildvcs=false
# The page's wasm is built for size: it must stay at most 4,000,000 bytes
# gzip- and brotli-compressed (TestWasmSize; measure with
# `go run ./scripts/wasmsize web/app.wasm`). -s -w drop the function names
# section (a panic's stack trace still names functions: those come from the
# runtime's own tables) and -trimpath the build's paths. -l turns inlining
# off in the module's and go-app's packages and in a few of the standard
# library's (-0.4 MB gzip: Go's wasm repeats an inlined body, with its
# resume points and position tables, at every call site), but not where
# the page's speed needs it: the standard library (a day's simulation took
# 1.6 times as long with it off) and the workload simulation (WASM_INLINE;
# the visualizer, grid included, no longer: -28 KB gzip; its speed in the
# browser not re-measured). README, "The page's size", has the figures.
WASM_INLINE := std github.com/dynamodb-workbench/workbench/engine/partition github.com/dynamodb-workbench/workbench/model/analysis \
	github.com/dynamodb-workbench/workbench/engine/capacity
WASM_NOINLINE := crypto/... encoding/json fmt reflect
WASMFLAGS ?= -trimpath -ldflags='-s -w' -gcflags=all=-l $(foreach p,$(WASM_INLINE),-gcflags=$(p)=) $(foreach p,$(WASM_NOINLINE),-gcflags=$(p)=-l)

# Arguments for `make run` (the server's defaults: -addr 127.0.0.1:8080).
RUN_FLAGS ?=

# Benchmarks: packages, selection and repetition. Extend BENCH_PKGS as
# packages gain benchmarks, e.g. `make bench BENCH_PKGS='./engine/... ./visualizer/...'`.
BENCH_PKGS ?= ./engine/... ./model/... ./patterns/... ./visualizer/...
BENCH ?= .
BENCHTIME ?= 1s
BENCHCOUNT ?= 1

# Fuzzing: every Fuzz* function in FUZZ_PKGS runs for FUZZTIME. Go
# minimizes each new interesting input for up to FUZZMINIMIZETIME (its
# default: 60 s), O(length^2) runs of the target during which the worker
# reports no executions: with both workers on long inputs of a costly
# target (FuzzRender, FuzzImportNoSQLWorkbench) the fuzzer stood at
# 0 execs/s for most of a minute, and at 2 s still for whole intervals.
# 0s turns minimizing off: the corpus keeps new inputs as found (larger),
# a crash is still reported and saved, only not shrunk.
FUZZ_PKGS ?= . ./engine/... ./model/... ./codegen/snippet/... ./visualizer/...
FUZZTIME ?= 30s
FUZZMINIMIZETIME ?= 0s

# bench-compare: rounds and per-run iterations for scripts/bench-compare.sh.
COMPARE_COUNT ?= 3
COMPARE_BENCHTIME ?= 20000x

# loadtest: clients and duration of cmd/loadtest against a fresh server.
LOADTEST_CLIENTS ?= 64
LOADTEST_DURATION ?= 1m
LOADTEST_ADDR ?= 127.0.0.1:18080

# bench-browser: repetitions of each page journey (each is a new tab).
BROWSER_BENCHCOUNT ?= 3

.PHONY: help build run test bench bench-browser bench-compare fuzz loadtest screenshots clean

help: ## list the targets
	@echo 'Targets:'
	@awk -F ':.*## ' '/^[a-z][a-z-]*:.*## / { printf "  %-7s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)
	@echo
	@echo 'Variables: VERSION, WASMFLAGS, RUN_FLAGS, BENCH_PKGS, BENCH, BENCHTIME, BENCHCOUNT, BROWSER_BENCHCOUNT, FUZZ_PKGS, FUZZTIME, FUZZMINIMIZETIME, LOADTEST_CLIENTS, LOADTEST_DURATION, LOADTEST_ADDR'

# Each step says what it does first: a first build compiles the whole
# dependency tree twice (wasm and native) and is silent for minutes otherwise.
build: ## build web/app.wasm (+ .gz) and the server, bin/workbench
	@echo '>> [0/4] fetching the Go modules (only the first time; quiet when cached)'
	$(GO) mod download
	@echo '>> [1/4] compiling the page: $(WASM) (GOOS=js GOARCH=wasm; a first build takes a few minutes)'
	GOOS=js GOARCH=wasm $(GO) build $(BUILDFLAGS) $(WASMFLAGS) -o $(WASM) ./wasm
	@# zopfli writes a standard gzip stream 0.16 MB smaller than gzip -9's (in
	@# half a minute); without it, gzip -9.
	@echo '>> [2/4] compressing $(WASM) with zopfli (gzip -9 without it)'
	if command -v zopfli >/dev/null; then zopfli --i1 -c $(WASM) > $(WASM).gz.tmp; else gzip -9 -n -c $(WASM) > $(WASM).gz.tmp; fi
	mv $(WASM).gz.tmp $(WASM).gz
	@# brotli is optional: without it the page's wasm travels gzip-compressed.
	@echo '>> [3/4] compressing $(WASM) with brotli, if installed'
	if command -v brotli >/dev/null; then \
		brotli -q 9 -w 24 -f -o $(WASM).br $(WASM) && sha256sum $(WASM) | cut -c1-64 > $(WASM).br.sha256; \
	else \
		rm -f $(WASM).br $(WASM).br.sha256; echo "brotli not installed: serving app.wasm gzip-compressed only"; \
	fi
	@echo '>> [4/4] compiling the server: $(BIN) (it embeds web/)'
	$(GO) build $(BUILDFLAGS) -ldflags '$(LDFLAGS)' -o $(BIN) .
	@ls -l $(WASM)* $(BIN)

run: build ## build, then serve on http://127.0.0.1:8080
	@echo '>> starting $(BIN) $(RUN_FLAGS) (the server prints its address; Ctrl-C stops it)'
	./$(BIN) $(RUN_FLAGS)

test: build ## everything CI runs: gofmt, vet, -race tests, the emulator's and the design layer's tests under wasm, the browser journeys (e2e)
	@unformatted="$$("$$($(GO) env GOROOT)/bin/gofmt" -l .)"; \
	if [[ -n "$$unformatted" ]]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./app/... ./wasm/... ./engine/... ./model/...
	WORKBENCH_REQUIRE_BROWSER=1 $(GO) test -timeout 40m -race -tags invariants ./...
	PATH="$$($(GO) env GOROOT)/lib/wasm:$$PATH" GOOS=js GOARCH=wasm $(GO) test -timeout 30m -tags invariants ./engine/... ./model/...

screenshots: build ## save a screenshot of each main view in docs/screenshots (from the browser tests)
	WORKBENCH_REQUIRE_BROWSER=1 WORKBENCH_SCREENSHOTS='$(CURDIR)/docs/screenshots' $(GO) test -timeout 20m -count=1 -run '^TestBrowser' ./e2e
	@ls docs/screenshots

bench: ## run the benchmarks in BENCH_PKGS
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchmem -benchtime '$(BENCHTIME)' -count '$(BENCHCOUNT)' $(BENCH_PKGS)

bench-browser: build ## the page's figures in headless Chromium: longest main-thread task while loading 100,000 and 1,000,000 items (time, items/s; every task from Chromium's trace, with its CPU time), simulating a day, clicking the tabs after a load of 100,000 and of 1,000,000 items and playing the clock over it; time to interactive cold and warm
	@echo ">> machine load: $$(uptime)"
	WORKBENCH_REQUIRE_BROWSER=1 $(GO) test -timeout 30m -run '^$$' -bench '^BenchmarkBrowser' -benchtime 1x -count '$(BROWSER_BENCHCOUNT)' ./e2e
	@echo ">> machine load: $$(uptime)"

bench-compare: build ## wire API ops/s vs dynoxide, same clients and load (installs dynoxide from npm into /tmp/dynoxide, wrk from Debian)
	SKIP_BUILD=1 COUNT='$(COMPARE_COUNT)' BENCHTIME='$(COMPARE_BENCHTIME)' scripts/bench-compare.sh

fuzz: ## run each Fuzz* function in FUZZ_PKGS for FUZZTIME
	@found=0; \
	for pkg in $$($(GO) list $(FUZZ_PKGS)); do \
		list="$$($(GO) test -list '^Fuzz' "$$pkg")"; \
		for fn in $$(grep '^Fuzz' <<<"$$list" || true); do \
			found=1; \
			echo ">> $$pkg $$fn ($(FUZZTIME))"; \
			$(GO) test -run '^$$' -fuzz "^$$fn\$$" -fuzztime '$(FUZZTIME)' -fuzzminimizetime '$(FUZZMINIMIZETIME)' "$$pkg"; \
		done; \
	done; \
	if [[ $$found == 0 ]]; then echo "no Fuzz* functions in $(FUZZ_PKGS)"; fi

loadtest: build ## 64 clients, mixed reads and conditional writes for a minute against a fresh server: no lost write, flat memory
	$(GO) build $(BUILDFLAGS) -o bin/loadtest ./cmd/loadtest
	@data="$$(mktemp -d)"; \
	./$(BIN) -addr '$(LOADTEST_ADDR)' -data "$$data" 2>/dev/null & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; rm -rf "$$data"' EXIT; \
	for i in $$(seq 50); do curl -s -o /dev/null 'http://$(LOADTEST_ADDR)/api/patterns' && break; sleep 0.2; done; \
	./bin/loadtest -url 'http://$(LOADTEST_ADDR)' -clients '$(LOADTEST_CLIENTS)' -duration '$(LOADTEST_DURATION)' -pid $$pid

clean: ## remove built files
	rm -rf bin $(WASM) $(WASM).gz $(WASM).gz.tmp
	rm -f coverage.out cover.out coverage.html
