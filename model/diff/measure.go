package diff

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// measured is the old version's dataset, read once: each table's items,
// and each item as the new version would hold it.
type measured struct {
	tables map[string]*tableData
}

type tableData struct {
	items []attr.Item // as loaded (the old version's shape)
	moved []attr.Item // the same items in the new version's shape (nil: misfit)
	bytes int64
}

var errEnough = errors.New("enough items")

// measure reads the dataset, counts each entity's items that fit the new
// key templates, and works out the size of every table.
func (c *comparer) measure() error {
	c.data = &measured{tables: map[string]*tableData{}}
	if c.o.Data != nil {
		rfrom, err := c.from.NewRecognizer()
		if err != nil {
			return fmt.Errorf("from: %w", err)
		}
		fits := map[string]*EntityFit{}
		var order []string
		n := 0
		err = c.o.Data(func(table string, lent attr.Fields) error {
			if n >= c.o.MaxItems {
				return errEnough
			}
			n++
			td := c.data.tables[table]
			if td == nil {
				td = &tableData{}
				c.data.tables[table] = td
			}
			it := lent.Item() // the source lends its fields
			td.items = append(td.items, it)
			td.bytes += int64(attr.ItemSize(it))
			moved, e, why := c.rekey(rfrom, table, it)
			td.moved = append(td.moved, moved)
			if e == nil {
				return nil
			}
			f := fits[e.Name]
			if f == nil {
				f = &EntityFit{Entity: e.Name, Table: table}
				fits[e.Name] = f
				order = append(order, e.Name)
			}
			f.Items++
			if moved == nil {
				f.Misfits++
				if f.Reason == "" {
					f.Reason = why
				}
			}
			return nil
		})
		if err != nil && !errors.Is(err, errEnough) {
			return fmt.Errorf("reading the dataset: %w", err)
		}
		for _, name := range order {
			c.plan.Entities = append(c.plan.Entities, *fits[name])
		}
	}
	c.sizes()
	return nil
}

// rekey returns item of the old table as the new version holds it: the
// entity's old key attributes replaced by its new ones, built from the
// parameters the old key held and the item's attributes. It returns nil
// and the reason when the new key cannot be built; e is the item's entity
// (nil when no entity's templates fit, and then the item moves unchanged).
func (c *comparer) rekey(r *model.Recognizer, table string, item attr.Item) (moved attr.Item, e *model.Entity, why string) {
	e, params := r.EntityOf(table, item)
	if e == nil {
		return item, nil, ""
	}
	ne := c.to.Entity(e.Name)
	if ne == nil {
		return nil, e, fmt.Sprintf("entity %s is not in the new version", e.Name)
	}
	keys, err := c.to.CompileKeys(ne)
	if err != nil {
		return nil, e, err.Error()
	}
	out := maps.Clone(item)
	for name := range e.Keys {
		if _, kept := ne.Keys[name]; !kept {
			delete(out, name)
		}
	}
	out, err = keys.Item(params, out)
	if err != nil {
		return nil, e, err.Error()
	}
	return out, e, ""
}

// sizes works out each old table's size for the estimates: SizeGB shared
// by measured size, or the measured size itself.
func (c *comparer) sizes() {
	var total int64
	read := 0
	for _, td := range c.data.tables {
		read += len(td.items)
	}
	for _, t := range c.from.Tables {
		if td := c.data.tables[t.TableName]; td != nil {
			total += td.bytes
		}
	}
	for _, t := range c.from.Tables {
		ts := TableSize{Table: t.TableName}
		td := c.data.tables[t.TableName]
		if td != nil {
			ts.Items, ts.Bytes = len(td.items), td.bytes
		}
		switch {
		case c.o.SizeGB > 0 && total > 0:
			ts.SizeGB = c.o.SizeGB * float64(ts.Bytes) / float64(total)
			if ts.Bytes > 0 {
				ts.Scale = ts.SizeGB * partition.GB / float64(ts.Bytes)
			}
			ts.Arithmetic = fmt.Sprintf("%s GB given × this table's share of the loaded data (%s of %s bytes) = %s GB; the loaded %s items (%s bytes) are scaled by %s",
				num(c.o.SizeGB), num(float64(ts.Bytes)), num(float64(total)), num(ts.SizeGB), num(float64(ts.Items)), num(float64(ts.Bytes)), num(ts.Scale))
		case c.o.SizeGB > 0:
			ts.SizeGB = c.o.SizeGB / float64(len(c.from.Tables))
			ts.Arithmetic = fmt.Sprintf("%s GB given ÷ %d tables = %s GB (no data loaded: items assumed 1 KB, every one in every index)", num(c.o.SizeGB), len(c.from.Tables), num(ts.SizeGB))
		case c.o.FullItems > read && read > 0:
			// A sample of a larger dataset: each table grows with it.
			f := float64(c.o.FullItems) / float64(read)
			ts.SizeGB = float64(ts.Bytes) * f / partition.GB
			if ts.Bytes > 0 {
				ts.Scale = f
			}
			ts.Arithmetic = fmt.Sprintf("measured on a sample: %s items, %s bytes × (%s items in the dataset ÷ %s read) = %s GB (give a size to scale the estimates to production)",
				num(float64(ts.Items)), num(float64(ts.Bytes)), num(float64(c.o.FullItems)), num(float64(read)), num(ts.SizeGB))
		default:
			ts.SizeGB = float64(ts.Bytes) / partition.GB
			if ts.Bytes > 0 {
				ts.Scale = 1
			}
			ts.Arithmetic = fmt.Sprintf("measured on the loaded data: %s items, %s bytes = %s GB (give a size to scale the estimates to production)", num(float64(ts.Items)), num(float64(ts.Bytes)), num(ts.SizeGB))
		}
		c.plan.Sizes = append(c.plan.Sizes, ts)
	}
}

// size returns the TableSize of an old table.
func (c *comparer) size(table string) TableSize {
	for _, s := range c.plan.Sizes {
		if s.Table == table {
			return s
		}
	}
	return TableSize{Table: table}
}

// indexEntry returns the entry an index of def holds for item, or false
// when the item lacks one of its key attributes (a sparse index leaves it
// out) or holds one of the wrong type.
func indexEntry(def *schema.TableDefinition, keys []string, p schema.Projection, item attr.Item) (attr.Item, bool) {
	for _, k := range keys {
		v, ok := item[k]
		if !ok || v.Type().String() != string(def.AttributeType(k)) {
			return nil, false
		}
	}
	if p.ProjectionType == schema.ProjectAll {
		return item, true
	}
	all := append(slices.Clone(keys), def.KeyAttributes()...)
	out := attr.Item{}
	for name, v := range item {
		if p.ProjectsAttribute(name, all...) {
			out[name] = v
		}
	}
	return out, true
}
