package app

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
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
	// design counts the designs opened (reset): State.Design, the one
	// identity of "the design in front of the user" that per-design views
	// (the share link, the Load and Cost panels' memory) derive from.
	design uint64

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
	// ttlOffers are the TTL fills offered after an Apply (store_ttl.go).
	ttlOffers ttlOffers
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
	// Design changes each time another design opens (a pattern, a blank
	// model, a file, a share link, a kept design, the advisor's design):
	// what a view kept for one design is not true of the next.
	Design uint64

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
	// TTLDeletes are the TTL sweeper's latest deletions (at most
	// maxTTLDeletes), by table, oldest first.
	TTLDeletes map[string][]visualizer.TTLEvent
	// TTLDeleted counts every deletion of the TTL sweeper since the data
	// was loaded, by table.
	TTLDeleted map[string]int

	// Message is the outcome of the last action; Error its failure.
	Message string
	Error   string

	// Facets says the grid and the collections view show each entity's
	// own names for the key attributes ("customerId" for PK).
	Facets bool

	// TTLFill are the tables whose items lack the TTL attribute an Apply
	// just turned on (Store.FillTTL fills them).
	TTLFill []TTLFill
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
	s.design++
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
		engine.WithTTLDeletionDelay(m.Settings.TTLDelay()),
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
		Design:   s.design,
		Snapshot: s.db.Snapshot(),
		Now:      s.clock.Now(),
		Playing:  s.clock.Playing(),
		Speed:    s.clock.Speed(),
		Load:     s.load,
		Result:   s.result,
		Message:  s.message,
		Error:    s.err,
		Facets:   s.facets,
		TTLFill:  s.ttlFillsLocked(),
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
	st.TTLDeleted = s.live.ttlDeletedCounts()
	s.state = st
}

// progressLocked publishes a running job's progress: the last State with
// the new Load, and nothing else taken again (the tables' snapshot, the
// highlights), for the job's reports between its first and its last,
// which the page paints alone (jobProgress). The caller holds s.mu.
func (s *Store) progressLocked() {
	s.seq++
	st := *s.state
	st.Seq, st.Load = s.seq, s.load
	s.state = &st
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
