package wire

import (
	"errors"
	"reflect"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The slow path that words a SerializationException. When go-json cannot
// decode a request into its input struct, its error says what Go thought
// ("cannot unmarshal number into Go struct field ..."); DynamoDB's JSON
// layer (Jackson, behind Coral) words the same problem differently, and the
// words depend on the JSON token found and on the Java type expected at that
// position. shapeCheck walks the body in document order, against the input
// struct's Go type, and returns DynamoDB's message for the first mismatch.
//
// The wording table, recorded against DynamoDB (dynalite's test helpers,
// whose suite runs against the live service with REMOTE=1):
//
//	expected String:  true/false -> "TRUE_VALUE|FALSE_VALUE cannot be converted to String"
//	                  integer -> "NUMBER_VALUE ...", decimal -> "DECIMAL_VALUE ..."
//	                  [] -> "Unrecognized collection type class java.lang.String"
//	                  {} -> "Start of structure or map found where not expected"
//	expected Boolean: "x" -> "Unexpected token received from parser"
//	                  numbers -> "NUMBER_VALUE|DECIMAL_VALUE cannot be converted to Boolean"
//	expected Integer/Long: "x" -> "STRING_VALUE cannot be converted to Integer", ...
//	a list member:    scalar -> "Unexpected field type", {} -> "Start of structure ..."
//	a map member:     scalar -> "Unexpected field type",
//	                  [] -> "Unrecognized collection type java.util.Map<java.lang.String, V>"
//	a struct member:  scalar -> "Unexpected field type",
//	                  [] -> "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.S"
//	a struct inside a list or map: scalar -> "Unexpected value type in payload"
//	a list or map inside a list or map: scalar -> the Java cast message below
//
// Attribute values (attr.Item, attr.Values, attr.AttributeValue) are handed
// to engine/attr's decoder, which words its own SerializationErrors.
//
// This runs only after a decode failed, so it may use reflection freely.

// castMessage is what DynamoDB answers when a scalar stands where a list or
// map nested in another collection is expected (Jackson failing on a
// parameterized type), verbatim.
const castMessage = "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')"

const msgStartOfStructure = "Start of structure or map found where not expected"

// maxShapeDepth bounds the walker's recursion (go-json refuses deeper input
// anyway).
const maxShapeDepth = 10000

var (
	itemType           = reflect.TypeFor[attr.Item]()
	valuesType         = reflect.TypeFor[attr.Values]()
	attributeValueType = reflect.TypeFor[attr.AttributeValue]()
)

// position says where a value sits: a struct member (or the request itself)
// or an element of a list or map. Jackson words some mismatches differently
// for the two.
type position uint8

const (
	atField position = iota
	atElement
)

// shapeCheck returns DynamoDB's SerializationException message for the first
// type mismatch in body (a syntactically valid JSON document) against t, and
// whether it found one.
func shapeCheck(body []byte, t reflect.Type) (string, bool) {
	w := walker{data: body}
	msg, err := w.check(t, atField, "")
	if err != nil {
		return "", false
	}
	return msg, msg != ""
}

type walker struct {
	data  []byte
	pos   int
	depth int
}

var errSyntax = errors.New("syntax")

func (w *walker) ws() {
	for w.pos < len(w.data) {
		switch w.data[w.pos] {
		case ' ', '\t', '\n', '\r':
			w.pos++
		default:
			return
		}
	}
}

// token kinds
const (
	tokEOF = iota
	tokObject
	tokArray
	tokString
	tokTrue
	tokFalse
	tokNull
	tokNumber
	tokInvalid
)

func (w *walker) peek() int {
	w.ws()
	if w.pos >= len(w.data) {
		return tokEOF
	}
	switch c := w.data[w.pos]; {
	case c == '{':
		return tokObject
	case c == '[':
		return tokArray
	case c == '"':
		return tokString
	case c == 't':
		return tokTrue
	case c == 'f':
		return tokFalse
	case c == 'n':
		return tokNull
	case c == '-' || c >= '0' && c <= '9':
		return tokNumber
	}
	return tokInvalid
}

// skip consumes one value, checking its syntax loosely (the body already
// passed json.Valid).
func (w *walker) skip() error {
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > maxShapeDepth {
		return errSyntax
	}
	switch w.peek() {
	case tokObject:
		return w.object(func(string) error { return w.skip() })
	case tokArray:
		return w.array(func() error { return w.skip() })
	case tokString:
		_, err := w.str()
		return err
	case tokTrue:
		return w.lit("true")
	case tokFalse:
		return w.lit("false")
	case tokNull:
		return w.lit("null")
	case tokNumber:
		w.number()
		return nil
	}
	return errSyntax
}

func (w *walker) lit(s string) error {
	if !strings.HasPrefix(string(w.data[w.pos:min(len(w.data), w.pos+len(s))]), s) {
		return errSyntax
	}
	w.pos += len(s)
	return nil
}

// number consumes a number and reports whether it has a fraction or an
// exponent (Jackson's DECIMAL_VALUE rather than NUMBER_VALUE).
func (w *walker) number() (decimal bool) {
	for w.pos < len(w.data) {
		switch c := w.data[w.pos]; {
		case c >= '0' && c <= '9' || c == '-' || c == '+':
		case c == '.' || c == 'e' || c == 'E':
			decimal = true
		default:
			return decimal
		}
		w.pos++
	}
	return decimal
}

// str consumes a string and returns its decoded value.
func (w *walker) str() (string, error) {
	start := w.pos
	w.pos++ // opening quote
	escaped := false
	for w.pos < len(w.data) {
		switch w.data[w.pos] {
		case '\\':
			escaped = true
			w.pos += 2
			continue
		case '"':
			w.pos++
			raw := w.data[start:w.pos]
			if !escaped {
				return string(raw[1 : len(raw)-1]), nil
			}
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return "", errSyntax
			}
			return s, nil
		}
		w.pos++
	}
	return "", errSyntax
}

// object consumes an object, calling member for each value with its key.
func (w *walker) object(member func(key string) error) error {
	w.pos++ // {
	w.ws()
	if w.pos < len(w.data) && w.data[w.pos] == '}' {
		w.pos++
		return nil
	}
	for {
		if w.peek() != tokString {
			return errSyntax
		}
		key, err := w.str()
		if err != nil {
			return err
		}
		w.ws()
		if w.pos >= len(w.data) || w.data[w.pos] != ':' {
			return errSyntax
		}
		w.pos++
		if err := member(key); err != nil {
			return err
		}
		w.ws()
		if w.pos >= len(w.data) {
			return errSyntax
		}
		switch w.data[w.pos] {
		case ',':
			w.pos++
		case '}':
			w.pos++
			return nil
		default:
			return errSyntax
		}
	}
}

// array consumes an array, calling elem for each element.
func (w *walker) array(elem func() error) error {
	w.pos++ // [
	w.ws()
	if w.pos < len(w.data) && w.data[w.pos] == ']' {
		w.pos++
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		w.ws()
		if w.pos >= len(w.data) {
			return errSyntax
		}
		switch w.data[w.pos] {
		case ',':
			w.pos++
		case ']':
			w.pos++
			return nil
		default:
			return errSyntax
		}
	}
}

// found is a sentinel error carrying the first mismatch up the recursion.
type found struct{ msg string }

func (f *found) Error() string { return f.msg }

// check walks one value expected to be of type t. It returns the mismatch
// message, or "" and the walker positioned after the value.
func (w *walker) check(t reflect.Type, pos position, fieldName string) (string, error) {
	err := w.value(t, pos, fieldName)
	var f *found
	if errors.As(err, &f) {
		return f.msg, nil
	}
	return "", err
}

func (w *walker) value(t reflect.Type, pos position, fieldName string) error {
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > maxShapeDepth {
		return errSyntax
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok := w.peek()
	if tok == tokNull {
		return w.lit("null")
	}
	switch t {
	case itemType, valuesType:
		return w.attrValue(t, tok, pos)
	case attributeValueType:
		return w.attrValue(t, tok, pos)
	}
	switch t.Kind() {
	case reflect.String:
		return w.scalar(tok, "String")
	case reflect.Bool:
		return w.scalar(tok, "Boolean")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return w.scalar(tok, integerJavaType(fieldName))
	case reflect.Float32, reflect.Float64:
		return w.scalar(tok, "Double")
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return w.scalar(tok, "Blob")
		}
		switch tok {
		case tokArray:
			return w.array(func() error { return w.value(t.Elem(), atElement, "") })
		case tokObject:
			return &found{msgStartOfStructure}
		}
		if pos == atElement {
			return &found{castMessage}
		}
		return &found{"Unexpected field type"}
	case reflect.Map:
		switch tok {
		case tokObject:
			return w.object(func(string) error { return w.value(t.Elem(), atElement, "") })
		case tokArray:
			return &found{"Unrecognized collection type java.util.Map<java.lang.String, " + javaTypeName(t.Elem(), "") + ">"}
		}
		if pos == atElement {
			return &found{castMessage}
		}
		return &found{"Unexpected field type"}
	case reflect.Struct:
		switch tok {
		case tokObject:
			members := structMembers(t)
			return w.object(func(key string) error {
				if m, ok := members[key]; ok {
					return w.value(m.typ, atField, m.name)
				}
				return w.skip()
			})
		case tokArray:
			return &found{"Unrecognized collection type class " + javaTypeName(t, fieldName)}
		}
		if pos == atElement {
			return &found{"Unexpected value type in payload"}
		}
		return &found{"Unexpected field type"}
	}
	return w.skip()
}

// scalar checks a token expected to be a Java scalar of the named class.
func (w *walker) scalar(tok int, java string) error {
	start := w.pos
	switch tok {
	case tokObject:
		return &found{msgStartOfStructure}
	case tokArray:
		if java == "Blob" {
			return &found{"Unrecognized collection type class java.nio.ByteBuffer"}
		}
		return &found{"Unrecognized collection type class java.lang." + java}
	case tokTrue, tokFalse:
		if java == "Boolean" {
			return w.skip()
		}
		if java == "Blob" {
			return &found{"only base-64-encoded strings are convertible to bytes"}
		}
		name := "TRUE_VALUE"
		if tok == tokFalse {
			name = "FALSE_VALUE"
		}
		return &found{name + " cannot be converted to " + java}
	case tokNumber:
		decimal := w.number()
		switch java {
		case "Double":
			return nil
		case "Blob":
			return &found{"only base-64-encoded strings are convertible to bytes"}
		case "Integer", "Long":
			if !decimal {
				return outOfRange(w.data[start:w.pos], java)
			}
		}
		name := "NUMBER_VALUE"
		if decimal {
			name = "DECIMAL_VALUE"
		}
		return &found{name + " cannot be converted to " + java}
	case tokString:
		switch java {
		case "String", "Blob":
			_, err := w.str()
			return err
		case "Boolean":
			return &found{"Unexpected token received from parser"}
		}
		return &found{"STRING_VALUE cannot be converted to " + java}
	}
	w.pos = start
	return errSyntax
}

// outOfRange refuses an integer that does not fit the Java type (go-json
// would wrap it silently). The wording is Jackson's ("Numeric value (...)
// out of range of int (...)"); DynamoDB answers a SerializationException,
// whose exact message for this case is unrecorded.
func outOfRange(text []byte, java string) error {
	bits, name, bounds := 64, "long", "(-9223372036854775808 - 9223372036854775807)"
	if java == "Integer" {
		bits, name, bounds = 32, "int", "(-2147483648 - 2147483647)"
	}
	if _, err := strconv.ParseInt(string(text), 10, bits); err != nil {
		return &found{"Numeric value (" + string(text) + ") out of range of " + name + " " + bounds}
	}
	return nil
}

// attrValue checks an attribute-value field (an item, an
// ExpressionAttributeValues map, or a single envelope) by handing its bytes
// to engine/attr's decoder.
func (w *walker) attrValue(t reflect.Type, tok int, pos position) error {
	isMap := t != attributeValueType
	switch tok {
	case tokObject:
	case tokArray:
		if isMap {
			return &found{"Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"}
		}
		return &found{"Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"}
	default:
		switch {
		case pos == atElement && isMap:
			return &found{castMessage}
		case pos == atElement:
			return &found{"Unexpected value type in payload"}
		}
		return &found{"Unexpected field type"}
	}
	start := w.pos
	if err := w.skip(); err != nil {
		return err
	}
	raw := w.data[start:w.pos]
	var err error
	switch t {
	case itemType:
		var it attr.Item
		err = it.UnmarshalJSON(raw)
	case valuesType:
		var vs attr.Values
		err = vs.UnmarshalJSON(raw)
	default:
		var av attr.AttributeValue
		err = av.UnmarshalJSON(raw)
	}
	var se *attr.SerializationError
	if errors.As(err, &se) {
		return &found{se.Message}
	}
	return nil
}

// integerJavaType is the Java class DynamoDB's model uses for an integer
// member: Integer for the page sizes and segments, Long for capacities.
func integerJavaType(fieldName string) string {
	switch fieldName {
	case "Limit", "Segment", "TotalSegments":
		return "Integer"
	}
	return "Long"
}

// javaTypeName names the Java type DynamoDB's model deserialises t into, as
// it appears in "Unrecognized collection type" messages.
func javaTypeName(t reflect.Type, fieldName string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case itemType, valuesType:
		return "java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"
	case attributeValueType:
		return "com.amazonaws.dynamodb.v20120810.AttributeValue"
	}
	switch t.Kind() {
	case reflect.String:
		return "java.lang.String"
	case reflect.Bool:
		return "java.lang.Boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "java.lang." + integerJavaType(fieldName)
	case reflect.Float32, reflect.Float64:
		return "java.lang.Double"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "java.nio.ByteBuffer"
		}
		return "java.util.List<" + javaTypeName(t.Elem(), "") + ">"
	case reflect.Map:
		return "java.util.Map<java.lang.String, " + javaTypeName(t.Elem(), "") + ">"
	}
	return "com.amazonaws.dynamodb.v20120810." + shapeName(t, fieldName)
}

// shapeName maps a Go struct to the name of DynamoDB's API shape.
func shapeName(t reflect.Type, fieldName string) string {
	switch t.Name() {
	case "":
		// The anonymous members of GlobalSecondaryIndexUpdate.
		return fieldName + "GlobalSecondaryIndexAction"
	case "TransactPut":
		return "Put"
	case "TransactUpdate":
		return "Update"
	case "TransactDelete":
		return "Delete"
	case "TableDefinition":
		return "CreateTableInput"
	case "GlobalSecondaryIndex":
		if fieldName == "Create" {
			return "CreateGlobalSecondaryIndexAction"
		}
	}
	return t.Name()
}

type member struct {
	name string // Go field name, for the Integer/Long choice
	typ  reflect.Type
}

// structMembers maps the JSON member names of struct t (exactly as
// DynamoDB matches them: case-sensitively) to their fields, flattening
// embedded structs as encoding/json does.
func structMembers(t reflect.Type) map[string]member {
	m := map[string]member{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			if f.Anonymous && name == "" {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if _, dup := m[name]; !dup {
				m[name] = member{name: f.Name, typ: f.Type}
			}
		}
	}
	walk(t)
	return m
}
