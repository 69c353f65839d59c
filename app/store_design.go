package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

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
			s.progressLocked()
		}
		s.mu.Unlock()
		if progress != nil {
			progress()
		}
	}
	err = p.copy(j.step)
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
	prev := s.applied
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
	s.offerTTLFillLocked(prev)
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
