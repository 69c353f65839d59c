//go:build !(js && wasm)

package json

import (
	"strings"
	"testing"
)

// shareLike has the shape of /api/share's body: a struct with few keys,
// which go-json decodes with its bitmap key scanner, the one that walked
// off the end of {"\ (goccy/go-json#604).
type shareLike struct {
	Model RawMessage `json:"model"`
	Name  string     `json:"name"`
}

// manyKeys takes the other bitmap (more than eight keys).
type manyKeys struct {
	A, B, C, D, E, F, G, H, I, J string
}

// crashInputs are the malformed bodies that made go-json read past its
// input: a backslash at the end of a key, before the NUL it appends.
var crashInputs = []string{`{"\`, `{"a\`, `{"\u`, `{"\u12`, `{"\ud800\u`, `{"model":1,"\`, `{"\` + "\x00", `["\`, `"\`, `{"name":"\`}

func TestUnmarshalCrashInputs(t *testing.T) {
	filler := `{"model":{"x":"` + strings.Repeat(`"\"`, 40) + `"},"name":"n"}`
	for round := 0; round < 2000; round++ {
		for _, in := range crashInputs {
			for _, v := range []any{new(shareLike), new(manyKeys), new(map[string]any), new(any)} {
				if err := Unmarshal([]byte(in), v); err == nil {
					t.Fatalf("Unmarshal(%q) = nil error", in)
				}
			}
			// Leave the heap and go-json's pools in another state before
			// the next input, as earlier requests do on a server.
			_ = Unmarshal([]byte(filler), new(shareLike))
		}
	}
}

// boom panics in its decoder, standing for a go-json bug not yet known.
type boom struct{}

func (*boom) UnmarshalJSON([]byte) error { panic("index out of range") }

func TestUnmarshalPanicIsAnError(t *testing.T) {
	var v struct {
		B boom `json:"b"`
	}
	if err := Unmarshal([]byte(`{"b":1}`), &v); err == nil || !strings.Contains(err.Error(), "index out of range") {
		t.Fatalf("Unmarshal = %v, want the panic as an error", err)
	}
}

func TestValidCrashInputs(t *testing.T) {
	for _, in := range crashInputs {
		if Valid([]byte(in)) {
			t.Errorf("Valid(%q) = true", in)
		}
	}
}

// putBody is a PutItem-sized body; escaped holds one escape, which sends
// it through the standard library's scanner first.
var (
	putBody = []byte(`{"TableName":"orders","Item":{"pk":{"S":"customer#12345"},"sk":{"S":"order#2024-01-01#0001"},"total":{"N":"129.95"},"status":{"S":"SHIPPED"},"lines":{"L":[{"M":{"sku":{"S":"A-1"},"qty":{"N":"2"}}},{"M":{"sku":{"S":"B-7"},"qty":{"N":"1"}}}]}},"ReturnValues":"NONE"}`)
	escaped = []byte(`{"TableName":"orders","Item":{"pk":{"S":"customer#12345"},"sk":{"S":"order\"2024-01-01#0001"},"total":{"N":"129.95"},"status":{"S":"SHIPPED"},"lines":{"L":[{"M":{"sku":{"S":"A-1"},"qty":{"N":"2"}}},{"M":{"sku":{"S":"B-7"},"qty":{"N":"1"}}}]}},"ReturnValues":"NONE"}`)
)

func benchUnmarshal(b *testing.B, body []byte) {
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		var v map[string]any
		if err := Unmarshal(body, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUnmarshalPlain(b *testing.B)   { benchUnmarshal(b, putBody) }
func BenchmarkUnmarshalEscaped(b *testing.B) { benchUnmarshal(b, escaped) }
