package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// Store owns the workbench's mutable world: the design being edited with its
// history, the in-page engine and its virtual clock, the last request and
// the recent changes. Components never touch these; they call the store's
// actions (its exported methods) and render the immutable State the store
// publishes after each one. Store has no go-app dependency, so its actions
// are tested natively like any Go code.
//
// Every action is safe to call from any goroutine: the page calls them from
// event handlers and from the goroutines that load data and drive the clock.
type Store struct {
	mu sync.Mutex

	db    *engine.Database
	clock *engine.VirtualClock

	applied *model.Model // the design the engine runs
	draft   *model.Model // the design being edited
	undo    []*model.Model
	redo    []*model.Model
	pattern string // the pattern the design came from, if any

	load LoadState
	// loadJob is the running dataset load, for CancelLoad; yield, when
	// set, replaces yieldToBrowser in the store's jobs, and budget their
	// slice (tests).
	loadJob *job
	yield   func()
	budget  time.Duration
	result  *Result
	message string
	err     string

	live  liveLog
	state *State
	// facets shows the entities' names for key attributes (SetFacets).
	facets bool

	// checked is the draft problems were last computed for: a draft never
	// changes once made, and the store publishes at every clock tick.
	checked  *model.Model
	problems model.Errors
	seq      uint64

	// wall reads the real time, which only decides how long highlights
	// last on screen; the engine itself runs on the virtual clock.
	wall func() time.Time
}

// State is what the store publishes: one immutable value per action, which
// every component renders. Nothing in it may be modified once published.
type State struct {
	// Seq increases with every publication.
	Seq uint64

	// Model is the design the engine runs; Draft the one being edited
	// (the same pointer when there are no unapplied edits).
	Model *model.Model
	Draft *model.Model
	// Problems are the draft's validation errors, each at a path into the
	// document ("tables[0].GlobalSecondaryIndexes[1]").
	Problems model.Errors
	// Dirty says the draft differs from the design the engine runs.
	Dirty            bool
	CanUndo, CanRedo bool
	// Pattern names the pattern the design came from ("" for a blank or
	// opened model).
	Pattern string

	// Snapshot is the engine's data; Now the virtual clock.
	Snapshot *engine.Snapshot
	Now      time.Time
	Playing  bool
	Speed    float64

	Load   LoadState
	Result *Result

	// Marks are the recent changes per view ("table" or "table/index"), by
	// visualizer.ItemKey of the base table's key.
	Marks map[string]map[string]visualizer.Mark
	// Ghosts are items deleted a moment ago, still shown fading out, by
	// table.
	Ghosts map[string][]attr.Item
	// TTLDeletes are the TTL sweeper's deletions, by table, oldest first.
	TTLDeletes map[string][]visualizer.TTLEvent

	// Message is the outcome of the last action; Error its failure.
	Message string
	Error   string

	// Facets says the grid and the collections view show each entity's
	// own names for the key attributes ("customerId" for PK).
	Facets bool
}

// LoadState is the progress of a dataset load.
type LoadState struct {
	Running bool
	Done    int
	Total   int
	// Elapsed is the real time the load took (so far).
	Elapsed time.Duration
	Error   string
	// Cancelled says the load was stopped: Done items were loaded.
	Cancelled bool
	// Applying says the running job copies the items into the engine of
	// a design being applied (Store.ApplyInSlices), not a dataset load.
	Applying bool
}

// Result is the outcome of one request (or the requests of a fan-out).
type Result struct {
	// Operation and Request are what ran: the request exactly as sent
	// (the JSON the AWS CLI's --cli-input-json takes).
	Operation string
	Request   []byte
	// Pattern names the access pattern that ran, if any.
	Pattern string
	// Status is the HTTP status the wire protocol answered (200 or 400);
	// Response the body, as DynamoDB would send it.
	Status   int
	Response []byte
	// ErrorType and ErrorMessage repeat a failure's __type and message.
	ErrorType    string
	ErrorMessage string

	// Items are the items the response carries, in order.
	Items []attr.Item
	// Count and ScannedCount are the Query/Scan counts (summed over a
	// fan-out); HasCount says the response had them.
	Count, ScannedCount int
	HasCount            bool
	// Capacity is the consumed capacity, summed per table and index.
	Capacity []engine.ConsumedCapacity
	// LastEvaluatedKey is set when there is another page.
	LastEvaluatedKey attr.Item
	// Requests counts the requests made (more than one for a fan-out).
	Requests int
	// Duration is the real time the engine took.
	Duration time.Duration
}

// Speeds the clock offers, in clock seconds per real second.
var Speeds = []float64{1, 60, 600, 3600, 21600}

// NewStore returns a store running a blank model.
func NewStore() *Store {
	s := &Store{wall: time.Now}
	m := BlankModel()
	if err := s.reset(m, ""); err != nil {
		panic(fmt.Sprintf("app: the blank model does not load: %v", err))
	}
	s.publishLocked()
	return s
}

// BlankModel is the design a person starts from: one on-demand table keyed
// by PK and SK, the single-table convention.
func BlankModel() *model.Model {
	doc := `{"version":1,"name":"Untitled model","tables":[{"TableName":"AppTable",
"AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}],
"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
"BillingMode":"PAY_PER_REQUEST"}],"settings":{"startTime":"2026-03-01T12:00:00Z"}}`
	m, err := model.Parse([]byte(doc))
	if err != nil {
		panic(err)
	}
	return m
}

// State returns the last published state.
func (s *Store) State() *State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

// DB returns the in-page engine, for views that compute from it directly
// (partitions, fan-out). Callers must not write through it.
func (s *Store) DB() *engine.Database {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.db
}

// ---- starting points ----

// OpenPattern replaces the design with a pattern's model and an empty
// database (LoadDataset fills it).
func (s *Store) OpenPattern(name string) error {
	p, ok := patterns.Get(name)
	if !ok {
		return s.fail(fmt.Errorf("there is no pattern %q", name))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.reset(p.Model(), name); err != nil {
		return s.failLocked(err)
	}
	s.message = fmt.Sprintf("Opened the %s pattern", p.Title)
	s.publishLocked()
	return nil
}

// OpenBlank replaces the design with the blank model.
func (s *Store) OpenBlank() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.reset(BlankModel(), ""); err != nil {
		return s.failLocked(err)
	}
	s.message = "New blank model"
	s.publishLocked()
	return nil
}

// OpenModel replaces the design with a model document (a file or a share
// link). A document with problems is refused and changes nothing. Explicit
// items in its dataset are loaded at once.
func (s *Store) OpenModel(doc []byte) error {
	m, err := model.Parse(doc)
	if err != nil {
		return s.fail(fmt.Errorf("the model cannot be opened: %w", err))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.reset(m, ""); err != nil {
		return s.failLocked(err)
	}
	if m.Dataset != nil && len(m.Dataset.Items) > 0 {
		src := m.ItemsSource(m.Dataset.Items)
		s.live.quiet = true
		_, err := model.LoadItems(s.db, src)
		s.live.quiet = false
		if err != nil {
			return s.failLocked(err)
		}
	}
	s.message = fmt.Sprintf("Opened %q", m.Name)
	s.publishLocked()
	return nil
}

// reset starts a fresh engine for m. The caller holds s.mu.
func (s *Store) reset(m *model.Model, pattern string) error {
	if s.loadJob != nil {
		// The running load fills an engine about to be dropped.
		s.loadJob.cancel()
		s.loadJob = nil
	}
	db, clock := newEngine(m)
	if err := m.CreateTables(db); err != nil {
		return err
	}
	s.db, s.clock = db, clock
	s.applied, s.draft = m, m
	s.undo, s.redo = nil, nil
	s.pattern = pattern
	s.result = nil
	s.load = LoadState{}
	s.live = liveLog{}
	s.err = ""
	s.watch()
	return nil
}

// newEngine returns an engine on a paused virtual clock set up as the
// model's settings say.
func newEngine(m *model.Model) (*engine.Database, *engine.VirtualClock) {
	start := m.Settings.Start()
	if start.IsZero() {
		start = patterns.Start
	}
	clock := engine.NewVirtualClock(start)
	if m.Settings.ClockSpeed > 0 {
		clock.SetSpeed(m.Settings.ClockSpeed)
	}
	db := engine.New(
		engine.WithClock(clock),
		engine.WithTTLDeletionDelay(time.Duration(m.Settings.TTLDeletionDelay)),
		engine.WithGSIPropagationDelay(time.Duration(m.Settings.GSIPropagationDelay)),
	)
	return db, clock
}

// watch subscribes the live log to the current engine. The caller holds s.mu.
func (s *Store) watch() {
	db, live := s.db, &s.live
	live.db = db
	db.Observe(func(c engine.Change) {
		// Observe's callback runs under the engine's lock, inside one of our
		// actions (which holds s.mu) or inside Tick; the log has its own lock.
		live.record(db, c, s.wall())
	})
}

// ---- design ----

// Edit applies fn to a copy of the draft, records the previous draft for
// undo, and validates the result. The engine keeps running the applied
// design until Apply.
func (s *Store) Edit(fn func(m *model.Model)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	next, err := cloneModel(s.draft)
	if err != nil {
		return s.failLocked(err)
	}
	fn(next)
	s.undo = append(s.undo, s.draft)
	if len(s.undo) > maxHistory {
		s.undo = s.undo[len(s.undo)-maxHistory:]
	}
	s.redo = nil
	s.draft = next
	s.message, s.err = "Edited the design (Apply design to run it)", ""
	s.publishLocked()
	return nil
}

// EditWorkload changes the workload (and the access patterns' expected
// rates) of the running design and of the draft together: the workload
// drives only the simulations and the prices, never the engine's tables,
// so it needs no Apply, and Load, Cost and Partitions follow it at once.
// The draft's previous version goes to the undo history.
func (s *Store) EditWorkload(fn func(m *model.Model)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	applied, err := cloneModel(s.applied)
	if err != nil {
		return s.failLocked(err)
	}
	fn(applied)
	next := applied
	if s.draft != s.applied {
		if next, err = cloneModel(s.draft); err != nil {
			return s.failLocked(err)
		}
		fn(next)
	}
	s.undo = append(s.undo, s.draft)
	if len(s.undo) > maxHistory {
		s.undo = s.undo[len(s.undo)-maxHistory:]
	}
	s.redo = nil
	s.applied, s.draft = applied, next
	s.message, s.err = "Edited the workload", ""
	s.publishLocked()
	return nil
}

// maxHistory bounds the undo history.
const maxHistory = 200

// Undo steps the draft back one edit; Redo forward again.
func (s *Store) Undo() bool { return s.step(&s.undo, &s.redo) }

// Redo re-applies an undone edit.
func (s *Store) Redo() bool { return s.step(&s.redo, &s.undo) }

func (s *Store) step(from, to *[]*model.Model) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(*from) == 0 {
		return false
	}
	*to = append(*to, s.draft)
	s.draft = (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	s.message, s.err = "Undid an edit", ""
	if from == &s.redo {
		s.message = "Redid an edit"
	}
	s.publishLocked()
	return true
}

// Apply makes the engine run the draft: it starts a new engine with the
// draft's tables and copies every item of a table that still exists into
// it. Items the new design cannot hold (a key attribute of the wrong type)
// are left out and counted. A draft with problems is refused. The page
// calls ApplyInSlices, which does the same as a job.
func (s *Store) Apply() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, err := s.prepareApplyLocked()
	if err != nil {
		return s.failLocked(err)
	}
	if err := p.copy(nil); err != nil {
		return s.failLocked(err)
	}
	s.finishApplyLocked(p)
	return nil
}

// ApplyInSlices is Apply as a job (job.go): the items are copied into the
// new engine in slices that hand the browser its thread, with the progress
// shown as a load's (LoadState.Applying) and published before each slice
// ends. The engine keeps running the previous design until the copy is
// done; CancelLoad stops the copy and leaves it so (the design stays
// unapplied), and so does a write to the engine meanwhile, which the copy
// would miss: the page then asks to apply again.
func (s *Store) ApplyInSlices(progress func()) error {
	s.mu.Lock()
	if s.loadJob != nil {
		s.mu.Unlock()
		return s.fail(errors.New("a dataset load or an apply is running: wait for it, or cancel it, before applying the design"))
	}
	p, err := s.prepareApplyLocked()
	if err != nil {
		s.mu.Unlock()
		return s.fail(err)
	}
	j := newJob(context.Background())
	if s.yield != nil {
		j.yield, j.budget = s.yield, s.budget
	}
	s.loadJob = j
	prev := s.load
	started := s.wall()
	s.load = LoadState{Running: true, Applying: true, Total: p.total}
	s.message, s.err = "", ""
	writes := s.live.writes.Load()
	oldDB, draft := s.db, s.draft
	s.publishLocked()
	s.mu.Unlock()
	defer j.cancel()
	if progress != nil {
		progress()
	}
	j.onPause = func() {
		s.mu.Lock()
		if s.loadJob == j {
			s.load.Done = p.copied + p.dropped
			s.load.Elapsed = s.wall().Sub(started)
			s.publishLocked()
		}
		s.mu.Unlock()
		if progress != nil {
			progress()
		}
	}
	err = p.copy(j.step)
	j.finish()

	s.mu.Lock()
	defer s.mu.Unlock()
	defer func() {
		if progress != nil {
			progress()
		}
	}()
	if s.loadJob != j { // another design was opened meanwhile
		return context.Canceled
	}
	s.loadJob = nil
	s.load = prev
	switch {
	case errors.Is(err, context.Canceled):
		s.message = "Apply cancelled: the engine still runs the previous design"
		s.publishLocked()
		return err
	case err != nil:
		return s.failLocked(err)
	case s.db != oldDB || s.draft != draft || s.live.writes.Load() != writes:
		err = errors.New("the items or the design changed while the design was being applied; apply it again")
		return s.failLocked(err)
	}
	s.finishApplyLocked(p)
	return nil
}

// applyPlan is an Apply under way: the new engine, and the previous one's
// items to copy into it.
type applyPlan struct {
	draft           *model.Model
	old             *engine.Snapshot
	db              *engine.Database
	clock           *engine.VirtualClock
	total           int
	copied, dropped int
}

// prepareApplyLocked validates the draft and starts its engine on the
// current clock. The caller holds s.mu.
func (s *Store) prepareApplyLocked() (*applyPlan, error) {
	if s.loadJob != nil {
		return nil, errors.New("a dataset load or an apply is running: wait for it, or cancel it, before applying the design")
	}
	if err := s.draft.Validate(); err != nil {
		return nil, fmt.Errorf("the design has problems; fix them before applying")
	}
	p := &applyPlan{draft: s.draft, old: s.db.Snapshot()}
	now := s.clock.Now()
	playing, speed := s.clock.Playing(), s.clock.Speed()
	p.db, p.clock = newEngine(s.draft)
	p.clock.Jump(now)
	p.clock.SetSpeed(speed)
	if playing {
		p.clock.Play()
	}
	if err := s.draft.CreateTables(p.db); err != nil {
		return nil, err
	}
	for _, ts := range p.old.Tables {
		if s.draft.Table(ts.Description.TableName) != nil {
			p.total += ts.Len()
		}
	}
	return p, nil
}

// copy puts every item of the previous engine's tables that the draft
// keeps into the new engine; step, when set, runs after each item and
// stops the copy with its error.
func (p *applyPlan) copy(step func() error) error {
	var err error
	for _, ts := range p.old.Tables {
		name := ts.Description.TableName
		if p.draft.Table(name) == nil {
			continue
		}
		ts.Items(func(it attr.Item) bool {
			if _, perr := p.db.PutItem(&engine.PutItemInput{TableName: &name, Item: it}); perr != nil {
				p.dropped++
			} else {
				p.copied++
			}
			if step != nil {
				err = step()
			}
			return err == nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// finishApplyLocked makes the new engine the running one. The caller
// holds s.mu.
func (s *Store) finishApplyLocked(p *applyPlan) {
	s.db, s.clock = p.db, p.clock
	s.applied = p.draft
	s.live = liveLog{}
	s.watch()
	s.result = nil
	s.err = ""
	s.message = fmt.Sprintf("Applied the design: %d items kept", p.copied)
	if p.dropped > 0 {
		s.message += fmt.Sprintf(", %d left out (their keys do not fit the new design)", p.dropped)
	}
	s.publishLocked()
}

// cloneModel deep-copies a model through its JSON form.
func cloneModel(m *model.Model) (*model.Model, error) {
	b, err := model.Marshal(m)
	if err != nil {
		return nil, err
	}
	return model.Decode(b)
}

// ---- requests ----

// Run sends one request to the in-page engine through the same wire
// protocol code the server uses, so the answer (items, order, capacity,
// error type and wording) is exactly what the DynamoDB endpoint answers.
func (s *Store) Run(operation string, request []byte) (*Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.dispatchLocked(operation, request)
	s.result = r
	s.message, s.err = "Ran "+r.outcome(), ""
	s.publishLocked()
	return r, nil
}

// RunPattern runs one of the design's access patterns with its example
// parameters, overridden by params: once, or once per value of its fan-out,
// summing counts and capacity and concatenating the items.
func (s *Store) RunPattern(name string, params model.Params) (*Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ap := s.applied.AccessPattern(name)
	if ap == nil {
		return nil, s.failLocked(fmt.Errorf("there is no access pattern %q", name))
	}
	p := ap.Examples()
	for k, v := range params {
		p[k] = v
	}
	var total *Result
	for _, q := range ap.Runs(p) {
		body, err := ap.Bind(q)
		if err != nil {
			return nil, s.failLocked(fmt.Errorf("access pattern %s: %w", name, err))
		}
		r := s.dispatchLocked(ap.Operation, withCapacity(body))
		r.Pattern = name
		if total == nil {
			total = r
			continue
		}
		total.merge(r)
		if r.Status != 200 {
			break
		}
	}
	s.result = total
	s.message, s.err = "Ran access pattern "+name+": "+total.outcome(), ""
	s.publishLocked()
	return total, nil
}

// outcome says in a few words how a request went, for the status line.
func (r *Result) outcome() string {
	switch {
	case r == nil:
		return "nothing"
	case r.Status != 200 || r.ErrorType != "":
		return fmt.Sprintf("%s, which failed: %s", r.Operation, r.ErrorType)
	case r.HasCount:
		return r.Operation + ", " + countItems(r.Count)
	case len(r.Items) > 0 || r.Operation == "GetItem":
		return r.Operation + ", " + countItems(len(r.Items))
	}
	return r.Operation
}

// countItems is "1 item" or "n items".
func countItems(n int) string {
	if n == 1 {
		return "1 item"
	}
	return fmt.Sprintf("%d items", n)
}

// withCapacity asks for consumed capacity per table and index when the
// request does not say, so every run shows its cost.
func withCapacity(body []byte) []byte {
	var probe map[string]json.RawMessage
	if json.Unmarshal(body, &probe) != nil {
		return body
	}
	if _, ok := probe["ReturnConsumedCapacity"]; ok {
		return body
	}
	if len(probe) == 0 {
		return []byte(`{"ReturnConsumedCapacity":"INDEXES"}`)
	}
	// The body is a valid object: drop its closing brace, add the member.
	trimmed := bytes.TrimSpace(body)
	trimmed = trimmed[:len(trimmed)-1]
	return append(append([]byte(nil), trimmed...), []byte(`,"ReturnConsumedCapacity":"INDEXES"}`)...)
}

// dispatchLocked runs one request. The caller holds s.mu.
func (s *Store) dispatchLocked(operation string, request []byte) *Result {
	start := s.wall()
	status, resp := wire.DispatchCore(s.db, wire.TargetPrefix+operation, request)
	r := &Result{
		Operation: operation,
		Request:   append([]byte(nil), request...),
		Status:    status,
		Response:  resp,
		Requests:  1,
		Duration:  s.wall().Sub(start),
	}
	r.parse()
	return r
}

// parse fills the result's fields from the response body.
func (r *Result) parse() {
	if r.Status != 200 {
		var e struct {
			Type    string `json:"__type"`
			Message string `json:"message"`
		}
		if json.Unmarshal(r.Response, &e) == nil {
			r.ErrorType = e.Type
			if i := strings.LastIndexByte(e.Type, '#'); i >= 0 {
				r.ErrorType = e.Type[i+1:]
			}
			r.ErrorMessage = e.Message
		}
		return
	}
	var out struct {
		Item             attr.Item                  `json:"Item"`
		Items            []attr.Item                `json:"Items"`
		Attributes       attr.Item                  `json:"Attributes"`
		Responses        json.RawMessage            `json:"Responses"`
		Count            *int                       `json:"Count"`
		ScannedCount     *int                       `json:"ScannedCount"`
		LastEvaluatedKey attr.Item                  `json:"LastEvaluatedKey"`
		ConsumedCapacity json.RawMessage            `json:"ConsumedCapacity"`
		Other            map[string]json.RawMessage `json:"-"`
	}
	if err := json.Unmarshal(r.Response, &out); err != nil {
		r.ErrorMessage = "the response could not be read: " + err.Error()
		return
	}
	switch {
	case out.Item != nil:
		r.Items = []attr.Item{out.Item}
	case out.Items != nil:
		r.Items = out.Items
	case out.Attributes != nil:
		r.Items = []attr.Item{out.Attributes}
	case len(out.Responses) > 0:
		r.Items = responsesItems(out.Responses)
	}
	if out.Count != nil {
		r.HasCount = true
		r.Count = *out.Count
		if out.ScannedCount != nil {
			r.ScannedCount = *out.ScannedCount
		}
	}
	r.LastEvaluatedKey = out.LastEvaluatedKey
	r.Capacity = parseCapacity(out.ConsumedCapacity)
}

// responsesItems reads BatchGetItem's Responses (table -> items, tables in
// name order) or TransactGetItems' Responses ([{Item}]).
func responsesItems(raw json.RawMessage) []attr.Item {
	var byTable map[string][]attr.Item
	if json.Unmarshal(raw, &byTable) == nil {
		names := make([]string, 0, len(byTable))
		for n := range byTable {
			names = append(names, n)
		}
		sort.Strings(names)
		var items []attr.Item
		for _, n := range names {
			items = append(items, byTable[n]...)
		}
		return items
	}
	var list []struct {
		Item attr.Item `json:"Item"`
	}
	if json.Unmarshal(raw, &list) == nil {
		var items []attr.Item
		for _, e := range list {
			if e.Item != nil {
				items = append(items, e.Item)
			}
		}
		return items
	}
	return nil
}

// parseCapacity reads ConsumedCapacity, one object or a list of them.
func parseCapacity(raw json.RawMessage) []engine.ConsumedCapacity {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var list []engine.ConsumedCapacity
	if raw[0] == '[' {
		if json.Unmarshal(raw, &list) != nil {
			return nil
		}
		return list
	}
	var one engine.ConsumedCapacity
	if json.Unmarshal(raw, &one) != nil {
		return nil
	}
	return []engine.ConsumedCapacity{one}
}

// merge adds a fan-out's next request to the total.
func (r *Result) merge(next *Result) {
	r.Requests++
	r.Items = append(r.Items, next.Items...)
	r.Count += next.Count
	r.ScannedCount += next.ScannedCount
	r.HasCount = r.HasCount || next.HasCount
	r.Duration += next.Duration
	r.Capacity = sumCapacity(r.Capacity, next.Capacity)
	if next.Status != 200 {
		r.Status, r.Response = next.Status, next.Response
		r.ErrorType, r.ErrorMessage = next.ErrorType, next.ErrorMessage
		r.Request = next.Request
	}
}

// sumCapacity adds b's units into a copy of a, table by table.
func sumCapacity(a, b []engine.ConsumedCapacity) []engine.ConsumedCapacity {
	out := slices.Clone(a)
	for _, c := range b {
		found := false
		for i := range out {
			if out[i].TableName == c.TableName {
				out[i] = addCapacity(out[i], c)
				found = true
				break
			}
		}
		if !found {
			out = append(out, c)
		}
	}
	return out
}

// addCapacity adds b's units to a's, index by index.
func addCapacity(a, b engine.ConsumedCapacity) engine.ConsumedCapacity {
	a.CapacityUnits += b.CapacityUnits
	a.ReadCapacityUnits = addUnits(a.ReadCapacityUnits, b.ReadCapacityUnits)
	a.WriteCapacityUnits = addUnits(a.WriteCapacityUnits, b.WriteCapacityUnits)
	if b.Table != nil {
		var t engine.Capacity
		if a.Table != nil {
			t = *a.Table
		}
		t = addIndexCapacity(t, *b.Table)
		a.Table = &t
	}
	a.GlobalSecondaryIndexes = addIndexes(a.GlobalSecondaryIndexes, b.GlobalSecondaryIndexes)
	a.LocalSecondaryIndexes = addIndexes(a.LocalSecondaryIndexes, b.LocalSecondaryIndexes)
	return a
}

func addIndexes(a, b map[string]engine.Capacity) map[string]engine.Capacity {
	if len(b) == 0 {
		return a
	}
	out := make(map[string]engine.Capacity, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = addIndexCapacity(out[k], v)
	}
	return out
}

func addIndexCapacity(a, b engine.Capacity) engine.Capacity {
	a.CapacityUnits += b.CapacityUnits
	a.ReadCapacityUnits = addUnits(a.ReadCapacityUnits, b.ReadCapacityUnits)
	a.WriteCapacityUnits = addUnits(a.WriteCapacityUnits, b.WriteCapacityUnits)
	return a
}

func addUnits(a, b *float64) *float64 {
	if b == nil {
		return a
	}
	v := *b
	if a != nil {
		v += *a
	}
	return &v
}

// TotalCapacity is the sum of the result's capacity units over tables.
func (r *Result) TotalCapacity() float64 {
	var t float64
	for _, c := range r.Capacity {
		t += c.CapacityUnits
	}
	return t
}

// PutItem writes an item given as DynamoDB JSON into a table of the
// applied design.
func (s *Store) PutItem(table string, itemJSON []byte) (*Result, error) {
	var it attr.Item
	if err := json.Unmarshal(itemJSON, &it); err != nil {
		return nil, s.fail(fmt.Errorf("the item is not valid DynamoDB JSON: %v", err))
	}
	body, err := json.Marshal(struct {
		TableName              string    `json:"TableName"`
		Item                   attr.Item `json:"Item"`
		ReturnConsumedCapacity string    `json:"ReturnConsumedCapacity"`
	}{table, it, "INDEXES"})
	if err != nil {
		return nil, s.fail(err)
	}
	return s.Run("PutItem", body)
}

// DeleteItem deletes the item with the given key from a table.
func (s *Store) DeleteItem(table string, key attr.Item) (*Result, error) {
	body, err := json.Marshal(struct {
		TableName              string    `json:"TableName"`
		Key                    attr.Item `json:"Key"`
		ReturnConsumedCapacity string    `json:"ReturnConsumedCapacity"`
	}{table, key, "INDEXES"})
	if err != nil {
		return nil, s.fail(err)
	}
	return s.Run("DeleteItem", body)
}

// ---- time ----

// Play starts the virtual clock; Pause stops it.
func (s *Store) Play()  { s.clockAction(func(c *engine.VirtualClock) { c.Play() }) }
func (s *Store) Pause() { s.clockAction(func(c *engine.VirtualClock) { c.Pause() }) }

// SetSpeed sets the clock's speed in clock seconds per real second.
func (s *Store) SetSpeed(v float64) {
	s.clockAction(func(c *engine.VirtualClock) { c.SetSpeed(v) })
}

// Advance jumps the clock forward by d and lets the engine do the work
// that fell due (TTL deletions, index propagation).
func (s *Store) Advance(d time.Duration) {
	s.clockAction(func(c *engine.VirtualClock) { c.Jump(c.Now().Add(d)) })
}

// Tick moves a playing clock by the real time that passed and publishes
// when the clock moved or the engine changed anything. The page calls it
// several times a second.
func (s *Store) Tick(real time.Duration) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.load.Running {
		return false
	}
	before := s.clock.Now()
	s.clock.Step(real)
	s.db.Tick()
	changed := s.clock.Now() != before || s.live.pending() || s.live.expire(s.wall())
	if changed {
		s.publishLocked()
	}
	return changed
}

func (s *Store) clockAction(fn func(c *engine.VirtualClock)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(s.clock)
	s.db.Tick()
	s.publishLocked()
}

// ---- failures and publication ----

// fail records err as the last action's failure and publishes.
func (s *Store) fail(err error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failLocked(err)
}

func (s *Store) failLocked(err error) error {
	s.err = err.Error()
	s.message = ""
	s.publishLocked()
	return err
}

// publishLocked builds and publishes a new State. The caller holds s.mu.
func (s *Store) publishLocked() {
	s.seq++
	st := &State{
		Seq:      s.seq,
		Model:    s.applied,
		Draft:    s.draft,
		Dirty:    s.draft != s.applied,
		CanUndo:  len(s.undo) > 0,
		CanRedo:  len(s.redo) > 0,
		Pattern:  s.pattern,
		Snapshot: s.db.Snapshot(),
		Now:      s.clock.Now(),
		Playing:  s.clock.Playing(),
		Speed:    s.clock.Speed(),
		Load:     s.load,
		Result:   s.result,
		Message:  s.message,
		Error:    s.err,
		Facets:   s.facets,
	}
	st.Problems = s.problemsLocked()
	applied := s.applied
	s.live.ttlAttr = func(table string) string {
		if t := applied.Table(table); t != nil && t.TimeToLiveSpecification != nil {
			return t.TimeToLiveSpecification.AttributeName
		}
		return ""
	}
	st.Marks, st.Ghosts, st.TTLDeletes = s.live.publish(s.wall(), keyNames(st.Snapshot))
	s.state = st
}

// Republish publishes the current state again, as a new State: the
// panels, which render again only when their State changes, then show
// what a job finished in the background (refreshWalk).
func (s *Store) Republish() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.publishLocked()
}

// Note publishes a message on the status line.
func (s *Store) Note(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.message, s.err = msg, ""
	s.publishLocked()
}

// problemsLocked validates the draft, once per draft. The caller holds s.mu.
func (s *Store) problemsLocked() model.Errors {
	if s.checked != s.draft {
		s.checked, s.problems = s.draft, nil
		if err := s.draft.Validate(); err != nil {
			var errs model.Errors
			if errors.As(err, &errs) {
				s.problems = errs
			} else {
				s.problems = model.Errors{{Message: err.Error()}}
			}
		}
	}
	return s.problems
}
