package attr

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestUnmarshalValueValid(t *testing.T) {
	n := MustNumber
	tests := []struct {
		in   string
		want Value
		out  string // canonical encoding
	}{
		{`{"S":"x"}`, String("x"), `{"S":"x"}`},
		{`{"S":""}`, String(""), `{"S":""}`},
		{` { "S" : "a b" } `, String("a b"), `{"S":"a b"}`},
		{`{"S":"\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00"}`, String("\"\\/\b\f\n\r\tAé😀"), `{"S":"\"\\/\b\f\n\r\tAé😀"}`},
		{`{"S":"<&>"}`, String("<&>"), `{"S":"<&>"}`},
		{"{\"S\":\"caf\xc3\xa9 \xe2\x80\xa8\"}", String("café \u2028"), `{"S":"café \u2028"}`},
		{`{"N":"1e3"}`, n("1000"), `{"N":"1000"}`},
		{`{"N":"-0.0"}`, n("0"), `{"N":"0"}`},
		{`{"N":"\u0031"}`, n("1"), `{"N":"1"}`},
		{`{"B":"AQID"}`, Binary{1, 2, 3}, `{"B":"AQID"}`},
		{`{"B":""}`, Binary{}, `{"B":""}`},
		{`{"B":"Yg=="}`, Binary("b"), `{"B":"Yg=="}`},
		{`{"BOOL":true}`, Bool(true), `{"BOOL":true}`},
		{`{"BOOL":false}`, Bool(false), `{"BOOL":false}`},
		{`{"NULL":true}`, Null{}, `{"NULL":true}`},
		{`{"SS":["b","a",""]}`, StringSet{"", "a", "b"}, `{"SS":["","a","b"]}`},
		{`{"NS":["10","-1","2.50"]}`, NumberSet{n("-1"), n("2.5"), n("10")}, `{"NS":["-1","2.5","10"]}`},
		{`{"BS":["Ag==","AQ==",""]}`, BinarySet{{}, {1}, {2}}, `{"BS":["","AQ==","Ag=="]}`},
		{`{"L":[]}`, List{}, `{"L":[]}`},
		{`{"M":{}}`, Map{}, `{"M":{}}`},
		{`{"L":[{"S":"a"},{"N":"1"},{"L":[{"NULL":true}]}]}`, List{String("a"), n("1"), List{Null{}}}, `{"L":[{"S":"a"},{"N":"1"},{"L":[{"NULL":true}]}]}`},
		{`{"M":{"b":{"SS":["x"]},"a":{"M":{"c":{"BOOL":false}}}}}`, Map{"a": Map{"c": Bool(false)}, "b": StringSet{"x"}}, `{"M":{"a":{"M":{"c":{"BOOL":false}}},"b":{"SS":["x"]}}}`},
		// Unknown descriptors are ignored; null means absent.
		{`{"S":"a","X":{"deep":[1,{"y":null}],"z":"\u0000"}}`, String("a"), `{"S":"a"}`},
		{`{"Q":true,"N":"5"}`, n("5"), `{"N":"5"}`},
		{`{"S":"a","N":null,"SS":null}`, String("a"), `{"S":"a"}`},
		{`{"N":null,"S":"a"}`, String("a"), `{"S":"a"}`},
		// A repeated descriptor is one datatype; the last one wins.
		{`{"S":"a","S":"b"}`, String("b"), `{"S":"b"}`},
	}
	for _, tt := range tests {
		v, err := UnmarshalValue([]byte(tt.in))
		if err != nil {
			t.Errorf("UnmarshalValue(%s): %v", tt.in, err)
			continue
		}
		if !Equal(v, tt.want) {
			t.Errorf("UnmarshalValue(%s) = %s, want %s", tt.in, FormatForMessage(v), FormatForMessage(tt.want))
		}
		out, err := MarshalValue(v)
		if err != nil || string(out) != tt.out {
			t.Errorf("MarshalValue(UnmarshalValue(%s)) = %s, %v; want %s", tt.in, out, err, tt.out)
		}
		if !json.Valid(out) {
			t.Errorf("MarshalValue output is not valid JSON: %s", out)
		}
	}
}

// decodeCase is an input and the error it must produce.
type decodeCase struct {
	in, msg string
}

func checkDecodeErrors(t *testing.T, kind string, cases []decodeCase, decode func([]byte) error) {
	t.Helper()
	for _, tt := range cases {
		err := decode([]byte(tt.in))
		var ve *ValidationError
		var se *SerializationError
		switch kind {
		case "validation":
			if !errors.As(err, &ve) {
				t.Errorf("%s: error %v (%T), want *ValidationError %q", tt.in, err, err, tt.msg)
				continue
			}
			if ve.Message != tt.msg {
				t.Errorf("%s:\n got  %q\n want %q", tt.in, ve.Message, tt.msg)
			}
		case "serialization":
			if !errors.As(err, &se) {
				t.Errorf("%s: error %v (%T), want *SerializationError %q", tt.in, err, err, tt.msg)
				continue
			}
			if tt.msg != "" && se.Message != tt.msg {
				t.Errorf("%s:\n got  %q\n want %q", tt.in, se.Message, tt.msg)
			}
		}
		if err != nil && err.Error() != tt.msg && tt.msg != "" {
			t.Errorf("%s: Error() = %q, want the message", tt.in, err.Error())
		}
	}
}

func unmarshalValueErr(data []byte) error {
	v, err := UnmarshalValue(data)
	if err != nil && v != nil {
		return errors.New("UnmarshalValue returned a value with its error")
	}
	return err
}

func TestUnmarshalValueValidationErrors(t *testing.T) {
	// Messages from data-types-and-limits.md and dynalite's tests, which
	// were recorded against DynamoDB.
	cases := []decodeCase{
		{`{}`, MsgEmptyValue},
		{`{"a":""}`, MsgEmptyValue},
		{`{"S":null}`, MsgEmptyValue},
		{`{"M":{"a":{}}}`, MsgEmptyValue},
		{`{"L":[{}]}`, MsgEmptyValue},
		{`{"L":[{"a":{}}]}`, MsgEmptyValue},
		{`{"L":[null]}`, MsgEmptyValue},
		{`{"M":{"a":null}}`, MsgEmptyValue},
		{`null`, MsgEmptyValue},
		{`{"S":"a","N":"1"}`, MsgMultipleTypes},
		{`{"S":"a","BOOL":true}`, MsgMultipleTypes},
		{`{"L":[],"M":{}}`, MsgMultipleTypes},
		// The content of each descriptor is checked before their count.
		{`{"S":"","N":""}`, MsgNumberInvalid},
		{`{"S":"a","N":""}`, MsgNumberInvalid},
		{`{"S":"a","N":"b"}`, MsgNumberInvalid + ": b"},
		{`{"N":"dog"}`, "The parameter cannot be converted to a numeric value: dog"},
		{`{"N":" 1"}`, "The parameter cannot be converted to a numeric value:  1"},
		{`{"N":"NaN"}`, "The parameter cannot be converted to a numeric value: NaN"},
		{`{"N":"123456789012345678901234567890123456789"}`, MsgNumberPrecision},
		{`{"N":"-1.23456789012345678901234567890123456789"}`, MsgNumberPrecision},
		{`{"N":"1e126"}`, MsgNumberOverflow},
		{`{"N":"-1e126"}`, MsgNumberOverflow},
		{`{"N":"1e-131"}`, MsgNumberUnderflow},
		{`{"N":"-1e-131"}`, MsgNumberUnderflow},
		{`{"NULL":false}`, "One or more parameter values were invalid: Null attribute value types must have the value of true"},
		{`{"SS":[]}`, "One or more parameter values were invalid: An string set  may not be empty"},
		{`{"NS":[]}`, "One or more parameter values were invalid: An number set  may not be empty"},
		{`{"BS":[]}`, "One or more parameter values were invalid: Binary sets should not be empty"},
		{`{"M":{"x":{"SS":[]}}}`, MsgEmptyStringSet},
		{`{"L":[{"NS":[]}]}`, MsgEmptyNumberSet},
		{`{"SS":["a","a"]}`, "One or more parameter values were invalid: Input collection [a, a] contains duplicates."},
		{`{"SS":["b","a","b"]}`, "One or more parameter values were invalid: Input collection [b, a, b] contains duplicates."},
		{`{"NS":["1",""]}`, MsgNumberInvalid},
		{`{"NS":["1","b"]}`, MsgNumberInvalid + ": b"},
		{`{"NS":["1",null]}`, MsgNumberInvalid},
		{`{"NS":["1","1"]}`, "Input collection contains duplicates"},
		{`{"NS":["1","1.0"]}`, "Input collection contains duplicates"},
		{`{"NS":["2","1e126"]}`, MsgNumberOverflow},
		{`{"BS":["Yg==","Yg=="]}`, "One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS contains duplicates."},
		// The first invalid value in the document is reported.
		{`{"L":[{"NULL":false},{"SS":[]}]}`, MsgNullNotTrue},
		{`{"L":[{"SS":[]},{"NULL":false}]}`, MsgEmptyStringSet},
	}
	checkDecodeErrors(t, "validation", cases, unmarshalValueErr)
}

func TestUnmarshalValueSerializationErrors(t *testing.T) {
	// DynamoDB's JSON-layer messages, from dynalite's type tests.
	cases := []decodeCase{
		// String members: S, N, SS and NS elements.
		{`{"N":1}`, "NUMBER_VALUE cannot be converted to String"},
		{`{"N":-2147483648}`, "NUMBER_VALUE cannot be converted to String"},
		{`{"N":34.56}`, "DECIMAL_VALUE cannot be converted to String"},
		{`{"N":1e5}`, "DECIMAL_VALUE cannot be converted to String"},
		{`{"S":true}`, "TRUE_VALUE cannot be converted to String"},
		{`{"S":false}`, "FALSE_VALUE cannot be converted to String"},
		{`{"S":[]}`, "Unrecognized collection type class java.lang.String"},
		{`{"S":{}}`, "Start of structure or map found where not expected"},
		{`{"SS":[1]}`, "NUMBER_VALUE cannot be converted to String"},
		{`{"NS":[1]}`, "NUMBER_VALUE cannot be converted to String"},
		{`{"NS":[{}]}`, "Start of structure or map found where not expected"},
		// Boolean members: BOOL, NULL.
		{`{"BOOL":"23"}`, "Unexpected token received from parser"},
		{`{"NULL":"true"}`, "Unexpected token received from parser"},
		{`{"BOOL":23}`, "NUMBER_VALUE cannot be converted to Boolean"},
		{`{"NULL":34.56}`, "DECIMAL_VALUE cannot be converted to Boolean"},
		{`{"BOOL":[]}`, "Unrecognized collection type class java.lang.Boolean"},
		{`{"NULL":{}}`, "Start of structure or map found where not expected"},
		// Blob members: B, BS elements.
		{`{"B":true}`, "only base-64-encoded strings are convertible to bytes"},
		{`{"B":23}`, "only base-64-encoded strings are convertible to bytes"},
		{`{"BS":[34.56]}`, "only base-64-encoded strings are convertible to bytes"},
		{`{"B":[]}`, "Unrecognized collection type class java.nio.ByteBuffer"},
		{`{"B":{}}`, "Start of structure or map found where not expected"},
		{`{"B":"23456"}`, "Base64 encoded length is expected a multiple of 4 bytes but found: 5"},
		{`{"BS":["AA=="," "]}`, "Base64 encoded length is expected a multiple of 4 bytes but found: 1"},
		{`{"B":"=+/="}`, "Invalid last non-pad Base64 character dectected"},
		{`{"B":"+/+="}`, "Invalid last non-pad Base64 character dectected"},
		{`{"B":"ab!="}`, "Invalid last non-pad Base64 character dectected"},
		{`{"B":"YQ"}`, "Base64 encoded length is expected a multiple of 4 bytes but found: 2"},
		// List members: SS, NS, BS, L.
		{`{"SS":"a"}`, "Unexpected field type"},
		{`{"NS":true}`, "Unexpected field type"},
		{`{"BS":23}`, "Unexpected field type"},
		{`{"L":34.56}`, "Unexpected field type"},
		{`{"L":{}}`, "Start of structure or map found where not expected"},
		{`{"SS":{}}`, "Start of structure or map found where not expected"},
		// Map member.
		{`{"M":"23"}`, "Unexpected field type"},
		{`{"M":true}`, "Unexpected field type"},
		{`{"M":[]}`, "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"},
		// Elements of L and values of M.
		{`{"L":["23"]}`, "Unexpected value type in payload"},
		{`{"L":[true]}`, "Unexpected value type in payload"},
		{`{"M":{"a":23}}`, "Unexpected value type in payload"},
		{`{"L":[[]]}`, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"},
		{`{"M":{"a":[]}}`, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"},
		// The value itself.
		{`"23"`, "Unexpected field type"},
		{`true`, "Unexpected field type"},
		{`23`, "Unexpected field type"},
		{`[]`, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"},
		// Our choice for nulls inside SS and BS (DynamoDB's answer is unknown).
		{`{"SS":["a",null]}`, msgNullSetElement},
		{`{"BS":[null]}`, msgNullSetElement},
		// A serialization error anywhere beats any validation error.
		{`{"NULL":false,"S":5}`, "NUMBER_VALUE cannot be converted to String"},
		{`{"L":[{"SS":[]},{"B":"x"}]}`, "Base64 encoded length is expected a multiple of 4 bytes but found: 1"},
		{`{"N":"1e999","X":[}`, ""},
	}
	checkDecodeErrors(t, "serialization", cases, unmarshalValueErr)

	malformed := []string{
		``, ` `, `{`, `{"S"`, `{"S":`, `{"S":"a"`, `{"S" "a"}`, `{"S":"a",}`, `{S:"a"}`, `{"S":"a"}}`,
		`{"S":"a"} x`, `{"S":"a"}{}`, `{"S":'a'}`, "{\"S\":\"\x01\"}", `{"S":"\q"}`, `{"S":"\u12"}`,
		`{"S":"abc`, `{"S":tru}`, `{"S":nul}`, `{"BOOL":fals}`, `{"L":[{"S":"a"},]}`, `{"L":[{"S":"a"}}`,
		`{"X":[1,2}`, `{"X":01}`, `{"X":1.}`, `{"X":-}`, `{"X":1e}`, `{"X":{"a"}}`, `{"X":{1:2}}`,
		`{"M":{"a":{"S":"x"},}}`, `{"M":{"a" {"S":"x"}}}`, `nul`, `{"N":"1"`, `{"SS":["a"`, `{"SS":["a",]}`,
	}
	for _, in := range malformed {
		_, err := UnmarshalValue([]byte(in))
		var se *SerializationError
		if !errors.As(err, &se) {
			t.Errorf("UnmarshalValue(%q) error %v (%T), want *SerializationError", in, err, err)
		}
	}
}

func depthValue(levels int) string {
	// levels-1 maps around a string: the string sits at level `levels`.
	return strings.Repeat(`{"M":{"n":`, levels-1) + `{"S":"leaf"}` + strings.Repeat(`}}`, levels-1)
}

func depthList(levels int) string {
	return strings.Repeat(`{"L":[`, levels-1) + `{"N":"1"}` + strings.Repeat(`]}`, levels-1)
}

func TestNestingDepth(t *testing.T) {
	// 32 levels are accepted, 33 are not (nubo-db conformance, captured
	// against DynamoDB: 31 map wraps accepted, 32 rejected).
	for _, in := range []string{depthValue(MaxDepth), depthList(MaxDepth)} {
		if _, err := UnmarshalValue([]byte(in)); err != nil {
			t.Errorf("%d levels: %v", MaxDepth, err)
		}
		var it Item
		if err := it.UnmarshalJSON([]byte(`{"data":` + in + `}`)); err != nil {
			t.Errorf("item with %d levels: %v", MaxDepth, err)
		}
	}
	for _, in := range []string{depthValue(MaxDepth + 1), depthList(MaxDepth + 1), depthValue(200), depthList(maxParseLevel + 50)} {
		checkDecodeErrors(t, "validation", []decodeCase{{in, MsgNestingTooDeep}}, unmarshalValueErr)
		checkDecodeErrors(t, "validation", []decodeCase{{`{"data":` + in + `}`, MsgNestingTooDeep}},
			func(b []byte) error { var it Item; return it.UnmarshalJSON(b) })
		// Not wrapped in ExpressionAttributeValues.
		checkDecodeErrors(t, "validation", []decodeCase{{`{":deep":` + in + `}`, MsgNestingTooDeep}},
			func(b []byte) error { var vs Values; return vs.UnmarshalJSON(b) })
	}
	// Deep input past the parse limit is still checked for malformed JSON
	// up to there, and never overflows the stack.
	deep := strings.Repeat(`{"L":[`, 100000)
	if _, err := UnmarshalValue([]byte(deep)); err == nil {
		t.Error("100000 open lists accepted")
	}
	deepSkip := `{"X":` + strings.Repeat(`[`, 100000) + `}`
	if _, err := UnmarshalValue([]byte(deepSkip)); err == nil {
		t.Error("100000 open arrays in an unknown descriptor accepted")
	}
}

func TestItemJSON(t *testing.T) {
	in := `{"pk":{"S":"user#1"},"n":{"N":"12.50"},"tags":{"SS":["b","a"]},"doc":{"M":{"x":{"L":[{"BOOL":true}]}}}}`
	var it Item
	if err := json.Unmarshal([]byte(in), &it); err != nil {
		t.Fatal(err)
	}
	want := Item{
		"pk":   String("user#1"),
		"n":    MustNumber("12.5"),
		"tags": StringSet{"a", "b"},
		"doc":  Map{"x": List{Bool(true)}},
	}
	if !it.Equal(want) {
		t.Errorf("decoded %v, want %v", it, want)
	}
	out, err := json.Marshal(it)
	if err != nil {
		t.Fatal(err)
	}
	const wantOut = `{"doc":{"M":{"x":{"L":[{"BOOL":true}]}}},"n":{"N":"12.5"},"pk":{"S":"user#1"},"tags":{"SS":["a","b"]}}`
	if string(out) != wantOut {
		t.Errorf("encoded\n %s\nwant\n %s", out, wantOut)
	}
	if got := string(AppendItem([]byte("x"), want)); got != "x"+wantOut {
		t.Errorf("AppendItem = %s", got)
	}

	// null leaves a nil Item; {} an empty one.
	it = Item{"old": Null{}}
	if err := it.UnmarshalJSON([]byte(" null ")); err != nil || it != nil {
		t.Errorf("null: %v, %v", it, err)
	}
	if err := it.UnmarshalJSON([]byte("{}")); err != nil || it == nil || len(it) != 0 {
		t.Errorf("{}: %v, %v", it, err)
	}
	if out, _ := Item(nil).MarshalJSON(); string(out) != "null" {
		t.Errorf("nil Item encodes as %s", out)
	}
	if out, _ := (Item{}).MarshalJSON(); string(out) != "{}" {
		t.Errorf("empty Item encodes as %s", out)
	}

	decodeItem := func(b []byte) error { var it Item; return it.UnmarshalJSON(b) }
	checkDecodeErrors(t, "serialization", []decodeCase{
		{`"23"`, msgMapCast},
		{`23`, msgMapCast},
		{`true`, msgMapCast},
		{`[]`, "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"},
		{`{"a":"23"}`, "Unexpected value type in payload"},
		{`{"a":[]}`, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"},
		{`{"a":{"S":1}}`, "NUMBER_VALUE cannot be converted to String"},
		{`{"a":{"S":"x"},"b":{"N":"1"},}`, ""},
	}, decodeItem)
	checkDecodeErrors(t, "validation", []decodeCase{
		{`{"a":{}}`, MsgEmptyValue},
		{`{"a":null}`, MsgEmptyValue},
		{`{"a":{"S":"x"},"b":{"N":"x"}}`, MsgNumberInvalid + ": x"},
		{`{"a":{"NULL":false},"b":{"SS":[]}}`, MsgNullNotTrue},
	}, decodeItem)
}

func TestValuesJSON(t *testing.T) {
	var vs Values
	if err := json.Unmarshal([]byte(`{":a":{"S":"x"},":b_2":{"N":"1.0"}}`), &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 2 || !Equal(vs[":a"], String("x")) || !Equal(vs[":b_2"], MustNumber("1")) {
		t.Errorf("decoded %v", vs)
	}
	if out, _ := json.Marshal(vs); string(out) != `{":a":{"S":"x"},":b_2":{"N":"1"}}` {
		t.Errorf("encoded %s", out)
	}

	decode := func(b []byte) error { var vs Values; return vs.UnmarshalJSON(b) }
	prefix := "ExpressionAttributeValues contains invalid value: "
	checkDecodeErrors(t, "validation", []decodeCase{
		// dynalite's deleteItem tests, recorded against DynamoDB.
		{`{":b":{}}`, prefix + MsgEmptyValue + " for key :b"},
		{`{":b":{"a":""}}`, prefix + MsgEmptyValue + " for key :b"},
		{`{":b":{"M":{"a":{}}}}`, prefix + MsgEmptyValue + " for key :b"},
		{`{":b":{"L":[{}]}}`, prefix + MsgEmptyValue + " for key :b"},
		{`{":b":{"L":[{"a":{}}]}}`, prefix + MsgEmptyValue + " for key :b"},
		{`{":b":null}`, prefix + MsgEmptyValue + " for key :b"},
		{`{":b":{"NULL":false}}`, prefix + "One or more parameter values were invalid: Null attribute value types must have the value of true for key :b"},
		{`{":b":{"SS":[]}}`, prefix + "One or more parameter values were invalid: An string set  may not be empty for key :b"},
		{`{":b":{"NS":[]}}`, prefix + "One or more parameter values were invalid: An number set  may not be empty for key :b"},
		{`{":b":{"BS":[]}}`, prefix + "One or more parameter values were invalid: Binary sets should not be empty for key :b"},
		{`{":b":{"SS":["a","a"]}}`, prefix + "One or more parameter values were invalid: Input collection [a, a] contains duplicates. for key :b"},
		{`{":b":{"BS":["Yg==","Yg=="]}}`, prefix + "One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS contains duplicates. for key :b"},
		{`{":b":{"S":"","N":""}}`, prefix + "The parameter cannot be converted to a numeric value for key :b"},
		{`{":b":{"S":"a","N":"b"}}`, prefix + "The parameter cannot be converted to a numeric value: b for key :b"},
		{`{":b":{"NS":["1",""]}}`, prefix + "The parameter cannot be converted to a numeric value for key :b"},
		{`{":b":{"NS":["1","b"]}}`, prefix + "The parameter cannot be converted to a numeric value: b for key :b"},
		{`{":b":{"NS":["1","1"]}}`, prefix + "Input collection contains duplicates for key :b"},
		{`{":b":{"N":"123456789012345678901234567890123456789"}}`, prefix + MsgNumberPrecision + " for key :b"},
		{`{":b":{"N":"1e126"}}`, prefix + MsgNumberOverflow + " for key :b"},
		{`{":b":{"N":"-1e-131"}}`, prefix + MsgNumberUnderflow + " for key :b"},
		{`{":b":{"S":"a","N":"1"}}`, prefix + MsgMultipleTypes + " for key :b"},
		// The first bad value, in document order.
		{`{":a":{"S":"ok"},":b":{"NULL":false},":c":{"SS":[]}}`, prefix + MsgNullNotTrue + " for key :b"},
		// A malformed key is reported before any bad value.
		{`{":b":{"a":""},"b":{"S":"a"}}`, `ExpressionAttributeValues contains invalid key: Syntax error; key: "b"`},
		{`{":ok":{"S":"a"},":":{"S":"a"},"x":{"S":"a"}}`, `ExpressionAttributeValues contains invalid key: Syntax error; key: ":"`},
		{`{":a-b":{"S":"a"}}`, `ExpressionAttributeValues contains invalid key: Syntax error; key: ":a-b"`},
		{`{"::a":{"S":"a"}}`, `ExpressionAttributeValues contains invalid key: Syntax error; key: "::a"`},
	}, decode)
	checkDecodeErrors(t, "serialization", []decodeCase{
		{`"x"`, msgMapCast},
		{`[]`, msgCollectionAttrMap},
		{`{":a":1}`, msgUnexpectedValue},
		// Serialization errors beat a malformed key.
		{`{"b":{"S":"a"},":a":{"N":1}}`, "NUMBER_VALUE cannot be converted to String"},
	}, decode)

	vs = Values{":x": Null{}}
	if err := vs.UnmarshalJSON([]byte("null")); err != nil || vs != nil {
		t.Errorf("null: %v, %v", vs, err)
	}
	if out, _ := Values(nil).MarshalJSON(); string(out) != "null" {
		t.Errorf("nil Values encodes as %s", out)
	}
}

func TestAttributeValueJSON(t *testing.T) {
	var list []AttributeValue
	if err := json.Unmarshal([]byte(`[{"S":"a"},{"N":"01"},null]`), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 || !Equal(list[0].Value, String("a")) || !Equal(list[1].Value, MustNumber("1")) || list[2].Value != nil {
		t.Errorf("decoded %v", list)
	}
	out, err := json.Marshal(list)
	if err != nil || string(out) != `[{"S":"a"},{"N":"1"},null]` {
		t.Errorf("encoded %s, %v", out, err)
	}
	decode := func(b []byte) error { var av AttributeValue; return av.UnmarshalJSON(b) }
	checkDecodeErrors(t, "serialization", []decodeCase{
		{`"x"`, msgUnexpectedField},
		{`[]`, msgCollectionAttrValue},
		{`{"S":1}`, "NUMBER_VALUE cannot be converted to String"},
		{`nul`, ""},
		{`null x`, ""},
	}, decode)
	checkDecodeErrors(t, "validation", []decodeCase{
		{`{}`, MsgEmptyValue},
		{`{"NS":["1","1"]}`, MsgNumberSetDuplicates},
	}, decode)
}

func TestDecodeDoesNotAliasInput(t *testing.T) {
	buf := []byte(`{"a":{"S":"hello"},"b":{"B":"AQID"},"c":{"SS":["x","y"]},"d":{"N":"5"},"e":{"M":{"k":{"S":"v"}}}}`)
	var it Item
	if err := it.UnmarshalJSON(buf); err != nil {
		t.Fatal(err)
	}
	before := string(AppendItem(nil, it))
	for i := range buf {
		buf[i] = 'x'
	}
	if after := string(AppendItem(nil, it)); after != before {
		t.Errorf("decoded item changed with its input:\n%s\n%s", before, after)
	}
}

func TestAppendValueEscaping(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{String("a\"b\\c"), `{"S":"a\"b\\c"}`},
		{String("\x00\x01\x1f\x7f"), `{"S":"\u0000\u0001\u001f` + "\x7f" + `"}`},
		{String("\n\r\t\b\f"), `{"S":"\n\r\t\b\f"}`},
		{String("<a&b>"), `{"S":"<a&b>"}`},
		{String("x\u2028y\u2029z"), `{"S":"x\u2028y\u2029z"}`},
		{String("bad\xff\xfe"), `{"S":"bad\ufffd\ufffd"}`},
		{String("😀é"), `{"S":"😀é"}`},
		{Map{"k\"ey": String("v")}, `{"M":{"k\"ey":{"S":"v"}}}`},
		{StringSet{"a\n"}, `{"SS":["a\n"]}`},
		{List{nil, Null{}}, `{"L":[null,{"NULL":true}]}`},
		{Binary(nil), `{"B":""}`},
		{BinarySet{{0xff}, {}}, `{"BS":["/w==",""]}`},
		{NumberSet{{}, MustNumber("-1.5")}, `{"NS":["0","-1.5"]}`},
		{nil, `null`},
	}
	for _, tt := range tests {
		got := string(AppendValue(nil, tt.v))
		if got != tt.want {
			t.Errorf("AppendValue(%s) = %s, want %s", FormatForMessage(tt.v), got, tt.want)
		}
		if !json.Valid([]byte(got)) {
			t.Errorf("AppendValue(%s) = %s is not valid JSON", FormatForMessage(tt.v), got)
		}
		// encoding/json reads back the same text (after U+FFFD replacement).
		if s, ok := tt.v.(String); ok {
			var env struct{ S string }
			if err := json.Unmarshal([]byte(got), &env); err != nil || env.S != string([]rune(string(s))) {
				t.Errorf("encoding/json reads %q back as %q, %v", s, env.S, err)
			}
		}
	}
	if _, err := MarshalValue(nil); err == nil {
		t.Error("MarshalValue(nil) succeeded")
	}
	var av AttributeValue
	if out, _ := av.MarshalJSON(); string(out) != "null" {
		t.Errorf("empty AttributeValue encodes as %s", out)
	}
}

func TestMapKeysSortedByBytes(t *testing.T) {
	m := Map{}
	keys := []string{"b", "a", "B", "é", "aa", "", "z", "0", "_", "~", "k1", "k10", "k2", "x", "y", "w", "v", "u"}
	for _, k := range keys {
		m[k] = Null{}
	}
	out := string(AppendValue(nil, m))
	want := `{"M":{"":{"NULL":true},"0":{"NULL":true},"B":{"NULL":true},"_":{"NULL":true},"a":{"NULL":true},"aa":{"NULL":true},"b":{"NULL":true},"k1":{"NULL":true},"k10":{"NULL":true},"k2":{"NULL":true},"u":{"NULL":true},"v":{"NULL":true},"w":{"NULL":true},"x":{"NULL":true},"y":{"NULL":true},"z":{"NULL":true},"~":{"NULL":true},"é":{"NULL":true}}}`
	if out != want {
		t.Errorf("got\n %s\nwant\n %s", out, want)
	}
}
