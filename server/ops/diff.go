package ops

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/diff"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// MaxDiffItems bounds the items of the old version's dataset a comparison
// reads (a pattern's generator makes them on the fly): enough to measure
// item sizes and index membership, a fraction of a second of work.
const MaxDiffItems = 10_000

// ParseModel parses a model document given as member what of a request
// ("from", "to", "model").
func ParseModel(what string, raw json.RawMessage) (*model.Model, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, fmt.Errorf("%q: a model document is needed (docs/model-format.md)", what)
	}
	m, err := model.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", what, err)
	}
	return m, nil
}

// ParseDesign reads a model document for a comparison: like ParseModel,
// but a model whose only problems are its access patterns' (one still
// using the index the new version removes) is returned, since the plan
// reports those patterns as broken. A problem of the design itself is an
// error naming its path.
func ParseDesign(what string, raw json.RawMessage) (*model.Model, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, fmt.Errorf("%q: a model document is needed (docs/model-format.md)", what)
	}
	m, err := model.Decode(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", what, err)
	}
	if design, _ := m.ValidateApart(); design != nil {
		return nil, fmt.Errorf("%s: %v", what, design)
	}
	return m, nil
}

// Diff compares two versions of a design and plans the migration
// (diff.Compare), measuring sizes on the old version's dataset (a
// pattern's generator is resolved through the catalogue). sizeGB is the
// data's size in production, 0 for the measured size. ctx cancels the
// reading of the dataset.
func Diff(ctx context.Context, from, to *model.Model, sizeGB float64) (*diff.Plan, error) {
	src, err := from.DatasetSource(patterns.Generator)
	if err != nil {
		return nil, fmt.Errorf("from: %w", err)
	}
	data := func(emit func(string, attr.Fields) error) error {
		return src(func(table string, it attr.Fields) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return emit(table, it)
		})
	}
	o := diff.Options{SizeGB: sizeGB, Data: data, MaxItems: MaxDiffItems}
	if ds := from.Dataset; ds != nil && ds.Generator != nil && len(ds.Items) == 0 {
		o.FullItems = ds.Generator.Size // read MaxDiffItems of them at most
	}
	p, err := diff.Compare(from, to, o)
	if err != nil && ctx.Err() != nil {
		return nil, errors.Join(ctx.Err(), err)
	}
	return p, err
}
