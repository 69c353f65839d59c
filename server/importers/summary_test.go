package importers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// summary writes what a test compares of an imported table, on one line,
// only the settings the table has: its name, key (name:type, partition
// then sort), billing and capacity, indexes, and table settings. The
// tests write the summary a file says by hand, table by table.
func summary(t model.Table) string {
	d := t.TableDefinition
	var b strings.Builder
	key := func(ks []schema.KeySchemaElement) string {
		parts := make([]string, len(ks))
		for i, k := range ks {
			parts[i] = k.AttributeName + ":" + string(d.AttributeType(k.AttributeName))
		}
		return strings.Join(parts, ",")
	}
	fmt.Fprintf(&b, "%s key=%s %s", d.TableName, key(d.KeySchema), d.EffectiveBillingMode())
	if pt := d.ProvisionedThroughput; pt != nil {
		fmt.Fprintf(&b, " %s/%s", num(pt.ReadCapacityUnits), num(pt.WriteCapacityUnits))
	}
	if od := d.OnDemandThroughput; od != nil {
		fmt.Fprintf(&b, " max=%s/%s", num(od.MaxReadRequestUnits), num(od.MaxWriteRequestUnits))
	}
	for _, g := range d.GlobalSecondaryIndexes {
		fmt.Fprintf(&b, " gsi:%s(%s %s", g.IndexName, key(g.KeySchema), g.Projection.ProjectionType)
		if len(g.Projection.NonKeyAttributes) > 0 {
			fmt.Fprintf(&b, " %s", strings.Join(g.Projection.NonKeyAttributes, ","))
		}
		if pt := g.ProvisionedThroughput; pt != nil {
			fmt.Fprintf(&b, " %s/%s", num(pt.ReadCapacityUnits), num(pt.WriteCapacityUnits))
		}
		if od := g.OnDemandThroughput; od != nil {
			fmt.Fprintf(&b, " max=%s/%s", num(od.MaxReadRequestUnits), num(od.MaxWriteRequestUnits))
		}
		b.WriteString(")")
	}
	for _, l := range d.LocalSecondaryIndexes {
		fmt.Fprintf(&b, " lsi:%s(%s %s)", l.IndexName, key(l.KeySchema), l.Projection.ProjectionType)
	}
	if s := d.StreamSpecification; s != nil && s.StreamEnabled {
		fmt.Fprintf(&b, " stream=%s", s.StreamViewType)
	}
	if ttl := t.TimeToLiveSpecification; ttl != nil && ttl.Enabled {
		fmt.Fprintf(&b, " ttl=%s", ttl.AttributeName)
	}
	if p := d.PointInTimeRecoverySpecification; p != nil && p.PointInTimeRecoveryEnabled {
		b.WriteString(" pitr")
	}
	if d.TableClass != "" {
		fmt.Fprintf(&b, " class=%s", d.TableClass)
	}
	if dp := d.DeletionProtectionEnabled; dp != nil && *dp {
		b.WriteString(" protected")
	}
	if len(d.Tags) > 0 {
		tags := make([]string, len(d.Tags))
		for i, tg := range d.Tags {
			tags[i] = tg.Key + "=" + tg.Value
		}
		fmt.Fprintf(&b, " tags=%s", strings.Join(tags, ","))
	}
	return b.String()
}

func num(p *int64) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprint(*p)
}

// checkTables compares the imported tables' summaries with want, in order.
func checkTables(t *testing.T, file string, m *model.Model, want ...string) {
	t.Helper()
	var got []string
	for _, tb := range m.Tables {
		got = append(got, summary(tb))
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d tables, want %d:\n%s", file, len(got), len(want), strings.Join(got, "\n"))
		return
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: table %d:\n got %s\nwant %s", file, i, got[i], want[i])
		}
	}
}
