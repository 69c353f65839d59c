package importers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// checkParams checks the parameter values an import was given against the
// template's Parameters before anything is evaluated: a name the template
// does not declare (nor a pseudo parameter), a value outside AllowedValues
// or a Number that is not one is an error naming the parameter, as
// CloudFormation's own.
func checkParams(root *omap, given map[string]string) error {
	if len(given) == 0 {
		return nil
	}
	pv, _ := root.get("Parameters")
	params, _ := pv.(*omap)
	for _, name := range sortedKeys(given) {
		value := given[name]
		if _, ok := pseudo[name]; ok {
			continue
		}
		d, ok := params.get(name)
		if !ok {
			declared := "none"
			if params != nil && len(params.keys) > 0 {
				declared = strings.Join(params.keys, ", ")
			}
			return fmt.Errorf("parameter %s is not declared by the template (its parameters: %s)", truncate(name), declared)
		}
		dm, _ := d.(*omap)
		typ, _ := dm.get("Type")
		if allowed, ok := dm.get("AllowedValues"); ok {
			if l, ok := allowed.([]any); ok {
				values := make([]string, len(l))
				for i, a := range l {
					values[i] = scalarString(a)
				}
				if !slices.Contains(values, value) {
					return fmt.Errorf("parameter %s: %q is not one of its AllowedValues (%s)", name, truncate(value), strings.Join(values, ", "))
				}
			}
		}
		if scalarString(typ) == "Number" {
			if _, err := strconv.ParseFloat(value, 64); err != nil {
				return fmt.Errorf("parameter %s is a Number, not %q", name, truncate(value))
			}
		}
	}
	return nil
}

// hasTransform reports whether the template declares the transform name
// (Transform is a name or a list of names).
func hasTransform(root *omap, name string) bool {
	v, _ := root.get("Transform")
	switch x := v.(type) {
	case []any:
		for _, t := range x {
			if scalarString(t) == name {
				return true
			}
		}
		return false
	}
	return scalarString(v) == name
}
