package expr

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func TestReservedWords(t *testing.T) {
	if n := ReservedWordCount(); n != 573 {
		t.Fatalf("%d reserved words, want 573", n)
	}
	for _, w := range []string{"name", "status", "data", "count", "items", "date", "size", "year", "comment",
		"timestamp", "value", "values", "user", "key", "type", "ttl", "views", "Status", "STATUS", "localtimestamp"} {
		if !IsReserved(w) {
			t.Errorf("%q is not reserved", w)
		}
	}
	for _, w := range []string{"a", "pk", "sk", "remove", "username", "statuses", "", strings.Repeat("x", 100)} {
		if IsReserved(w) {
			t.Errorf("%q is reserved", w)
		}
	}
}

func TestPlaceholdersUnused(t *testing.T) {
	ph := NewPlaceholders(
		map[string]string{"#a": "a", "#b": "b", "#c": "c", "#u2": "x", "#u1": "y"},
		attr.Values{":v": attr.String("v"), ":w": attr.String("w"), ":z": num("1"), ":y": num("2")},
	)
	if _, err := ParseCondition(ConditionExpression, "#a = :v", ph); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseProjection("#b, #c", ph); err != nil { // names used only by a projection count
		t.Fatal(err)
	}
	err := ph.CheckUnused()
	if err == nil || err.Error() != "Value provided in ExpressionAttributeNames unused in expressions: keys: {#u1, #u2}" {
		t.Fatalf("got %v", err)
	}
	if _, err := ParseUpdate("SET #u1 = :w, #u2 = :z", ph); err != nil {
		t.Fatal(err)
	}
	err = ph.CheckUnused()
	if err == nil || err.Error() != "Value provided in ExpressionAttributeValues unused in expressions: keys: {:y}" {
		t.Fatalf("got %v", err)
	}
	if _, err := ParseCondition(FilterExpression, "attribute_exists(#a) OR a = :y", ph); err != nil {
		t.Fatal(err)
	}
	if err := ph.CheckUnused(); err != nil {
		t.Fatal(err)
	}
}

// A placeholder counts as used even when evaluation would short-circuit.
func TestPlaceholdersUsedDespiteShortCircuit(t *testing.T) {
	ph := NewPlaceholders(nil, attr.Values{":a": num("1"), ":b": num("2")})
	if _, err := ParseCondition(ConditionExpression, "a = :a OR b = :b", ph); err != nil {
		t.Fatal(err)
	}
	if err := ph.CheckUnused(); err != nil {
		t.Fatal(err)
	}
}

func TestPlaceholdersValidation(t *testing.T) {
	long := "#" + strings.Repeat("a", MaxPlaceholderLen)
	tests := []struct {
		names  map[string]string
		values attr.Values
		msg    string
	}{
		{map[string]string{}, nil, "ExpressionAttributeNames must not be empty"},
		{nil, attr.Values{}, "ExpressionAttributeValues must not be empty"},
		{map[string]string{}, attr.Values{}, "ExpressionAttributeNames must not be empty"},
		{map[string]string{"a": "a"}, nil, `ExpressionAttributeNames contains invalid key: Syntax error; key: "a"`},
		{map[string]string{"#": "a"}, nil, `ExpressionAttributeNames contains invalid key: Syntax error; key: "#"`},
		{map[string]string{"#ok": "a", "#hi-there": "a"}, nil, `ExpressionAttributeNames contains invalid key: Syntax error; key: "#hi-there"`},
		{map[string]string{long: "a"}, nil, `ExpressionAttributeNames contains invalid key: Syntax error; key: "` + long + `"`},
		{nil, attr.Values{"a": attr.String("b")}, `ExpressionAttributeValues contains invalid key: Syntax error; key: "a"`},
		{nil, attr.Values{":hi!there": attr.String("b")}, `ExpressionAttributeValues contains invalid key: Syntax error; key: ":hi!there"`},
		{map[string]string{"#a": ""}, nil, "ExpressionAttributeNames contains invalid value: Empty attribute name for key #a"},
	}
	for _, tt := range tests {
		ph := NewPlaceholders(tt.names, tt.values)
		_, err := ParseCondition(ConditionExpression, "x = y", ph)
		if err == nil || err.Error() != tt.msg {
			t.Errorf("%v %v: got %v, want %s", tt.names, tt.values, err, tt.msg)
		}
		// The error sticks for the other expressions of the request.
		if _, err2 := ParseProjection("x", ph); err2 == nil || err2.Error() != tt.msg {
			t.Errorf("second parse: %v", err2)
		}
	}
	ok := NewPlaceholders(map[string]string{"#" + strings.Repeat("a", MaxPlaceholderLen-1): "a"}, nil)
	if err := ok.check(); err != nil {
		t.Errorf("255-byte key: %v", err)
	}
	if err := NewPlaceholders(nil, nil).CheckEmpty(); err != nil {
		t.Error(err)
	}
	var nilPH *Placeholders
	if nilPH.CheckUnused() != nil || nilPH.CheckEmpty() != nil {
		t.Error("nil Placeholders reported an error")
	}
	if _, err := ParseCondition(ConditionExpression, "a = b", nil); err != nil {
		t.Errorf("nil Placeholders: %v", err)
	}
	if _, err := ParseCondition(ConditionExpression, "a = :v", nil); err == nil ||
		err.Error() != "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :v" {
		t.Errorf("nil Placeholders: %v", err)
	}
	_ = NewPlaceholders(nil, nil).String()
}
