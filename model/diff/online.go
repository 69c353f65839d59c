package diff

import (
	"fmt"
	"slices"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// cfnNoInterruption is what a stack update does with an in-place change.
const cfnNoInterruption = "Updates the table in place (no interruption)."

// online lists the in-place changes between two versions of a table whose
// keys and local indexes are the same.
func (c *comparer) online(a, b *model.Table) {
	da, db := &a.TableDefinition, &b.TableDefinition
	name := db.TableName
	for _, g := range da.GlobalSecondaryIndexes {
		ng := db.GSI(g.IndexName)
		if ng != nil && !gsiKeysChanged(da, db, &g, ng) {
			continue
		}
		why := ""
		if ng != nil {
			why = " (its key schema or projection changes, which UpdateTable cannot do: the index is deleted and added back)"
		}
		c.add(Step{Kind: KindDeleteGSI, Table: name, Index: g.IndexName, Online: true,
			Estimate:       zero("deleting an index moves no data"),
			Text:           fmt.Sprintf("Delete global secondary index %s of %s with UpdateTable (GlobalSecondaryIndexUpdates Delete)%s; the table stays available, queries on the index fail from then on.", g.IndexName, name, why),
			CloudFormation: "Updates the table in place (no interruption); one index added or deleted per stack update."})
	}
	for _, g := range db.GlobalSecondaryIndexes {
		og := da.GSI(g.IndexName)
		if og != nil && !gsiKeysChanged(da, db, og, &g) {
			if !sameThroughput(og.ProvisionedThroughput, g.ProvisionedThroughput) || !sameOnDemand(og.OnDemandThroughput, g.OnDemandThroughput) {
				c.add(Step{Kind: KindGSIThroughput, Table: name, Index: g.IndexName, Online: true,
					Estimate:       zero("a throughput change moves no data"),
					Text:           fmt.Sprintf("Change the throughput of index %s of %s: %s → %s (UpdateTable, GlobalSecondaryIndexUpdates Update). Decreases are limited per day.", g.IndexName, name, throughputString(og.ProvisionedThroughput, og.OnDemandThroughput), throughputString(g.ProvisionedThroughput, g.OnDemandThroughput)),
					CloudFormation: cfnNoInterruption})
			}
			continue
		}
		c.add(c.addGSI(b, &g))
	}
	if ma, mb := da.EffectiveBillingMode(), db.EffectiveBillingMode(); ma != mb {
		c.add(Step{Kind: KindBillingMode, Table: name, Online: true, Estimate: zero("a billing mode switch moves no data"),
			Text:           fmt.Sprintf("Switch %s from %s to %s (UpdateTable BillingMode). DynamoDB limits how often a table may switch modes in 24 hours.", name, ma, mb),
			CloudFormation: cfnNoInterruption})
	} else if !sameThroughput(da.ProvisionedThroughput, db.ProvisionedThroughput) || !sameOnDemand(da.OnDemandThroughput, db.OnDemandThroughput) {
		c.add(Step{Kind: KindThroughput, Table: name, Online: true, Estimate: zero("a throughput change moves no data"),
			Text:           fmt.Sprintf("Change the throughput of %s: %s → %s (UpdateTable). Increases take effect within minutes; decreases are limited per day.", name, throughputString(da.ProvisionedThroughput, da.OnDemandThroughput), throughputString(db.ProvisionedThroughput, db.OnDemandThroughput)),
			CloudFormation: cfnNoInterruption})
	}
	if ta, tb := ttlString(a.TimeToLiveSpecification), ttlString(b.TimeToLiveSpecification); ta != tb {
		c.add(Step{Kind: KindTTL, Table: name, Online: true, Estimate: zero("TTL settings move no data"),
			Text:           fmt.Sprintf("Time to live of %s: %s → %s (UpdateTimeToLive; changing the attribute means disabling, then enabling with the new one, and a TTL change can take up to an hour to settle before the next).", name, ta, tb),
			CloudFormation: cfnNoInterruption})
	}
	if sa, sb := streamString(da.StreamSpecification), streamString(db.StreamSpecification); sa != sb {
		text := fmt.Sprintf("Stream of %s: %s → %s (UpdateTable StreamSpecification).", name, sa, sb)
		if streamOn(da.StreamSpecification) && streamOn(db.StreamSpecification) {
			text += " A stream's view type cannot change while it is enabled: disable it, then enable it with the new view type; the new stream has a new ARN, so consumers (Lambda triggers, KCL) must move to it, and records of the old one stay readable for 24 hours."
		}
		c.add(Step{Kind: KindStream, Table: name, Online: true, Estimate: zero("a stream setting moves no data"), Text: text, CloudFormation: cfnNoInterruption})
	}
	if ca, cb := tableClass(da.TableClass), tableClass(db.TableClass); ca != cb {
		c.add(Step{Kind: KindTableClass, Table: name, Online: true, Estimate: zero("DynamoDB changes the class in the background; the table stays available"),
			Text:           fmt.Sprintf("Table class of %s: %s → %s (UpdateTable TableClass; allowed twice in a trailing 30 days).", name, ca, cb),
			CloudFormation: cfnNoInterruption})
	}
	if pa, pb := boolOf(da.DeletionProtectionEnabled), boolOf(db.DeletionProtectionEnabled); pa != pb {
		c.add(Step{Kind: KindDeletionProtection, Table: name, Online: true, Estimate: zero("a setting, no data moves"),
			Text:           fmt.Sprintf("Deletion protection of %s: %s → %s (UpdateTable DeletionProtectionEnabled).", name, onOff(pa), onOff(pb)),
			CloudFormation: cfnNoInterruption})
	}
	if pa, pb := pitrOn(da.PointInTimeRecoverySpecification), pitrOn(db.PointInTimeRecoverySpecification); pa != pb {
		c.add(Step{Kind: KindPITR, Table: name, Online: true, Estimate: zero("a setting, no data moves"),
			Text:           fmt.Sprintf("Point-in-time recovery of %s: %s → %s (UpdateContinuousBackups).", name, onOff(pa), onOff(pb)),
			CloudFormation: cfnNoInterruption})
	}
	if !sameTags(da.Tags, db.Tags) {
		c.add(Step{Kind: KindTags, Table: name, Online: true, Estimate: zero("tags move no data"),
			Text:           fmt.Sprintf("Tags of %s change (TagResource, UntagResource).", name),
			CloudFormation: cfnNoInterruption})
	}
}

// gsiKeysChanged reports whether an index's keys (names, roles or types)
// or projection differ between the versions.
func gsiKeysChanged(da, db *schema.TableDefinition, a, b *schema.GlobalSecondaryIndex) bool {
	if keyString(a.KeySchema) != keyString(b.KeySchema) || !sameProjection(a.Projection, b.Projection) {
		return true
	}
	for _, k := range b.KeyAttributes() {
		if da.AttributeType(k) != db.AttributeType(k) {
			return true
		}
	}
	return false
}

func sameThroughput(a, b *schema.ProvisionedThroughput) bool {
	r := func(p *schema.ProvisionedThroughput) (int64, int64) {
		if p == nil || p.ReadCapacityUnits == nil || p.WriteCapacityUnits == nil {
			return 0, 0
		}
		return *p.ReadCapacityUnits, *p.WriteCapacityUnits
	}
	ar, aw := r(a)
	br, bw := r(b)
	return ar == br && aw == bw
}

func sameOnDemand(a, b *schema.OnDemandThroughput) bool {
	r := func(p *schema.OnDemandThroughput) (int64, int64) {
		if p == nil {
			return -1, -1
		}
		return val(p.MaxReadRequestUnits), val(p.MaxWriteRequestUnits)
	}
	ar, aw := r(a)
	br, bw := r(b)
	return ar == br && aw == bw
}

func val(p *int64) int64 {
	if p == nil || *p <= 0 {
		return -1
	}
	return *p
}

func throughputString(p *schema.ProvisionedThroughput, od *schema.OnDemandThroughput) string {
	s := "on demand"
	if p != nil && p.ReadCapacityUnits != nil && p.WriteCapacityUnits != nil {
		s = fmt.Sprintf("%d RCU, %d WCU", *p.ReadCapacityUnits, *p.WriteCapacityUnits)
	}
	if od != nil {
		if r := val(od.MaxReadRequestUnits); r > 0 {
			s += fmt.Sprintf(", at most %d RRU/s", r)
		}
		if w := val(od.MaxWriteRequestUnits); w > 0 {
			s += fmt.Sprintf(", at most %d WRU/s", w)
		}
	}
	return s
}

func ttlString(t *model.TimeToLive) string {
	if t == nil || !t.Enabled {
		return "disabled"
	}
	return "enabled on " + t.AttributeName
}

func streamOn(s *schema.StreamSpecification) bool { return s != nil && s.StreamEnabled }

func streamString(s *schema.StreamSpecification) string {
	if !streamOn(s) {
		return "disabled"
	}
	return "enabled (" + s.StreamViewType + ")"
}

func tableClass(s string) string {
	if s == "" {
		return "STANDARD"
	}
	return s
}

func boolOf(b *bool) bool { return b != nil && *b }

func pitrOn(p *schema.PointInTimeRecoverySpecification) bool {
	return p != nil && p.PointInTimeRecoveryEnabled
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func sameTags(a, b []schema.Tag) bool {
	key := func(ts []schema.Tag) []string {
		out := make([]string, len(ts))
		for i, t := range ts {
			out[i] = t.Key + "\x00" + t.Value
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}
