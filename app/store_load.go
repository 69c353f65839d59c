package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// The store's dataset load: a design's generated or explicit items loaded
// into a fresh engine as a job (job.go), and what the page prepares from
// them in the same job.

// LoadDataset loads n items of the design's dataset (the pattern's
// generator, or the model's own) into the engine, replacing the tables'
// contents. It runs as a job (job.go): in slices of sliceBudget that hand
// the page's thread back to the browser between them, publishing the
// progress and calling progress before each; it returns when the load
// ends or is cancelled (CancelLoad, or another design opened).
//
// A cancelled load keeps the items written so far (each one whole, with
// its index entries, as the engine's bulk loader took it) and says how
// many: what was loaded is worth looking at. It returns context.Canceled
// then.
func (s *Store) LoadDataset(n int, seed int64, progress func()) error {
	s.mu.Lock()
	if s.load.Running {
		s.mu.Unlock()
		return s.fail(errors.New("a load is already running"))
	}
	m := s.applied
	// A design without a generator (a blank or imported one, a proposed
	// one) generates from its entities: the design records the generator
	// and the defaults it gave, so that what runs is what it says.
	gm, filled, err := generatedDesign(m, n)
	if err != nil {
		s.mu.Unlock()
		return s.fail(err)
	}
	if gm != nil {
		if s.draft == s.applied {
			s.draft = gm
		}
		s.applied, m = gm, gm
	}
	src, total, err := datasetSource(m, n, seed)
	if err != nil {
		s.mu.Unlock()
		return s.fail(err)
	}
	// Start from empty tables: a fresh engine on the same clock.
	now, playing, speed := s.clock.Now(), s.clock.Playing(), s.clock.Speed()
	db, clock := newEngine(m)
	clock.Jump(now)
	clock.SetSpeed(speed)
	if playing {
		clock.Play()
	}
	if err := m.CreateTables(db); err != nil {
		s.mu.Unlock()
		return s.fail(err)
	}
	s.db, s.clock = db, clock
	// The page watches the engine's changes only once the load is over: a
	// load's changes are not highlighted (quiet), and with an observer the
	// engine copies every item it loads for it.
	s.live = liveLog{quiet: true}
	s.result = nil
	started := s.wall()
	s.load = LoadState{Running: true, Total: total}
	s.message, s.err = "", ""
	j := newJob(context.Background())
	if s.yield != nil {
		j.yield, j.budget = s.yield, s.budget
	}
	s.loadJob = j
	s.publishLocked()
	s.mu.Unlock()
	defer j.cancel()
	if progress != nil {
		progress()
	}

	// done counts the items handed to the engine; between two slices the
	// page shows it.
	done := 0
	j.onPause = func() {
		s.mu.Lock()
		if s.db == db {
			s.load.Done = done
			s.load.Elapsed = s.wall().Sub(started)
			s.progressLocked()
		}
		s.mu.Unlock()
		if progress != nil {
			progress()
		}
	}
	counted := func(emit func(string, attr.Fields) error) error {
		return src(func(table string, it attr.Fields) error {
			if err := emit(table, it); err != nil {
				return err
			}
			done++
			return j.stepLight()
		})
	}
	// LoadItems writes item by item through the engine's bulk loader,
	// whose own lock makes it safe beside the page's reads of snapshots;
	// told the size, the tables make room ahead instead of growing in
	// steps of 0.3 s.
	stats, err := model.LoadItemsSized(db, counted, total)
	var examples []model.Example
	examplesDone := false
	if err == nil {
		warmViews(db, m, j)
		// The access patterns' examples from the data, in the job's
		// slices too: the sampling walks every item of the indexes read.
		var xerr error
		examples, xerr = m.FindExamplesStepping(db, j.step)
		examplesDone = xerr == nil
	}
	j.finish()

	// The last report comes once the lock is given back: the page's
	// callback reads the State (jobProgress).
	defer func() {
		if progress != nil {
			progress()
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.loadJob == j {
		s.loadJob = nil
	}
	if s.db != db { // another action replaced the engine meanwhile
		return err
	}
	s.watch()
	s.live.quiet = false
	s.load.Running = false
	s.load.Done = stats.Items
	s.load.Elapsed = s.wall().Sub(started)
	switch {
	case errors.Is(err, context.Canceled):
		s.load.Cancelled = true
		s.message = fmt.Sprintf("Load cancelled: %d of %d items loaded (the tables hold them)", stats.Items, total)
	case err != nil:
		s.load.Error = err.Error()
		s.err = err.Error()
	default:
		s.message = fmt.Sprintf("Loaded %d items in %s", stats.Items, s.load.Elapsed.Round(time.Millisecond))
		switch {
		case s.applied != m: // the design changed meanwhile: its own examples
			examples = s.applied.FindExamples(s.db)
		case !examplesDone: // Cancel came after the last item: no examples
			examples = nil
		}
		if n := s.examplesFromDataLocked(examples); n > 0 {
			takes := " take their example parameters"
			if n == 1 {
				takes = " takes its example parameters"
			}
			s.message += "; " + plural(n, "access pattern") + takes + " from the data"
		}
		if filled > 0 {
			s.message += fmt.Sprintf(" (%d attributes got a default generator: see the entities in the Design tab)", filled)
		}
	}
	s.publishLocked()
	return err
}

// warmViews walks the item collections of every table for the Data tab's
// first page, and the TTL of a table with TTL for the Time tab, in the
// job's slices: the render after a load, and a click on either tab, then
// find the walk of 100,000 items done instead of holding the page for it.
// A Cancel now only skips the rest: the items are loaded.
func warmViews(db *engine.Database, m *model.Model, j *job) {
	for _, ts := range db.Snapshot().Tables {
		if visualizer.WarmCollections(ts, visualizer.CollectionsOptions{Limit: collectionsPerPage}, j.step) != nil && j.ctx.Err() != nil {
			return
		}
		mt := m.Table(ts.Description.TableName)
		if mt == nil || mt.TimeToLiveSpecification == nil || !mt.TimeToLiveSpecification.Enabled {
			continue
		}
		if visualizer.WarmTTL(ts, mt.TimeToLiveSpecification.AttributeName, j.step) != nil && j.ctx.Err() != nil {
			return
		}
	}
}

// CancelLoad stops the running dataset load, if any, at its next step:
// the items loaded so far stay (LoadDataset says how many). It reports
// whether a load was running.
func (s *Store) CancelLoad() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.loadJob == nil {
		return false
	}
	s.loadJob.cancel()
	return true
}

// examplesFromDataLocked gives the running design's access patterns
// example parameters found in the loaded data (ex, model.FindExamples of
// the running design), so that each one runs and returns items; the draft
// follows when it is the running design. It returns how many patterns changed. The caller holds
// s.mu.
func (s *Store) examplesFromDataLocked(ex []model.Example) int {
	m := s.applied
	if len(m.AccessPatterns) == 0 {
		return 0
	}
	next, err := cloneModel(m)
	if err != nil {
		return 0
	}
	next.SetExamples(ex)
	changed := 0
	for i := range next.AccessPatterns {
		a, b := m.AccessPatterns[i].Parameters, next.AccessPatterns[i].Parameters
		if !slices.Equal(a, b) {
			changed++
		}
	}
	if changed == 0 {
		return 0
	}
	if s.draft == s.applied {
		s.draft = next
	}
	s.applied = next
	return changed
}

// datasetSource returns the items of m's dataset, n of them when it comes
// from a generator (n <= 0: the model's own size).
func datasetSource(m *model.Model, n int, seed int64) (model.Source, int, error) {
	if m.Dataset == nil {
		return nil, 0, errors.New("this design has no dataset and no entities to generate one: add an entity in the Design tab, or open a pattern")
	}
	if m.Dataset.Generator == nil {
		total := 0
		for _, items := range m.Dataset.Items {
			total += len(items)
		}
		return m.ItemsSource(m.Dataset.Items), total, nil
	}
	spec := *m.Dataset.Generator
	if n > 0 {
		spec.Size = n
	}
	if seed != 0 {
		spec.Seed = seed
	}
	var (
		src model.Source
		err error
	)
	if spec.Pattern == model.EntitiesGenerator {
		src, err = m.Synthesize(spec)
	} else {
		src, err = patterns.Generator(spec)
	}
	if err != nil {
		return nil, 0, err
	}
	return src, spec.Size, nil
}

// Rate is the load's pace so far in items per second; 0 before there is
// one to tell (no item yet, or under a tenth of a second).
func (l LoadState) Rate() float64 {
	if l.Done <= 0 || l.Elapsed < 100*time.Millisecond {
		return 0
	}
	return float64(l.Done) / l.Elapsed.Seconds()
}

// Left is the time the rest of a running load takes at its rate so far;
// ok is false while there is no rate.
func (l LoadState) Left() (left time.Duration, ok bool) {
	r := l.Rate()
	if r == 0 || l.Total < l.Done {
		return 0, false
	}
	return time.Duration(float64(l.Total-l.Done) / r * float64(time.Second)), true
}

// pace is the rate and time left of a running load in words
// ("240,000 items/s · about 3 s left"), "" while there is no rate.
func (l LoadState) pace() string {
	left, ok := l.Left()
	if !ok {
		return ""
	}
	return groupDigits(int64(l.Rate()+0.5)) + " items/s · about " + roundLeft(left) + " left"
}

// roundLeft is a time left as a person reads it: whole seconds, minutes
// and seconds past a minute.
func roundLeft(d time.Duration) string {
	s := int64((d + time.Second - 1) / time.Second) // rounded up: "0 s left" says done
	if s < 60 {
		return strconv.FormatInt(s, 10) + " s"
	}
	return strconv.FormatInt(s/60, 10) + " min " + strconv.FormatInt(s%60, 10) + " s"
}

// groupDigits writes n with a comma between groups of three digits.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return neg + s
}
