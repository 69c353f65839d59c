package model

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Versions. A document's "version" member says which format it is in; a
// document without one is version 0, the draft format the workbench's
// prototype saved. Parse migrates a document one version at a time up to
// Version, so every format ever written keeps loading. Changing the format
// means: bump Version, add the step from the previous version to
// migrations, keep a fixture of the old shape in testdata, and document the
// change in docs/model-format.md.

// migrations[v] turns a version-v document into a version v+1 document.
var migrations = []func([]byte) ([]byte, error){
	0: migrateV0,
}

// Parse reads a model document of any version up to Version, migrates it
// to the current format and validates it. A document that decodes but does
// not validate is returned with its Errors, so that an editor can show both.
func Parse(data []byte) (*Model, error) {
	m, err := Decode(data)
	if err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return m, err
	}
	return m, nil
}

// Decode reads and migrates a model document without validating it.
// Members the format does not have are an error.
func Decode(data []byte) (*Model, error) {
	var head struct {
		Version *json.Number `json:"version"`
	}
	// go-json reads a zero byte as the end of its input: refuse one
	// before it can hide a cut-off or padded document.
	if len(bytes.Trim(data, " \t\r\n")) == 0 || bytes.IndexByte(data, 0) >= 0 {
		return nil, errors.New(syntaxProblem(data))
	}
	if err := json.Unmarshal(data, &head); err != nil {
		if why := syntaxProblem(data); why != "" {
			return nil, errors.New(why)
		}
		return nil, fmt.Errorf("not a model document: %v", err)
	}
	version := 0
	if head.Version != nil {
		v, err := strconv.Atoi(head.Version.String())
		if err != nil || v < 0 {
			return nil, fmt.Errorf("version: %s is not a format version", head.Version.String())
		}
		version = v
	}
	if version > Version {
		return nil, fmt.Errorf("version: %d is newer than this workbench reads (%d)", version, Version)
	}
	for v := version; v < Version; v++ {
		next, err := migrations[v](data)
		if err != nil {
			return nil, fmt.Errorf("migrating from version %d: %w", v, err)
		}
		data = next
	}
	m := new(Model)
	if err := json.UnmarshalStrict(data, m); err != nil {
		if why := syntaxProblem(data); why != "" {
			return nil, errors.New(why)
		}
		return nil, fmt.Errorf("not a valid model document: %v", err)
	}
	return m, nil
}

// Marshal writes the model as compact JSON (maps with sorted keys, no HTML
// escaping, so expressions keep their '<' and '>').
func Marshal(m *Model) ([]byte, error) {
	return json.MarshalNoHTMLEscape(m)
}

// MarshalIndent writes the model as indented JSON.
func MarshalIndent(m *Model) ([]byte, error) {
	return json.MarshalIndentNoHTMLEscape(m, "", "  ")
}

// ---- version 0: the prototype's draft format ----

// v0Model is the draft format: tables carried their TTL attribute and stream
// view type as "ttlAttribute" and "stream"; an entity had "pk" and "sk"
// templates and an attribute-to-type map; access patterns were "queries"
// with an "input" and example "params"; items were a flat list of
// {table, item}; settings were "clock".
type v0Model struct {
	Name        string      `json:"name"`
	Description string      `json:"description"`
	Tables      []v0Table   `json:"tables"`
	Entities    []v0Entity  `json:"entities"`
	Queries     []v0Query   `json:"queries"`
	Items       []v0Item    `json:"items"`
	Clock       *v0Clock    `json:"clock"`
	Version     json.Number `json:"version"`
}

type v0Table struct {
	schema.TableDefinition
	TTLAttribute string `json:"ttlAttribute"`
	Stream       string `json:"stream"`
}

type v0Entity struct {
	Name       string            `json:"name"`
	Table      string            `json:"table"`
	PK         string            `json:"pk"`
	SK         string            `json:"sk"`
	Attributes map[string]string `json:"attributes"`
}

type v0Query struct {
	Name        string            `json:"name"`
	Description string            `json:"description"`
	Operation   string            `json:"operation"`
	Input       json.RawMessage   `json:"input"`
	Params      map[string]string `json:"params"`
	Rate        float64           `json:"rate"`
}

type v0Item struct {
	Table string    `json:"table"`
	Item  attr.Item `json:"item"`
}

type v0Clock struct {
	Start           string  `json:"start"`
	Speed           float64 `json:"speed"`
	TTLDelaySeconds float64 `json:"ttlDelaySeconds"`
	GSIDelaySeconds float64 `json:"gsiDelaySeconds"`
}

func migrateV0(data []byte) ([]byte, error) {
	var old v0Model
	if err := json.UnmarshalStrict(data, &old); err != nil {
		return nil, err
	}
	m := &Model{Version: 1, Name: old.Name, Description: old.Description, Tables: []Table{}}
	for _, t := range old.Tables {
		nt := Table{TableDefinition: t.TableDefinition}
		if t.TTLAttribute != "" {
			nt.TimeToLiveSpecification = &TimeToLive{AttributeName: t.TTLAttribute, Enabled: true}
		}
		if t.Stream != "" {
			nt.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: t.Stream}
		}
		m.Tables = append(m.Tables, nt)
	}
	for _, e := range old.Entities {
		ne := Entity{Name: e.Name, Table: e.Table, Keys: map[string]string{}}
		if t := m.Table(e.Table); t != nil {
			if hk := t.HashKey(); hk != "" && e.PK != "" {
				ne.Keys[hk] = e.PK
			}
			if rk := t.RangeKey(); rk != "" && e.SK != "" {
				ne.Keys[rk] = e.SK
			}
		}
		names := make([]string, 0, len(e.Attributes))
		for n := range e.Attributes {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			ne.Attributes = append(ne.Attributes, Attribute{Name: n, Type: e.Attributes[n]})
		}
		m.Entities = append(m.Entities, ne)
	}
	for _, q := range old.Queries {
		ap := AccessPattern{Name: q.Name, Description: q.Description, Operation: q.Operation, Request: q.Input, Rate: q.Rate}
		names := make([]string, 0, len(q.Params))
		for n := range q.Params {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			ap.Parameters = append(ap.Parameters, Parameter{Name: n, Example: q.Params[n]})
		}
		m.AccessPatterns = append(m.AccessPatterns, ap)
	}
	if len(old.Items) > 0 {
		m.Dataset = &Dataset{Items: map[string][]attr.Item{}}
		for _, it := range old.Items {
			m.Dataset.Items[it.Table] = append(m.Dataset.Items[it.Table], it.Item)
		}
	}
	if c := old.Clock; c != nil {
		m.Settings = Settings{
			StartTime:           c.Start,
			ClockSpeed:          c.Speed,
			TTLDeletionDelay:    Duration(time.Duration(c.TTLDelaySeconds * float64(time.Second))),
			GSIPropagationDelay: Duration(time.Duration(c.GSIDelaySeconds * float64(time.Second))),
		}
	}
	return Marshal(m)
}

// syntaxProblem says in words why data is not JSON at all: empty, cut off
// before its end, or holding a NUL byte (a truncated or zero-padded
// upload), with the byte offset; "" when it is well-formed JSON and the
// decoder's own error (a wrong member or type) says more. The standard
// library's parser is used for its offsets.
func syntaxProblem(data []byte) string {
	if len(bytes.Trim(data, " \t\r\n\x00")) == 0 {
		if len(data) == 0 {
			return "not a model document: the body is empty (send the model's JSON)"
		}
		return fmt.Sprintf("not a model document: it is empty (%d blank or zero bytes)", len(data))
	}
	var v any
	err := stdjson.Unmarshal(data, &v)
	var se *stdjson.SyntaxError
	if err == nil || !errors.As(err, &se) {
		if i := bytes.IndexByte(data, 0); i >= 0 {
			return fmt.Sprintf("not a model document: a zero byte at byte %d is not JSON (a cut-off or padded upload?)", i+1)
		}
		return ""
	}
	switch {
	case se.Error() == "unexpected end of JSON input":
		return fmt.Sprintf("not a model document: it is cut off (its JSON ends after %d bytes, before it is complete)", len(data))
	case se.Offset > 0 && se.Offset <= int64(len(data)) && data[se.Offset-1] == 0:
		return fmt.Sprintf("not a model document: a zero byte at byte %d is not JSON (a cut-off or padded upload?)", se.Offset)
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return fmt.Sprintf("not a model document: a zero byte at byte %d is not JSON (a cut-off or padded upload?)", i+1)
	}
	return fmt.Sprintf("not a model document: %s (at byte %d)", se.Error(), se.Offset)
}
