package formats

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
)

// keepValid validates an imported model and, instead of refusing the file
// for one broken access pattern, leaves out each access pattern that does
// not validate (and the workload's references to it) with a warning naming
// the pattern and the problem. Problems of the design itself (tables,
// entities, dataset) still refuse the import: there is no part to drop.
func keepValid(m *model.Model, warn func(format string, args ...any)) error {
	design, broken := m.ValidateApart()
	if len(broken) > 0 {
		kept := m.AccessPatterns[:0]
		for _, ap := range m.AccessPatterns {
			if msgs, bad := broken[ap.Name]; bad {
				warn("access pattern %s: %s; left out", ap.Name, strings.Join(msgs, "; "))
				continue
			}
			kept = append(kept, ap)
		}
		m.AccessPatterns = kept
		if m.Workload != nil {
			reqs := m.Workload.Requests[:0]
			for _, w := range m.Workload.Requests {
				if _, bad := broken[w.AccessPattern]; !bad {
					reqs = append(reqs, w)
				}
			}
			m.Workload.Requests = reqs
		}
		design, broken = m.ValidateApart()
	}
	if len(design) > 0 || len(broken) > 0 {
		var all []string
		for _, e := range design {
			all = append(all, e.Error())
		}
		for name, msgs := range broken {
			all = append(all, "access pattern "+name+": "+strings.Join(msgs, "; "))
		}
		slices.Sort(all)
		return fmt.Errorf("the imported model does not validate: %s", strings.Join(all, "; "))
	}
	return nil
}
