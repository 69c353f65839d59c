package sharelink

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// withItems returns a copy of the pattern's model whose dataset is n
// explicit items (the generator spec kept as their provenance).
func withItems(t testing.TB, p *patterns.Pattern, n int) *model.Model {
	t.Helper()
	m := p.Model()
	m.Dataset.Generator.Size = n
	src, err := patterns.Generator(*m.Dataset.Generator)
	if err != nil {
		t.Fatal(err)
	}
	items := map[string][]attr.Item{}
	if err := src(func(table string, lent attr.Fields) error {
		it := lent.Item()                                   // lent by the source
		items[table] = append(items[table], maps.Clone(it)) // the source lends it
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	m.Dataset.Items = items
	return m
}

func marshal(t testing.TB, m *model.Model) []byte {
	t.Helper()
	doc, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestRoundTripCatalog encodes every pattern's model, with its generator
// spec and with explicit items, and checks that the link decodes to the
// same document and stays under MaxLength. The lengths are logged: they
// show how much room ordinary models leave.
func TestRoundTripCatalog(t *testing.T) {
	for _, p := range patterns.Catalog() {
		for _, tc := range []struct {
			name string
			m    *model.Model
		}{
			{"generator", p.Model()},
			{"10 items", withItems(t, p, 10)},
		} {
			t.Run(p.Name+"/"+tc.name, func(t *testing.T) {
				want := marshal(t, tc.m)
				link, err := Encode(tc.m)
				if err != nil {
					t.Fatalf("Encode: %v", err)
				}
				t.Logf("%s (%s): JSON %d bytes, link %d characters (%.0f%% of MaxLength)",
					p.Name, tc.name, len(want), len(link), 100*float64(len(link))/MaxLength)
				if len(link) > MaxLength {
					t.Errorf("link is %d characters, over MaxLength %d", len(link), MaxLength)
				}
				if !strings.HasPrefix(link, "2.") || link[2+ChecksumLength] != '.' {
					t.Errorf("link %.20q... lacks the version tag or the checksum", link)
				}
				if strings.ContainsAny(link[2:2+ChecksumLength]+link[3+ChecksumLength:], "+/=.%#&?") {
					t.Errorf("link holds characters outside base64url")
				}
				got, err := Decode(link)
				if err != nil {
					t.Fatalf("Decode: %v", err)
				}
				if doc := marshal(t, got); !bytes.Equal(doc, want) {
					t.Errorf("round trip changed the model:\n got %s\nwant %s", doc, want)
				}
				if tc.m.Dataset.Items != nil && got.Dataset.Items == nil {
					t.Error("the explicit items were lost")
				}
			})
		}
	}
}

// TestEncodeIsDeterministic: the same model gives the same link, so that a
// link can be compared and cached.
func TestEncodeIsDeterministic(t *testing.T) {
	p, _ := patterns.Get("sparse-index")
	a, err := Encode(p.Model())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Encode(p.Model())
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("two encodings of the same model differ")
	}
}

func TestEncodeTooLong(t *testing.T) {
	p, _ := patterns.Get("time-series")
	m := withItems(t, p, 2000)
	_, err := Encode(m)
	if !errors.Is(err, ErrTooLong) {
		t.Fatalf("Encode of 2,000 items: %v, want ErrTooLong", err)
	}
	t.Log(err)
	// Without the limit the same model still round-trips: the limit is a
	// promise about links, not about the format.
	long, err := encode(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(long)
	if err != nil {
		t.Fatalf("Decode of a long link: %v", err)
	}
	if !bytes.Equal(marshal(t, got), marshal(t, m)) {
		t.Error("long link: round trip changed the model")
	}
}

func TestEncodeNil(t *testing.T) {
	if _, err := Encode(nil); err == nil {
		t.Error("Encode(nil): no error")
	}
}

// deflate compresses data as a link payload.
func deflate(t testing.TB, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// link is a version 1 link (no checksum) of payload: old links still open.
func link(payload []byte) string {
	return "1." + base64.RawURLEncoding.EncodeToString(payload)
}

// link2 is a version 2 link of payload, with its checksum.
func link2(payload []byte) string {
	p := base64.RawURLEncoding.EncodeToString(payload)
	return "2." + checksum(p) + "." + p
}

func TestDecodeErrors(t *testing.T) {
	p, _ := patterns.Get("composite-sort-key")
	good, err := Encode(p.Model())
	if err != nil {
		t.Fatal(err)
	}
	payload := good[3+ChecksumLength:]
	raw, _ := base64.RawURLEncoding.DecodeString(payload)

	// A zip bomb: 9 MB of spaces deflate to 9 KB (DEFLATE's ratio tops
	// out near 1,032:1).
	bomb := link(deflate(t, bytes.Repeat([]byte{' '}, MaxInflated+1<<20)))

	tests := []struct {
		name  string
		in    string
		want  error  // wrapped sentinel, or nil for a model.Parse error
		words string // in the message
	}{
		{"empty", "", ErrVersion, "no version tag"},
		{"no tag", payload, ErrVersion, "no version tag"},
		{"newer version", "3." + payload, ErrVersion, "newer than this workbench reads"},
		{"version zero", "0." + payload, ErrVersion, "version 0"},
		{"not a number", "v1." + payload, ErrVersion, "not a version number"},
		{"padded number", "01." + payload, ErrVersion, "not a version number"},
		{"negative", "-1." + payload, ErrVersion, "not a version number"},
		{"v2 without checksum", "2." + payload, ErrCorrupt, "checksum is missing"},
		{"v2 short checksum", "2.abc." + payload, ErrCorrupt, "checksum is missing"},
		{"v2 wrong checksum", "2.AAAAAAAA." + payload, ErrCorrupt, "checksum does not match"},
		{"v2 cut short", good[:len(good)/2], ErrCorrupt, "checksum does not match"},
		{"v2 padding", good + "==", ErrCorrupt, "checksum does not match"},
		{"v2 not base64url", link2([]byte("x"))[:11] + "+/", ErrCorrupt, "checksum does not match"},
		{"v2 not deflate, right checksum", link2([]byte("{\"version\":1}")), ErrCorrupt, "not DEFLATE data"},
		{"v2 not a model, right checksum", link2(deflate(t, []byte(`{"version":1,"tabels":[]}`))), nil, "tabels"},
		{"not base64url", "1.abc+/def", ErrCorrupt, "not base64url"},
		{"padding", "1." + payload + "==", ErrCorrupt, "not base64url"},
		{"cut short", "1." + payload[:len(payload)/2], ErrCorrupt, ""},
		{"not deflate", link([]byte("{\"version\":1}")), ErrCorrupt, "not DEFLATE data"},
		{"trailing bytes", link(append(append([]byte(nil), raw...), 0, 1, 2)), ErrCorrupt, "after the end"},
		{"zip bomb", bomb, ErrTooLarge, "past"},
		{"huge payload", "1." + strings.Repeat("A", MaxInflated+4), ErrTooLarge, ""},
		{"not JSON", link(deflate(t, []byte("hello"))), nil, "not a model document"},
		{"not a model", link(deflate(t, []byte(`{"version":1,"tabels":[]}`))), nil, "tabels"},
		{"newer model", link(deflate(t, []byte(`{"version":9,"name":"x"}`))), nil, "newer than this workbench reads"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Decode(tt.in)
			if err == nil {
				t.Fatal("no error")
			}
			if m != nil {
				t.Errorf("a model came back with %v", err)
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("error %q does not wrap %q", err, tt.want)
			}
			if tt.want == nil {
				for _, sentinel := range []error{ErrVersion, ErrCorrupt, ErrTooLarge} {
					if errors.Is(err, sentinel) {
						t.Errorf("error %q wraps %q", err, sentinel)
					}
				}
			}
			if !strings.Contains(err.Error(), tt.words) {
				t.Errorf("error %q lacks %q", err, tt.words)
			}
		})
	}
}

// TestDecodeInvalidModel: a link whose model decodes but does not validate
// comes back with the model and its validation errors, as model.Parse does.
func TestDecodeInvalidModel(t *testing.T) {
	p, _ := patterns.Get("sparse-index")
	m := p.Model()
	m.Tables[0].KeySchema = nil
	s, err := encode(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(s)
	if err == nil {
		t.Fatal("no error for a model without a key schema")
	}
	if got == nil || got.Name != m.Name {
		t.Errorf("the invalid model did not come back: %v", got)
	}
	if !strings.Contains(err.Error(), "tables[0]") {
		t.Errorf("error %q does not place the problem", err)
	}
}

// TestDecodeMigrates: a link to a version-0 document opens as version 1.
func TestDecodeMigrates(t *testing.T) {
	v0 := `{"name":"old","tables":[{"TableName":"Things","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],` +
		`"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST","ttlAttribute":"exp"}]}`
	m, err := Decode(link(deflate(t, []byte(v0))))
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != model.Version || m.Tables[0].TimeToLiveSpecification == nil {
		t.Errorf("not migrated: version %d, TTL %v", m.Version, m.Tables[0].TimeToLiveSpecification)
	}
}

// FuzzDecode: no input panics or expands without bound, and whatever
// decodes to a valid model encodes to a link that decodes to the same
// model.
func FuzzDecode(f *testing.F) {
	for _, p := range patterns.Catalog()[:3] {
		s, err := Encode(p.Model())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(s)
		f.Add(s[:len(s)-3])
	}
	f.Add("")
	f.Add("1.")
	f.Add("1.AAAA")
	f.Add(link(deflate(f, []byte(`{"version":1,"name":"x","tables":[]}`))))
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Decode(s)
		if err != nil {
			return
		}
		again, err := encode(m)
		if err != nil {
			t.Fatalf("a decoded model does not encode: %v", err)
		}
		m2, err := Decode(again)
		if err != nil {
			t.Fatalf("re-encoded link does not decode: %v", err)
		}
		a, b := marshal(t, m), marshal(t, m2)
		if !bytes.Equal(a, b) {
			t.Fatalf("round trip changed the model:\n%s\n%s", a, b)
		}
	})
}

func ExampleEncode() {
	p, _ := patterns.Get("sparse-index")
	s, err := Encode(p.Model())
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := Decode(s)
	fmt.Println(strings.HasPrefix(s, "2."), m.Name, err)
	// Output: true Sparse GSI: escalated device status reports <nil>
}
