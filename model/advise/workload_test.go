package advise

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// keyValue is the n-th value of a workload's key distribution, as the
// simulator names it (analysis.distValue).
func keyValue(k model.KeyDistribution, n int64) string {
	v := fmt.Sprintf("%0*d", k.Width, n)
	if k.Format == "" {
		return v
	}
	return strings.Replace(k.Format, "{n}", v, 1)
}

// TestWorkloadKeysAreTheData: the workload's generated key values look
// like and are the data's ids (issue 26, item 9): for the tracker, the
// library and the hand-written designs, every distribution whose values
// the data's generator enumerates (sequences, pools) draws values that the
// loaded 10,000-item dataset holds, the first, a middle and the last; the
// tracker's issue ids look like ISSUE-00000.
func TestWorkloadKeysAreTheData(t *testing.T) {
	ins := map[string]Input{"tracker": tracker()}
	for i, text := range handWritten {
		in, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		ins[fmt.Sprint("hand-written ", i)] = in
	}
	checked := 0
	for label, in := range ins {
		m := propose(t, in).Model
		m.Dataset.Generator.Size = DatasetSize
		db, _ := m.NewDatabase()
		if _, err := m.Load(db, nil); err != nil {
			t.Fatal(err)
		}
		held := map[string]map[string]bool{} // attribute -> values
		for _, tb := range m.Tables {
			db.Snapshot().Table(tb.TableName).Items(func(it attr.Item) bool {
				for n, v := range it {
					if s, ok := v.(attr.String); ok {
						if held[n] == nil {
							held[n] = map[string]bool{}
						}
						held[n][string(s)] = true
					}
				}
				return true
			})
		}
		for _, r := range m.Workload.Requests {
			for _, k := range r.Keys {
				if k.Format == k.Parameter+"-{n}" {
					continue // values no generator enumerates (ULIDs, words)
				}
				for _, n := range []int64{0, k.Cardinality / 2, k.Cardinality - 1} {
					v := keyValue(k, n)
					if !held[k.Parameter][v] {
						t.Errorf("%s: %s draws %s = %q (value %d of %d), which the data does not hold", label, r.AccessPattern, k.Parameter, v, n, k.Cardinality)
					}
					checked++
				}
				if label == "tracker" && k.Parameter == "issueId" && !strings.HasPrefix(keyValue(k, 860), "ISSUE-00860") {
					t.Errorf("issue keys look like %q", keyValue(k, 860))
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d key values checked", checked)
	}
}
