package visualizer

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/patterns"
)

// TestKeysSVG draws every pattern's keys: the key attributes head the
// columns and each drawn entity's templates are under them; the
// multi-tenancy picture is kept as a golden file.
func TestKeysSVG(t *testing.T) {
	for _, p := range patterns.Catalog() {
		m := p.Model()
		svg := KeysSVG(m)
		if !strings.HasPrefix(svg, "<svg") || !strings.HasSuffix(strings.TrimSpace(svg), "</svg>") {
			t.Errorf("%s: not an SVG document", p.Name)
		}
		tb := &m.Tables[0]
		if !strings.Contains(svg, ">"+Escape(clip(tb.HashKey(), keysChars))+"<") {
			t.Errorf("%s: the partition key %s is not drawn", p.Name, tb.HashKey())
		}
		for _, e := range m.Entities {
			if e.Table != tb.TableName {
				continue
			}
			if tpl := e.Keys[tb.HashKey()]; tpl != "" && !strings.Contains(svg, Escape(clip(tpl, keysChars))) {
				t.Errorf("%s: the template %s of %s is not drawn", p.Name, tpl, e.Name)
			}
			break
		}
	}
	p, _ := patterns.Get("multi-tenancy")
	formatGoldenText(t, "keys/multi-tenancy.svg", []byte(KeysSVG(p.Model())))
	if got := KeysSVG(nil); !strings.Contains(got, "no table") {
		t.Errorf("no model: %s", got)
	}
}
