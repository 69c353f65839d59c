package sharelink

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// v1 is the version 1 link of the same payload as a version 2 link.
func v1(s string) string { return "1." + s[3+ChecksumLength:] }

// TestOneCharacterChanges changes every character of real links to every
// other base64url character (and the dot), and deletes and inserts a
// character at every position: no damaged version 2 link opens. The same
// changes to the version 1 link of the same payload are measured and
// logged: 6-9% of them opened another valid model, which is why
// version 2 has its checksum.
func TestOneCharacterChanges(t *testing.T) {
	for _, name := range []string{"write-sharding", "sparse-index"} {
		p, _ := patterns.Get(name)
		good, err := Encode(p.Model())
		if err != nil {
			t.Fatal(err)
		}
		var tried, opened int
		try := func(s string) {
			tried++
			if _, err := Decode(s); err == nil {
				opened++
				if opened <= 3 {
					t.Errorf("%s: a damaged link opened: %.40q...", name, s)
				}
			}
		}
		for i := 0; i < len(good); i++ {
			for _, c := range []byte(alphabet + ".") {
				if c != good[i] {
					try(good[:i] + string(c) + good[i+1:])
				}
			}
			try(good[:i] + good[i+1:])
			try(good[:i] + "A" + good[i:])
		}
		t.Logf("%s: version 2 link of %d characters: %d of %d one-character changes detected (%.4f%%)",
			name, len(good), tried-opened, tried, 100*float64(tried-opened)/float64(tried))
		if opened != 0 {
			t.Errorf("%s: %d damaged links opened", name, opened)
		}

		// Version 1, for the record: a sample of substitutions per position.
		old := v1(good)
		want := marshal(t, mustDecode(t, old))
		r := rand.New(rand.NewPCG(1, 2))
		var oldTried, oldOpened, oldSame int
		for i := 2; i < len(old); i++ {
			for range 4 {
				c := alphabet[r.IntN(len(alphabet))]
				if c == old[i] {
					continue
				}
				oldTried++
				if m, err := Decode(old[:i] + string(c) + old[i+1:]); err == nil {
					oldOpened++
					if bytes.Equal(marshal(t, m), want) {
						oldSame++
					}
				}
			}
		}
		t.Logf("%s: version 1 link: %d of %d sampled one-character changes opened (%.1f%%; %d of them the same model)",
			name, oldOpened, oldTried, 100*float64(oldOpened)/float64(oldTried), oldSame)
	}
}

func mustDecode(t *testing.T, s string) *model.Model {
	t.Helper()
	m, err := Decode(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestOldLinksOpen: the version 1 link of every pattern (the format before
// checksums) still opens, to the same model.
func TestOldLinksOpen(t *testing.T) {
	for _, p := range patterns.Catalog() {
		s, err := Encode(p.Model())
		if err != nil {
			t.Fatal(err)
		}
		m, err := Decode(v1(s))
		if err != nil {
			t.Fatalf("%s: version 1 link: %v", p.Name, err)
		}
		if !bytes.Equal(marshal(t, m), marshal(t, p.Model())) {
			t.Errorf("%s: version 1 link opened a different model", p.Name)
		}
	}
	// A version 1 link as an older workbench wrote it, verbatim.
	old := link(deflate(t, []byte(`{"version":1,"name":"old link","tables":[{"TableName":"Things","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],`+
		`"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}],"settings":{}}`)))
	if m, err := Decode(old); err != nil || m.Name != "old link" {
		t.Errorf("old link: %v, %v", m, err)
	}
}
