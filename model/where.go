package model

import (
	"fmt"
	"strconv"
	"strings"
)

// Where returns a path into the document in words: "tables[0].GlobalSecondaryIndexes[1].KeySchema[0]"
// becomes "table Orders, index ByCustomer, partition key",
// "entities[2].keys.SK" becomes "entity Order, key SK", and
// "accessPatterns[3].request" becomes "access pattern “Orders by status”,
// request". Parts it does not know are kept as they are.
func (m *Model) Where(path string) string {
	segs := splitPath(path)
	var out []string
	var table *Table
	var gsi, lsi = -1, -1
	for i := 0; i < len(segs); i++ {
		s := segs[i]
		switch {
		case s.name == "tables" && s.index >= 0:
			if s.index < len(m.Tables) {
				table = &m.Tables[s.index]
				out = append(out, "table "+orIndex(table.TableName, s.index))
			} else {
				out = append(out, fmt.Sprintf("table %d", s.index+1))
			}
		case s.name == "GlobalSecondaryIndexes" && s.index >= 0:
			gsi = s.index
			name := ""
			if table != nil && s.index < len(table.GlobalSecondaryIndexes) {
				name = table.GlobalSecondaryIndexes[s.index].IndexName
			}
			out = append(out, "index "+orIndex(name, s.index))
		case s.name == "LocalSecondaryIndexes" && s.index >= 0:
			lsi = s.index
			name := ""
			if table != nil && s.index < len(table.LocalSecondaryIndexes) {
				name = table.LocalSecondaryIndexes[s.index].IndexName
			}
			out = append(out, "local index "+orIndex(name, s.index))
		case s.name == "KeySchema" && s.index >= 0:
			kind := "key"
			if table != nil {
				ks := table.KeySchema
				if gsi >= 0 && gsi < len(table.GlobalSecondaryIndexes) {
					ks = table.GlobalSecondaryIndexes[gsi].KeySchema
				} else if lsi >= 0 && lsi < len(table.LocalSecondaryIndexes) {
					ks = table.LocalSecondaryIndexes[lsi].KeySchema
				}
				if s.index < len(ks) {
					kind = "sort key " + ks[s.index].AttributeName
					if ks[s.index].KeyType == "HASH" {
						kind = "partition key " + ks[s.index].AttributeName
					}
				}
			}
			out = append(out, kind)
		case s.name == "entities" && s.index >= 0:
			name := ""
			if s.index < len(m.Entities) {
				name = m.Entities[s.index].Name
			}
			out = append(out, "entity "+orIndex(name, s.index))
			if s.index < len(m.Entities) && i+2 < len(segs) && segs[i+1].name == "attributes" {
				e := &m.Entities[s.index]
				if j := segs[i+1].index; j >= 0 && j < len(e.Attributes) {
					out = append(out, "attribute "+orIndex(e.Attributes[j].Name, j))
					i++
				}
			}
		case s.name == "keys" && i+1 < len(segs):
			out = append(out, "key "+segs[i+1].name)
			i++
		case s.name == "accessPatterns" && s.index >= 0:
			name := ""
			if s.index < len(m.AccessPatterns) {
				name = "“" + m.AccessPatterns[s.index].Name + "”"
				if m.AccessPatterns[s.index].Name == "" {
					name = ""
				}
			}
			out = append(out, "access pattern "+orIndex(name, s.index))
		case s.name == "parameters" && s.index >= 0:
			out = append(out, fmt.Sprintf("parameter %d", s.index+1))
		case s.name == "workload":
			out = append(out, "workload")
		case s.name == "requests" && s.index >= 0 && len(out) > 0 && out[len(out)-1] == "workload":
			out = append(out, fmt.Sprintf("request %d", s.index+1))
		case s.name == "TimeToLiveSpecification":
			out = append(out, "time to live")
		case s.name == "dataset":
			out = append(out, "dataset")
		case s.name == "settings":
			out = append(out, "settings")
		default:
			if s.index >= 0 {
				out = append(out, fmt.Sprintf("%s %d", s.name, s.index+1))
			} else {
				out = append(out, s.name)
			}
		}
	}
	return strings.Join(out, ", ")
}

func orIndex(name string, i int) string {
	if name == "" {
		return strconv.Itoa(i + 1)
	}
	return name
}

type pathSeg struct {
	name  string
	index int // -1 when the segment has none
}

// splitPath splits "a[1].b.c[2]" into its segments.
func splitPath(path string) []pathSeg {
	var out []pathSeg
	for _, part := range strings.Split(path, ".") {
		if part == "" {
			continue
		}
		name, rest, ok := strings.Cut(part, "[")
		if !ok {
			out = append(out, pathSeg{name, -1})
			continue
		}
		n, err := strconv.Atoi(strings.TrimSuffix(rest, "]"))
		if err != nil {
			out = append(out, pathSeg{part, -1})
			continue
		}
		out = append(out, pathSeg{name, n})
	}
	return out
}
