package attr

// Type names one of DynamoDB's ten attribute types by its wire descriptor.
type Type uint8

// The ten attribute types, in the order DynamoDB's documentation lists them.
const (
	TypeS Type = iota + 1
	TypeN
	TypeB
	TypeBOOL
	TypeNULL
	TypeSS
	TypeNS
	TypeBS
	TypeL
	TypeM
)

var typeNames = [...]string{"", "S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"}

// String returns the wire descriptor ("S", "NS", "M", ...).
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "?"
}

// ParseType maps a wire descriptor to its Type; ok is false for anything else.
func ParseType(s string) (t Type, ok bool) {
	for i := 1; i < len(typeNames); i++ {
		if typeNames[i] == s {
			return Type(i), true
		}
	}
	return 0, false
}

// IsScalarKeyType reports whether t may be a key attribute type (S, N or B).
func (t Type) IsScalarKeyType() bool { return t == TypeS || t == TypeN || t == TypeB }

// Value is one DynamoDB attribute value. The set of implementations is closed:
// String, Number, Binary, Bool, Null, StringSet, NumberSet, BinarySet, List, Map.
//
// Values are immutable once built: snapshots, change records and the UI share
// them without copying, so code that needs a different value builds a new one.
type Value interface {
	Type() Type
	sealed()
}

// String is an S value: UTF-8 text, compared by bytes.
type String string

// Binary is a B value: raw bytes (base64 only on the wire).
type Binary []byte

// Bool is a BOOL value.
type Bool bool

// Null is a NULL value; it only ever holds true.
type Null struct{}

// StringSet is an SS value: non-empty, without duplicates. Order carries no
// meaning; the codec keeps elements sorted so equal sets look equal.
type StringSet []string

// NumberSet is an NS value: non-empty, without duplicates by numeric value.
type NumberSet []Number

// BinarySet is a BS value: non-empty, without duplicates.
type BinarySet [][]byte

// List is an L value: ordered, of any types.
type List []Value

// Map is an M value: attribute name to value.
type Map map[string]Value

// Item is a whole item: top-level attribute name to value.
type Item map[string]Value

func (String) Type() Type    { return TypeS }
func (Number) Type() Type    { return TypeN }
func (Binary) Type() Type    { return TypeB }
func (Bool) Type() Type      { return TypeBOOL }
func (Null) Type() Type      { return TypeNULL }
func (StringSet) Type() Type { return TypeSS }
func (NumberSet) Type() Type { return TypeNS }
func (BinarySet) Type() Type { return TypeBS }
func (List) Type() Type      { return TypeL }
func (Map) Type() Type       { return TypeM }

func (String) sealed()    {}
func (Number) sealed()    {}
func (Binary) sealed()    {}
func (Bool) sealed()      {}
func (Null) sealed()      {}
func (StringSet) sealed() {}
func (NumberSet) sealed() {}
func (BinarySet) sealed() {}
func (List) sealed()      {}
func (Map) sealed()       {}
