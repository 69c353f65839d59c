package attr

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzUnmarshalValue: decoding never panics and returns either a value or
// one of the two error types; a decoded value encodes to JSON that decodes to
// an Equal value with the same encoding.
func FuzzUnmarshalValue(f *testing.F) {
	for _, seed := range []string{
		`{"S":"x"}`, `{"N":"1e3"}`, `{"N":"-0.000"}`, `{"B":"AQID"}`, `{"BOOL":true}`, `{"NULL":true}`,
		`{"SS":["b","a"]}`, `{"NS":["1","2.5","-3e-5"]}`, `{"BS":["AQ==","Ag=="]}`,
		`{"L":[{"S":"a"},{"M":{"k":{"N":"1"}}}]}`, `{"M":{"a":{"L":[]},"b":{"M":{}}}}`,
		`{"S":"\u00e9\ud83d\ude00\n"}`, `{"X":[1,{"y":null}],"S":"a"}`, `{}`, `{"S":"a","N":"1"}`,
		`{"NULL":false}`, `{"N":1}`, `{"B":"abc"}`, `{"SS":[]}`, `{"NS":["1","1.0"]}`, `null`, `[]`,
		depthValue(MaxDepth), depthList(MaxDepth + 1), "{\"S\":\"\xff\"}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := UnmarshalValue(data)
		if err != nil {
			var ve *ValidationError
			var se *SerializationError
			if !errors.As(err, &ve) && !errors.As(err, &se) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if v != nil {
				t.Fatalf("value %s returned with error %v", FormatForMessage(v), err)
			}
			return
		}
		if v == nil {
			t.Fatal("nil value without error")
		}
		enc, err := MarshalValue(v)
		if err != nil {
			t.Fatal(err)
		}
		v2, err := UnmarshalValue(enc)
		if err != nil {
			t.Fatalf("re-decoding %s: %v", enc, err)
		}
		if !Equal(v, v2) {
			t.Fatalf("round trip changed the value: %s -> %s", FormatForMessage(v), FormatForMessage(v2))
		}
		if enc2 := AppendValue(nil, v2); !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding not stable:\n%s\n%s", enc, enc2)
		}
		_ = Size(v)
		_ = FormatForMessage(v)
		if v.Type().IsScalarKeyType() {
			_ = AppendKey(nil, v)
		}
	})
}
