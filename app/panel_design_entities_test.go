package app

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
)

// TestDesignAttributeSchema edits an entity's attribute schema: add an
// attribute, name and type it, make it required, give it a generator; a bad
// generator shows its message next to the generator field; remove it.
func TestDesignAttributeSchema(t *testing.T) {
	d, _ := newTestDesign(t, "")
	d.addEntity(d.ctx)
	d.addAttribute(d.ctx, 0)
	if doc := d.html(); !hasID(doc, designAttrID(0, 0, IDDesignAttrGen)) || !hasID(doc, designEntityID(0, IDDesignAttrAdd)) {
		t.Fatal("the attribute row or the add button is missing")
	}
	d.setAttribute(d.ctx, 0, 0, func(a *model.Attribute) { a.Name = "total" })
	d.setAttribute(d.ctx, 0, 0, func(a *model.Attribute) { a.Type = "N" })
	d.setAttribute(d.ctx, 0, 0, func(a *model.Attribute) { a.Required = true })
	d.setAttribute(d.ctx, 0, 0, func(a *model.Attribute) { a.Generator = "decimal(1,500,2)" })
	a := d.draft().Entities[0].Attributes[0]
	if a != (model.Attribute{Name: "total", Type: "N", Required: true, Generator: "decimal(1,500,2)"}) {
		t.Fatalf("attribute %+v", a)
	}
	if len(d.State.Problems) != 0 {
		t.Fatalf("problems: %v", d.State.Problems)
	}
	d.setAttribute(d.ctx, 0, 0, func(a *model.Attribute) { a.Generator = "choice(a,b)" })
	gen := designAttrID(0, 0, IDDesignAttrGen)
	msgs := errorsNextTo(d.html(), gen)
	if len(msgs) == 0 || !strings.Contains(strings.Join(msgs, " "), "choice") || !invalid(d.html(), gen) {
		t.Errorf("a string generator on a number: messages next to the field %q", msgs)
	}
	d.removeAttribute(d.ctx, 0, 0)
	if n := len(d.draft().Entities[0].Attributes); n != 0 {
		t.Errorf("%d attributes after the removal", n)
	}
}

// TestDesignAddPattern adds a GetItem of the entity by its key with a
// parameter per template parameter; the draft validates, applies and the
// pattern runs; renaming it carries its workload; removing it drops both.
func TestDesignAddPattern(t *testing.T) {
	d, _ := newTestDesign(t, "")
	d.addEntity(d.ctx)
	d.addPattern(d.ctx)
	m := d.draft()
	if len(m.AccessPatterns) != 1 {
		t.Fatalf("%d access patterns", len(m.AccessPatterns))
	}
	ap := m.AccessPatterns[0]
	if ap.Operation != "GetItem" || len(ap.Parameters) != 1 || ap.Parameters[0].Name != "id" || ap.Entity != "Entity1" {
		t.Fatalf("access pattern %+v", ap)
	}
	if len(d.State.Problems) != 0 {
		t.Fatalf("problems: %v", d.State.Problems)
	}
	if err := d.Store.Apply(); err != nil {
		t.Fatal(err)
	}
	if err := d.Store.LoadDataset(50, 0, nil); err != nil {
		t.Fatal(err)
	}
	r, err := d.Store.RunPattern(ap.Name, nil)
	if err != nil || r.Status != 200 || len(r.Items) != 1 {
		t.Fatalf("running it: %v, %+v", err, r)
	}
	d.State = d.Store.State()
	d.act(d.ctx, func() { d.Store.EditWorkload(defaultWorkload) })
	d.setPatternName(d.ctx, 0, "Get an entity")
	if workloadRequest(d.draft(), "Get an entity") == nil {
		t.Error("the workload did not follow the rename")
	}
	d.removePattern(d.ctx, 0)
	if m := d.draft(); len(m.AccessPatterns) != 0 || (m.Workload != nil && len(m.Workload.Requests) != 0) {
		t.Errorf("after the removal: %+v, %+v", m.AccessPatterns, m.Workload)
	}
}

// TestDesignSharedKeyTypeAsks: the table's sort key and a GSI's partition
// key on the same attribute; changing the type from the GSI asks first,
// names the table's sort key, and changes nothing until confirmed; "keep"
// changes nothing; "everywhere" changes the attribute's one type.
func TestDesignSharedKeyTypeAsks(t *testing.T) {
	d, _ := newTestDesign(t, "")
	d.addGSI(d.ctx, 0)
	slot := keySlot{table: 0, kind: slotGSI, index: 0, role: "HASH"}
	d.setKeyName(d.ctx, slot, "SK")
	if typ := d.draft().Tables[0].AttributeType("SK"); typ != "S" {
		t.Fatalf("SK is %s", typ)
	}
	d.setKeyType(d.ctx, slot, "N")
	if d.pendingType == nil || d.draft().Tables[0].AttributeType("SK") != "S" {
		t.Fatalf("no question, or the type changed at once: %+v", d.pendingType)
	}
	doc := d.html()
	if !hasID(doc, IDDesignTypeConfirm) || !strings.Contains(doc, "the table&#39;s sort key") && !strings.Contains(doc, "the table's sort key") {
		t.Errorf("the question does not name the table's sort key")
	}
	d.confirmKeyType(d.ctx, false)
	if d.pendingType != nil || d.draft().Tables[0].AttributeType("SK") != "S" || hasID(d.html(), IDDesignTypeConfirm) {
		t.Error("keeping the type changed something")
	}
	d.setKeyType(d.ctx, slot, "N")
	d.confirmKeyType(d.ctx, true)
	if typ := d.draft().Tables[0].AttributeType("SK"); typ != "N" {
		t.Errorf("after yes, SK is %s", typ)
	}
	// A key used once changes without a question.
	d.setKeyType(d.ctx, keySlot{table: 0, role: "HASH"}, "N")
	if d.pendingType != nil || d.draft().Tables[0].AttributeType("PK") != "N" {
		t.Error("a key used once asked, or did not change")
	}
}

// TestDesignRequestProblemIsReadable: an access pattern whose key condition
// names a placeholder it does not define shows DynamoDB's message next to
// its request, and the summary says where in words.
func TestDesignRequestProblemIsReadable(t *testing.T) {
	d, _ := newTestDesign(t, "sparse-index")
	ap := d.draft().AccessPatterns[2]
	d.setRequest(d.ctx, 2, `{"TableName":"DeviceStatus","KeyConditionExpression":"DeviceId = :nope"}`)
	st := d.Store.State()
	var p *model.FieldError
	for _, q := range st.Problems {
		if strings.HasPrefix(q.Path, "accessPatterns[2]") {
			p = q
		}
	}
	if p == nil {
		t.Fatalf("no problem on the access pattern: %v", st.Problems)
	}
	if !strings.Contains(p.Message, ":nope") {
		t.Errorf("message %q does not keep DynamoDB's wording", p.Message)
	}
	if p.Where == "" || !strings.Contains(p.Where, ap.Name) {
		t.Errorf("where %q does not name the access pattern %q", p.Where, ap.Name)
	}
	doc := d.html()
	if got := errorsNextTo(doc, designPatternID(2, IDDesignRequest)); len(got) != 1 || !strings.Contains(got[0], ":nope") {
		t.Errorf("next to the request: %q", got)
	}
	if p.Hint != "" && !strings.Contains(doc, "wb-design-hint") {
		t.Error("the plain sentence is not shown")
	}
	summary := doc[strings.Index(doc, `id="`+IDProblems+`"`):]
	if !strings.Contains(summary, "wb-design-where") {
		t.Error("the summary does not say where in words")
	}
	t.Logf("%s: %s (%s)", p.Where, p.Message, p.Hint)
}
