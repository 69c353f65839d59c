package app

import (
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/advise"
)

// adviseInput turns the form into the advisor's input. An attribute list
// that cannot be read fails with the entity's name.
func adviseInput(in wizardInput) (advise.Input, error) {
	out := advise.Input{Name: strings.TrimSpace(in.Name), Table: in.Table, TablePerEntity: in.TablePerEntity}
	for _, e := range in.Entities {
		attrs, err := parseAttributes(e.Attributes)
		if err != nil {
			return advise.Input{}, fmt.Errorf("entity %s: %v", e.Name, err)
		}
		ae := advise.Entity{Name: strings.TrimSpace(e.Name), Parent: e.Parent, ID: strings.TrimSpace(e.ID), Min: e.Min, Max: e.Max}
		if ae.Parent == "" {
			ae.Min, ae.Max = 0, 0
		}
		for _, a := range attrs {
			ae.Attributes = append(ae.Attributes, model.Attribute{Name: a.Name, Type: a.Type, Generator: e.Generators[a.Name]})
		}
		out.Entities = append(out.Entities, ae)
	}
	for _, p := range in.Patterns {
		ap := p.More
		ap.By = nil
		ap.Name, ap.Entity, ap.Action, ap.Range, ap.Rare, ap.Rate = p.Name, p.Entity, adviseAction(p.Action), noneIsEmpty(p.SortBy), p.Rare, p.Rate
		if by := noneIsEmpty(p.By); by != "" {
			ap.By = append([]string{by}, p.More.By...)
		}
		out.Patterns = append(out.Patterns, ap)
	}
	return out, nil
}

// adviseAction maps the form's action to the advisor's.
func adviseAction(a string) string {
	switch a {
	case "put":
		return advise.Create
	case "get", "list", "update", "delete":
		return a
	}
	return ""
}

// proposeDesign turns the form into a design with the design advisor.
func proposeDesign(in wizardInput) (*wizardProposal, error) {
	ai, err := adviseInput(in)
	if err != nil {
		return nil, err
	}
	return propose(ai)
}

// proposeText turns the design written in plain lines into a design.
func proposeText(text string) (*wizardProposal, error) {
	ai, err := advise.Parse(text)
	if err != nil {
		return nil, err
	}
	return propose(ai)
}

// propose runs the advisor in the process (natively: the tests, and
// requestProposal outside the page; the page's build never calls it, so
// its wasm does not link the advisor).
func propose(ai advise.Input) (*wizardProposal, error) {
	p, err := advise.Propose(ai)
	if err != nil {
		return nil, err
	}
	out := &wizardProposal{Model: p.Model}
	for _, r := range p.Reasons {
		out.Reasons = append(out.Reasons, wizardReason{Target: r.Where.String(), Text: r.Text})
	}
	return out, nil
}

// wizardExampleText is the form's example written in plain lines.
const wizardExampleText = `name My shop
Customer: customerId, email, name, createdAt
Order of Customer 1-20: orderId, status, total N, createdAt
Product: productId, title, category, price N
get Customer by customerId, 50/s
list Orders by customerId range createdAt, 20/s
list Orders by status range createdAt, 5/s
list Products by category, 30/s
`
