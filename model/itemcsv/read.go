package itemcsv

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Limits of one Read. The server bounds the body too; these keep a reader
// in the page from holding more than a person can look at.
const (
	// MaxErrors is the number of RowErrors kept; the rest are counted in
	// Result.MoreErrors.
	MaxErrors = 1000
	// MaxColumns bounds the header: DynamoDB has no attribute count limit,
	// but no spreadsheet of items comes near this, and a header of a
	// million empty names should not cost a million columns per row.
	MaxColumns = 10_000
)

// Options say what Read checks the rows against.
type Options struct {
	// Table is the table the items are for. Nil: only the CSV and the
	// values are checked, not keys, indexes or DynamoDB's item rules.
	Table *schema.TableDefinition
	// MaxRows bounds the data rows read (0: no bound); a longer file is an
	// error of Read, so that nothing half-read looks complete.
	MaxRows int
}

// Column is one header column.
type Column struct {
	// Name is the attribute name.
	Name string `json:"name"`
	// Type is the declared type ("S", "NS", ...), or "" for inferred.
	Type string `json:"type,omitempty"`
	// Seen counts the types of the column's values in the good rows, by
	// type descriptor: what inference (or the declaration) made of them.
	Seen map[string]int `json:"seen,omitempty"`
}

// RowError is one problem of one row.
type RowError struct {
	// Row is the 1-based data row: the first record after the header is
	// row 1. 0 for a problem of the header.
	Row int `json:"row"`
	// Line is the 1-based line of the file the record starts on.
	Line int `json:"line"`
	// Column is the header name of the column to blame, "" for the whole
	// row.
	Column string `json:"column,omitempty"`
	// Message says what is wrong, with DynamoDB's wording where DynamoDB
	// would refuse the item.
	Message string `json:"message"`
}

func (e RowError) Error() string {
	where := fmt.Sprintf("row %d (line %d)", e.Row, e.Line)
	if e.Column != "" {
		where += fmt.Sprintf(", column %q", e.Column)
	}
	return where + ": " + e.Message
}

// Result is what Read made of a file.
type Result struct {
	Columns []Column `json:"columns"`
	// Items are the good rows, in file order; RowOf[i] is Items[i]'s row.
	Items []attr.Item `json:"-"`
	RowOf []int       `json:"-"`
	// Rows counts the data rows read, good or bad.
	Rows int `json:"rows"`
	// Errors are the problems found, in row order, at most MaxErrors;
	// MoreErrors counts those left out.
	Errors     []RowError `json:"errors"`
	MoreErrors int        `json:"moreErrors,omitempty"`
}

// BadRows counts the rows with at least one error (the kept ones).
func (r *Result) BadRows() int {
	n, last := 0, -1
	for _, e := range r.Errors {
		if e.Row != last {
			n++
			last = e.Row
		}
	}
	return n
}

// ErrInput wraps the errors that make a whole file unreadable (no header,
// a bad header, too many rows): Read returns no Result with them.
var ErrInput = errors.New("not a CSV of items")

// column is a parsed header column.
type column struct {
	name  string
	typ   attr.Type // 0: inferred
	seen  map[attr.Type]int
	index int
}

// Read reads a CSV of items. It fails only when the file as a whole cannot
// be read (an error wrapping ErrInput, or the reader's error); every
// problem of a row is a RowError in the Result and leaves the row out of
// Items.
func Read(r io.Reader, opt Options) (*Result, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1 // counted here, with a row error instead of a stop
	cr.ReuseRecord = false
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%w: the file is empty (the first line names the attributes)", ErrInput)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: the header: %v", ErrInput, err)
	}
	cols, err := parseHeader(header)
	if err != nil {
		return nil, err
	}
	c, err := newChecker(opt.Table, cols)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	for row := 1; ; row++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		res.Rows = row
		if opt.MaxRows > 0 && row > opt.MaxRows {
			return nil, fmt.Errorf("%w: more than %d rows", ErrInput, opt.MaxRows)
		}
		if err != nil {
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				return nil, err
			}
			res.addError(RowError{Row: row, Line: pe.StartLine, Message: "not CSV: " + pe.Err.Error()})
			continue
		}
		line, _ := cr.FieldPos(0) // only valid after a record read without error
		if len(rec) != len(cols) {
			res.addError(RowError{Row: row, Line: line, Message: fmt.Sprintf("%d cells, the header has %d columns", len(rec), len(cols))})
			continue
		}
		item, errs := readRow(rec, cols)
		if len(errs) == 0 {
			if e := c.check(item); e != nil {
				errs = append(errs, *e)
			}
		}
		if len(errs) > 0 {
			for _, e := range errs {
				e.Row, e.Line = row, line
				res.addError(e)
			}
			continue
		}
		c.accept(item, row)
		for _, col := range cols {
			if v, ok := item[col.name]; ok {
				col.seen[v.Type()]++
			}
		}
		res.Items = append(res.Items, item)
		res.RowOf = append(res.RowOf, row)
	}
	for _, col := range cols {
		out := Column{Name: col.name}
		if col.typ != 0 {
			out.Type = col.typ.String()
		}
		if len(col.seen) > 0 {
			out.Seen = map[string]int{}
			for t, n := range col.seen {
				out.Seen[t.String()] = n
			}
		}
		res.Columns = append(res.Columns, out)
	}
	return res, nil
}

func (r *Result) addError(e RowError) {
	if len(r.Errors) >= MaxErrors {
		r.MoreErrors++
		return
	}
	r.Errors = append(r.Errors, e)
}

// parseHeader reads the header record.
func parseHeader(rec []string) ([]*column, error) {
	if len(rec) > MaxColumns {
		return nil, fmt.Errorf("%w: %d columns, at most %d", ErrInput, len(rec), MaxColumns)
	}
	cols := make([]*column, len(rec))
	seen := map[string]int{}
	for i, h := range rec {
		if i == 0 {
			h = strings.TrimPrefix(h, "\ufeff") // a spreadsheet's byte order mark
		}
		name, typ := splitHeader(h)
		switch {
		case name == "":
			return nil, fmt.Errorf("%w: column %d of the header has no attribute name", ErrInput, i+1)
		case !utf8.ValidString(name):
			return nil, fmt.Errorf("%w: column %d of the header is not UTF-8", ErrInput, i+1)
		case seen[name] > 0:
			return nil, fmt.Errorf("%w: columns %d and %d of the header both name %q", ErrInput, seen[name], i+1, name)
		}
		seen[name] = i + 1
		cols[i] = &column{name: name, typ: typ, seen: map[attr.Type]int{}, index: i}
	}
	return cols, nil
}

// splitHeader splits "name:T" when T is a type descriptor; "name:" is an
// untyped name (so that an attribute called "a:S" can be untyped: "a:S:").
func splitHeader(h string) (string, attr.Type) {
	if strings.HasSuffix(h, ":") {
		return h[:len(h)-1], 0
	}
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		if t, ok := attr.ParseType(h[i+1:]); ok {
			return h[:i], t
		}
	}
	return h, 0
}

// readRow turns a record into an item; errors name their column.
func readRow(rec []string, cols []*column) (attr.Item, []RowError) {
	item := make(attr.Item, len(cols))
	var errs []RowError
	for i, cell := range rec {
		if cell == "" {
			continue
		}
		col := cols[i]
		var v attr.Value
		var err error
		if col.typ != 0 {
			v, err = typedCell(col.typ, cell)
		} else {
			v = inferCell(cell)
		}
		if err != nil {
			errs = append(errs, RowError{Column: col.name, Message: err.Error()})
			continue
		}
		item[col.name] = v
	}
	return item, errs
}

// typedCell reads a cell of a typed column.
func typedCell(t attr.Type, cell string) (attr.Value, error) {
	switch t {
	case attr.TypeS:
		if !utf8.ValidString(cell) {
			return nil, errors.New("the text is not UTF-8")
		}
		return attr.String(cell), nil
	case attr.TypeN:
		n, err := attr.ParseNumber(cell)
		if err != nil {
			return nil, fmt.Errorf("%s: %s", err, clip(cell))
		}
		return n, nil
	case attr.TypeBOOL:
		switch cell {
		case "true":
			return attr.Bool(true), nil
		case "false":
			return attr.Bool(false), nil
		}
		return nil, fmt.Errorf("%s is not true or false (BOOL)", clip(cell))
	case attr.TypeNULL:
		if cell == "true" {
			return attr.Null{}, nil
		}
		return nil, fmt.Errorf("%s: a NULL cell is true (or empty for no attribute)", clip(cell))
	case attr.TypeB:
		q, _ := json.Marshal(cell)
		return decodeWrapped(t, q, cell)
	default:
		return decodeWrapped(t, []byte(cell), cell)
	}
}

// decodeWrapped decodes inner, the DynamoDB JSON of a value without its
// type key, through the engine's codec and its messages.
func decodeWrapped(t attr.Type, inner []byte, cell string) (attr.Value, error) {
	var b bytes.Buffer
	b.WriteString(`{"`)
	b.WriteString(t.String())
	b.WriteString(`":`)
	b.Write(inner)
	b.WriteByte('}')
	v, err := attr.UnmarshalValue(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("not a %s value (%s): %v", t, clip(cell), err)
	}
	return v, nil
}

// inferCell reads a cell of an untyped column by the rules of the package
// documentation.
func inferCell(cell string) attr.Value {
	if cell[0] == '{' {
		if v, err := attr.UnmarshalValue([]byte(cell)); err == nil {
			return v
		}
	}
	if looksNumeric(cell) {
		if n, err := attr.ParseNumber(cell); err == nil && n.String() == cell {
			return n
		}
	}
	switch cell {
	case "true":
		return attr.Bool(true)
	case "false":
		return attr.Bool(false)
	}
	return attr.String(strings.ToValidUTF8(cell, "\uFFFD"))
}

// looksNumeric is a cheap first test before ParseNumber.
func looksNumeric(s string) bool {
	c := s[0]
	return c == '-' || c >= '0' && c <= '9'
}

// clip keeps a cell short in a message.
func clip(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}

// checker checks rows as PutItem would against an empty copy of the table.
type checker struct {
	db    *engine.Database
	table string
	keys  []string
	cols  map[string]bool
	first map[string]int // key -> first row that has it
}

func newChecker(def *schema.TableDefinition, cols []*column) (*checker, error) {
	if def == nil {
		return nil, nil
	}
	in := def.Clone()
	in.Tags = nil // checked by CreateTable, irrelevant to items
	db := engine.New()
	if _, err := db.CreateTable(in); err != nil {
		return nil, fmt.Errorf("the table %s: %v", def.TableName, err)
	}
	c := &checker{db: db, table: in.TableName, cols: map[string]bool{}, first: map[string]int{}}
	for _, k := range def.KeySchema {
		c.keys = append(c.keys, k.AttributeName)
	}
	for _, col := range cols {
		c.cols[col.name] = true
	}
	return c, nil
}

// blamed finds the key attribute an engine message names.
var blamed = regexp.MustCompile(`(?:Missing the key |for key |Index Key |IndexKey: |Key: )(\S+)`)

// check reports the first problem PutItem would find with item, or that
// its key repeats an earlier row's.
func (c *checker) check(item attr.Item) *RowError {
	if c == nil {
		return nil
	}
	key := c.keyOf(item)
	if first, dup := c.first[key]; dup && key != "" {
		return &RowError{Column: c.keys[0], Message: fmt.Sprintf("the same key as row %d (a table holds one item per key)", first)}
	}
	name := c.table
	_, err := c.db.PutItem(&engine.PutItemInput{TableName: &name, Item: item})
	if err == nil {
		return nil
	}
	msg := err.Error()
	var ee *engine.Error
	if errors.As(err, &ee) {
		msg = ee.Message
	}
	e := &RowError{Message: msg}
	if m := blamed.FindStringSubmatch(msg); m != nil {
		if n := strings.TrimRight(m[1], ","); c.cols[n] || slices.Contains(c.keys, n) {
			e.Column = n
		}
	}
	return e
}

// accept records a good row's key.
func (c *checker) accept(item attr.Item, row int) {
	if c == nil {
		return
	}
	if key := c.keyOf(item); key != "" {
		c.first[key] = row
	}
}

// keyOf is the item's key attributes as one comparable string ("" when
// one is missing; PutItem reports that).
func (c *checker) keyOf(item attr.Item) string {
	var b []byte
	for _, k := range c.keys {
		v, ok := item[k]
		if !ok {
			return ""
		}
		b = attr.AppendKey(b, v)
		b = append(b, 0)
	}
	return string(b)
}
