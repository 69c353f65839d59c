package attr

import (
	"strings"
	"testing"
)

// TestAttributeNameBounds: names of zero length or over 65535 bytes are
// refused, at the top level of an item or key and inside maps at any depth;
// 65535 bytes is accepted. ExpressionAttributeValues keys are placeholders,
// checked by their own rule.
func TestAttributeNameBounds(t *testing.T) {
	longest := strings.Repeat("n", MaxNameLength)
	tooLong := longest + "n"
	decodeItem := func(b []byte) error { var it Item; return it.UnmarshalJSON(b) }
	checkDecodeErrors(t, "validation", []decodeCase{
		{`{"":{"S":"x"}}`, MsgEmptyName},
		{`{"a":{"M":{"":{"S":"x"}}}}`, MsgEmptyName},
		{`{"a":{"L":[{"M":{"b":{"M":{"":{"NULL":true}}}}}]}}`, MsgEmptyName},
		{`{"` + tooLong + `":{"S":"x"}}`, MsgNameTooLong},
		{`{"a":{"M":{"` + tooLong + `":{"S":"x"}}}}`, MsgNameTooLong},
	}, decodeItem)
	checkDecodeErrors(t, "validation", []decodeCase{
		{`{"M":{"":{"S":"x"}}}`, MsgEmptyName},
	}, unmarshalValueErr)
	for _, ok := range []string{`{"` + longest + `":{"S":"x"}}`, `{"a":{"M":{"` + longest + `":{"S":"x"}}}}`} {
		if err := decodeItem([]byte(ok)); err != nil {
			t.Errorf("a %d-byte name: %v", MaxNameLength, err)
		}
	}
	// A serialization problem later in the body still wins.
	checkDecodeErrors(t, "serialization", []decodeCase{
		{`{"":{"S":"x"},"b":{"S":1}}`, "NUMBER_VALUE cannot be converted to String"},
	}, decodeItem)

	if got := CheckItemNames(Item{"a": Map{"b": List{Map{"": Null{}}}}}); got != MsgEmptyName {
		t.Errorf("CheckItemNames nested empty = %q", got)
	}
	if got := CheckItemNames(Item{tooLong: String("x")}); got != MsgNameTooLong {
		t.Errorf("CheckItemNames too long = %q", got)
	}
	if got := CheckItemNames(Item{longest: Map{"b": List{Map{"c": Null{}}}}}); got != "" {
		t.Errorf("CheckItemNames of valid names = %q", got)
	}
}

// TestInvalidUTF8Refused: a string, map key, set member or attribute name
// that is not valid UTF-8 (a raw bad byte, or a \u escape of an unpaired
// surrogate) is a SerializationError, never read with U+FFFD: "a\xff" and
// "a\xfe" would otherwise be the same key.
func TestInvalidUTF8Refused(t *testing.T) {
	decodeItem := func(b []byte) error { var it Item; return it.UnmarshalJSON(b) }
	checkDecodeErrors(t, "serialization", []decodeCase{
		{"{\"k\":{\"S\":\"a\xffb\"}}", "Invalid UTF-8 start byte 0xff at offset 12"},
		{"{\"k\":{\"S\":\"a\xc3(\"}}", "Invalid UTF-8 middle byte 0x28 at offset 13"},
		{"{\"k\xfe\":{\"S\":\"a\"}}", "Invalid UTF-8 start byte 0xfe at offset 3"},
		{"{\"k\":{\"M\":{\"\x80\":{\"S\":\"a\"}}}}", "Invalid UTF-8 start byte 0x80 at offset 12"},
		{"{\"k\":{\"SS\":[\"ok\",\"\xed\xa0\x80\"]}}", "Invalid UTF-8 middle byte 0xa0 at offset 19"},
		{`{"k":{"S":"\ud800x"}}`, `Unpaired surrogate \ud800 in a string at offset 11`},
		{`{"k":{"S":"x\udc00"}}`, `Unpaired surrogate \udc00 in a string at offset 12`},
		{`{"k":{"S":"\ud800\u0041"}}`, `Unpaired surrogate \ud800 in a string at offset 11`},
		{`{"\ud800":{"S":"x"}}`, `Unpaired surrogate \ud800 in a string at offset 2`},
	}, decodeItem)
	// Valid escapes and multi-byte characters still decode.
	var it Item
	if err := it.UnmarshalJSON([]byte(`{"k\u00e9":{"S":"\ud83d\ude00 é ☃"}}`)); err != nil {
		t.Fatal(err)
	}
	if got := it["ké"]; !Equal(got, String("😀 é ☃")) {
		t.Errorf("decoded %v", got)
	}
}

// TestCheckText: the whole-document check the wire layer runs on members it
// decodes with go-json.
func TestCheckText(t *testing.T) {
	for in, want := range map[string]string{
		`{"TableName":"abc","X":"\u00e9\ud83d\ude00"}`: "",
		`{"a":"\\ud800"}`:                             "", // an escaped backslash, then text
		`{"a":"\\\ud800"}`:                            `Unpaired surrogate \ud800 in a string at offset 8`,
		`{"a":"\udc00"}`:                              `Unpaired surrogate \udc00 in a string at offset 6`,
		`{"a":"\ud800\ud800"}`:                        `Unpaired surrogate \ud800 in a string at offset 6`,
		`{"a":"\ud800"}`:                              `Unpaired surrogate \ud800 in a string at offset 6`,
		"{\"TableName\":\"ab\xffc\"}":                 "Invalid UTF-8 start byte 0xff at offset 16",
		"{\"ExpressionAttributeNames\":\"\xe2\x82\"}": "Invalid UTF-8 middle byte 0x22 at offset 31",
	} {
		got := ""
		if err := CheckText([]byte(in)); err != nil {
			got = err.Message
		}
		if got != want {
			t.Errorf("CheckText(%q) = %q, want %q", in, got, want)
		}
	}
}
