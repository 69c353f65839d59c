package app

import (
	"html"
	"slices"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// testDesign is the Design panel under go-app's test engine, keeping the
// Context OnPreRender receives so that the test calls the handlers with it.
type testDesign struct {
	designPanel
	ctx goapp.Context
}

func (t *testDesign) OnPreRender(ctx goapp.Context) { t.ctx = ctx }

// newTestDesign mounts a Design panel on a store (a blank model, or the
// pattern named).
func newTestDesign(t *testing.T, pattern string) (*testDesign, goapp.TestEngine) {
	t.Helper()
	s := NewStore()
	if pattern != "" {
		if err := s.OpenPattern(pattern); err != nil {
			t.Fatal(err)
		}
	}
	d := &testDesign{designPanel: designPanel{Panel: Panel{Store: s, State: s.State()}}}
	e := goapp.NewTestEngine()
	if err := e.Load(d); err != nil {
		t.Fatalf("Load: %v", err)
	}
	e.ConsumeAll()
	return d, e
}

// draft is the store's current draft.
func (d *testDesign) draft() *model.Model { return d.Store.State().Draft }

// html renders the panel from the State it holds.
func (d *testDesign) html() string { return goapp.HTMLString(d.Render()) }

// problem returns the problem at path, or nil.
func problem(st *State, path string) *model.FieldError {
	for _, p := range st.Problems {
		if p.Path == path {
			return p
		}
	}
	return nil
}

// errorsNextTo returns the messages shown under the element with id.
func errorsNextTo(doc, id string) []string {
	start := strings.Index(doc, `id="`+id+IDDesignErrorSuffix+`"`)
	if start < 0 {
		return nil
	}
	end := strings.Index(doc[start:], "</ul>")
	if end < 0 {
		return nil
	}
	var out []string
	for _, li := range strings.Split(doc[start:start+end], "<li>")[1:] {
		li, _, _ = strings.Cut(li, "</li>")
		li, _, _ = strings.Cut(li, `<span class="wb-design-hint">`) // the plain sentence beside it
		out = append(out, html.UnescapeString(strings.TrimSpace(li)))
	}
	return out
}

// tagOf returns the opening tag of the element with id.
func tagOf(doc, id string) string {
	i := strings.Index(doc, `id="`+id+`"`)
	if i < 0 {
		return ""
	}
	start := strings.LastIndexByte(doc[:i], '<')
	end := strings.IndexByte(doc[i:], '>')
	return doc[start : i+end+1]
}

// disabled reports whether the element with id is disabled.
func disabled(doc, id string) bool {
	tag := tagOf(doc, id)
	return strings.Contains(tag, " disabled>") || strings.Contains(tag, " disabled ")
}

// invalid reports whether the element with id is marked aria-invalid.
func invalid(doc, id string) bool {
	tag := tagOf(doc, id)
	return strings.Contains(tag, " aria-invalid>") || strings.Contains(tag, " aria-invalid ")
}

func hasID(doc, id string) bool { return strings.Contains(doc, `id="`+id+`"`) }

func definitions(t *model.Table) []string {
	var out []string
	for _, d := range t.AttributeDefinitions {
		out = append(out, d.AttributeName+":"+string(d.AttributeType))
	}
	return out
}

func TestDesignRendersTheDraft(t *testing.T) {
	d, _ := newTestDesign(t, "sparse-index")
	doc := d.html()
	for _, id := range []string{
		IDDesignModelName, IDProblems, IDDesignApply, IDDesignAddTable, IDDesignAddEntity,
		"wb-design-table-0-name", "wb-design-table-0-pk", "wb-design-table-0-pk-type",
		"wb-design-table-0-sk", "wb-design-table-0-billing", "wb-design-table-0-ttl",
		"wb-design-table-0-stream", "wb-design-table-0-add-gsi", "wb-design-table-0-add-lsi",
		"wb-design-table-0-gsi-0-name", "wb-design-table-0-gsi-0-pk", "wb-design-table-0-gsi-0-sk",
		"wb-design-table-0-gsi-0-projection", "wb-design-table-0-gsi-0-nonkey",
		"wb-design-entity-0-name", "wb-design-entity-0-key-EscalatedTo", "wb-design-ap-0-request",
	} {
		if !hasID(doc, id) {
			t.Errorf("the panel lacks #%s", id)
		}
	}
	if got := tagOf(doc, "wb-design-table-0-gsi-0-nonkey"); !strings.Contains(got, `value="Status, Detail"`) {
		t.Errorf("NonKeyAttributes shown as %s", got)
	}
	if !disabled(doc, IDDesignApply) {
		t.Error("Apply is enabled with nothing to apply")
	}
	if hasID(doc, IDDesignDirty) {
		t.Error("a freshly opened design says it has unapplied changes")
	}
	if !strings.Contains(doc, "A technician&#39;s escalations of the last five minutes") &&
		!strings.Contains(doc, "A technician's escalations of the last five minutes") {
		t.Error("the access patterns' descriptions are not listed")
	}
}

func TestDesignAddGSIDerivesDefinitionsAndApplies(t *testing.T) {
	d, e := newTestDesign(t, "")
	d.addGSI(d.ctx, 0)
	st := d.Store.State()
	tb := &st.Draft.Tables[0]
	if len(tb.GlobalSecondaryIndexes) != 1 || tb.GlobalSecondaryIndexes[0].IndexName != "GSI1" {
		t.Fatalf("GSIs after adding one: %+v", tb.GlobalSecondaryIndexes)
	}
	if got, want := definitions(tb), []string{"PK:S", "SK:S", "GSI1PK:S", "GSI1SK:S"}; !slices.Equal(got, want) {
		t.Errorf("AttributeDefinitions %v, want %v", got, want)
	}
	if !st.Dirty || len(st.Problems) != 0 || !st.CanUndo {
		t.Fatalf("after adding a GSI: dirty %v, problems %v, can undo %v", st.Dirty, st.Problems, st.CanUndo)
	}
	if d.State != st {
		t.Error("the panel does not hold the state its action published")
	}
	doc := d.html()
	if !hasID(doc, IDDesignDirty) || disabled(doc, IDDesignApply) {
		t.Errorf("a dirty design without problems: %s, dirty note %v", tagOf(doc, IDDesignApply), hasID(doc, IDDesignDirty))
	}
	if !strings.Contains(doc, "AttributeDefinitions: PK (S), SK (S), GSI1PK (S), GSI1SK (S)") {
		t.Error("the card does not show the derived definitions")
	}

	// The sort key's type changes its one definition.
	d.setKeyType(d.ctx, keySlot{table: 0, kind: slotGSI, index: 0, role: schema.KeyTypeRange}, "N")
	// Dropping the GSI's sort key drops its definition: DynamoDB refuses
	// unused ones.
	d.setKeyName(d.ctx, keySlot{table: 0, kind: slotGSI, index: 0, role: schema.KeyTypeRange}, "")
	tb = &d.draft().Tables[0]
	if got, want := definitions(tb), []string{"PK:S", "SK:S", "GSI1PK:S"}; !slices.Equal(got, want) {
		t.Errorf("AttributeDefinitions %v after removing the GSI's sort key, want %v", got, want)
	}
	if n := len(tb.GlobalSecondaryIndexes[0].KeySchema); n != 1 {
		t.Errorf("the GSI's key schema has %d elements, want 1", n)
	}
	// Sharing the table's sort key: one definition for both.
	d.setKeyName(d.ctx, keySlot{table: 0, kind: slotGSI, index: 0, role: schema.KeyTypeRange}, "SK")
	tb = &d.draft().Tables[0]
	if got, want := definitions(tb), []string{"PK:S", "SK:S", "GSI1PK:S"}; !slices.Equal(got, want) {
		t.Errorf("AttributeDefinitions %v with SK shared, want %v", got, want)
	}
	if len(d.Store.State().Problems) != 0 {
		t.Fatalf("problems: %v", d.Store.State().Problems)
	}

	d.apply(d.ctx)
	e.ConsumeAll() // the copy runs as a job (Store.ApplyInSlices)
	st = d.Store.State()
	if st.Dirty || st.Error != "" {
		t.Fatalf("after Apply: dirty %v, error %q", st.Dirty, st.Error)
	}
	gsis := st.Snapshot.Table("AppTable").Description.GlobalSecondaryIndexes
	if len(gsis) != 1 || gsis[0].IndexName != "GSI1" {
		t.Fatalf("the engine's table has GSIs %+v, want GSI1", gsis)
	}
	if got := gsis[0].KeySchema; len(got) != 2 || got[0].AttributeName != "GSI1PK" || got[1].AttributeName != "SK" {
		t.Errorf("the engine's GSI1 key schema %+v", got)
	}
	if !disabled(d.html(), IDDesignApply) {
		t.Error("Apply stays enabled once applied")
	}
}

func TestDesignGSIWithoutNameShowsDynamoDBMessage(t *testing.T) {
	d, _ := newTestDesign(t, "")
	d.addGSI(d.ctx, 0)
	d.setIndexName(d.ctx, 0, true, 0, "  ")
	st := d.Store.State()
	const path = "tables[0].GlobalSecondaryIndexes[0]"
	const want = "1 validation error detected: Value null at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must not be null"
	p := problem(st, path)
	if p == nil || p.Message != want {
		t.Fatalf("problems %v, want %s: %s", st.Problems, path, want)
	}
	doc := d.html()
	if got := errorsNextTo(doc, "wb-design-table-0-gsi-0-name"); !slices.Equal(got, []string{want}) {
		t.Errorf("next to the index name: %q, want DynamoDB's message", got)
	}
	if !invalid(doc, "wb-design-table-0-gsi-0-name") {
		t.Error("the index name is not marked invalid")
	}
	summary := doc[strings.Index(doc, `id="`+IDProblems+`"`):]
	summary = html.UnescapeString(summary[:strings.Index(summary, "</ul>")])
	if !strings.Contains(summary, path) || !strings.Contains(summary, want) || !strings.Contains(summary, `for="wb-design-table-0-gsi-0-name"`) {
		t.Errorf("the summary does not list the problem with its path and field: %s", summary)
	}
	if !disabled(doc, IDDesignApply) {
		t.Error("Apply is enabled on a design DynamoDB refuses")
	}
	// Naming it fixes it.
	d.setIndexName(d.ctx, 0, true, 0, "ByStatus")
	if ps := d.Store.State().Problems; len(ps) != 0 {
		t.Errorf("problems after naming the index: %v", ps)
	}
}

func TestDesignTableWithoutPartitionKey(t *testing.T) {
	d, _ := newTestDesign(t, "")
	d.setKeyName(d.ctx, keySlot{table: 0, role: schema.KeyTypeHash}, "")
	st := d.Store.State()
	tb := &st.Draft.Tables[0]
	if got := tb.KeySchema; len(got) != 2 || got[0].KeyType != schema.KeyTypeHash || got[0].AttributeName != "" {
		t.Fatalf("key schema %+v, want an unnamed HASH element kept", got)
	}
	if got, want := definitions(tb), []string{"SK:S"}; !slices.Equal(got, want) {
		t.Errorf("AttributeDefinitions %v, want %v", got, want)
	}
	const want = "Value null at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member must not be null"
	p := problem(st, "tables[0]")
	if p == nil || !strings.Contains(p.Message, want) {
		t.Fatalf("problems %v, want DynamoDB's %q at tables[0]", st.Problems, want)
	}
	got := errorsNextTo(d.html(), "wb-design-table-0-pk")
	if len(got) != 1 || !strings.Contains(got[0], want) {
		t.Errorf("next to the partition key: %q", got)
	}
	// Naming it again restores its definition.
	d.setKeyName(d.ctx, keySlot{table: 0, role: schema.KeyTypeHash}, "PK")
	if ps := d.Store.State().Problems; len(ps) != 0 {
		t.Errorf("problems after naming the key: %v", ps)
	}
	if got, want := definitions(&d.draft().Tables[0]), []string{"SK:S", "PK:S"}; !slices.Equal(got, want) {
		t.Errorf("AttributeDefinitions %v, want %v", got, want)
	}
}

func TestDesignUndoRestoresAndNoOpsAreNotSteps(t *testing.T) {
	d, _ := newTestDesign(t, "")
	before := d.draft()
	d.setTableName(d.ctx, 0, "AppTable") // unchanged
	d.setStream(d.ctx, 0, "")            // already off
	if d.Store.State().CanUndo || d.Store.State().Dirty {
		t.Fatal("an edit that changed nothing was recorded")
	}
	// Requests written with newlines and indentation compare as unchanged too.
	p, _ := newTestDesign(t, "sparse-index")
	p.setTableName(p.ctx, 0, "DeviceStatus")
	p.setProjection(p.ctx, 0, true, 0, "INCLUDE")
	if p.Store.State().CanUndo {
		t.Fatal("re-selecting a pattern's values was recorded")
	}
	d.setTableName(d.ctx, 0, "Orders")
	d.setStream(d.ctx, 0, schema.StreamNewAndOldImages)
	m := d.draft()
	if m.Tables[0].TableName != "Orders" || m.Tables[0].StreamSpecification == nil ||
		m.Tables[0].StreamSpecification.StreamViewType != schema.StreamNewAndOldImages || !m.Tables[0].StreamSpecification.StreamEnabled {
		t.Fatalf("table after edits: %+v", m.Tables[0])
	}
	if !d.Store.Undo() {
		t.Fatal("nothing to undo")
	}
	if d.draft().Tables[0].StreamSpecification != nil || d.draft().Tables[0].TableName != "Orders" {
		t.Error("one undo did not take back exactly the stream edit")
	}
	d.Store.Undo()
	if d.draft() != before || d.Store.State().Dirty {
		t.Error("undoing both edits does not restore the applied design")
	}
	// A handler addressing an index that is gone does nothing.
	d.setIndexName(d.ctx, 0, true, 3, "X")
	d.removeTable(d.ctx, 5)
	if d.Store.State().Dirty {
		t.Error("a stale handler changed the draft")
	}
}

func TestDesignBillingAndCapacity(t *testing.T) {
	d, _ := newTestDesign(t, "")
	d.addGSI(d.ctx, 0)
	d.setBillingMode(d.ctx, 0, "PROVISIONED")
	tb := &d.draft().Tables[0]
	pt, gpt := tb.ProvisionedThroughput, tb.GlobalSecondaryIndexes[0].ProvisionedThroughput
	if tb.BillingMode != schema.BillingProvisioned || pt == nil || *pt.ReadCapacityUnits != defaultCapacity || gpt == nil || *gpt.WriteCapacityUnits != defaultCapacity {
		t.Fatalf("a provisioned table and GSI without default capacity: %+v / %+v", pt, gpt)
	}
	doc := d.html()
	for _, id := range []string{"wb-design-table-0-rcu", "wb-design-table-0-wcu", "wb-design-table-0-gsi-0-rcu", "wb-design-table-0-gsi-0-wcu"} {
		if !hasID(doc, id) {
			t.Errorf("a provisioned table lacks #%s", id)
		}
	}
	d.setCapacity(d.ctx, 0, -1, true, "25")
	d.setCapacity(d.ctx, 0, 0, false, "0")
	tb = &d.draft().Tables[0]
	if *tb.ProvisionedThroughput.ReadCapacityUnits != 25 {
		t.Errorf("table RCU %d, want 25", *tb.ProvisionedThroughput.ReadCapacityUnits)
	}
	st := d.Store.State()
	const want = "Value '0' at 'globalSecondaryIndexes.1.member.provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1"
	if p := problem(st, "tables[0].GlobalSecondaryIndexes[0]"); p == nil || !strings.Contains(p.Message, want) {
		t.Fatalf("problems %v, want DynamoDB's %q", st.Problems, want)
	}
	if got := errorsNextTo(d.html(), "wb-design-table-0-gsi-0-rcu"); len(got) != 1 || !strings.Contains(got[0], want) {
		t.Errorf("next to the GSI's capacity: %q", got)
	}
	// Not a number: nothing changes.
	steps := d.Store.State().Seq
	d.setCapacity(d.ctx, 0, -1, false, "lots")
	if d.Store.State().Seq != steps {
		t.Error("text that is not a number was recorded")
	}
	// On demand drops every capacity setting.
	d.setBillingMode(d.ctx, 0, "PAY_PER_REQUEST")
	tb = &d.draft().Tables[0]
	if tb.ProvisionedThroughput != nil || tb.GlobalSecondaryIndexes[0].ProvisionedThroughput != nil {
		t.Error("an on-demand table keeps provisioned capacity")
	}
	if ps := d.Store.State().Problems; len(ps) != 0 {
		t.Errorf("problems: %v", ps)
	}
	if hasID(d.html(), "wb-design-table-0-rcu") {
		t.Error("an on-demand table shows capacity inputs")
	}
}

func TestDesignTTLAndProjection(t *testing.T) {
	d, _ := newTestDesign(t, "")
	d.setTTLEnabled(d.ctx, 0, true)
	ttl := d.draft().Tables[0].TimeToLiveSpecification
	if ttl == nil || !ttl.Enabled || ttl.AttributeName != defaultTTLAttribute {
		t.Fatalf("TTL after enabling: %+v", ttl)
	}
	d.setTTLAttribute(d.ctx, 0, "")
	const path = "tables[0].TimeToLiveSpecification.AttributeName"
	if p := problem(d.Store.State(), path); p == nil {
		t.Fatalf("no problem at %s: %v", path, d.Store.State().Problems)
	}
	if got := errorsNextTo(d.html(), "wb-design-table-0-ttl-attr"); len(got) != 1 {
		t.Errorf("next to the TTL attribute: %q", got)
	}
	d.setTTLAttribute(d.ctx, 0, "expires")
	d.setTTLEnabled(d.ctx, 0, false)
	if ttl := d.draft().Tables[0].TimeToLiveSpecification; ttl == nil || ttl.Enabled || ttl.AttributeName != "expires" {
		t.Errorf("TTL after disabling: %+v, want the name kept", ttl)
	}

	d.addLSI(d.ctx, 0)
	d.setProjection(d.ctx, 0, false, 0, "INCLUDE")
	const want = "One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified"
	if p := problem(d.Store.State(), "tables[0].LocalSecondaryIndexes[0]"); p == nil || p.Message != want {
		t.Fatalf("problems %v, want %q", d.Store.State().Problems, want)
	}
	doc := d.html()
	if got := errorsNextTo(doc, "wb-design-table-0-lsi-0-projection"); !slices.Equal(got, []string{want}) {
		t.Errorf("next to the projection: %q", got)
	}
	if !hasID(doc, "wb-design-table-0-lsi-0-nonkey") {
		t.Error("an INCLUDE projection has no NonKeyAttributes input")
	}
	d.setNonKeyAttributes(d.ctx, 0, false, 0, " total, , status ")
	p := d.draft().Tables[0].LocalSecondaryIndexes[0].Projection
	if !slices.Equal(p.NonKeyAttributes, []string{"total", "status"}) || len(d.Store.State().Problems) != 0 {
		t.Errorf("projection %+v, problems %v", p, d.Store.State().Problems)
	}
	d.setProjection(d.ctx, 0, false, 0, "KEYS_ONLY")
	if p := d.draft().Tables[0].LocalSecondaryIndexes[0].Projection; p.NonKeyAttributes != nil {
		t.Errorf("KEYS_ONLY keeps NonKeyAttributes %v", p.NonKeyAttributes)
	}
	// Removing the only LSI leaves no list at all (an empty one is refused).
	d.removeIndex(d.ctx, 0, false, 0)
	if l := d.draft().Tables[0].LocalSecondaryIndexes; l != nil {
		t.Errorf("LSIs after removing the last: %#v", l)
	}
	if ps := d.Store.State().Problems; len(ps) != 0 {
		t.Errorf("problems: %v", ps)
	}
}

func TestDesignKeyRenamesFollow(t *testing.T) {
	d, _ := newTestDesign(t, "")
	d.addLSI(d.ctx, 0)
	d.addGSI(d.ctx, 0)
	d.addEntity(d.ctx)
	e := d.draft().Entities[0]
	if e.Name != "Entity1" || e.Table != "AppTable" || e.Keys["PK"] != "ENTITY1#{id}" || e.Keys["SK"] != "ENTITY1" {
		t.Fatalf("new entity %+v", e)
	}
	d.setKeyTemplate(d.ctx, 0, "GSI1PK", "STATUS#{status}")
	d.setKeyName(d.ctx, keySlot{table: 0, role: schema.KeyTypeHash}, "tenant")
	d.setKeyType(d.ctx, keySlot{table: 0, role: schema.KeyTypeHash}, "N")
	d.setKeyName(d.ctx, keySlot{table: 0, kind: slotGSI, role: schema.KeyTypeHash}, "status")
	m := d.draft()
	tb := &m.Tables[0]
	if h := tb.LocalSecondaryIndexes[0].HashKey(); h != "tenant" {
		t.Errorf("the LSI's partition key is %q, want the table's", h)
	}
	if got, want := definitions(tb), []string{"SK:S", "LSI1SK:S", "GSI1SK:S", "tenant:N", "status:S"}; !slices.Equal(got, want) {
		t.Errorf("AttributeDefinitions %v, want %v", got, want)
	}
	keys := m.Entities[0].Keys
	if keys["tenant"] != "ENTITY1#{id}" || keys["status"] != "STATUS#{status}" || keys["PK"] != "" {
		t.Errorf("entity templates did not follow the renames: %v", keys)
	}
	// The number key's template is a string template: the model says so,
	// next to the template.
	const path = "entities[0].keys.tenant"
	if p := problem(d.Store.State(), path); p == nil {
		t.Fatalf("no problem at %s: %v", path, d.Store.State().Problems)
	}
	if got := errorsNextTo(d.html(), designKeyID(0, "tenant")); len(got) != 1 {
		t.Errorf("next to the template: %q", got)
	}
	d.setKeyTemplate(d.ctx, 0, "tenant", "{tenantId}")
	// Removing the GSI drops the templates of its keys.
	d.removeIndex(d.ctx, 0, true, 0)
	if _, ok := d.draft().Entities[0].Keys["status"]; ok {
		t.Error("the template of a removed index's key is kept")
	}
	if ps := d.Store.State().Problems; len(ps) != 0 {
		t.Errorf("problems: %v", ps)
	}
	// A primary key template left empty: the entity's keys say which.
	d.setKeyTemplate(d.ctx, 0, "SK", "")
	p := problem(d.Store.State(), "entities[0].keys")
	if p == nil || !strings.Contains(p.Message, `no template for key attribute "SK"`) {
		t.Fatalf("problems %v", d.Store.State().Problems)
	}
	if got := errorsNextTo(d.html(), designEntityID(0, IDDesignKeys)); len(got) != 1 {
		t.Errorf("at the entity's templates: %q", got)
	}
}

func TestDesignRenamesReachAccessPatterns(t *testing.T) {
	d, e := newTestDesign(t, "sparse-index")
	if ps := d.Store.State().Problems; len(ps) != 0 {
		t.Fatalf("the pattern has problems: %v", ps)
	}
	d.setTableName(d.ctx, 0, "Reports")
	d.setIndexName(d.ctx, 0, true, 0, "ByTechnician")
	d.setEntityName(d.ctx, 0, "Report")
	m := d.draft()
	if m.Entities[0].Table != "Reports" || m.AccessPatterns[0].Entity != "Report" {
		t.Errorf("entity %+v, pattern entity %q", m.Entities[0], m.AccessPatterns[0].Entity)
	}
	req := string(m.AccessPatterns[0].Request)
	if !strings.Contains(req, `"TableName":"Reports"`) || !strings.Contains(req, `"IndexName":"ByTechnician"`) {
		t.Errorf("request not rewritten: %s", req)
	}
	if ps := d.Store.State().Problems; len(ps) != 0 {
		t.Errorf("problems after the renames: %v", ps)
	}
	d.apply(d.ctx)
	e.ConsumeAll() // the copy runs as a job (Store.ApplyInSlices)
	if ts := d.Store.State().Snapshot.Table("Reports"); ts == nil || ts.Description.GlobalSecondaryIndexes[0].IndexName != "ByTechnician" {
		t.Error("the engine does not run the renamed table and index")
	}
}

func TestDesignRequestJSON(t *testing.T) {
	d, _ := newTestDesign(t, "sparse-index")
	before := d.draft()
	d.setRequest(d.ctx, 2, `{"TableName": "DeviceStatus",`)
	if d.draft() != before || d.Store.State().CanUndo {
		t.Fatal("text that is not JSON reached the draft")
	}
	doc := d.html()
	got := errorsNextTo(doc, designPatternID(2, IDDesignRequest))
	if len(got) != 1 || !strings.HasPrefix(got[0], "not valid JSON") {
		t.Errorf("next to the request: %q", got)
	}
	// go-app's HTML writer quotes attribute values as Go strings.
	if !strings.Contains(tagOf(doc, designPatternID(2, IDDesignRequest)), `value="{\"TableName\": \"DeviceStatus\","`) {
		t.Error("the textarea lost what was typed")
	}
	d.setRequest(d.ctx, 2, `{"TableName":"Nope","KeyConditionExpression":"DeviceId = :d",
		"ExpressionAttributeValues":{":d":{"S":"{deviceId}"}}}`)
	st := d.Store.State()
	if string(st.Draft.AccessPatterns[2].Request) != `{"TableName":"Nope","KeyConditionExpression":"DeviceId = :d","ExpressionAttributeValues":{":d":{"S":"{deviceId}"}}}` {
		t.Errorf("request %s", st.Draft.AccessPatterns[2].Request)
	}
	const path = "accessPatterns[2].request.TableName"
	if p := problem(st, path); p == nil {
		t.Fatalf("no problem at %s: %v", path, st.Problems)
	}
	if got := errorsNextTo(d.html(), designPatternID(2, IDDesignRequest)); len(got) != 1 || !strings.Contains(got[0], `no table "Nope"`) {
		t.Errorf("next to the request: %q", got)
	}
}

func TestDesignTablesAndEntitiesAddRemove(t *testing.T) {
	d, _ := newTestDesign(t, "")
	d.addTable(d.ctx)
	d.addEntity(d.ctx)
	d.setEntityTable(d.ctx, 0, "Table1")
	m := d.draft()
	if len(m.Tables) != 2 || m.Tables[1].TableName != "Table1" || m.Entities[0].Table != "Table1" {
		t.Fatalf("tables %d, entity %+v", len(m.Tables), m.Entities)
	}
	if ps := d.Store.State().Problems; len(ps) != 0 {
		t.Fatalf("problems: %v", ps)
	}
	doc := d.html()
	if !hasID(doc, "wb-design-table-1-name") || !hasID(doc, "wb-design-entity-0-table") {
		t.Error("the new table or entity is not shown")
	}
	d.removeTable(d.ctx, 1)
	if p := problem(d.Store.State(), "entities[0].table"); p == nil || !strings.Contains(p.Message, `no table "Table1"`) {
		t.Fatalf("problems %v", d.Store.State().Problems)
	}
	if got := errorsNextTo(d.html(), designEntityID(0, IDDesignEntTable)); len(got) != 1 {
		t.Errorf("next to the entity's table: %q", got)
	}
	d.removeEntity(d.ctx, 0)
	if st := d.Store.State(); len(st.Draft.Entities) != 0 || len(st.Problems) != 0 {
		t.Errorf("entities %v, problems %v", st.Draft.Entities, st.Problems)
	}
}

func TestDesignPlacesTableErrorsAtTheirField(t *testing.T) {
	m := BlankModel()
	m.Tables[0].GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{
		{IndexName: "G", KeySchema: []schema.KeySchemaElement{{AttributeName: "PK", KeyType: "HASH"}}},
		{IndexName: "G", KeySchema: []schema.KeySchemaElement{{AttributeName: "PK", KeyType: "HASH"}}},
	}
	cases := []struct {
		path, msg, want string
	}{
		{"tables[0]", "1 validation error detected: Value 'a' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3", "tables[0].TableName"},
		{"tables[0]", "The parameter 'TableName' is required but was not present in the request", "tables[0].TableName"},
		{"tables[0]", "Invalid KeySchema: The first KeySchemaElement is not a HASH key type", "tables[0].KeySchema"},
		{"tables[0]", "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED", "tables[0].ProvisionedThroughput"},
		{"tables[0]", "One or more parameter values were invalid: Table is being created with a stream enabled, UpdateViewType is required", "tables[0].StreamSpecification"},
		{"tables[0]", "One or more parameter values were invalid: Duplicate index name: G", "tables[0].GlobalSecondaryIndexes[1].IndexName"},
		{"tables[0]", "One or more parameter values were invalid: Some AttributeDefinitions are not used. AttributeDefinitions: [PK, X], keys used: [PK]", "tables[0]"},
		{"tables[0]", "2 validation errors detected: Value 'a' at 'tableName' failed; Value null at 'keySchema.1.member.keyType' failed", "tables[0]"},
		{"tables[0].GlobalSecondaryIndexes[1]", "1 validation error detected: Value null at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must not be null", "tables[0].GlobalSecondaryIndexes[1].IndexName"},
		{"tables[0].GlobalSecondaryIndexes[0]", "One or more parameter values were invalid: Unknown ProjectionType: null", "tables[0].GlobalSecondaryIndexes[0].Projection"},
		{"tables[0].GlobalSecondaryIndexes[0]", "One or more parameter values were invalid: ProvisionedThroughput is not specified for index: G", "tables[0].GlobalSecondaryIndexes[0].ProvisionedThroughput"},
		{"tables[0].TimeToLiveSpecification.AttributeName", "the TTL attribute needs a name", "tables[0].TimeToLiveSpecification.AttributeName"},
		{"entities[0].keys.SK", "anything", "entities[0].keys.SK"},
		{"settings.startTime", "not a time", "settings.startTime"},
	}
	for _, c := range cases {
		if got := refinePath(m, c.path, c.msg); got != c.want {
			t.Errorf("refinePath(%s, %.50q) = %s, want %s", c.path, c.msg, got, c.want)
		}
	}
	// A path without an anchor of its own shows at its nearest one, or in
	// the summary only.
	probs := model.Errors{
		{Path: "tables[0].GlobalSecondaryIndexes[1]", Message: "One or more parameter values were invalid: Duplicate index name: G"},
		{Path: "accessPatterns[9].request", Message: "x"},
		{Path: "settings.startTime", Message: "y"},
	}
	pl := placeProblems(m, probs)
	if got := pl.target[probs[0]]; got != "tables[0].GlobalSecondaryIndexes[1].IndexName" {
		t.Errorf("duplicate name placed at %q", got)
	}
	if got := pl.target[probs[1]]; got != "" {
		t.Errorf("a problem of a pattern that is not there placed at %q", got)
	}
	if got := pl.target[probs[2]]; got != "" {
		t.Errorf("a settings problem placed at %q", got)
	}
}
