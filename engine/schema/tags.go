package schema

import (
	"strings"
	"unicode"

	"github.com/dynamodb-workbench/workbench/engine/json"
)

// UnmarshalJSON decodes a Tag and notes an absent Key or Value, which its
// strings cannot show.
func (t *Tag) UnmarshalJSON(b []byte) error {
	var raw struct {
		Key   *string `json:"Key"`
		Value *string `json:"Value"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*t = Tag{absent: TagNull{Key: raw.Key == nil, Value: raw.Value == nil}}
	if raw.Key != nil {
		t.Key = *raw.Key
	}
	if raw.Value != nil {
		t.Value = *raw.Value
	}
	return nil
}

// TagsShape records the request-shape violations of a tag list at field
// ("tags"): each key 1..128 characters, each value at most 256 (the API
// model's TagKeyString and TagValueString).
func TagsShape(v *Violations, tags []Tag, field string) {
	TagsShapeNulls(v, tags, field, nil)
}

// TagNull says which members of a decoded Tag were absent (or JSON null):
// Tag's strings cannot tell a missing Value from an empty one, so the wire
// decoder records it beside them.
type TagNull struct{ Key, Value bool }

// TagsShapeNulls is TagsShape with the absent members of each tag, in
// order (nulls may be shorter than tags): an absent Key or Value is
// "Member must not be null" at its path (the coral validator's pattern, as
// for every required member; issue 29: a Tag without Value is refused).
func TagsShapeNulls(v *Violations, tags []Tag, field string, nulls []TagNull) {
	for i, t := range tags {
		p := member(field, i)
		n := t.absent
		if i < len(nulls) {
			n.Key, n.Value = n.Key || nulls[i].Key, n.Value || nulls[i].Value
		}
		if n.Key {
			v.Null(p + ".key")
		} else if l := javaLength(t.Key); l < 1 {
			v.Add(t.Key, p+".key", MinLength(1))
		} else if l > MaxTagKeyLength {
			v.Add(t.Key, p+".key", MaxLength(MaxTagKeyLength))
		}
		if n.Value {
			v.Null(p + ".value")
		} else if javaLength(t.Value) > MaxTagValueLength {
			v.Add(t.Value, p+".value", MaxLength(MaxTagValueLength))
		}
	}
}

// CheckTags applies the tagging rules past the request's shape to the tags
// a resource would carry: at most MaxTagsPerResource, and no key in the
// reserved "aws:" prefix. CheckTagCharacters adds the character set.
//
// The guide documents these rules but not the service's wording for them;
// the messages below are our best reading (unverified) and keep
// DynamoDB's "One or more parameter values were invalid" opening.
func CheckTags(tags []Tag) error {
	for _, t := range tags {
		if strings.HasPrefix(strings.ToLower(t.Key), "aws:") {
			return errorf(invalidPrefix+"Tag keys starting with 'aws:' are reserved for system use. Tag key: %s", t.Key)
		}
	}
	if len(tags) > MaxTagsPerResource {
		return errorf(invalidPrefix+"The number of tags on the resource exceeds the limit of %d", MaxTagsPerResource)
	}
	return nil
}

// CheckTagCharacters refuses a key or value outside the documented
// character set: letters, digits, white space and _ . : / = + - @
// (Alternator's suite, run against DynamoDB, sees '#', '!' or '<' refused).
// The engine applies it at CreateTable and TagResource; a model document
// is not held to it, so that a design can be drafted before its tags are
// cleaned up (the exports quote any string).
func CheckTagCharacters(tags []Tag) error {
	for _, t := range tags {
		if !tagChars(t.Key) {
			return errorf(invalidPrefix+"Tag key contains characters that are not allowed. Tag key: %s", t.Key)
		}
		if !tagChars(t.Value) {
			return errorf(invalidPrefix+"Tag value contains characters that are not allowed. Tag key: %s", t.Key)
		}
	}
	return nil
}

// tagChars reports whether s uses only the tag character set:
// [\p{L}\p{Z}\p{N}_.:/=+\-@]*.
func tagChars(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.In(r, unicode.Z) || unicode.IsNumber(r) || strings.ContainsRune("_.:/=+-@", r) {
			continue
		}
		return false
	}
	return true
}

// MergeTags returns tags with add applied: a key already present takes the
// new value, in place; a new key is appended.
func MergeTags(tags, add []Tag) []Tag {
	out := append([]Tag(nil), tags...)
	for _, a := range add {
		found := false
		for i := range out {
			if out[i].Key == a.Key {
				out[i].Value, found = a.Value, true
				break
			}
		}
		if !found {
			out = append(out, a)
		}
	}
	return out
}
