package visualizer

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// What a grid cell accepts. A scalar is typed as it reads (S as is, N as
// a number, B as base64, BOOL true or false, NULL nothing); a set, list or
// map as its DynamoDB JSON ({"SS": ["a", "b"]}). Every value goes through
// the wire protocol's decoder, so a mistake is worded as DynamoDB words it
// ("The parameter cannot be converted to a numeric value: abc").

// CellTypes are the types a cell's editor offers: the scalars typed as
// they read, and JSON for a set, list or map as DynamoDB JSON.
var CellTypes = []string{"S", "N", "B", "BOOL", "NULL", CellJSON}

// CellJSON is the editor type of a value written as DynamoDB JSON.
const CellJSON = "JSON"

// CellEdit returns how a cell's editor shows v: its editor type (S, N, B,
// BOOL, NULL, or CellJSON for sets, lists and maps) and its text. A
// missing value edits as an empty S.
func CellEdit(v attr.Value) (typ, text string) {
	switch x := v.(type) {
	case nil:
		return "S", ""
	case attr.String:
		return "S", string(x)
	case attr.Number, attr.Binary:
		return x.Type().String(), FormatValue(x)
	case attr.Bool:
		return "BOOL", strconv.FormatBool(bool(x))
	case attr.Null:
		return "NULL", ""
	}
	b, err := attr.MarshalValue(v)
	if err != nil {
		return CellJSON, ""
	}
	return CellJSON, string(b)
}

// ParseCell reads a cell's text as a value of the editor type typ.
func ParseCell(typ, text string) (attr.Value, error) {
	var env string
	switch typ {
	case "S":
		return attr.String(text), nil
	case "N", "B":
		q, err := json.Marshal(strings.TrimSpace(text))
		if err != nil {
			return nil, err
		}
		env = `{"` + typ + `":` + string(q) + `}`
	case "BOOL":
		switch strings.ToLower(strings.TrimSpace(text)) {
		case "true":
			return attr.Bool(true), nil
		case "false":
			return attr.Bool(false), nil
		}
		return nil, errors.New("a BOOL is true or false")
	case "NULL":
		return attr.Null{}, nil
	case CellJSON:
		env = strings.TrimSpace(text)
		if env == "" {
			return nil, errors.New("a value as DynamoDB JSON, such as {\"SS\": [\"a\", \"b\"]}")
		}
	default:
		return nil, errors.New(strconv.Quote(typ) + " is not a DynamoDB type")
	}
	return attr.UnmarshalValue([]byte(env))
}
