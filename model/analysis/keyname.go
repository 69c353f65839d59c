package analysis

import (
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
)

// keyParams are the parameters of a partition-key template as the
// simulation sees them: the primary one draws the key (its rank is the
// simulator's key number), the others, then the fan-out, make the shards.
type keyParams struct {
	primary *model.KeyDistribution
	others  []model.KeyDistribution
	fan     int
	fanOut  *model.FanOut
}

// keyParamsOf sorts a template's parameters: those drawn from a
// distribution of more than one value are in the key; the first skewed one
// (else the first) is the primary, the rest shards, a fan-out parameter
// multiplies the shards.
func keyParamsOf(ap *model.AccessPattern, wr model.WorkloadRequest, tmpl string) keyParams {
	dists := map[string]model.KeyDistribution{}
	for _, k := range wr.Keys {
		dists[k.Parameter] = k
	}
	kp := keyParams{fan: 1}
	var inKey []model.KeyDistribution
	for _, g := range marker.FindAllStringSubmatch(tmpl, -1) {
		name := g[1]
		if ap.FanOut != nil && name == ap.FanOut.Parameter {
			kp.fan *= ap.FanOut.To - ap.FanOut.From + 1
			kp.fanOut = ap.FanOut
			continue
		}
		if d, ok := dists[name]; ok && d.Cardinality > 1 {
			inKey = append(inKey, d)
		}
	}
	primary := -1
	for i, d := range inKey {
		if d.Kind != model.DistUniform {
			primary = i
			break
		}
	}
	if primary < 0 && len(inKey) > 0 {
		primary = 0
	}
	for i := range inKey {
		if i == primary {
			kp.primary = &inKey[i]
			continue
		}
		kp.others = append(kp.others, inKey[i])
	}
	return kp
}

// shards is the number of write shards the non-primary parameters and the
// fan-out make (at most 65,536, the simulator's bound).
func (kp keyParams) shards() int {
	shards := 1
	for _, d := range kp.others {
		shards = min(shards*int(min(d.Cardinality, 1<<24)), 1<<16)
	}
	if kp.fan > 1 {
		shards = min(shards*kp.fan, 1<<16)
	}
	return shards
}

// distValue is the value a distribution draws as its n-th (from 0): its
// format with {n} replaced, or n (zero-padded to its width).
func distValue(d model.KeyDistribution, n int) string {
	v := strconv.Itoa(n)
	if len(v) < d.Width {
		v = strings.Repeat("0", d.Width-len(v)) + v
	}
	if d.Format == "" {
		return v
	}
	return strings.Replace(d.Format, "{n}", v, 1)
}

// ReadableKey turns the simulator's name for a key of the i-th access
// pattern of the key space ("Cast a vote#0.3": the pattern's key 0, shard
// 3) into the partition-key value it stands for ("CANDIDATE#c0#3"): the
// key template with the primary parameter's value of that rank (0 is the
// most requested), and the shard number spread over the other parameters
// and the fan-out; a name without a shard ("Cast a vote#0", sharding off)
// drops the shard parameters ("CANDIDATE#c0#"). It returns key unchanged
// when it cannot tell.
func (s KeySpaceSimulation) ReadableKey(m *model.Model, i int, key string) string {
	if m == nil || m.Workload == nil || i < 0 || i >= len(s.Workload.Patterns) {
		return key
	}
	p := s.Workload.Patterns[i]
	ap := m.AccessPattern(p.Name)
	t := m.Table(s.Table)
	if ap == nil || t == nil {
		return key
	}
	var wr *model.WorkloadRequest
	for j := range m.Workload.Requests {
		r := &m.Workload.Requests[j]
		if r.AccessPattern == p.Name && (wr == nil || r.Rate == p.Rate.Base) {
			wr = r
		}
	}
	if wr == nil {
		return key
	}
	hash := t.HashKey()
	for _, g := range t.GlobalSecondaryIndexes {
		if g.IndexName == s.Index {
			hash = g.HashKey()
		}
	}
	tmpl, ok := partitionKeyTemplate(ap, hash)
	if !ok {
		return key
	}
	prefix := p.Keys.Prefix
	if prefix == "" {
		prefix = p.Name + "#"
	}
	rest, ok := strings.CutPrefix(key, prefix)
	if !ok {
		return key
	}
	num, shardText, sharded := strings.Cut(rest, ".")
	n, err := strconv.Atoi(num)
	if err != nil {
		return key
	}
	shard := 0
	if sharded {
		if shard, err = strconv.Atoi(shardText); err != nil {
			return key
		}
	}
	kp := keyParamsOf(ap, *wr, tmpl)
	values := map[string]string{}
	for _, d := range wr.Keys {
		if d.Cardinality <= 1 {
			values[d.Parameter] = distValue(d, 0)
		}
	}
	if kp.primary != nil {
		values[kp.primary.Parameter] = distValue(*kp.primary, n)
	}
	// A name without a shard is the unsharded key (the load panel's
	// sharding off): the shard parameters are dropped.
	if !sharded {
		if kp.fanOut != nil {
			values[kp.fanOut.Parameter] = ""
		}
		for _, d := range kp.others {
			values[d.Parameter] = ""
		}
	}
	// The shard number in mixed radix, the fan-out varying fastest.
	if sharded && kp.fanOut != nil && kp.fan > 1 {
		values[kp.fanOut.Parameter] = kp.fanOut.Values()[shard%kp.fan]
		shard /= kp.fan
	}
	for j := len(kp.others) - 1; j >= 0 && sharded; j-- {
		d := kp.others[j]
		c := int(min(d.Cardinality, 1<<24))
		values[d.Parameter] = distValue(d, shard%c)
		shard /= c
	}
	return marker.ReplaceAllStringFunc(tmpl, func(mk string) string {
		name := marker.FindStringSubmatch(mk)[1]
		if v, ok := values[name]; ok {
			return v
		}
		return "{" + name + "}"
	})
}
