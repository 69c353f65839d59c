package gen

import (
	"testing"
)

// FuzzCompile: no generator source, however broken, panics Compile or the
// values it makes.
func FuzzCompile(f *testing.F) {
	for _, k := range Kinds() {
		f.Add(k.Example, k.Types[0])
	}
	for _, s := range []string{"", "(", ")", "a(", "list(list(list(int(1,2),1,2),1,2),1,2)", `map("a:b":const("x,y"))`,
		"hot(0.5,a|b|,word)", "enum(a:1e400)", "zipf(1,1000000)", "set(const(1),5,5)", "ttl(0%,0,0)", "ref(.)", "seq(99999999999999999999)"} {
		f.Add(s, "S")
		f.Add(s, "N")
	}
	f.Fuzz(func(t *testing.T, src, typ string) {
		g, err := Compile(src, typ, env())
		if err != nil {
			return
		}
		r := NewRand(1, 0)
		for n := 0; n < 3; n++ {
			g.Value(r, n)
		}
	})
}
