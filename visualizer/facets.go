package visualizer

import (
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
)

// Facets are NoSQL Workbench's name for an entity's own view of a shared
// table: the generic key attributes (PK, SK) shown under the names the
// entity gives them. FacetNames returns those names per entity and key
// attribute: the entity's KeyAliases when it has them (a NoSQL Workbench
// facet's PartitionKeyAlias and SortKeyAlias, kept on import), else the
// parameters of its key template ("customerId" for PK =
// "CUSTOMER#{customerId}", "orderId#line" for "ORDER#{orderId}#{line}").
// A constant template ("PROFILE") names nothing: the attribute keeps its
// name.
func FacetNames(m *model.Model) map[string]map[string]string {
	out := map[string]map[string]string{}
	if m == nil {
		return out
	}
	for i := range m.Entities {
		e := &m.Entities[i]
		names := map[string]string{}
		for k, src := range e.Keys {
			tpl, err := model.ParseTemplate(src)
			if err != nil {
				continue
			}
			if p := tpl.Params(); len(p) > 0 {
				if n := strings.Join(p, "#"); n != k {
					names[k] = n
				}
			}
		}
		for k, alias := range e.KeyAliases {
			if alias = strings.TrimSpace(alias); alias != "" && alias != k {
				names[k] = alias
			}
		}
		if len(names) > 0 {
			out[e.Name] = names
		}
	}
	return out
}
