package advise

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// telemetry is a fleet of devices: a heartbeat updates each device's
// lastSeenAt at %s/s, while a site is read with its devices at 10/s.
const telemetry = `
name Telemetry
Site: siteId, name, region
Device of Site 5-50: deviceId, siteId, model, firmware, lastSeenAt
Reading of Device 0-200: deviceId, recordedAt, temperature N, humidity N
get Site by siteId with Devices, 10/s "Site with its devices"
get Device by deviceId, 200/s "Device by id"
list Readings by deviceId range recordedAt newest first limit 60, 300/s "Latest readings of a device"
create Reading, 5000/s "Ingest a reading"
list Devices by firmware, 1/s "Devices on a firmware"
update Device set lastSeenAt, %s/s "Heartbeat"
`

// TestApartChildByItsOwnReads: devices updated at 5,000/s (about 1,667/s
// per site) are kept out of the site's collection, and not moved to
// another key made of the site's id alone (where the same writes would
// meet): their own busiest read places them (by deviceId), the read of a
// site with its devices lists them from an index keyed by siteId (exactly
// the site's devices, a brute-force count), and no index holds lastSeenAt,
// so a heartbeat writes the table only (1 WCU, measured on the engine).
// At 5/s the devices join the site's collection and every index projects
// everything.
func TestApartChildByItsOwnReads(t *testing.T) {
	in, err := Parse(fmt.Sprintf(telemetry, "5000"))
	if err != nil {
		t.Fatal(err)
	}
	p := propose(t, in)
	m := p.Model
	dev := m.Entity("Device")
	if pk := dev.Keys["PK"]; strings.Contains(pk, "{siteId}") || !strings.Contains(pk, "{deviceId}") {
		t.Errorf("devices written at 5,000/s are keyed %s: their writes meet on the site's id", pk)
	}
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	m.SetExamples(m.FindExamples(db))

	with := m.AccessPattern("Site with its devices")
	var req map[string]any
	if err := json.Unmarshal(with.Request, &req); err != nil {
		t.Fatal(err)
	}
	if req["IndexName"] == nil {
		t.Errorf("the read of a site's devices is not an index Query: %s", with.Request)
	}
	site := with.Examples()["siteId"]
	res, err := with.Run(db, with.Examples())
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	scanAll(t, db, m.Tables[0].TableName, func(it attr.Item) {
		if it["deviceId"] != nil && it["recordedAt"] == nil && it["siteId"] == attr.String(site) {
			want++
		}
	})
	if len(res.Items) != want || want == 0 {
		t.Errorf("site %s: the read returns %d items, the data has %d of its devices", site, len(res.Items), want)
	}
	for _, it := range res.Items {
		if it["siteId"] != attr.String(site) || it["recordedAt"] != nil {
			t.Errorf("site %s: the read returns %v", site, it)
		}
	}

	for _, g := range m.Tables[0].GlobalSecondaryIndexes {
		if g.Projection.ProjectionType == schema.ProjectAll || slices.Contains(g.Projection.NonKeyAttributes, "lastSeenAt") {
			t.Errorf("%s holds lastSeenAt (%+v): every heartbeat writes it", g.IndexName, g.Projection)
		}
	}
	if units := heartbeatUnits(t, m, db); units.total != 1 || len(units.indexes) != 0 {
		t.Errorf("a heartbeat consumes %v WCU (indexes %v), want the table's 1", units.total, units.indexes)
	}
	var why string
	for _, r := range p.Reasons {
		if r.Where.Index != "" && r.Where.Entity == "" && strings.Contains(r.Text, "lastSeenAt") {
			why = r.Text
		}
	}
	for _, w := range []string{"Heartbeat", "5000/s", "INCLUDE", "writes the table only"} {
		if !strings.Contains(why, w) {
			t.Errorf("the projection's reason %q lacks %q", why, w)
		}
	}

	// A slow heartbeat: the devices share the site's collection, indexes
	// project everything, and the heartbeat's example writes a new time, so
	// it is measured with its index writes.
	in, err = Parse(fmt.Sprintf(telemetry, "5"))
	if err != nil {
		t.Fatal(err)
	}
	m = propose(t, in).Model
	if m.Entity("Device").Keys["PK"] != m.Entity("Site").Keys["PK"] {
		t.Errorf("devices at 5/s are keyed %s, not in the site's collection %s", m.Entity("Device").Keys["PK"], m.Entity("Site").Keys["PK"])
	}
	held := 0
	for _, g := range m.Tables[0].GlobalSecondaryIndexes {
		if g.Projection.ProjectionType != schema.ProjectAll {
			t.Errorf("%s projects %+v for a heartbeat of 5/s", g.IndexName, g.Projection)
		}
		for k, v := range m.Entity("Device").Keys {
			if v != "" && strings.HasPrefix(k, g.IndexName) {
				held++
				break
			}
		}
	}
	db, _ = m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	m.SetExamples(m.FindExamples(db))
	if units := heartbeatUnits(t, m, db); units.total != float64(1+held) || len(units.indexes) != held || held == 0 {
		t.Errorf("a heartbeat with a new time consumes %v WCU (indexes %v), want 1 + %d indexes", units.total, units.indexes, held)
	}
}

type consumed struct {
	total   float64
	indexes map[string]engine.Capacity
}

// heartbeatUnits runs the Heartbeat pattern with its example and returns
// what it consumed.
func heartbeatUnits(t *testing.T, m *model.Model, db *engine.Database) consumed {
	t.Helper()
	hb := m.AccessPattern("Heartbeat")
	x, err := hb.Input(hb.Examples())
	if err != nil {
		t.Fatal(err)
	}
	in := x.(*engine.UpdateItemInput)
	in.ReturnConsumedCapacity = "INDEXES"
	out, err := db.UpdateItem(in)
	if err != nil {
		t.Fatalf("heartbeat %v: %v", hb.Examples(), err)
	}
	return consumed{out.ConsumedCapacity.CapacityUnits, out.ConsumedCapacity.GlobalSecondaryIndexes}
}

func scanAll(t *testing.T, db *engine.Database, table string, fn func(attr.Item)) {
	t.Helper()
	in := &engine.ScanInput{TableName: &table}
	for {
		out, err := db.Scan(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range out.Items {
			fn(it)
		}
		if out.LastEvaluatedKey == nil {
			return
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// TestUntypedExpiryIsTTL: an expiry attribute written without a type
// ("expiresAt") is a Number of epoch seconds with a ttl generator, and
// turns TTL on; a typed S one stays a string and does not.
func TestUntypedExpiryIsTTL(t *testing.T) {
	for _, c := range []struct {
		decl string
		ttl  bool
	}{{"expiresAt", true}, {"expirationTime", true}, {"ttl", true}, {"expiresAt S", false}, {"expressLane", false}} {
		in, err := Parse("Session: sessionId, userId, " + c.decl + "\nget Session by sessionId, 10/s\n")
		if err != nil {
			t.Fatal(err)
		}
		m := propose(t, in).Model
		spec := m.Tables[0].TimeToLiveSpecification
		if got := spec != nil && spec.Enabled; got != c.ttl {
			t.Errorf("%s: TTL %+v, want on: %v", c.decl, spec, c.ttl)
		}
		if !c.ttl {
			continue
		}
		name := strings.Fields(c.decl)[0]
		for _, a := range m.Entity("Session").Attributes {
			if a.Name == name && (a.Type != "N" || !strings.HasPrefix(a.Generator, "ttl(")) {
				t.Errorf("%s: %+v, want a Number with a ttl generator", c.decl, a)
			}
		}
		db, _ := m.NewDatabase()
		if _, err := m.Load(db, nil); err != nil {
			t.Fatal(err)
		}
		tn := m.Tables[0].TableName
		n := 0
		scanAll(t, db, tn, func(it attr.Item) {
			if _, ok := it[name].(attr.Number); ok {
				n++
			}
		})
		if n == 0 {
			t.Errorf("%s: no loaded item has a Number %s", c.decl, name)
		}
	}
}
