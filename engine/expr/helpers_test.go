package expr

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Value constructors for tests.

func num(s string) attr.Number { return attr.MustNumber(s) }

func ss(elems ...string) attr.StringSet {
	s, err := attr.NewStringSet(elems)
	if err != nil {
		panic(err)
	}
	return s
}

func ns(elems ...string) attr.NumberSet {
	ns := make([]attr.Number, len(elems))
	for i, e := range elems {
		ns[i] = num(e)
	}
	s, err := attr.NewNumberSet(ns)
	if err != nil {
		panic(err)
	}
	return s
}

func bs(elems ...string) attr.BinarySet {
	b := make([][]byte, len(elems))
	for i, e := range elems {
		b[i] = []byte(e)
	}
	s, err := attr.NewBinarySet(b)
	if err != nil {
		panic(err)
	}
	return s
}

// testNames and testValues are the placeholders most tests use.
func testNames() map[string]string {
	return map[string]string{
		"#n": "name", "#a": "a", "#b": "b", "#c": "c", "#dot": "a.b", "#k": "key",
		"#p": "p", "#s": "s", "#size": "size", "#y": "year", "#123": "x", "#_": "u",
	}
}

func testValues() attr.Values {
	return attr.Values{
		":s": attr.String("x"), ":s2": attr.String("y"), ":empty": attr.String(""),
		":n": num("1"), ":n2": num("2"), ":n5": num("5"), ":neg": num("-3"), ":big": num("9E+125"),
		":b": attr.Binary("ab"), ":b2": attr.Binary("a"), ":bz": attr.Binary("zz"),
		":bool": attr.Bool(true), ":null": attr.Null{},
		":ss": ss("x", "y"), ":ns": ns("1", "2"), ":bs": bs("ab", "cd"),
		":l": attr.List{attr.String("x"), num("1")}, ":l2": attr.List{attr.String("z")}, ":el": attr.List{},
		":m":  attr.Map{"k": attr.String("v")},
		":tS": attr.String("S"), ":tN": attr.String("N"), ":tSS": attr.String("SS"), ":tM": attr.String("M"),
		":tL": attr.String("L"), ":tNULL": attr.String("NULL"), ":tBOOL": attr.String("BOOL"),
		":bad": attr.String("STRING"),
		":123": num("7"), ":_": num("8"),
	}
}

func testPlaceholders() *Placeholders { return NewPlaceholders(testNames(), testValues()) }

// parseAny parses src as an expression of the given kind and returns its
// canonical form.
func parseAny(kind Kind, src string, ph *Placeholders) (string, error) {
	switch kind {
	case UpdateExpression:
		u, err := ParseUpdate(src, ph)
		if err != nil {
			return "", err
		}
		return u.String(), nil
	case ProjectionExpression:
		p, err := ParseProjection(src, ph)
		if err != nil {
			return "", err
		}
		return p.String(), nil
	case KeyConditionExpression:
		k, err := ParseKeyCondition(src, ph)
		if err != nil {
			return "", err
		}
		return k.String(), nil
	default:
		c, err := ParseCondition(kind, src, ph)
		if err != nil {
			return "", err
		}
		return c.String(), nil
	}
}

func mustCondition(t testing.TB, src string) *Condition {
	t.Helper()
	c, err := ParseCondition(ConditionExpression, src, testPlaceholders())
	if err != nil {
		t.Fatalf("ParseCondition(%q): %v", src, err)
	}
	return c
}

func mustUpdate(t testing.TB, src string) *Update {
	t.Helper()
	u, err := ParseUpdate(src, testPlaceholders())
	if err != nil {
		t.Fatalf("ParseUpdate(%q): %v", src, err)
	}
	return u
}

func mustProjection(t testing.TB, src string) *Projection {
	t.Helper()
	p, err := ParseProjection(src, testPlaceholders())
	if err != nil {
		t.Fatalf("ParseProjection(%q): %v", src, err)
	}
	return p
}
