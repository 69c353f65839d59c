#!/usr/bin/env bash
# bench-compare.sh: the wire API's throughput against dynoxide's, side by side.
#
# Starts dynoxide (the fastest DynamoDB emulator we can run here; its Linux
# binary comes from npm as @dynoxide/linux-x64, installed into a temp dir,
# never into the repository) and bin/workbench, each on a free loopback port,
# then runs the same loads against each in turn, interleaved, and prints
# ops/s for both, the ratio, and each server's CPU time per operation (from
# /proc). The loads, ~200-byte items over 10,000 keys:
#   - PutItem, GetItem, Query: the AWS SDK for Go v2 (engine/wire's
#     BenchmarkWirePutItem, BenchmarkWireGetItem and BenchmarkWireQuery, a
#     Query of one partition by pk = :pk; b.RunParallel);
#   - RawPutItem, RawGetItem, RawQuery: Go's net/http client sending
#     byte-identical requests (BenchmarkWireRaw*);
#   - WrkPutItem, WrkGetItem, WrkQuery: wrk, a C load generator (Debian's package,
#     installed if missing), with the same requests (scripts/wrk-load.lua),
#     every answer checked.
# On 2 cores the client shares the CPU with the server, so a heavier client
# hides more of the servers' difference: for the Go clients a third row runs
# the same load against a null server that answers without doing any work,
# the client's own ceiling on this machine, which bounds every server's
# figure. wrk spends the least CPU per request, so its rows come closest to
# the servers' own throughput.
#
# Usage: scripts/bench-compare.sh            (from anywhere in the repository)
# Environment:
#   BENCHTIME=20000x   per benchmark run (go test -benchtime; a fixed count keeps
#                      the server CPU per operation exact)
#   COUNT=3            interleaved rounds; the figures are medians
#   PARALLELISM=4      b.SetParallelism (client goroutines = PARALLELISM x GOMAXPROCS)
#   DYNOXIDE_DIR=/tmp/dynoxide   where npm installs dynoxide
#   DYNOXIDE_VERSION=1.2.1
#   WORKBENCH_BIN=bin/workbench  (the script runs `make build` first unless SKIP_BUILD=1)
#   BASE_BIN=        another workbench binary (say, main's) run in the same
#                    rounds, for a before/after: its figures are printed beside

#   WRK_DURATION=10s   per wrk run; WRK_CONNECTIONS=16 (one wrk thread)
set -euo pipefail
# BENCHES: the loads to run (PutItem, GetItem, Query, RawPutItem,
# RawGetItem, RawQuery, WrkPutItem, WrkGetItem, WrkQuery: see above).
BENCHES=${BENCHES:-PutItem GetItem Query RawPutItem RawGetItem RawQuery WrkPutItem WrkGetItem WrkQuery}
WRK_DURATION=${WRK_DURATION:-10s}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-16}

cd "$(dirname "$0")/.."
BENCHTIME=${BENCHTIME:-20000x}
COUNT=${COUNT:-3}
PARALLELISM=${PARALLELISM:-4}
DYNOXIDE_DIR=${DYNOXIDE_DIR:-/tmp/dynoxide}
DYNOXIDE_VERSION=${DYNOXIDE_VERSION:-1.2.1}
WORKBENCH_BIN=${WORKBENCH_BIN:-bin/workbench}
DYNOXIDE_BIN=$DYNOXIDE_DIR/node_modules/@dynoxide/linux-x64/dynoxide

if [[ ! -x $DYNOXIDE_BIN ]]; then
	echo ">> installing @dynoxide/linux-x64@$DYNOXIDE_VERSION into $DYNOXIDE_DIR"
	mkdir -p "$DYNOXIDE_DIR"
	npm install --silent --no-save --no-audit --no-fund --prefix "$DYNOXIDE_DIR" "@dynoxide/linux-x64@$DYNOXIDE_VERSION" >/dev/null
fi
if [[ $BENCHES == *Wrk* ]] && ! command -v wrk >/dev/null; then
	echo ">> installing wrk (Debian package)"
	sudo=()
	[[ "$(id -u)" != 0 ]] && sudo=(sudo)
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null ||
		{ "${sudo[@]}" apt-get update >/dev/null && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null; }
fi
if [[ -z ${SKIP_BUILD:-} ]]; then
	echo ">> make build"
	make build >/dev/null
fi

work=$(mktemp -d)
pids=()
cleanup() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

# free_port: a loopback port nothing listens on.
free_port() {
	local p
	while :; do
		p=$((20000 + RANDOM % 40000))
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return
		fi
	done
}

# wait_ready PORT: until the server answers a DynamoDB request.
wait_ready() {
	for _ in $(seq 100); do
		if curl -s -o /dev/null -X POST "http://127.0.0.1:$1/" \
			-H 'Content-Type: application/x-amz-json-1.0' -H 'X-Amz-Target: DynamoDB_20120810.ListTables' \
			-H 'X-Amz-Date: 20260101T000000Z' \
			-H 'Authorization: AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0' \
			-d '{}'; then
			return 0
		fi
		sleep 0.1
	done
	echo "server on port $1 did not start" >&2
	return 1
}

wb_port=$(free_port)
dx_port=$(free_port)
while [[ $dx_port == "$wb_port" ]]; do dx_port=$(free_port); done
"$WORKBENCH_BIN" -addr "127.0.0.1:$wb_port" >"$work/workbench.log" 2>&1 &
wb_pid=$!
pids+=("$wb_pid")
"$DYNOXIDE_BIN" serve --host 127.0.0.1 --port "$dx_port" >"$work/dynoxide.log" 2>&1 &
dx_pid=$!
pids+=("$dx_pid")
wait_ready "$wb_port"
wait_ready "$dx_port"
if [[ -n ${BASE_BIN:-} ]]; then
	base_port=$(free_port)
	while [[ $base_port == "$wb_port" || $base_port == "$dx_port" ]]; do base_port=$(free_port); done
	"$BASE_BIN" -addr "127.0.0.1:$base_port" -data "$work/base-data" >"$work/base.log" 2>&1 &
	base_pid=$!
	pids+=("$base_pid")
	wait_ready "$base_port"
fi

echo ">> compiling the benchmark"
go test -c -o "$work/wire.test" ./engine/wire

# cpu_ticks PID: user+system clock ticks the process has used (0 without a
# process: the null server runs inside the benchmark).
cpu_ticks() { if [[ -n $1 ]]; then awk '{print $14 + $15}' "/proc/$1/stat"; else echo 0; fi; }
hz=$(getconf CLK_TCK)

# run NAME PORT PID: one round of both benchmarks against one server;
# appends "NAME BENCH ops/s server-µs/op" lines to $work/results.
run() {
	local name=$1 port=$2 pid=$3 bench out before after n ops
	local endpoint="http://127.0.0.1:$port"
	[[ $port == null ]] && endpoint=null
	for bench in $BENCHES; do
		# The null server lives inside the Go benchmark: wrk cannot reach it.
		[[ $bench == Wrk* && $port == null ]] && continue
		before=$(cpu_ticks "$pid")
		if [[ $bench == Wrk* ]]; then
			out=$(OP=${bench#Wrk} wrk -t1 -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" -s scripts/wrk-load.lua "$endpoint/" 2>&1)
			# Every answer must be right: a 200, and for GetItem the item.
			if ! grep -q '^failures: 0$' <<<"$out" || grep -q 'Non-2xx\|Socket errors' <<<"$out"; then
				echo "$out" >&2
				echo "wrk $bench against $name: failed requests" >&2
				exit 1
			fi
			n=$(awk '/requests in/ {print $1}' <<<"$out")
			ops=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
		else
			out=$(WIRE_BENCH_ENDPOINT="$endpoint" WIRE_BENCH_PARALLELISM=$PARALLELISM \
				"$work/wire.test" -test.run '^$' -test.bench "^BenchmarkWire${bench}\$" -test.benchtime "$BENCHTIME" 2>&1) || {
				echo "$out" >&2
				exit 1
			}
			n=$(awk '/^BenchmarkWire/ {print $2}' <<<"$out")
			ops=$(awk '/^BenchmarkWire/ {for (i = 1; i < NF; i++) if ($(i+1) == "ops/s") print $i}' <<<"$out")
		fi
		after=$(cpu_ticks "$pid")
		echo "$name $bench $ops $(awk -v t=$((after - before)) -v hz="$hz" -v n="$n" 'BEGIN {printf "%.1f", t / hz * 1e6 / n}')" >>"$work/results"
		printf '   %-9s %-10s %10s ops/s\n' "$name" "$bench" "$ops"
	done
}

# Create the table and load the 10000 items once per server, outside the
# measured rounds.
for port in "$wb_port" "$dx_port" ${base_port:-}; do
	WIRE_BENCH_ENDPOINT="http://127.0.0.1:$port" "$work/wire.test" -test.run '^$' -test.bench '^BenchmarkWireGetItem$' -test.benchtime 1x >/dev/null
done

echo ">> $COUNT rounds, benchtime $BENCHTIME, parallelism $PARALLELISM, GOMAXPROCS $(nproc) (load: $(cut -d' ' -f1-3 /proc/loadavg))"
for round in $(seq "$COUNT"); do
	echo ">> round $round"
	run workbench "$wb_port" "$wb_pid"
	run dynoxide "$dx_port" "$dx_pid"
	if [[ -n ${base_pid:-} ]]; then run base "$base_port" "$base_pid"; fi
	run null null ""
done

median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo
printf '%-11s %14s %14s %8s   %16s %16s\n' op "workbench ops/s" "dynoxide ops/s" ratio "workbench µs CPU" "dynoxide µs CPU"
for bench in $BENCHES; do
	wb=$(awk -v b=$bench '$1 == "workbench" && $2 == b {print $3}' "$work/results" | median)
	dx=$(awk -v b=$bench '$1 == "dynoxide" && $2 == b {print $3}' "$work/results" | median)
	wbc=$(awk -v b=$bench '$1 == "workbench" && $2 == b {print $4}' "$work/results" | median)
	dxc=$(awk -v b=$bench '$1 == "dynoxide" && $2 == b {print $4}' "$work/results" | median)
	printf '%-11s %14.0f %14.0f %7.2fx   %16.1f %16.1f\n' "$bench" "$wb" "$dx" "$(awk -v a="$wb" -v b="$dx" 'BEGIN {print a / b}')" "$wbc" "$dxc"
done
# The SDK's three operations together: CPU per operation over all of them.
sdk_cpu() { awk -v n="$1" '$1 == n && ($2 == "PutItem" || $2 == "GetItem" || $2 == "Query") {s += $4; k++} END {if (k) printf "%.1f", s / k}' "$work/results"; }
if [[ -n $(sdk_cpu workbench) ]]; then
	echo "SDK Put, Get and Query, mean server CPU per operation over all rounds: workbench $(sdk_cpu workbench) µs, dynoxide $(sdk_cpu dynoxide) µs"
fi
if [[ -n ${base_pid:-} ]]; then
	echo
	printf '%-11s %14s %16s   %s\n' op "base ops/s" "base µs CPU" "(BASE_BIN=$BASE_BIN, same rounds)"
	for bench in $BENCHES; do
		printf '%-11s %14.0f %16.1f\n' "$bench" "$(awk -v b=$bench '$1 == "base" && $2 == b {print $3}' "$work/results" | median)" \
			"$(awk -v b=$bench '$1 == "base" && $2 == b {print $4}' "$work/results" | median)"
	done
	[[ -n $(sdk_cpu base) ]] && echo "SDK Put, Get and Query, mean server CPU per operation: base $(sdk_cpu base) µs"
fi
for bench in $BENCHES; do
	[[ $bench == Wrk* ]] && continue
	printf '%-11s %14.0f   null server (no work at all): the client'"'"'s ceiling on this machine\n' "$bench" \
		"$(awk -v b=$bench '$1 == "null" && $2 == b {print $3}' "$work/results" | median)"
done
echo "(ops/s: medians of $COUNT rounds; µs CPU: server CPU time per operation, from /proc/<pid>/stat)"
