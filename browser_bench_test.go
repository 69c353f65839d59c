package main

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
)

// The page's figures in headless Chromium, on the wasm build (`make
// bench-browser`, which needs `make build`): how long the main thread is
// held at most while it loads 100,000 items and while it simulates a day
// (issue 16's target: under 50 ms), the time to interactive cold and warm,
// and how long the load and the simulation take. Each iteration is a whole
// journey on a new tab and server; run them with -benchtime=1x and a
// -count.
//
// Metrics: longtask-ms is the longest 'longtask' entry (tasks of 50 ms and
// more; 0 when there was none), longtasks their number, frame-gap-ms the
// longest gap between two animation frames (what a person sees as a
// freeze; it includes the paint).

// reportResponsiveness reports the monitor's figures with b.ReportMetric.
func reportResponsiveness(bb *testing.B, br *browser) {
	bb.Helper()
	longest, tasks, gap, supported := br.responsiveness()
	if !supported {
		bb.Log("this Chromium does not report 'longtask' entries: only frame-gap-ms is measured")
	}
	bb.ReportMetric(longest, "longtask-ms")
	bb.ReportMetric(float64(tasks), "longtasks")
	bb.ReportMetric(gap, "frame-gap-ms")
}

// BenchmarkBrowserLoad100k loads 100,000 items of the multi-tenancy
// pattern with the Load button: load-ms from the click to the last item
// counted, and the main thread's longest task meanwhile.
func BenchmarkBrowserLoad100k(bb *testing.B) {
	const items = 100000
	for i := 0; i < bb.N; i++ {
		bb.StopTimer()
		br := startBrowserTB(bb)
		br.open("/?pattern=multi-tenancy&items=100")
		br.waitLoaded(100, time.Minute)
		br.monitor()
		br.setField(app.IDLoadSize, strconv.Itoa(items))
		bb.StartTimer()
		start := time.Now()
		br.click(app.IDLoadButton)
		br.waitLoaded(items, 5*time.Minute)
		took := time.Since(start)
		bb.StopTimer()
		bb.ReportMetric(float64(took.Milliseconds()), "load-ms")
		reportResponsiveness(bb, br)
	}
}

// BenchmarkBrowserSimulateDay simulates a day of the write-sharding
// pattern's workload on the Load tab: sim-ms from the click to the heat
// map (compute-ms the simulator's own share), and the main thread's
// longest task meanwhile.
func BenchmarkBrowserSimulateDay(bb *testing.B) {
	for i := 0; i < bb.N; i++ {
		bb.StopTimer()
		br := startBrowserTB(bb)
		analysisOpen(br, "write-sharding")
		br.click(app.IDTab + app.TabLoad)
		br.waitFor("the Load panel shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadRun), 30*time.Second)
		br.monitor()
		bb.StartTimer()
		start := time.Now()
		br.click(app.IDLoadRun)
		br.waitFor("the day is simulated", fmt.Sprintf(`document.getElementById(%q)?.dataset.run === "1"`, app.IDLoadHeatMap), 5*time.Minute)
		took := time.Since(start)
		bb.StopTimer()
		// The heat map starts playing at once; its frames are not the
		// simulation's.
		reportResponsiveness(bb, br)
		bb.ReportMetric(float64(took.Milliseconds()), "sim-ms")
		bb.ReportMetric(float64(analysisInt(br, app.IDLoadHeatMap, "computeMs")), "compute-ms")
	}
}

// BenchmarkBrowserInteractive opens the workbench on a new server (cold:
// nothing cached) and then twice more (warm: the service worker has cached
// the wasm by the third visit): from navigation to the engine running.
func BenchmarkBrowserInteractive(bb *testing.B) {
	for i := 0; i < bb.N; i++ {
		bb.StopTimer()
		br := startBrowserTB(bb)
		bb.StartTimer()
		cold := br.open("/")
		bb.StopTimer()
		br.waitFor("the service worker controls the page", `!!navigator.serviceWorker.controller`, time.Minute)
		br.open("/")
		br.waitFor("the wasm is cached", `(async () => !!(await caches.match("/web/app.wasm")))()`, time.Minute)
		warm := br.open("/")
		bb.ReportMetric(float64(cold.Milliseconds()), "cold-ms")
		bb.ReportMetric(float64(warm.Milliseconds()), "warm-ms")
	}
}
