package api

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// call sends a request to the analysis API and decodes the JSON answer.
func call(t *testing.T, method, target, body string) (int, map[string]any) {
	t.Helper()
	var rd *strings.Reader
	if body != "" {
		rd = strings.NewReader(body)
	} else {
		rd = strings.NewReader("")
	}
	req := httptest.NewRequest(method, target, rd)
	rec := httptest.NewRecorder()
	analysisAPI().ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s %s: answer is not a JSON object: %v\n%s", method, target, err, rec.Body.String())
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s %s: Content-Type %q", method, target, ct)
	}
	return rec.Code, out
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func perPartition(t *testing.T, out map[string]any) (rcu, wcu float64) {
	t.Helper()
	pp, ok := out["perPartition"].(map[string]any)
	if !ok {
		t.Fatalf("no perPartition in %v", out)
	}
	return pp["rcu"].(float64), pp["wcu"].(float64)
}

func TestPartitionsGetSeed003(t *testing.T) {
	for _, c := range []struct {
		query      string
		partitions float64
		rcu, wcu   float64
	}{
		{"rcu=1000&wcu=500", 1, 1000, 500},
		{"rcu=1000&wcu=1000", 2, 500, 500},
		{"rcu=5000&wcu=2000", 4, 1250, 500},
		{"rcu=0&wcu=1900", 2, 0, 950},
		{"rcu=1000&wcu=500&sizeGB=25", 3, 1000.0 / 3, 500.0 / 3},
	} {
		code, out := call(t, "GET", "/api/partitions?"+c.query, "")
		if code != http.StatusOK {
			t.Fatalf("%s: %d %v", c.query, code, out)
		}
		if out["partitions"] != c.partitions {
			t.Errorf("%s: %v partitions, want %v", c.query, out["partitions"], c.partitions)
		}
		if r, w := perPartition(t, out); !near(r, c.rcu) || !near(w, c.wcu) {
			t.Errorf("%s: per partition %v/%v, want %v/%v", c.query, r, w, c.rcu, c.wcu)
		}
		steps, _ := out["steps"].([]any)
		if len(steps) == 0 || !strings.Contains(steps[0].(map[string]any)["text"].(string), "ceil(") {
			t.Errorf("%s: steps without arithmetic: %v", c.query, steps)
		}
	}
	for _, q := range []string{"rcu=abc", "rcu=-1", "wcu=NaN", "mode=sometimes"} {
		if code, out := call(t, "GET", "/api/partitions?"+q, ""); code != http.StatusBadRequest || out["error"] == "" {
			t.Errorf("%s: %d %v, want 400 with an error", q, code, out)
		}
	}
}

func TestPartitionsPostHistory(t *testing.T) {
	// Seed 003: 5,000 + 2,000 → 4; raising reads to 8,000 → 8 of 1,000 + 250.
	code, out := call(t, "POST", "/api/partitions",
		`{"history":[{"op":"create","rcu":5000,"wcu":2000},{"op":"raise","rcu":8000,"wcu":2000}]}`)
	if code != http.StatusOK || out["partitions"] != 8.0 {
		t.Fatalf("raise: %d %v", code, out["partitions"])
	}
	if r, w := perPartition(t, out); r != 1000 || w != 250 {
		t.Errorf("raise: %v/%v per partition, want 1000/250", r, w)
	}
	// One of 4 partitions filling: 5 partitions, three at 1,250 + 500 and
	// two at 625 + 250.
	code, out = call(t, "POST", "/api/partitions", `{"rcu":5000,"wcu":2000,"history":[{"op":"split","partition":1}]}`)
	if code != http.StatusOK || out["partitions"] != 5.0 {
		t.Fatalf("split: %d %v", code, out)
	}
	var full, half int
	for _, p := range out["list"].([]any) {
		p := p.(map[string]any)
		switch {
		case p["rcu"] == 1250.0 && p["wcu"] == 500.0:
			full++
		case p["rcu"] == 625.0 && p["wcu"] == 250.0:
			half++
		}
	}
	if full != 3 || half != 2 || out["even"] != false {
		t.Errorf("split: %d full and %d half partitions, even=%v", full, half, out["even"])
	}
	// Lowering never merges: 11 partitions at 200 WCU keep about 18 each.
	code, out = call(t, "POST", "/api/partitions", `{"wcu":11000,"history":[{"op":"lower","wcu":200}]}`)
	if code != http.StatusOK || out["partitions"] != 11.0 {
		t.Fatalf("lower: %d %v", code, out["partitions"])
	}
	if _, w := perPartition(t, out); !near(w, 200.0/11) {
		t.Errorf("lower: %v WCU per partition, want 200/11", w)
	}
	for _, body := range []string{`{"history":[{"op":"explode"}]}`, `{"rcu":1,"history":[{"op":"throughput","rcu":1},{"op":"create"}]}`,
		`{"tables":[]}`, `not json`, `{"rcu":-5}`} {
		if code, out := call(t, "POST", "/api/partitions", body); code != http.StatusBadRequest || out["error"] == "" {
			t.Errorf("%s: %d %v, want 400", body, code, out)
		}
	}
}

func TestAnalyzeEndToEnd(t *testing.T) {
	code, out := call(t, "POST", "/api/analyze", `{"model":`+servertest.PatternJSON(t, "write-sharding", nil)+`}`)
	if code != http.StatusOK {
		t.Fatalf("%d %v", code, out)
	}
	aps := map[string]map[string]any{}
	for _, ap := range out["accessPatterns"].([]any) {
		ap := ap.(map[string]any)
		aps[ap["name"].(string)] = ap
	}
	vote := aps["Cast a vote"]
	if vote == nil || vote["units"] != 1.0 || vote["table"] != "Votes" || vote["op"] != "write" {
		t.Fatalf("Cast a vote: %v", vote)
	}
	// 20,000 WCU/s: on demand 20,000 × 2,628,000 s × $0.625 per million =
	// $32,850; provisioned 20,000 WCU × 730 h × $0.00065 = $9,490.
	if !near(vote["onDemand"].(float64), 32850) || !near(vote["provisioned"].(float64), 9490) {
		t.Errorf("Cast a vote: %v on demand, %v provisioned", vote["onDemand"], vote["provisioned"])
	}
	// No hot key: at most the simulation's note that a partition holding
	// several busy keys is short. (Zero until issue 29, when the engine took DynamoDB's hash: two of the 20 shard keys now share a partition until it splits for heat, so a few votes wait; luck, not design, had kept them apart.)
	if ws, _ := vote["warnings"].([]any); len(ws) > 1 || len(ws) == 1 && !strings.Contains(fmt.Sprint(ws[0]), "no single key exceeds") {
		t.Errorf("the sharded vote has warnings: %v", ws)
	}
	gather := aps["Gather the shards"]
	if gather["requests"] != 20.0 || gather["units"] != 10.0 {
		t.Errorf("Gather the shards: %v requests, %v RCU; want a 20-key fan-out of 0.5 RCU each", gather["requests"], gather["units"])
	}
	tot := out["totals"].(map[string]any)
	if tot["onDemand"].(float64) <= tot["provisioned"].(float64) || tot["cheaper"] != "provisioned" {
		t.Errorf("totals: %v", tot)
	}

	// The unsharded counter: every vote of a candidate on one key.
	unsharded := servertest.PatternJSON(t, "write-sharding", func(m *model.Model) {
		m.Workload.Requests[0].Keys = m.Workload.Requests[0].Keys[:1]
	})
	code, out = call(t, "POST", "/api/analyze", `{"model":`+unsharded+`,"targetUtilization":0.7}`)
	if code != http.StatusOK {
		t.Fatalf("%d %v", code, out)
	}
	var hot bool
	for _, w := range out["warnings"].([]any) {
		w := w.(map[string]any)
		el := w["element"].(map[string]any)
		if w["kind"] == "hot-partition" && el["kind"] == "accessPattern" && el["accessPattern"] == "Cast a vote" {
			hot = true
		}
	}
	if !hot {
		t.Errorf("the unsharded vote is not flagged hot: %v", out["warnings"])
	}
}

func TestSimulateEndToEnd(t *testing.T) {
	code, out := call(t, "POST", "/api/simulate", `{"model":`+servertest.PatternJSON(t, "write-sharding", nil)+`,"duration":"10m"}`)
	if code != http.StatusOK {
		t.Fatalf("%d %v", code, out)
	}
	if out["seconds"] != 600.0 {
		t.Errorf("seconds %v", out["seconds"])
	}
	tot := out["totals"].(map[string]any)
	// 20,000 votes + 3,000 total reads per second for 600 s.
	if r := tot["requests"].(float64); math.Abs(r-23000*600) > 1e-6*r {
		t.Errorf("requests %v, want %v", tot["requests"], 23000*600)
	}
	if _, ok := tot["throttled"].(float64); !ok {
		t.Errorf("no throttled total: %v", tot)
	}
	counts := out["partitionCount"].([]any)
	if len(counts) == 0 || counts[0].(float64) < 1 {
		t.Errorf("partition count over time: %v", counts)
	}
	ks := out["keySpaces"].([]any)
	if len(ks) != 1 {
		t.Fatalf("%d key spaces, want the Votes table", len(ks))
	}
	k := ks[0].(map[string]any)
	parts := k["partitions"].([]any)
	if k["table"] != "Votes" || len(parts) == 0 {
		t.Fatalf("key space %v with %d partition series", k["table"], len(parts))
	}
	if s := parts[0].(map[string]any)["write"].(map[string]any)["consumed"].([]any); len(s) != len(counts) {
		t.Errorf("a partition series of %d samples, the table's %d", len(s), len(counts))
	}
	if _, ok := out["events"].([]any); !ok {
		t.Errorf("no events: %v", out["events"])
	}

	// The unsharded counter is throttled.
	unsharded := servertest.PatternJSON(t, "write-sharding", func(m *model.Model) {
		m.Workload.Requests[0].Keys = m.Workload.Requests[0].Keys[:1]
	})
	code, out = call(t, "POST", "/api/simulate", `{"model":`+unsharded+`,"seconds":300}`)
	if code != http.StatusOK {
		t.Fatalf("%d %v", code, out)
	}
	if thr := out["totals"].(map[string]any)["throttled"].(float64); thr < 300*17000 {
		t.Errorf("unsharded: %v requests throttled, want most of the hot candidate's 18,000/s", thr)
	}
}

func TestAnalysisAPIErrors(t *testing.T) {
	ws := servertest.PatternJSON(t, "write-sharding", nil)
	noWorkload := servertest.PatternJSON(t, "student-data", func(m *model.Model) { m.Workload = nil })
	for _, c := range []struct {
		method, target, body string
		status               int
	}{
		{"PUT", "/api/partitions", "", http.StatusMethodNotAllowed},
		{"POST", "/api/partitions", `{"rcu":100,"wcu":100,"history":[{"op":"grow","gb":600000}]}`, http.StatusBadRequest},
		{"POST", "/api/partitions", `{"rcu":100,"wcu":100,"sizeGB":60000,"history":[{"op":"grow","gb":30000},{"op":"grow","gb":30000}]}`, http.StatusBadRequest},
		{"GET", "/api/partitions?rcu=1&wcu=1&sizeGB=600000", "", http.StatusBadRequest},
		{"GET", "/api/simulate", "", http.StatusMethodNotAllowed},
		{"DELETE", "/api/analyze", "", http.StatusMethodNotAllowed},
		{"POST", "/api/analyze", `{}`, http.StatusBadRequest},
		{"POST", "/api/analyze", `{"model":{"tabels":[]}}`, http.StatusBadRequest},
		{"POST", "/api/analyze", `{"model":` + ws + `,"items":-1}`, http.StatusBadRequest},
		{"POST", "/api/analyze", `{"model":` + ws + `,"unknown":1}`, http.StatusBadRequest},
		{"POST", "/api/simulate", `{"model":` + ws + `,"duration":"48h"}`, http.StatusBadRequest},
		{"POST", "/api/simulate", `{"model":` + ws + `,"seconds":86401}`, http.StatusBadRequest},
		{"POST", "/api/simulate", `{"model":` + ws + `,"duration":"soon"}`, http.StatusBadRequest},
		{"POST", "/api/simulate", `{"model":` + ws + `,"duration":"-1m"}`, http.StatusBadRequest},
		{"POST", "/api/simulate", `{"model":` + ws + `,"duration":"24h","interval":1}`, http.StatusBadRequest},
		{"POST", "/api/simulate", `{"model":` + noWorkload + `}`, http.StatusBadRequest},
		{"POST", "/api/analyze", `{"model":` + strings.Repeat(" ", maxAnalysisBody) + ws + `}`, http.StatusRequestEntityTooLarge},
	} {
		code, out := call(t, c.method, c.target, c.body)
		if code != c.status {
			t.Errorf("%s %s %.60q: %d, want %d (%v)", c.method, c.target, c.body, code, c.status, out["error"])
		}
		if msg, _ := out["error"].(string); msg == "" {
			t.Errorf("%s %s: no error message", c.method, c.target)
		}
	}
}

func TestKeepSeries(t *testing.T) {
	all := make([]partition.PartitionSeries, 5)
	for i := range all {
		all[i].ID = i
		all[i].Write.Throttled = []float64{float64(i % 3)} // 0 1 2 0 1
	}
	got, left := keepSeries(all, 3)
	if left != 2 || len(got) != 3 || got[0].ID != 1 || got[1].ID != 2 || got[2].ID != 4 {
		t.Errorf("kept %v, left %d; want partitions 1, 2, 4 in order", got, left)
	}
	if got, left := keepSeries(all, 5); len(got) != 5 || left != 0 {
		t.Errorf("kept %d, left %d", len(got), left)
	}
}

// TestSimulateSwitches checks the Load panel's switches over the API: the
// write-sharding pattern's votes spread over their shards with sharding on
// (the default) and all land on one candidate's key with it off, which a
// partition's 1,000 WCU cannot take. Burst, adaptive and split default to
// on, and each can be turned off.
func TestSimulateSwitches(t *testing.T) {
	ws := servertest.PatternJSON(t, "write-sharding", nil)
	simulate := func(extra string) map[string]any {
		t.Helper()
		code, out := call(t, "POST", "/api/simulate", `{"model":`+ws+`,"seconds":300`+extra+`}`)
		if code != http.StatusOK {
			t.Fatalf("simulate %s: %d %v", extra, code, out)
		}
		return out
	}
	throttled := func(out map[string]any) float64 { return out["totals"].(map[string]any)["throttled"].(float64) }
	pattern := func(out map[string]any) map[string]any {
		return out["keySpaces"].([]any)[0].(map[string]any)["patterns"].([]any)[0].(map[string]any)
	}

	sharded, explicit, unsharded := simulate(""), simulate(`,"sharding":true`), simulate(`,"sharding":false`)
	if a, b := throttled(sharded), throttled(explicit); a != b {
		t.Errorf("sharding absent and true differ: %v and %v requests throttled", a, b)
	}
	// The sharded run loses a few votes in these 300 s, before the
	// partition two shards share splits for heat. (Zero until issue 29, when the engine took DynamoDB's hash: two of the 20 shard keys now share a partition until it splits for heat, so a few votes wait; luck, not design, had kept them apart.)
	if s, u := throttled(sharded), throttled(unsharded); !(u > 5*max(s, 1)) || u < 300*17000 {
		t.Errorf("throttled: sharded %v, unsharded %v; want the unsharded run to lose most of the hot candidate's 18,000 votes/s", s, u)
	}
	if p := pattern(sharded); p["sharding"] == nil {
		t.Errorf("sharded run's pattern has no sharding: %v", p)
	}
	if p := pattern(unsharded); p["sharding"] != nil && p["sharding"].(map[string]any)["shards"] != nil {
		t.Errorf("unsharded run's pattern keeps its shards: %v", p["sharding"])
	}
	// The other switches reach the simulator's workload.
	for _, sw := range []struct{ name, field string }{{"burst", "disableBurst"}, {"adaptive", "disableAdaptive"}, {"split", "disableSplitForHeat"}} {
		code, out := call(t, "POST", "/api/simulate", `{"model":`+ws+`,"seconds":300,"`+sw.name+`":false}`)
		if code != http.StatusOK {
			t.Fatalf("%s off: %d %v", sw.name, code, out)
		}
		if code, _ := call(t, "POST", "/api/simulate", `{"model":`+ws+`,"seconds":300,"`+sw.name+`":"no"}`); code != http.StatusBadRequest {
			t.Errorf(`%s "no": %d, want 400`, sw.name, code)
		}
	}
}

// TestSimulateOverBudget checks that a workload whose writes multiply the
// partitions is refused with a 400 that says so, however short the run.
func TestSimulateOverBudget(t *testing.T) {
	huge := servertest.PatternJSON(t, "write-sharding", func(m *model.Model) {
		for i := range m.Workload.Requests {
			m.Workload.Requests[i].Rate = 1e12
		}
	})
	code, out := call(t, "POST", "/api/simulate", `{"model":`+huge+`,"duration":"24h"}`)
	if code != http.StatusBadRequest {
		t.Fatalf("huge rate: %d %v, want 400", code, out)
	}
	if msg, _ := out["error"].(string); !strings.Contains(msg, "budget") {
		t.Errorf("huge rate: error %q does not mention the budget", msg)
	}
}
