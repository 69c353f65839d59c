package advise

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
)

// said is in as the description language says it: the default action
// resolved, the default id and the type S left implicit, the words the
// language has no place for dropped.
func said(in Input) Input {
	out := in
	out.Entities = nil
	for _, e := range in.Entities {
		if e.ID == defaultID(in, e.Name) {
			e.ID = ""
		}
		e.Max = max(e.Max, e.Min)
		attrs := e.Attributes
		e.Attributes = nil
		for _, a := range attrs {
			if a.Type == "S" {
				a.Type = ""
			}
			a.Required, a.Frequency, a.Description = false, 0, ""
			e.Attributes = append(e.Attributes, a)
		}
		out.Entities = append(out.Entities, e)
	}
	out.Patterns = nil
	for _, p := range in.Patterns {
		if p.Action == "" {
			p.Action = List
			for _, e := range in.Entities {
				id := IDIn(in, e.Name)
				if e.Name == p.Entity && len(p.By) == 1 && p.By[0] == id && p.Range == "" {
					p.Action = Get
				}
			}
		}
		p.Description = ""
		p.Name = strings.NewReplacer("#", "", `"`, "").Replace(p.Name)
		out.Patterns = append(out.Patterns, p)
	}
	return out
}

// TestFormatParses: the plain lines Format writes read back as the same
// description, for the tracker (through its Input and its text) and for
// 300 random descriptions: the form and the lines are one description.
func TestFormatParses(t *testing.T) {
	fromText, err := Parse(trackerText)
	if err != nil {
		t.Fatal(err)
	}
	inputs := []Input{tracker(), fromText}
	for seed := uint64(0); seed < 300; seed++ {
		inputs = append(inputs, randomInput(seed))
	}
	for i, in := range inputs {
		text := Format(in)
		back, err := Parse(text)
		if err != nil {
			t.Fatalf("input %d: %v\n%s", i, err, text)
		}
		if want := said(in); !reflect.DeepEqual(said(back), want) {
			t.Errorf("input %d:\n%s\nreads back as %+v\nwant %+v", i, text, said(back), want)
		}
		if again := Format(back); again != text {
			t.Errorf("input %d: formatted twice differs:\n%s\n%s", i, text, again)
		}
	}
	// The tracker through Format proposes the same design as through its text.
	a, b := propose(t, tracker()), propose(t, mustParse(t, Format(tracker())))
	ja, jb := string(mustMarshal(t, a.Model)), string(mustMarshal(t, b.Model))
	if ja != jb {
		t.Errorf("the tracker formatted proposes another design")
	}
}

func mustParse(t *testing.T, text string) Input {
	t.Helper()
	in, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func mustMarshal(t *testing.T, m *model.Model) []byte {
	t.Helper()
	b, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
