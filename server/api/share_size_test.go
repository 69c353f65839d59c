package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/servertest"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// leanDocument is a model document of exactly size bytes that writes its
// workload rates in exponent form (2e4), so that its canonical form (20000)
// is longer than what is sent.
func leanDocument(t *testing.T, size int) []byte {
	t.Helper()
	p, _ := patterns.Get("write-sharding")
	m := p.Model()
	m.Description = ""
	for i := range m.Workload.Requests {
		m.Workload.Requests[i].Rate = 20000
	}
	encode := func() []byte {
		canon, err := model.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(canon, &v); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false) // as model.Marshal
		if err := enc.Encode(dropZero(v)); err != nil {
			t.Fatal(err)
		}
		return bytes.ReplaceAll(bytes.TrimSuffix(b.Bytes(), []byte("\n")), []byte(`"rate":20000`), []byte(`"rate":2e4`))
	}
	base := len(encode())
	m.Description = strings.Repeat("d", size-base-len(`,"description":""`))
	doc := encode()
	if len(doc) != size {
		t.Fatalf("lean document of %d bytes, want %d", len(doc), size)
	}
	return doc
}

// dropZero removes the members whose value is false, 0, "", null, [] or {}.
func dropZero(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			e = dropZero(e)
			switch y := e.(type) {
			case nil:
				delete(x, k)
				continue
			case bool:
				if !y {
					delete(x, k)
					continue
				}
			case float64:
				if y == 0 {
					delete(x, k)
					continue
				}
			case string:
				if y == "" {
					delete(x, k)
					continue
				}
			case []any:
				if len(y) == 0 {
					delete(x, k)
					continue
				}
			case map[string]any:
				if len(y) == 0 {
					delete(x, k)
					continue
				}
			}
			x[k] = e
		}
	case []any:
		for i := range x {
			x[i] = dropZero(x[i])
		}
	}
	return v
}

// TestShareExactlyTheLimit checks that the share limit applies to what was
// sent: a document of exactly sharestore.MaxDocument bytes is stored even
// though its canonical form is longer, and one byte more is refused.
func TestShareExactlyTheLimit(t *testing.T) {
	h, _ := newShareServer(t)
	doc := leanDocument(t, sharestore.MaxDocument)
	m, err := model.Parse(doc)
	if err != nil {
		t.Fatalf("the lean document does not parse: %v", err)
	}
	if canon, _ := model.Marshal(m); len(canon) <= sharestore.MaxDocument {
		t.Fatalf("canonical form of %d bytes: the test needs one longer than the %d sent", len(canon), len(doc))
	}
	if w := servertest.Serve(h, shareRequest("POST", "/api/share", doc)); w.Code != http.StatusCreated {
		t.Fatalf("a model of exactly %d bytes: %d %s", len(doc), w.Code, w.Body.String())
	}
	over := leanDocument(t, sharestore.MaxDocument+1)
	if w := servertest.Serve(h, shareRequest("POST", "/api/share", over)); w.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("a model of %d bytes: %d %s, want 413", len(over), w.Code, w.Body.String())
	}
}

// TestShareEmptyOrCutOff checks that an empty or cut-off model is refused
// with words that say so.
func TestShareEmptyOrCutOff(t *testing.T) {
	h, _ := newShareServer(t)
	doc := leanDocument(t, 10_000)
	for _, c := range []struct {
		name string
		body []byte
		want string
	}{
		{"empty", nil, "empty"},
		{"cut off", doc[:len(doc)/2], "cut off"},
		{"zero-padded", append(doc[:len(doc)/2:len(doc)/2], make([]byte, 100)...), "zero byte"},
	} {
		w := servertest.Serve(h, shareRequest("POST", "/api/share", c.body))
		if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), c.want) || strings.Contains(w.Body.String(), `\\u0000`) {
			t.Errorf("%s: %d %s, want 400 saying %q", c.name, w.Code, w.Body.String(), c.want)
		}
	}
}
