package app

import (
	"fmt"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/advise"
)

// The design-from-access-patterns form: the seeds' method made the path
// into the product. A person lists the entities (each with its attributes)
// and the access patterns in plain words: who reads or writes what, by
// which attribute, sorted by which, how often. The design advisor (see
// wizard_advise.go) proposes a table, key templates and indexes for them,
// each with the reason; accepted, the proposal becomes the running design
// with every access pattern a runnable request and the rates its workload.

// wizardEntity is one entity as typed.
type wizardEntity struct {
	Name string
	// Attributes is a comma list of name or name:TYPE ("email, total:N").
	Attributes string
	// Parent names the entity this one belongs to (an order to its
	// customer), if any: its items can share the parent's collection.
	Parent string
	// ID is the attribute that identifies an item ("" : the first
	// attribute when it reads as the id, else the name plus Id).
	ID string
	// Min and Max are how many of it each parent has, and Generators the
	// attributes' generators, kept from the plain lines (the form does
	// not edit them, and never loses them).
	Min, Max   int
	Generators map[string]string
}

// wizardPattern is one access pattern as typed.
type wizardPattern struct {
	// Name is the pattern in plain words ("Orders of a customer, newest first").
	Name   string
	Entity string
	// Action is one of wizardActions.
	Action string
	// By is the attribute the request finds items by; SortBy the one it
	// sorts or ranges on ("" for none).
	By, SortBy string
	// Rare says only some items have the SortBy (or By) attribute, so a
	// sparse index holds just them.
	Rare bool
	Rate float64
	// More is what the plain lines say that the form's fields do not (a
	// second by, where, with, newest first, limit, set), kept so that
	// switching between the two editors loses nothing.
	More advise.Pattern
}

// wizardActions are what an access pattern does.
var wizardActions = []struct{ value, label string }{
	{"get", "gets one"},
	{"list", "lists"},
	{"put", "writes"},
	{"update", "updates"},
	{"delete", "deletes"},
}

// wizardInput is the whole form.
type wizardInput struct {
	Name     string
	Entities []wizardEntity
	Patterns []wizardPattern
	// Table and TablePerEntity are kept from the plain lines.
	Table          string
	TablePerEntity bool
}

// wizardAttribute is one parsed attribute of an entity.
type wizardAttribute struct{ Name, Type string }

// parseAttributes reads "email, total:N, tags:SS". A missing type stays
// "", for the designer to choose (S, or N for an expiry, an amount or a
// count); one written, even S, is kept.
func parseAttributes(s string) ([]wizardAttribute, error) {
	var out []wizardAttribute
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, typ, _ := strings.Cut(part, ":")
		name, typ = strings.TrimSpace(name), strings.ToUpper(strings.TrimSpace(typ))
		if typ != "" && !validAttrType(typ) {
			return nil, fmt.Errorf("%s: %q is not a DynamoDB type (S, N, B, BOOL, NULL, SS, NS, BS, L, M)", name, typ)
		}
		if name == "" || strings.ContainsAny(name, " #{}") {
			return nil, fmt.Errorf("%q is not an attribute name (no spaces, # or braces)", part)
		}
		if seen[name] {
			return nil, fmt.Errorf("%s is listed twice", name)
		}
		seen[name] = true
		out = append(out, wizardAttribute{name, typ})
	}
	return out, nil
}

func validAttrType(t string) bool {
	switch t {
	case "S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M":
		return true
	}
	return false
}

// wizardExample is the form a person sees first: an online shop's three
// entities and four access patterns, to edit or replace.
func wizardExample() wizardInput {
	return wizardInput{
		Name: "My shop",
		Entities: []wizardEntity{
			{Name: "Customer", Attributes: "customerId, email, name, createdAt"},
			{Name: "Order", Attributes: "orderId, customerId, status, total:N, createdAt", Parent: "Customer"},
			{Name: "Product", Attributes: "productId, title, category, price:N"},
		},
		Patterns: []wizardPattern{
			{Name: "Get a customer", Entity: "Customer", Action: "get", By: "customerId", Rate: 50},
			{Name: "Orders of a customer, newest first", Entity: "Order", Action: "list", By: "customerId", SortBy: "createdAt", Rate: 20, More: advise.Pattern{Newest: true}},
			{Name: "Orders by status", Entity: "Order", Action: "list", By: "status", SortBy: "createdAt", Rate: 5},
			{Name: "Products of a category", Entity: "Product", Action: "list", By: "category", Rate: 30},
		},
	}
}

// designWizard is the form's component.
type designWizard struct {
	goapp.Compo
	Panel
	// Done is called when the person accepts (true) or cancels.
	Done func(accepted bool)

	in      wizardInput
	started bool
	// asText shows the design as plain lines (text) instead of the form.
	asText   bool
	text     string
	proposal *wizardProposal
	err      string
	// proposing says the advisor's answer is awaited (the page asks the
	// server: requestProposal).
	proposing bool
	// answers counts the proposals and errors Propose has given (the
	// button's data-answers): a test waits for the next one.
	answers int
}

// input returns the form's input, the example at first.
func (w *designWizard) input() *wizardInput {
	if !w.started {
		w.in, w.started = wizardExample(), true
	}
	return &w.in
}

// Render draws the form and, once asked, the proposal.
func (w *designWizard) Render() goapp.UI {
	in := w.input()
	ents := make([]goapp.UI, len(in.Entities))
	for i := range in.Entities {
		ents[i] = w.renderEntity(i)
	}
	pats := make([]goapp.UI, len(in.Patterns))
	for i := range in.Patterns {
		pats[i] = w.renderPattern(i)
	}
	return goapp.Div().ID(IDWizard).Class("wb-wizard").Body(
		goapp.H2().Text("New design from access patterns"),
		goapp.P().Class("wb-muted").Text("DynamoDB designs start from the questions the application asks, not from the data: list what it stores and how it reads and writes it. "+
			"The workbench proposes a table, its keys and indexes, and says why; you then load generated data and run every access pattern."),
		goapp.Div().Class("wb-design-field").Body(
			goapp.Label().For(IDWizardName).Text("Design name"),
			goapp.Input().ID(IDWizardName).Type("text").Value(in.Name).
				OnChange(onValue(func(ctx goapp.Context, v string) { w.in.Name = strings.TrimSpace(v) })),
		),
		goapp.Div().Class("wb-wizard-modes").Body(
			goapp.Button().ID(IDWizardAsForm).Class("wb-btn wb-btn-small"+map[bool]string{true: "", false: " active"}[w.asText]).
				Text("Form").OnClick(func(ctx goapp.Context, e goapp.Event) { w.showForm() }),
			goapp.Button().ID(IDWizardAsText).Class("wb-btn wb-btn-small"+map[bool]string{true: " active", false: ""}[w.asText]).
				Text("Plain lines").Title("Write the design as lines: 'Order of Customer 1-20: total N, status' and 'list Orders by customerId range createdAt, 50/s'").
				OnClick(func(ctx goapp.Context, e goapp.Event) { w.showText() }),
		),
		goapp.If(w.asText, func() goapp.UI { return w.renderText() }).Else(func() goapp.UI { return w.renderForm(ents, pats) }),
		goapp.Div().Class("wb-wizard-bar").Body(
			goapp.Button().ID(IDWizardPropose).Class("wb-btn wb-btn-primary").Text("Propose a design").
				Disabled(w.proposing).DataSet("answers", w.answers).OnClick(func(ctx goapp.Context, e goapp.Event) { w.propose(ctx) }),
			goapp.Button().ID(IDWizardCancel).Class("wb-btn").Text("Back to the start page").
				OnClick(func(ctx goapp.Context, e goapp.Event) { w.finish(false) }),
		),
		goapp.If(w.err != "", func() goapp.UI {
			return goapp.P().ID(IDWizardError).Class("wb-error").Attr("role", "alert").Text(w.err)
		}),
		goapp.If(w.proposal != nil, func() goapp.UI { return w.renderProposal() }),
	)
}

// renderText draws the design as plain lines.
func (w *designWizard) renderText() goapp.UI {
	return goapp.Div().Body(
		goapp.P().Class("wb-muted wb-design-note").Text("One statement a line. An entity: 'Customer: email, name, createdAt'; a child with how many per parent: "+
			"'Order of Customer 1-20: total N price(5,500), status'. An access pattern: 'get Customer by customerId, 100/s', "+
			"'list Orders by customerId range createdAt, 50/s', 'list Orders by status rare', 'create Order, 10/s', 'update Order set status'."),
		goapp.Label().Class("wb-visually-hidden").For(IDWizardText).Text("The design in plain lines"),
		goapp.Textarea().ID(IDWizardText).Class("wb-code wb-wizard-text").Spellcheck(false).Rows(12).
			Text(w.text).Attr("value", w.text).
			OnChange(onValue(func(ctx goapp.Context, v string) { w.text = v })),
	)
}

// renderForm draws the entities' and access patterns' rows.
func (w *designWizard) renderForm(ents, pats []goapp.UI) goapp.UI {
	return goapp.Div().Body(
		goapp.H3().Text("1. Entities: what the application stores"),
		goapp.P().Class("wb-muted wb-design-note").Text("Attributes are a comma list; a type follows a colon when it is not a string: total:N, tags:SS, active:BOOL. "+
			"“Belongs to” puts an entity's items beside its parent's (an order beside its customer)."),
		goapp.Div().ID(IDWizardEntities).Class("wb-wizard-list").Body(ents...),
		goapp.Button().ID(IDWizardAddEntity).Class("wb-btn wb-btn-small").Text("+ Entity").
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				w.in.Entities = append(w.in.Entities, wizardEntity{Name: fmt.Sprintf("Entity%d", len(w.in.Entities)+1), Attributes: "id"})
			}),
		goapp.H3().Text("2. Access patterns: how it reads and writes them"),
		goapp.Div().ID(IDWizardPatterns).Class("wb-wizard-list").Body(pats...),
		goapp.Button().ID(IDWizardAddPattern).Class("wb-btn wb-btn-small").Text("+ Access pattern").
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				ent := ""
				if len(w.in.Entities) > 0 {
					ent = w.in.Entities[0].Name
				}
				w.in.Patterns = append(w.in.Patterns, wizardPattern{Name: fmt.Sprintf("Access pattern %d", len(w.in.Patterns)+1), Entity: ent, Action: "get", Rate: 10})
			}),
	)
}

func (w *designWizard) renderEntity(i int) goapp.UI {
	e := w.in.Entities[i]
	id := func(s string) string { return wizardEntityID(i, s) }
	names := w.entityNames()
	return goapp.Div().ID(id("")).Class("wb-wizard-row").Body(
		wizardField("Entity", id(IDWizardRowName), goapp.Input().ID(id(IDWizardRowName)).Type("text").Value(e.Name).
			OnChange(onValue(func(ctx goapp.Context, v string) { w.renameEntity(i, strings.TrimSpace(v)) }), goapp.EventScope(i))),
		wizardField("Attributes", id(IDWizardAttrs), goapp.Input().ID(id(IDWizardAttrs)).Type("text").Class("wb-mono wb-wizard-wide").Value(e.Attributes).
			OnChange(onValue(func(ctx goapp.Context, v string) { w.in.Entities[i].Attributes = v }), goapp.EventScope(i))),
		wizardField("id", id(IDWizardID), goapp.Input().ID(id(IDWizardID)).Type("text").Class("wb-mono").Value(e.ID).
			Placeholder(wizardIDPlaceholder(w.in, e.Name)).Title("The attribute that identifies an item; empty: the one named as its id (orgId for Organization, or customerId in a pattern), else the first attribute, else the name plus Id").
			OnChange(onValue(func(ctx goapp.Context, v string) { w.in.Entities[i].ID = strings.TrimSpace(v) }), goapp.EventScope(i))),
		wizardField("Belongs to", id(IDWizardParent), goapp.Select().ID(id(IDWizardParent)).Class("wb-select").
			OnChange(onValue(func(ctx goapp.Context, v string) { w.in.Entities[i].Parent = v }), goapp.EventScope(i)).Body(
			goapp.Option().Value("").Selected(e.Parent == "").Text("—"),
			goapp.Range(names).Slice(func(k int) goapp.UI {
				return goapp.If(names[k] != e.Name, func() goapp.UI {
					return goapp.Option().Value(names[k]).Selected(names[k] == e.Parent).Text(names[k])
				})
			}))),
		goapp.Button().ID(id(IDWizardRemove)).Class("wb-btn wb-btn-small wb-btn-danger").Text("Remove").
			OnClick(func(ctx goapp.Context, ev goapp.Event) {
				if i < len(w.in.Entities) {
					w.in.Entities = append(w.in.Entities[:i], w.in.Entities[i+1:]...)
				}
			}, goapp.EventScope(i)),
	)
}

func (w *designWizard) renderPattern(i int) goapp.UI {
	p := w.in.Patterns[i]
	id := func(s string) string { return wizardPatternID(i, s) }
	names := w.entityNames()
	attrs := w.attributesOf(p.Entity)
	attrSelect := func(sid, value string, none string, set func(v string)) goapp.UI {
		return goapp.Select().ID(sid).Class("wb-select").
			OnChange(onValue(func(ctx goapp.Context, v string) { set(v) }), goapp.EventScope(i)).Body(
			goapp.If(none != "", func() goapp.UI { return goapp.Option().Value(none).Selected(value == "").Text(none) }),
			goapp.Range(attrs).Slice(func(k int) goapp.UI {
				return goapp.Option().Value(attrs[k]).Selected(attrs[k] == value).Text(attrs[k])
			}),
		)
	}
	return goapp.Div().ID(id("")).Class("wb-wizard-row").Body(
		wizardField("In plain words", id(IDWizardRowName), goapp.Input().ID(id(IDWizardRowName)).Type("text").Class("wb-wizard-wide").Value(p.Name).
			OnChange(onValue(func(ctx goapp.Context, v string) { w.in.Patterns[i].Name = strings.TrimSpace(v) }), goapp.EventScope(i))),
		wizardField("It", id(IDWizardAction), goapp.Select().ID(id(IDWizardAction)).Class("wb-select").
			OnChange(onValue(func(ctx goapp.Context, v string) { w.in.Patterns[i].Action = v }), goapp.EventScope(i)).Body(
			goapp.Range(wizardActions).Slice(func(k int) goapp.UI {
				return goapp.Option().Value(wizardActions[k].value).Selected(wizardActions[k].value == p.Action).Text(wizardActions[k].label)
			}))),
		wizardField("Entity", id(IDWizardEntity), goapp.Select().ID(id(IDWizardEntity)).Class("wb-select").
			OnChange(onValue(func(ctx goapp.Context, v string) { w.in.Patterns[i].Entity = v }), goapp.EventScope(i)).Body(
			goapp.Range(names).Slice(func(k int) goapp.UI {
				return goapp.Option().Value(names[k]).Selected(names[k] == p.Entity).Text(names[k])
			}))),
		wizardField("by", id(IDWizardBy), attrSelect(id(IDWizardBy), p.By, "", func(v string) { w.in.Patterns[i].By = noneIsEmpty(v) })),
		wizardField("sorted by", id(IDWizardSort), attrSelect(id(IDWizardSort), p.SortBy, wizardNone, func(v string) { w.in.Patterns[i].SortBy = noneIsEmpty(v) })),
		wizardField("only some items", id(IDWizardRare), goapp.Input().ID(id(IDWizardRare)).Type("checkbox").Checked(p.Rare).
			Title("Only some items have the attribute: a sparse index holds just them").
			OnChange(func(ctx goapp.Context, e goapp.Event) { w.in.Patterns[i].Rare = e.Get("target").Get("checked").Bool() }, goapp.EventScope(i))),
		wizardField("calls/s", id(IDWizardRate), goapp.Input().ID(id(IDWizardRate)).Type("number").Min(0).Class("wb-workload-rate").
			Value(strconv.FormatFloat(p.Rate, 'f', -1, 64)).
			OnChange(onValue(func(ctx goapp.Context, v string) {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 {
					w.in.Patterns[i].Rate = f
				}
			}), goapp.EventScope(i))),
		goapp.If(moreText(p.More) != "", func() goapp.UI {
			return goapp.Span().ID(id(IDWizardMore)).Class("wb-muted wb-mono").Title("Said in the plain lines; edit it there").Text(moreText(p.More))
		}),
		goapp.Button().ID(id(IDWizardRemove)).Class("wb-btn wb-btn-small wb-btn-danger").Text("Remove").
			OnClick(func(ctx goapp.Context, ev goapp.Event) {
				if i < len(w.in.Patterns) {
					w.in.Patterns = append(w.in.Patterns[:i], w.in.Patterns[i+1:]...)
				}
			}, goapp.EventScope(i)),
	)
}

func wizardField(label, id string, control goapp.UI) goapp.UI {
	return goapp.Div().Class("wb-design-field").Body(goapp.Label().For(id).Text(label), control)
}

func (w *designWizard) entityNames() []string {
	out := make([]string, 0, len(w.in.Entities))
	for _, e := range w.in.Entities {
		if e.Name != "" {
			out = append(out, e.Name)
		}
	}
	return out
}

// attributesOf lists the attribute names typed for entity name.
func (w *designWizard) attributesOf(name string) []string {
	for _, e := range w.in.Entities {
		if e.Name == name {
			attrs, _ := parseAttributes(e.Attributes)
			out := make([]string, len(attrs))
			for i, a := range attrs {
				out[i] = a.Name
			}
			return out
		}
	}
	return nil
}

// renameEntity renames entity i; the access patterns and children that
// name it follow.
func (w *designWizard) renameEntity(i int, v string) {
	if i >= len(w.in.Entities) || v == "" {
		return
	}
	old := w.in.Entities[i].Name
	w.in.Entities[i].Name = v
	for k := range w.in.Patterns {
		if w.in.Patterns[k].Entity == old {
			w.in.Patterns[k].Entity = v
		}
	}
	for k := range w.in.Entities {
		if w.in.Entities[k].Parent == old {
			w.in.Entities[k].Parent = v
		}
	}
}

// propose asks the advisor for a design: the description is read here
// (its errors name the line and the word at once), the design is
// proposed by requestProposal.
func (w *designWizard) propose(ctx goapp.Context) {
	w.err, w.proposal = "", nil
	var (
		ai  advise.Input
		err error
	)
	if w.asText {
		ai, err = advise.Parse(w.text)
		if err == nil {
			w.syncFromText()
		}
	} else {
		ai, err = adviseInput(w.in)
	}
	if err != nil {
		w.err = err.Error()
		w.answers++
		return
	}
	w.proposing = true
	requestProposal(ctx, ai, func(p *wizardProposal, err error) {
		w.proposing = false
		w.answers++
		if err != nil {
			w.err = err.Error()
			return
		}
		w.proposal = p
	})
}

// wizardProposal is the advisor's answer, ready to show and accept.
type wizardProposal struct {
	Model *model.Model
	// Reasons says why, one line per decision, each for a part of the
	// design ("table", "entity Order", "index GSI1", "pattern Get a customer").
	Reasons []wizardReason
}

type wizardReason struct{ Target, Text string }

func (w *designWizard) renderProposal() goapp.UI {
	pr := w.proposal
	m := pr.Model
	var lines []string
	for _, t := range m.Tables {
		lines = append(lines, "Table "+t.TableName+": "+keyText(t.KeySchema, &t.TableDefinition))
		for _, g := range t.GlobalSecondaryIndexes {
			lines = append(lines, "  GSI "+g.IndexName+": "+keyText(g.KeySchema, &t.TableDefinition)+" · "+string(g.Projection.ProjectionType))
		}
		for _, l := range t.LocalSecondaryIndexes {
			lines = append(lines, "  LSI "+l.IndexName+": "+keyText(l.KeySchema, &t.TableDefinition))
		}
	}
	for _, e := range m.Entities {
		lines = append(lines, "Entity "+e.Name+": "+keyTemplates(e))
	}
	for _, ap := range m.AccessPatterns {
		lines = append(lines, "Access pattern "+ap.Name+": "+ap.Operation)
	}
	return goapp.Section().ID(IDWizardProposal).Class("wb-wizard-proposal").Body(
		goapp.H3().Text("The proposed design"),
		goapp.Pre().Class("wb-code").Text(strings.Join(lines, "\n")),
		goapp.H3().Text("Why"),
		goapp.Ul().ID(IDWizardReasons).Class("wb-wizard-reasons").Body(goapp.Range(pr.Reasons).Slice(func(i int) goapp.UI {
			r := pr.Reasons[i]
			return goapp.Li().Attr("data-target", r.Target).Body(goapp.Strong().Text(r.Target+": "), goapp.Text(r.Text))
		})),
		goapp.Button().ID(IDWizardAccept).Class("wb-btn wb-btn-primary").Text("Use this design").
			Title("Make it the running design; then load generated data and run its access patterns").
			OnClick(func(ctx goapp.Context, e goapp.Event) { w.accept(ctx) }),
	)
}

// accept makes the proposal the running design.
func (w *designWizard) accept(ctx goapp.Context) {
	m, err := cloneModel(w.proposal.Model)
	if err != nil {
		w.err = err.Error()
		return
	}
	spreadKeys(m)
	b, err := model.Marshal(m)
	if err == nil {
		err = w.Store.OpenModel(b)
	}
	publish(ctx, w.Store)
	if err != nil {
		w.err = err.Error()
		return
	}
	w.Store.Note(fmt.Sprintf("Design %q proposed from %d access patterns: load a dataset (Item collections) and run them", w.proposal.Model.Name, len(w.proposal.Model.AccessPatterns)))
	publish(ctx, w.Store)
	w.finish(true)
}

func (w *designWizard) finish(accepted bool) {
	if w.Done != nil {
		w.Done(accepted)
	}
}

// spreadKeys gives every parameter of the workload that has no
// distribution a uniform one (shaped like its example): without one, every
// call of the simulation would go to the example's key, one hot partition
// the person never asked for.
func spreadKeys(m *model.Model) {
	if m.Workload == nil {
		return
	}
	for _, r := range m.Workload.Requests {
		ap := m.AccessPattern(r.AccessPattern)
		if ap == nil || len(r.Keys) > 0 {
			continue
		}
		for _, p := range varyingParams(ap) {
			setKeyDistribution(m, ap.Name, p.Name, func(*model.KeyDistribution) bool { return true })
		}
	}
}
