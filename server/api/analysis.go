package api

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// The partition calculator, the workload simulator and the cost analysis
// over HTTP (mounted by newServer):
//
//	GET  /api/partitions?rcu=R&wcu=W&sizeGB=G[&mode=on-demand]   a table's partitions and the arithmetic
//	POST /api/partitions  {"mode","rcu","wcu","sizeGB","hasLSI","history":[{op,...}]}  the same after a history
//	POST /api/simulate    {"model":{...},"duration":"1h" or "seconds":3600,"interval":60,
//	                       "sharding":true,"burst":true,"adaptive":true,"split":true}
//	POST /api/analyze     {"model":{...},"items":1000,"targetUtilization":0.7}
//
// Errors are {"error": "..."} with 400 (bad input, or a simulation needing
// more than simulationBudget), 405 (wrong method) or 413 (a body over
// maxAnalysisBody). A request whose client leaves is cancelled.

// Limits of the analysis API.
const (
	// maxAnalysisBody bounds a request body.
	maxAnalysisBody = 4 << 20
	// maxHistory bounds the operations of a posted history.
	maxHistory = 1000
	// maxLayoutGB bounds a calculated table's data, all sizes and growth
	// together (100 TB, about 10,000 partitions): each size split walks
	// every partition, so the work grows with the square of their number
	// (640 TB, the layout's 65,536 partitions, took 14 s).
	maxLayoutGB = 100_000
	// maxSeriesSamples bounds the samples of each returned series: the
	// interval is raised until a series fits.
	maxSeriesSamples = 360
	// maxSeriesPartitions bounds the per-partition series returned per key
	// space (the most throttled first are kept, then the earliest).
	maxSeriesPartitions = 32
	// simulationBudget bounds the simulated work of one request, in
	// partition-seconds (partition.Workload.Budget), all key spaces
	// together: a day on about 230 partitions, a few seconds of a core and
	// tens of megabytes. A model that needs more is refused with 400 (a
	// huge write rate multiplies partitions, and the work of every second
	// with them, however short the duration).
	simulationBudget = 20_000_000
)

// analysisAPI returns the handler of /api/partitions, /api/simulate and
// /api/analyze.
func analysisAPI() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/partitions", servePartitionsGet)
	mux.HandleFunc("POST /api/partitions", servePartitionsPost)
	mux.HandleFunc("POST /api/simulate", serveSimulate)
	mux.HandleFunc("POST /api/analyze", serveAnalyze)
	for path, allow := range map[string]string{"/api/partitions": "GET, POST", "/api/simulate": "POST", "/api/analyze": "POST"} {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", allow)
			apiError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s %s: method not allowed (use %s)", r.Method, path, allow))
		})
	}
	return mux
}

// apiJSON writes v as JSON.
func apiJSON(w http.ResponseWriter, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		apiError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(append(body, '\n'))
}

// readBody decodes a JSON request body of at most maxAnalysisBody bytes
// into v, rejecting unknown members. It writes the error response itself
// and reports false on failure.
func readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	return readBodyMax(w, r, maxAnalysisBody, v)
}

// readBodyMax is readBody with a bound of limit bytes.
func readBodyMax(w http.ResponseWriter, r *http.Request, limit int64, v any) bool {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", limit))
			return false
		}
		apiError(w, http.StatusBadRequest, "reading the body: "+err.Error())
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		apiError(w, http.StatusBadRequest, "the body is not valid JSON for this endpoint: "+err.Error())
		return false
	}
	if dec.More() {
		apiError(w, http.StatusBadRequest, "the body holds more than one JSON value")
		return false
	}
	return true
}

// ---- partitions ----

// partitionsAnswer is the answer of /api/partitions.
type partitionsAnswer struct {
	Mode       string  `json:"mode"`
	RCU        float64 `json:"rcu"`
	WCU        float64 `json:"wcu"`
	SizeGB     float64 `json:"sizeGB"`
	Partitions int     `json:"partitions"`
	// PerPartition is each partition's throughput when they are equal, the
	// largest share otherwise (Even says which).
	PerPartition struct {
		RCU float64 `json:"rcu"`
		WCU float64 `json:"wcu"`
	} `json:"perPartition"`
	Even bool `json:"even"`
	// Steps is the layout's history, each with its arithmetic.
	Steps []partition.Step `json:"steps"`
	// List is every partition: hash range, share, throughput, data.
	List []partition.Partition `json:"list"`
	Text string                `json:"text"`
}

func answerLayout(l *partition.Layout) partitionsAnswer {
	a := partitionsAnswer{Mode: l.Mode().String(), RCU: l.RCU(), WCU: l.WCU(), SizeGB: float64(l.Bytes()) / partition.GB,
		Partitions: l.Len(), Steps: l.History(), List: l.Partitions(), Even: true}
	for i, p := range a.List {
		if i > 0 && (p.RCU != a.List[0].RCU || p.WCU != a.List[0].WCU) {
			a.Even = false
		}
		a.PerPartition.RCU = math.Max(a.PerPartition.RCU, p.RCU)
		a.PerPartition.WCU = math.Max(a.PerPartition.WCU, p.WCU)
	}
	a.Text = l.String()
	return a
}

func queryFloat(r *http.Request, name string) (float64, error) {
	s := r.URL.Query().Get(name)
	if s == "" {
		return 0, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return 0, fmt.Errorf("%s=%q: want a finite number, at least 0", name, s)
	}
	return f, nil
}

func servePartitionsGet(w http.ResponseWriter, r *http.Request) {
	var spec partition.Spec
	var err error
	for _, f := range []struct {
		name string
		dst  *float64
	}{{"rcu", &spec.RCU}, {"wcu", &spec.WCU}, {"sizeGB", &spec.SizeGB}} {
		if *f.dst, err = queryFloat(r, f.name); err != nil {
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	if m := r.URL.Query().Get("mode"); m != "" {
		if err := spec.Mode.UnmarshalText([]byte(m)); err != nil {
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	spec.HasLSI = r.URL.Query().Get("hasLSI") == "true"
	if spec.SizeGB > maxLayoutGB {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("sizeGB=%s: at most %d GB here", strconv.FormatFloat(spec.SizeGB, 'f', -1, 64), maxLayoutGB))
		return
	}
	l, err := partition.New(spec)
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	apiJSON(w, answerLayout(l))
}

// partitionsRequest is the body of POST /api/partitions: the table as
// created, then a history of operations. A history may also start with
// {"op":"create","rcu":..,"wcu":..,"sizeGB":..,"mode":..}, and "raise" and
// "lower" are accepted for "throughput", "split" for "grow" of one
// partition beyond 10 GB.
type partitionsRequest struct {
	partition.Spec
	History []historyStep `json:"history"`
}

type historyStep struct {
	partition.Operation
	Mode   string  `json:"mode,omitempty"`
	SizeGB float64 `json:"sizeGB,omitempty"`
}

func servePartitionsPost(w http.ResponseWriter, r *http.Request) {
	var req partitionsRequest
	if !readBody(w, r, &req) {
		return
	}
	if len(req.History) > maxHistory {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("history of %d steps: at most %d", len(req.History), maxHistory))
		return
	}
	spec := req.Spec
	hist := req.History
	if len(hist) > 0 && hist[0].Op == "create" {
		h := hist[0]
		spec = partition.Spec{RCU: h.RCU, WCU: h.WCU, SizeGB: h.SizeGB, HasLSI: req.HasLSI}
		if h.Mode != "" {
			if err := spec.Mode.UnmarshalText([]byte(h.Mode)); err != nil {
				apiError(w, http.StatusBadRequest, "history step 1 (create): "+err.Error())
				return
			}
		}
		hist = hist[1:]
	}
	ops := make([]partition.Operation, 0, len(hist))
	for i, h := range hist {
		op := h.Operation
		switch op.Op {
		case "create":
			apiError(w, http.StatusBadRequest, fmt.Sprintf("history step %d: create must come first", i+1))
			return
		case "raise", "lower":
			op.Op = "throughput"
		case "split":
			// Fill one partition past 10 GB: it splits in two.
			if op.Partition == nil {
				zero := 0
				op.Partition = &zero
			}
			op.Op = "grow"
			if op.GB == 0 {
				op.GB = partition.PartitionBytes/partition.GB + 0.001
			}
		}
		if h.SizeGB != 0 && op.GB == 0 {
			op.GB = h.SizeGB
		}
		ops = append(ops, op)
	}
	total := spec.SizeGB
	for _, op := range ops {
		total += max(0, op.GB)
	}
	if total > maxLayoutGB {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("the table's size and growth add up to %s GB: at most %d GB here", strconv.FormatFloat(total, 'f', -1, 64), maxLayoutGB))
		return
	}
	l, err := partition.Replay(spec, ops)
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	apiJSON(w, answerLayout(l))
}

// ---- simulate and analyze ----

// modelRequest is the part of a body that carries the model.
type modelRequest struct {
	Model json.RawMessage `json:"model"`
	// Items caps a generated dataset (0: analysis.DefaultItems).
	Items int `json:"items,omitempty"`
}

// parseModel parses the posted model document.
func (q modelRequest) parseModel() (*model.Model, error) {
	if len(q.Model) == 0 || string(q.Model) == "null" {
		return nil, errors.New(`the body needs a "model": the model document (docs/model-format.md)`)
	}
	m, err := model.Parse(q.Model)
	if err != nil {
		return nil, fmt.Errorf("model: %v", err)
	}
	return m, nil
}

// simulateRequest is the body of POST /api/simulate.
type simulateRequest struct {
	modelRequest
	// Duration is a Go duration ("1h", "90m"), or Seconds a count; absent,
	// the workload's durationSeconds, else 600 s. At most a day.
	Duration string `json:"duration,omitempty"`
	Seconds  int    `json:"seconds,omitempty"`
	// Interval is the seconds per sample (0: the smallest that keeps a
	// series within 360 samples).
	Interval int `json:"interval,omitempty"`
	// The Load panel's switches, each true when absent: Sharding keeps
	// the workload's write shards (off, every request goes to the
	// unsharded key and a scatter-gather read is one read); Burst banks
	// 300 s of unused capacity; Adaptive lends partitions the table's
	// unused throughput; Split splits a partition hot for 5 minutes.
	Sharding *bool `json:"sharding,omitempty"`
	Burst    *bool `json:"burst,omitempty"`
	Adaptive *bool `json:"adaptive,omitempty"`
	Split    *bool `json:"split,omitempty"`
}

// on is a switch's value: true unless set to false.
func on(b *bool) bool { return b == nil || *b }

// applySwitches turns the switches off in a key space's workload, as the
// page's Load panel does (app/panel_load_simulate.go, loadWorkload).
func (q simulateRequest) applySwitches(w partition.Workload) partition.Workload {
	w.Patterns = slices.Clone(w.Patterns)
	if !on(q.Sharding) {
		for i := range w.Patterns {
			w.Patterns[i].Sharding = partition.Sharding{}
			w.Patterns[i].ReadAll = false
		}
	}
	w.DisableBurst = !on(q.Burst)
	w.DisableAdaptive = !on(q.Adaptive)
	w.DisableSplitForHeat = !on(q.Split)
	return w
}

// analysisFailed answers an analysis or simulation error: 400 for the
// model's or the request's fault (a simulation over its budget included),
// nothing useful when the client has gone.
func analysisFailed(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil {
		apiError(w, http.StatusServiceUnavailable, "cancelled: the client went away")
		return
	}
	apiError(w, http.StatusBadRequest, err.Error())
}

// simulateAnswer is the answer of POST /api/simulate.
type simulateAnswer struct {
	Seconds  int `json:"seconds"`
	Interval int `json:"interval"`
	Totals   struct {
		Requests       float64 `json:"requests"`
		Throttled      float64 `json:"throttled"`
		ReadUnits      float64 `json:"readUnits"`
		WriteUnits     float64 `json:"writeUnits"`
		ReadThrottled  float64 `json:"readThrottled"`
		WriteThrottled float64 `json:"writeThrottled"`
		Partitions     int     `json:"partitions"`
	} `json:"totals"`
	// PartitionCount is, per sample, the partitions of every key space
	// together; each key space has its own in its result's table series.
	PartitionCount []int             `json:"partitionCount"`
	KeySpaces      []keySpaceAnswer  `json:"keySpaces"`
	Events         []simulationEvent `json:"events"`
}

type keySpaceAnswer struct {
	Table          string                      `json:"table"`
	Index          string                      `json:"index,omitempty"`
	Patterns       []partition.AccessPattern   `json:"patterns"`
	PartitionCount []int                       `json:"partitionCount"`
	Totals         partition.Totals            `json:"totals"`
	PatternResults []partition.PatternResult   `json:"patternResults"`
	Series         []partition.TableSample     `json:"series"`
	Partitions     []partition.PartitionSeries `json:"partitions"`
	// Truncated counts the partition series left out (over 32).
	Truncated int               `json:"truncated,omitempty"`
	Events    []partition.Event `json:"events"`
}

type simulationEvent struct {
	Table string `json:"table"`
	Index string `json:"index,omitempty"`
	partition.Event
}

func serveSimulate(w http.ResponseWriter, r *http.Request) {
	var req simulateRequest
	if !readBody(w, r, &req) {
		return
	}
	m, err := req.parseModel()
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	secs := req.Seconds
	if req.Duration != "" {
		if req.Seconds != 0 {
			apiError(w, http.StatusBadRequest, `give "duration" or "seconds", not both`)
			return
		}
		d, err := time.ParseDuration(req.Duration)
		if err != nil {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("duration %q: %v", req.Duration, err))
			return
		}
		if d%time.Second != 0 {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("duration %q: whole seconds only", req.Duration))
			return
		}
		secs = int(min(d/time.Second, math.MaxInt32))
		if secs <= 0 {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("duration %q: above 0", req.Duration))
			return
		}
	}
	if secs < 0 || secs > analysis.MaxSimulationSeconds {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("duration of %d s: 1 to %d s (a day)", secs, analysis.MaxSimulationSeconds))
		return
	}
	if m.Workload == nil || len(m.Workload.Requests) == 0 {
		apiError(w, http.StatusBadRequest, `the model has no "workload" to simulate`)
		return
	}
	if secs == 0 {
		secs = analysis.DefaultSimulateSeconds
		if d := m.Workload.DurationSeconds; d > 0 {
			secs = min(d, analysis.MaxSimulationSeconds)
		}
	}
	interval := req.Interval
	if interval < 0 {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("interval %d: at least 0", interval))
		return
	}
	if minInterval := (secs + maxSeriesSamples - 1) / maxSeriesSamples; interval < minInterval {
		if req.Interval != 0 {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("interval %d s gives over %d samples for %d s: at least %d", interval, maxSeriesSamples, secs, minInterval))
			return
		}
		interval = minInterval
	}
	if req.Items < 0 || req.Items > analysis.MaxItems {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("items %d: 0 to %d", req.Items, analysis.MaxItems))
		return
	}
	sims, err := analysis.Simulate(m, analysis.Options{Resolve: patterns.Generator, Items: req.Items,
		Context: r.Context(), Budget: simulationBudget, Workload: req.applySwitches}, secs, interval)
	if err != nil {
		analysisFailed(w, r, err)
		return
	}
	a := simulateAnswer{Seconds: secs, Interval: interval, KeySpaces: []keySpaceAnswer{}, Events: []simulationEvent{}}
	for _, s := range sims {
		res := s.Result
		ks := keySpaceAnswer{Table: s.Table, Index: s.Index, Patterns: s.Workload.Patterns, Totals: res.Totals,
			PatternResults: res.Patterns, Series: res.Table, Events: res.Events}
		if ks.Events == nil {
			ks.Events = []partition.Event{}
		}
		for i, t := range res.Table {
			ks.PartitionCount = append(ks.PartitionCount, t.Partitions)
			if i >= len(a.PartitionCount) {
				a.PartitionCount = append(a.PartitionCount, 0)
			}
			a.PartitionCount[i] += t.Partitions
		}
		ks.Partitions, ks.Truncated = keepSeries(res.Partitions, maxSeriesPartitions)
		for _, e := range res.Events {
			a.Events = append(a.Events, simulationEvent{Table: s.Table, Index: s.Index, Event: e})
		}
		t := &a.Totals
		t.Requests += res.Totals.Requests
		t.Throttled += res.Totals.Throttled
		t.ReadUnits += res.Totals.ReadUnits
		t.WriteUnits += res.Totals.WriteUnits
		t.ReadThrottled += res.Totals.ReadThrottled
		t.WriteThrottled += res.Totals.WriteThrottled
		t.Partitions += res.Totals.PartitionsEnd
		a.KeySpaces = append(a.KeySpaces, ks)
	}
	if a.PartitionCount == nil {
		a.PartitionCount = []int{}
	}
	apiJSON(w, a)
}

// analyzeRequest is the body of POST /api/analyze.
type analyzeRequest struct {
	modelRequest
	// TargetUtilization is the provisioned mode's target (0: 1).
	TargetUtilization float64 `json:"targetUtilization,omitempty"`
	// Prices replaces the us-east-1 price table.
	Prices *partition.Prices `json:"prices,omitempty"`
}

func serveAnalyze(w http.ResponseWriter, r *http.Request) {
	var req analyzeRequest
	if !readBody(w, r, &req) {
		return
	}
	m, err := req.parseModel()
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	rep, err := analysis.Analyze(m, analysis.Options{Resolve: patterns.Generator, Items: req.Items,
		TargetUtilization: req.TargetUtilization, Prices: req.Prices, Context: r.Context(), Budget: simulationBudget})
	if err != nil {
		analysisFailed(w, r, err)
		return
	}
	apiJSON(w, rep)
}

// keepSeries keeps at most n partition series: the most throttled, then
// the earliest made, in their original order; it reports how many it left
// out.
func keepSeries(all []partition.PartitionSeries, n int) ([]partition.PartitionSeries, int) {
	if len(all) <= n {
		return all, 0
	}
	throttled := make([]float64, len(all))
	idx := make([]int, len(all))
	for i, p := range all {
		idx[i] = i
		for _, x := range p.Read.Throttled {
			throttled[i] += x
		}
		for _, x := range p.Write.Throttled {
			throttled[i] += x
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(throttled[b], throttled[a]) })
	idx = idx[:n]
	slices.Sort(idx)
	out := make([]partition.PartitionSeries, n)
	for i, j := range idx {
		out[i] = all[j]
	}
	return out, len(all) - n
}
