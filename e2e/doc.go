// Package e2e holds the browser journeys: the workbench's binary, built
// once per test run and started per test with a share store of its own,
// driven in headless Chromium through chromedp (harness_test.go shares one
// browser between tests, a tab each). `make test` runs them with
// WORKBENCH_REQUIRE_BROWSER=1, which turns a missing Chromium or an
// unbuilt page into a failure; `make bench-browser` runs the page's
// benchmarks (bench_test.go) and `make screenshots` saves each main view.
//
// The package has no code of its own outside its tests.
package e2e
