package app

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
)

// TestNewForgetsThePreviousModel checks that New drops the previous
// model's share link, Load runs, cost measurement and query form, and that
// the status line says what happened.
func TestNewForgetsThePreviousModel(t *testing.T) {
	p := &testPage{workbenchPage: workbenchPage{store: NewStore()}}
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if err := p.store.OpenPattern("write-sharding"); err != nil {
		t.Fatal(err)
	}
	p.share = shareLink{design: p.store.State().Design, draft: p.store.State().Draft, url: "http://localhost/#m=1.abc"}
	mem := memoryOf(p.store)
	mem.load = loadMemory{set: true, cur: &loadRun{N: 1}, runs: 1}
	mem.cost = &costResult{}
	p.ctx.SetState(queryStateKey, querySaved{ready: true, editor: `{"TableName": "Votes"}`})
	e.ConsumeAll()

	p.onNewBlank(p.ctx, goapp.Event{})
	e.ConsumeAll()
	if p.share.of(p.store.State()) != "" {
		t.Errorf("the share link %q stays after New", p.share.url)
	}
	if mem := memoryOf(p.store); mem.load.cur != nil || mem.load.runs != 0 || mem.cost != nil {
		t.Errorf("the previous model's runs stay: %+v, cost %v", mem.load, mem.cost)
	}
	var q querySaved
	p.ctx.GetState(queryStateKey, &q)
	if q.ready || q.editor != "" {
		t.Errorf("the query panel keeps the previous model's request: %+v", q)
	}
	html := goapp.HTMLString(p.Render())
	if strings.Contains(html, `id="`+IDShareLink+`"`) {
		t.Error("the page still shows a share link")
	}
	if p.status() != "New blank model" {
		t.Errorf("status %q after New", p.status())
	}
}

// TestStatusReportsTheLastAction checks that the actions that used to
// leave the status line at "engine ready" say what they did.
func TestStatusReportsTheLastAction(t *testing.T) {
	s := NewStore()
	if err := s.OpenPattern("multi-tenancy"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(50, 0, nil); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		do   func()
		want string
	}{
		{func() { s.RunPattern("Photo", nil) }, "Ran access pattern Photo: GetItem, 1 item"},
		{func() { s.Run("Scan", []byte(`{"TableName": "Photos", "Limit": 3}`)) }, "Ran Scan, 3 items"},
		{func() { s.Run("Scan", []byte(`{"TableName": "Nowhere"}`)) }, "Ran Scan, which failed: ResourceNotFoundException"},
		{func() { s.Edit(func(m *model.Model) {}) }, "Edited the design"},
		{func() { s.Undo() }, "Undid an edit"},
		{func() { s.Redo() }, "Redid an edit"},
	}
	for _, st := range steps {
		st.do()
		if got := s.State().Message; !strings.HasPrefix(got, st.want) {
			t.Errorf("status %q, want %q…", got, st.want)
		}
	}
}

// TestItemsToLoadShowsWhatWasLoaded checks that the field follows the
// loads: a number typed stays until a load or another design, then the
// field shows what was loaded.
func TestItemsToLoadShowsWhatWasLoaded(t *testing.T) {
	s := NewStore()
	if err := s.OpenPattern("multi-tenancy"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(300, 0, nil); err != nil {
		t.Fatal(err)
	}
	d := &dataPanel{Panel: Panel{Store: s, State: s.State()}}
	field := func() string {
		return tagOf(goapp.HTMLString(d.Render()), IDLoadSize)
	}
	if f := field(); !strings.Contains(f, `value="300"`) {
		t.Errorf("after loading 300 items the field is %s", f)
	}
	d.size, d.sizeModel = 5000, d.State.Model // typed
	if f := field(); !strings.Contains(f, `value="5000"`) {
		t.Errorf("the typed number does not show: %s", f)
	}
	// Another design loads its own number.
	if err := s.OpenPattern("write-sharding"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(700, 0, nil); err != nil {
		t.Fatal(err)
	}
	d.State = s.State()
	if f := field(); !strings.Contains(f, `value="700"`) {
		t.Errorf("after another design loaded 700 the field is %s", f)
	}
	// A load of the same design after a typed number.
	d.size, d.sizeModel = 400, d.State.Model
	if err := s.LoadDataset(400, 0, nil); err != nil {
		t.Fatal(err)
	}
	d.State = s.State()
	if f := field(); !strings.Contains(f, `value="`+strconv.Itoa(s.State().Load.Total)+`"`) {
		t.Errorf("after loading %d the field is %s", s.State().Load.Total, f)
	}
}

// TestTTLListsCarryADate checks that the TTL lists print the date with the
// time when their times do not all fall on the clock's day.
func TestTTLListsCarryADate(t *testing.T) {
	day := time.Date(2026, 3, 1, 22, 0, 0, 0, time.UTC)
	if got := clockLayout(day, []time.Time{day.Add(time.Hour)}); got != "15:04:05" {
		t.Errorf("one day: layout %q", got)
	}
	if got := clockLayout(day, []time.Time{day.Add(time.Hour), day.Add(3 * time.Hour)}); got != "2 Jan 15:04:05" {
		t.Errorf("past midnight: layout %q", got)
	}
	s := NewStore()
	if err := s.OpenPattern("ttl-ephemeral"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(200, 0, nil); err != nil {
		t.Fatal(err)
	}
	// Two days on: what expires next and what the sweeper deleted span days.
	s.Advance(50 * time.Hour)
	st := s.State()
	p := &timePanel{Panel: Panel{Store: s, State: st}}
	html := goapp.HTMLString(p.Render())
	// The rows' times are all of one day or carry their dates.
	dated := regexp.MustCompile(`<td>(in|expired) [^<]* · \d{1,2} [A-Z][a-z]{2} \d\d:\d\d:\d\d</td>|<td>\d{1,2} [A-Z][a-z]{2} \d\d:\d\d:\d\d</td>`)
	bare := regexp.MustCompile(`<td>(in|expired) [^<]* · \d\d:\d\d:\d\d</td>|<td>\d\d:\d\d:\d\d</td>`)
	if len(dated.FindAllString(html, -1)) < 2 || bare.MatchString(html) {
		t.Errorf("after two days the TTL lists' times lack their dates (now %s):\n%s", st.Now.UTC().Format(time.RFC3339), html)
	}
	// The same panel an hour in: every time of one day, no dates.
	s2 := NewStore()
	if err := s2.OpenPattern("ttl-ephemeral"); err != nil {
		t.Fatal(err)
	}
	if err := s2.LoadDataset(200, 0, nil); err != nil {
		t.Fatal(err)
	}
	st2 := s2.State()
	html2 := goapp.HTMLString((&timePanel{Panel: Panel{Store: s2, State: st2}}).Render())
	if bare.MatchString(html2) == dated.MatchString(html2) {
		t.Errorf("the lists mix or lack clock times:\n%.2000s", html2)
	}
}

// TestNarrativeFoldsAfterTheFirstVisit checks that the sidebar's narrative
// is open on the first visit and folded on the next ones.
func TestNarrativeFoldsAfterTheFirstVisit(t *testing.T) {
	p := &testPage{workbenchPage: workbenchPage{store: NewStore()}}
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	ls := p.ctx.LocalStorage()
	ls.Del(narrativeSeenKey)
	if err := p.store.OpenPattern("write-sharding"); err != nil {
		t.Fatal(err)
	}
	p.foldNarrative = narrativeSeen(ls)
	first := tagOf(goapp.HTMLString(p.Render()), IDNarrative)
	if first == "" || !strings.Contains(first, " open") {
		t.Errorf("first visit: the narrative is not open: %s", first)
	}
	p.foldNarrative = narrativeSeen(ls)
	again := tagOf(goapp.HTMLString(p.Render()), IDNarrative)
	if again == "" || strings.Contains(again, " open") {
		t.Errorf("second visit: the narrative is not folded: %s", again)
	}
}
