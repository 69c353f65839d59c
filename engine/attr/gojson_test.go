package attr_test

import (
	"encoding/json"
	"errors"
	"testing"

	gojson "github.com/goccy/go-json"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// request mirrors the shapes of engine/types.go that embed attribute values:
// an Item, ExpressionAttributeValues, legacy single values and value lists,
// lists of keys and maps of item lists.
type request struct {
	TableName                 *string             `json:"TableName"`
	Item                      attr.Item           `json:"Item"`
	Key                       attr.Item           `json:"Key,omitempty"`
	ExpressionAttributeValues attr.Values         `json:"ExpressionAttributeValues,omitempty"`
	Expected                  map[string]expected `json:"Expected,omitempty"`
	Keys                      []attr.Item         `json:"Keys,omitempty"`
	Responses                 map[string][]attr.Item
}

type expected struct {
	Value              *attr.AttributeValue  `json:"Value,omitempty"`
	AttributeValueList []attr.AttributeValue `json:"AttributeValueList,omitempty"`
}

// Both go-json (used by the wire layer) and encoding/json return an
// Unmarshaler's error unchanged, so the engine can tell a SerializationError
// from a ValidationError with errors.As.
func TestDecodeRequestErrors(t *testing.T) {
	tests := []struct {
		body          string
		serialization bool
		msg           string
	}{
		{`{"TableName":"t","Item":{"a":{"N":"x"}}}`, false, "The parameter cannot be converted to a numeric value: x"},
		{`{"TableName":"t","Item":{"a":{"N":1}}}`, true, "NUMBER_VALUE cannot be converted to String"},
		{`{"TableName":"t","Item":{"a":{"S":"x"}},"ExpressionAttributeValues":{":v":{"NULL":false}}}`, false,
			"ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: Null attribute value types must have the value of true for key :v"},
		{`{"Expected":{"a":{"Value":{"S":true}}}}`, true, "TRUE_VALUE cannot be converted to String"},
		{`{"Expected":{"a":{"AttributeValueList":[{"S":"x"},{"NS":[]}]}}}`, false, attr.MsgEmptyNumberSet},
		{`{"Keys":[{"pk":{"S":"x"}},{"pk":{}}]}`, false, attr.MsgEmptyValue},
		{`{"Responses":{"t":[{"a":{"B":"abc"}}]}}`, true, "Base64 encoded length is expected a multiple of 4 bytes but found: 3"},
		{`{"Item":"x"}`, true, "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')"},
	}
	decoders := map[string]func([]byte, any) error{"go-json": gojson.Unmarshal, "encoding/json": json.Unmarshal}
	for name, unmarshal := range decoders {
		for _, tt := range tests {
			var req request
			err := unmarshal([]byte(tt.body), &req)
			var ve *attr.ValidationError
			var se *attr.SerializationError
			switch {
			case tt.serialization && !errors.As(err, &se):
				t.Errorf("%s %s: error %v (%T), want *attr.SerializationError", name, tt.body, err, err)
			case !tt.serialization && !errors.As(err, &ve):
				t.Errorf("%s %s: error %v (%T), want *attr.ValidationError", name, tt.body, err, err)
			case tt.msg != "" && err.Error() != tt.msg:
				t.Errorf("%s %s:\n got  %q\n want %q", name, tt.body, err.Error(), tt.msg)
			}
		}
	}
	// go-json's scanner only matches brackets before it hands a value to
	// UnmarshalJSON (encoding/json validates first and reports its own
	// *json.SyntaxError); the attr decoder catches the rest.
	var req request
	err := gojson.Unmarshal([]byte(`{"Item":{"a":{"S":"x"} "b":{"S":"y"}}}`), &req)
	var se *attr.SerializationError
	if !errors.As(err, &se) {
		t.Errorf("go-json, missing comma in an item: error %v (%T), want *attr.SerializationError", err, err)
	}
}

func TestRequestRoundTripGoJSON(t *testing.T) {
	body := `{"TableName":"t","Item":{"pk":{"S":"u#1"},"n":{"N":"1e2"},"s":{"NS":["2","1"]}},` +
		`"ExpressionAttributeValues":{":v":{"L":[{"B":"AQ=="},{"NULL":true}]}},` +
		`"Expected":{"a":{"Value":{"BOOL":false},"AttributeValueList":[{"S":"x"},{"N":"-0"}]}},` +
		`"Keys":[{"pk":{"S":"a"}}],"Responses":{"t":[{"m":{"M":{"k":{"SS":["z","y"]}}}}]}}`
	var req request
	if err := gojson.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	if !attr.Equal(req.Item["n"], attr.MustNumber("100")) || !attr.Equal(req.Expected["a"].AttributeValueList[1].Value, attr.MustNumber("0")) {
		t.Errorf("decoded %+v", req)
	}
	out, err := gojson.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"TableName":"t","Item":{"n":{"N":"100"},"pk":{"S":"u#1"},"s":{"NS":["1","2"]}},` +
		`"ExpressionAttributeValues":{":v":{"L":[{"B":"AQ=="},{"NULL":true}]}},` +
		`"Expected":{"a":{"Value":{"BOOL":false},"AttributeValueList":[{"S":"x"},{"N":"0"}]}},` +
		`"Keys":[{"pk":{"S":"a"}}],"Responses":{"t":[{"m":{"M":{"k":{"SS":["y","z"]}}}}]}}`
	if string(out) != want {
		t.Errorf("go-json encoded\n %s\nwant\n %s", out, want)
	}
	var again request
	if err := gojson.Unmarshal(out, &again); err != nil {
		t.Fatal(err)
	}
	if !again.Item.Equal(req.Item) || !attr.Equal(attr.Map(again.ExpressionAttributeValues), attr.Map(req.ExpressionAttributeValues)) {
		t.Error("round trip through go-json changed the request")
	}
}

var (
	_ json.Marshaler   = attr.Item(nil)
	_ json.Unmarshaler = (*attr.Item)(nil)
	_ json.Marshaler   = attr.Values(nil)
	_ json.Unmarshaler = (*attr.Values)(nil)
	_ json.Marshaler   = attr.AttributeValue{}
	_ json.Unmarshaler = (*attr.AttributeValue)(nil)
)
