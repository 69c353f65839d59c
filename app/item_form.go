package app

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// formAttr is one attribute of the item form: its name, its DynamoDB type
// descriptor and its value as a person types it. Scalars are typed as they
// read (a string, a number, base64 for binary, true/false); sets, lists and
// maps as the JSON inside their DynamoDB envelope (["a","b"] for an SS).
type formAttr struct {
	Name, Type, Value string
}

// formTypes are the attribute types the form offers.
var formTypes = []string{"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"}

// formOf turns an item's DynamoDB JSON into form rows, key attributes
// first, then the others by name.
func formOf(itemJSON string, keys []string) ([]formAttr, error) {
	var raw map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(itemJSON), &raw); err != nil {
		return nil, fmt.Errorf("the item is not DynamoDB JSON: %v", err)
	}
	names := make([]string, 0, len(raw))
	for n := range raw {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		ka, kb := slices.Index(keys, a), slices.Index(keys, b)
		switch {
		case ka >= 0 && kb >= 0:
			return ka - kb
		case ka >= 0:
			return -1
		case kb >= 0:
			return 1
		}
		return strings.Compare(a, b)
	})
	rows := make([]formAttr, 0, len(names))
	for _, n := range names {
		env := raw[n]
		if len(env) != 1 {
			return nil, fmt.Errorf("attribute %s: a value needs exactly one type", n)
		}
		for typ, v := range env {
			rows = append(rows, formAttr{Name: n, Type: typ, Value: formValue(typ, v)})
		}
	}
	return rows, nil
}

// formValue is how the form shows a value of the type.
func formValue(typ string, v json.RawMessage) string {
	switch typ {
	case "S", "N", "B":
		var s string
		if json.Unmarshal(v, &s) == nil {
			return s
		}
	}
	var buf bytes.Buffer
	if json.Compact(&buf, v) == nil {
		return buf.String()
	}
	return string(v)
}

// itemOfForm builds the item's DynamoDB JSON from the form's rows and checks
// it with the same decoder as the wire protocol, so a mistake is reported
// as DynamoDB would word it. Rows without a name are ignored.
func itemOfForm(rows []formAttr) (string, error) {
	var b strings.Builder
	b.WriteString("{")
	n := 0
	for _, r := range rows {
		name := strings.TrimSpace(r.Name)
		if name == "" {
			continue
		}
		if !slices.Contains(formTypes, r.Type) {
			return "", fmt.Errorf("attribute %s: %q is not a DynamoDB type", name, r.Type)
		}
		var value string
		switch r.Type {
		case "S":
			value = jsonString(r.Value)
		case "N", "B":
			value = jsonString(strings.TrimSpace(r.Value))
		case "BOOL", "NULL":
			value = strings.ToLower(strings.TrimSpace(r.Value))
			if value == "" && r.Type == "NULL" {
				value = "true"
			}
		default:
			value = strings.TrimSpace(r.Value)
		}
		if n > 0 {
			b.WriteString(",\n")
		} else {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "  %s: {%q: %s}", jsonString(name), r.Type, value)
		n++
	}
	b.WriteString("\n}")
	var it attr.Item
	if err := it.UnmarshalJSON([]byte(b.String())); err != nil {
		return "", err
	}
	return b.String(), nil
}

// jsonString quotes s as a JSON string.
func jsonString(s string) string {
	b, err := json.MarshalNoHTMLEscape(s)
	if err != nil {
		return `""`
	}
	return string(b)
}
