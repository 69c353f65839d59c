package partition

import (
	"fmt"
	"slices"
	"strings"
)

// enumText encodes an enum by its name in names.
func enumText(v int, names []string, kind string) ([]byte, error) {
	if v < 0 || v >= len(names) {
		return nil, fmt.Errorf("partition: unknown %s %d", kind, v)
	}
	return []byte(names[v]), nil
}

// enumParse decodes an enum's name (case-insensitive; "" is the zero value).
func enumParse(b []byte, names []string, kind string) (int, error) {
	s := strings.ToLower(string(b))
	if s == "" {
		return 0, nil
	}
	if i := slices.Index(names, s); i >= 0 {
		return i, nil
	}
	return 0, fmt.Errorf("partition: unknown %s %q (want one of %s)", kind, b, strings.Join(names, ", "))
}

func enumString(v int, names []string, kind string) string {
	if v < 0 || v >= len(names) {
		return fmt.Sprintf("%s(%d)", kind, v)
	}
	return names[v]
}
