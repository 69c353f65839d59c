package app

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func TestItemFormRoundTrip(t *testing.T) {
	in := `{"PK":{"S":"USER#1"},"SK":{"S":"A \"quoted\" <b>"},"Age":{"N":"42.50"},"Blob":{"B":"AAEC"},
		"On":{"BOOL":true},"Nothing":{"NULL":true},"Tags":{"SS":["a","b"]},"Nums":{"NS":["1","2"]},
		"List":{"L":[{"S":"x"},{"N":"1"}]},"Map":{"M":{"k":{"S":"v"}}}}`
	rows, err := formOf(in, []string{"PK", "SK"})
	if err != nil {
		t.Fatal(err)
	}
	if rows[0].Name != "PK" || rows[1].Name != "SK" || rows[2].Name != "Age" {
		t.Errorf("rows start %v %v %v: want the key attributes first, then by name", rows[0].Name, rows[1].Name, rows[2].Name)
	}
	if rows[1].Value != `A "quoted" <b>` || rows[2].Value != "42.50" || rows[2].Type != "N" {
		t.Errorf("scalars read as %+v %+v", rows[1], rows[2])
	}
	out, err := itemOfForm(rows)
	if err != nil {
		t.Fatal(err)
	}
	var a, b attr.Item
	if err := a.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	if err := b.UnmarshalJSON([]byte(out)); err != nil {
		t.Fatal(err)
	}
	if ja, jb := string(attr.AppendItem(nil, a)), string(attr.AppendItem(nil, b)); ja != jb {
		t.Errorf("form round trip:\n in %s\nout %s", ja, jb)
	}
}

func TestItemFormErrors(t *testing.T) {
	cases := []struct {
		rows []formAttr
		want string
	}{
		{[]formAttr{{Name: "PK", Type: "S", Value: "x"}, {Name: "Age", Type: "N", Value: "forty"}}, "numeric"},
		{[]formAttr{{Name: "Tags", Type: "SS", Value: `["a","a"]`}}, "duplicates"},
		{[]formAttr{{Name: "X", Type: "Q", Value: "1"}}, "not a DynamoDB type"},
		{[]formAttr{{Name: "On", Type: "BOOL", Value: "maybe"}}, ""},
	}
	for _, c := range cases {
		_, err := itemOfForm(c.rows)
		if err == nil {
			t.Errorf("%+v: no error", c.rows)
			continue
		}
		if c.want != "" && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want it to mention %q", c.rows, err, c.want)
		}
	}
	// A row without a name is ignored, as an unfinished row is.
	out, err := itemOfForm([]formAttr{{Name: "PK", Type: "S", Value: "x"}, {Type: "S"}})
	var it attr.Item
	if err != nil || it.UnmarshalJSON([]byte(out)) != nil || len(it) != 1 {
		t.Errorf("an unnamed row: %q, %v", out, err)
	}
}
