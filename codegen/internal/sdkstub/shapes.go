package sdkstub

import (
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/codegen/internal/ddbapi"
)

// Shapes returns every structure and enum reachable from the
// operations, each once, sorted by name.
func Shapes() (structs, enums []*ddbapi.Shape) {
	seen := map[*ddbapi.Shape]bool{}
	var walk func(s *ddbapi.Shape)
	walk = func(s *ddbapi.Shape) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		switch s.Kind {
		case ddbapi.Struct:
			structs = append(structs, s)
		case ddbapi.Enum:
			enums = append(enums, s)
		}
		walk(s.Elem)
		for _, f := range s.Fields {
			walk(f.Shape)
		}
	}
	for _, op := range opNames() {
		for _, f := range ddbapi.Operations[op].Input.Fields {
			walk(f.Shape)
		}
	}
	byName := func(a, b *ddbapi.Shape) int { return strings.Compare(a.Name, b.Name) }
	slices.SortFunc(structs, byName)
	slices.SortFunc(enums, byName)
	structs = slices.CompactFunc(structs, func(a, b *ddbapi.Shape) bool { return a.Name == b.Name })
	return structs, enums
}

// opNames are the operations' names, sorted.
func opNames() []string {
	names := make([]string, 0, len(ddbapi.Operations))
	for name := range ddbapi.Operations {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
