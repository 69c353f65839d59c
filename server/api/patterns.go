package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// The pattern catalogue's HTTP API (mount the handler at "/api/patterns"
// and "/api/patterns/"):
//
//	GET /api/patterns         the catalogue: {"patterns":[{name, title, summary, ...}]}
//	GET /api/patterns/{name}  the pattern's model document with its dataset
//
// The second takes query parameters: items (the dataset's size, 10 to
// 1,000,000; default the pattern's DefaultSize), seed (an integer; default
// patterns.DefaultSeed), format (json or ndjson), and the pattern's
// generator options by name (e.g. order=sequential). The same URL always
// gives the same bytes.
//
// format=json is the model document (docs/model-format.md) whose dataset
// holds the generator spec and the items, grouped by table. format=ndjson
// is one line per item, each a PutItem request body
// {"TableName":...,"Item":{...DynamoDB JSON...}}, in load order. Without a
// format, up to ndjsonThreshold items come as json and more as ndjson.
// Either way the items are streamed as they are generated.

// ndjsonThreshold is the largest dataset served as json by default.
const ndjsonThreshold = 10_000

// patternSummary is one entry of GET /api/patterns.
type patternSummary struct {
	Name           string              `json:"name"`
	Title          string              `json:"title"`
	Summary        string              `json:"summary"`
	Sources        []string            `json:"sources"`
	DefaultSize    int                 `json:"defaultSize"`
	MinSize        int                 `json:"minSize"`
	MaxSize        int                 `json:"maxSize"`
	Options        map[string][]string `json:"options,omitempty"`
	Tables         []string            `json:"tables"`
	Entities       []string            `json:"entities"`
	AccessPatterns []string            `json:"accessPatterns"`
	Href           string              `json:"href"`
}

// patternsAPI returns the handler of GET /api/patterns and
// GET /api/patterns/{name}.
func patternsAPI() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/patterns", servePatternList)
	mux.HandleFunc("GET /api/patterns/{name}", servePattern)
	return mux
}

func servePatternList(w http.ResponseWriter, r *http.Request) {
	list := []patternSummary{}
	for _, p := range patterns.Catalog() {
		m := p.Model()
		s := patternSummary{
			Name: p.Name, Title: p.Title, Summary: p.Narrative.Summary, Sources: p.Sources,
			DefaultSize: p.DefaultSize, MinSize: patterns.MinSize, MaxSize: patterns.MaxSize, Options: p.Options,
			Tables: []string{}, Entities: []string{}, AccessPatterns: []string{},
			Href: "/api/patterns/" + p.Name,
		}
		for _, t := range m.Tables {
			s.Tables = append(s.Tables, t.TableName)
		}
		for _, e := range m.Entities {
			s.Entities = append(s.Entities, e.Name)
		}
		for _, ap := range m.AccessPatterns {
			s.AccessPatterns = append(s.AccessPatterns, ap.Name)
		}
		list = append(list, s)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(map[string]any{"patterns": list})
}

func servePattern(w http.ResponseWriter, r *http.Request) {
	p, ok := patterns.Get(r.PathValue("name"))
	if !ok {
		apiError(w, http.StatusNotFound, fmt.Sprintf("no pattern %q (GET /api/patterns lists them)", r.PathValue("name")))
		return
	}
	spec := model.GeneratorSpec{Pattern: p.Name, Seed: patterns.DefaultSeed, Size: p.DefaultSize}
	format := ""
	q := r.URL.Query()
	names := make([]string, 0, len(q))
	for k := range q {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		v := q[k]
		if len(v) != 1 {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("query parameter %s is given %d times", k, len(v)))
			return
		}
		switch val := v[0]; k {
		case "items":
			n, err := strconv.Atoi(val)
			if err != nil || n < patterns.MinSize || n > patterns.MaxSize {
				apiError(w, http.StatusBadRequest, fmt.Sprintf("items=%s: the dataset size is an integer from %d to %d", val, patterns.MinSize, patterns.MaxSize))
				return
			}
			spec.Size = n
		case "seed":
			s, err := strconv.ParseInt(val, 10, 64)
			if err != nil {
				apiError(w, http.StatusBadRequest, fmt.Sprintf("seed=%s: the seed is a 64-bit integer", val))
				return
			}
			spec.Seed = s
		case "format":
			if val != "json" && val != "ndjson" {
				apiError(w, http.StatusBadRequest, fmt.Sprintf("format=%s: the format is json or ndjson", val))
				return
			}
			format = val
		default:
			if _, ok := p.Options[k]; !ok {
				apiError(w, http.StatusBadRequest, fmt.Sprintf("unknown query parameter %q (items, seed, format or an option of the pattern)", k))
				return
			}
			if spec.Options == nil {
				spec.Options = map[string]string{}
			}
			spec.Options[k] = val
		}
	}
	if format == "" {
		format = "json"
		if spec.Size > ndjsonThreshold {
			format = "ndjson"
		}
	}
	src, err := p.Source(spec)
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	if format == "ndjson" {
		h.Set("Content-Type", "application/x-ndjson")
		h.Set("Content-Disposition", fmt.Sprintf(`inline; filename="%s-seed%d-%d.ndjson"`, p.Name, spec.Seed, spec.Size))
	} else {
		h.Set("Content-Type", "application/json; charset=utf-8")
	}
	if r.Method == http.MethodHead {
		return
	}
	// Errors past this point are the client going away mid-stream: the
	// status is already sent.
	if format == "ndjson" {
		_ = patterns.WriteNDJSON(w, src)
		return
	}
	_ = p.WriteDocument(w, spec)
}

// apiError answers {"error": msg} with status.
func apiError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]string{"error": msg})
	w.Write(append(b, '\n'))
}
