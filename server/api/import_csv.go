package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/itemcsv"
)

// Items from CSV (mounted by importAPI on POST /api/import?format=csv):
//
//	POST /api/import?format=csv&table=T&key=PK:S[&key=SK:N]   Content-Type: text/csv
//	     body: the CSV
//	POST /api/import?format=csv[&table=T]                     Content-Type: application/json
//	     body: {"model": <a model document>, "table": T, "csv": "..."}
//
// The first form is for curl: the key parameters give the table's key
// schema (partition key first, types S, N or B), enough to check that
// every row has its key. The second checks the rows against the model's
// table with its indexes too (a GSI key of the wrong type is an error);
// table may be left out of a model with one table. The CSV format is
// model/itemcsv's (the page reads files with the same code).
//
// The answer is 200 {"table", "rows", "columns": [{"name", "type", "seen"}],
// "items": [<DynamoDB JSON items>], "errors": [{"row", "line", "column",
// "message"}], "moreErrors"} when the file could be read: bad rows are in
// errors (row is the 1-based data row, line the file line), the good ones
// in items. Errors: 400 (no usable header, a bad key parameter, an unknown
// table, more than maxCSVRows rows), 413 (a body over maxExportBody), 415
// (another content type). Nothing is written anywhere: the answer is what
// a PutItem or BatchWriteItem of each item would send.

// maxCSVRows bounds the rows of one import; the body limit allows about
// this many short rows.
const maxCSVRows = 200_000

// csvImport is the JSON form's body.
type csvImport struct {
	Model json.RawMessage `json:"model"`
	Table string          `json:"table"`
	CSV   string          `json:"csv"`
}

// csvAnswer is the answer of a CSV import.
type csvAnswer struct {
	Table      string             `json:"table"`
	Rows       int                `json:"rows"`
	Columns    []itemcsv.Column   `json:"columns"`
	Items      []attr.Item        `json:"items"`
	Errors     []itemcsv.RowError `json:"errors"`
	MoreErrors int                `json:"moreErrors,omitempty"`
}

func serveCSVImport(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var def *schema.TableDefinition
	var data []byte
	switch mt {
	case "text/csv":
		var ok bool
		if data, ok = readExportBody(w, r); !ok {
			return
		}
		var err error
		if def, err = keyTable(q.Get("table"), q["key"]); err != nil {
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
	case "application/json":
		body, ok := readExportBody(w, r)
		if !ok {
			return
		}
		var req csvImport
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			apiError(w, http.StatusBadRequest, `the body is {"model": <model document>, "table": T, "csv": "..."} (or send the CSV itself as text/csv with key= parameters): `+err.Error())
			return
		}
		if len(req.Model) == 0 {
			apiError(w, http.StatusBadRequest, `which table? give "model" (a model document) and "table", or send the CSV as text/csv with key= parameters`)
			return
		}
		m, err := model.Parse(req.Model)
		if err != nil {
			apiError(w, http.StatusBadRequest, "the model: "+err.Error())
			return
		}
		name := req.Table
		if name == "" {
			name = q.Get("table")
		}
		if name == "" && len(m.Tables) == 1 {
			name = m.Tables[0].TableName
		}
		t := m.Table(name)
		if t == nil {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("the model has no table %q (give \"table\": one of %s)", truncateParam(name), strings.Join(tableNames(m), ", ")))
			return
		}
		def = &t.TableDefinition
		data = []byte(req.CSV)
	default:
		apiError(w, http.StatusUnsupportedMediaType, "send the CSV with Content-Type: text/csv (and key= parameters), or {\"model\", \"table\", \"csv\"} as application/json")
		return
	}
	res, err := itemcsv.Read(bytes.NewReader(data), itemcsv.Options{Table: def, MaxRows: maxCSVRows})
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	ans := csvAnswer{Table: def.TableName, Rows: res.Rows, Columns: res.Columns, Items: res.Items,
		Errors: res.Errors, MoreErrors: res.MoreErrors}
	if ans.Items == nil {
		ans.Items = []attr.Item{}
	}
	if ans.Errors == nil {
		ans.Errors = []itemcsv.RowError{}
	}
	exportJSON(w, http.StatusOK, ans)
}

// keyTable is the table the key parameters describe: "PK:S", then
// optionally the sort key "SK:N".
func keyTable(name string, keys []string) (*schema.TableDefinition, error) {
	if name == "" {
		name = "Items"
	}
	if len(keys) == 0 || len(keys) > 2 {
		return nil, errors.New("give the table's key as key=NAME:TYPE (the partition key, then optionally the sort key; TYPE is S, N or B), e.g. ?format=csv&table=Orders&key=PK:S&key=SK:S")
	}
	def := &schema.TableDefinition{TableName: name, BillingMode: schema.BillingPayPerRequest}
	for i, k := range keys {
		n, typ, ok := strings.Cut(k, ":")
		if i := strings.LastIndexByte(k, ':'); i >= 0 {
			n, typ, ok = k[:i], k[i+1:], true
		}
		st := schema.ScalarType(typ)
		if !ok || n == "" || (st != schema.TypeS && st != schema.TypeN && st != schema.TypeB) {
			return nil, fmt.Errorf("key=%s: give NAME:TYPE with TYPE S, N or B", truncateParam(k))
		}
		kt := schema.KeyTypeHash
		if i == 1 {
			kt = schema.KeyTypeRange
		}
		def.AttributeDefinitions = append(def.AttributeDefinitions, schema.AttributeDefinition{AttributeName: n, AttributeType: st})
		def.KeySchema = append(def.KeySchema, schema.KeySchemaElement{AttributeName: n, KeyType: kt})
	}
	if err := def.Validate(); err != nil {
		return nil, fmt.Errorf("the table the parameters describe: %v", err)
	}
	return def, nil
}

func tableNames(m *model.Model) []string {
	var out []string
	for _, t := range m.Tables {
		out = append(out, t.TableName)
	}
	return out
}

// truncateParam keeps a client-supplied value short in a message.
func truncateParam(s string) string {
	if len(s) > 100 {
		return s[:100] + "..."
	}
	return s
}
