package attr

import (
	"errors"
	"slices"
	"testing"
)

func TestNewStringSet(t *testing.T) {
	in := []string{"b", "", "a", "é", "A"}
	s, err := NewStringSet(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := (StringSet{"", "A", "a", "b", "é"}); !slices.Equal(s, want) {
		t.Errorf("NewStringSet = %q, want %q", s, want)
	}
	if !slices.Equal(in, []string{"b", "", "a", "é", "A"}) {
		t.Error("NewStringSet modified its input")
	}
	checkValidation(t, "empty SS", func() error { _, err := NewStringSet(nil); return err }, MsgEmptyStringSet)
	checkValidation(t, "duplicate SS", func() error { _, err := NewStringSet([]string{"a", "a"}); return err },
		"One or more parameter values were invalid: Input collection [a, a] contains duplicates.")
	checkValidation(t, "duplicate SS, input order", func() error { _, err := NewStringSet([]string{"b", "a", "b"}); return err },
		"One or more parameter values were invalid: Input collection [b, a, b] contains duplicates.")
}

func TestNewNumberSet(t *testing.T) {
	n := MustNumber
	s, err := NewNumberSet([]Number{n("10"), n("-1"), n("2.5"), {}})
	if err != nil {
		t.Fatal(err)
	}
	want := NumberSet{n("-1"), n("0"), n("2.5"), n("10")}
	if !slices.Equal(s, want) {
		t.Errorf("NewNumberSet = %v, want %v", s, want)
	}
	if s[1].text != "0" {
		t.Errorf("zero Number not normalised in a set: %q", s[1].text)
	}
	checkValidation(t, "empty NS", func() error { _, err := NewNumberSet([]Number{}); return err }, MsgEmptyNumberSet)
	checkValidation(t, "duplicate NS", func() error { _, err := NewNumberSet([]Number{n("1"), n("1.0")}); return err },
		"Input collection contains duplicates")
}

func TestNewBinarySet(t *testing.T) {
	s, err := NewBinarySet([][]byte{{0x80}, {0x7F}, {}, {0x7F, 0}})
	if err != nil {
		t.Fatal(err)
	}
	want := BinarySet{{}, {0x7F}, {0x7F, 0}, {0x80}}
	if !Equal(s, want) || !slices.IsSortedFunc(s, compareBytes) {
		t.Errorf("NewBinarySet = %v, want %v", s, want)
	}
	checkValidation(t, "empty BS", func() error { _, err := NewBinarySet(nil); return err }, MsgEmptyBinarySet)
	checkValidation(t, "duplicate BS", func() error { _, err := NewBinarySet([][]byte{[]byte("b"), []byte("b")}); return err },
		"One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS contains duplicates.")
}

func checkValidation(t *testing.T, what string, f func() error, msg string) {
	t.Helper()
	err := f()
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Errorf("%s: error %v (%T), want *ValidationError %q", what, err, err, msg)
		return
	}
	if ve.Message != msg {
		t.Errorf("%s: message %q, want %q", what, ve.Message, msg)
	}
}

func TestUnion(t *testing.T) {
	n := MustNumber
	tests := []struct {
		a, b, want Value
	}{
		{StringSet{"a", "c"}, StringSet{"b", "c"}, StringSet{"a", "b", "c"}},
		{StringSet{"c", "a"}, StringSet{"b"}, StringSet{"a", "b", "c"}}, // unsorted literal
		{StringSet{"a"}, StringSet{"a"}, StringSet{"a"}},
		// ADD ns {"1.0"} to {1,2,3} leaves 3 elements (§2.2).
		{NumberSet{n("1"), n("2"), n("3")}, NumberSet{n("1.0")}, NumberSet{n("1"), n("2"), n("3")}},
		{NumberSet{n("-1")}, NumberSet{n("10"), n("2")}, NumberSet{n("-1"), n("2"), n("10")}},
		{BinarySet{{1}}, BinarySet{{0}, {1}}, BinarySet{{0}, {1}}},
	}
	for _, tt := range tests {
		got, err := Union(tt.a, tt.b)
		if err != nil {
			t.Errorf("Union(%s, %s): %v", FormatForMessage(tt.a), FormatForMessage(tt.b), err)
			continue
		}
		if !Equal(got, tt.want) || FormatForMessage(got) != FormatForMessage(tt.want) {
			t.Errorf("Union(%s, %s) = %s, want %s", FormatForMessage(tt.a), FormatForMessage(tt.b), FormatForMessage(got), FormatForMessage(tt.want))
		}
	}
	for _, bad := range [][2]Value{
		{StringSet{"a"}, NumberSet{n("1")}},
		{StringSet{"a"}, String("a")},
		{List{}, List{}},
		{NumberSet{n("1")}, n("1")},
		{nil, StringSet{"a"}},
	} {
		checkValidation(t, "Union of "+FormatForMessage(bad[0])+" and "+FormatForMessage(bad[1]),
			func() error { _, err := Union(bad[0], bad[1]); return err }, MsgIncorrectOperandType)
	}
}

func TestDifference(t *testing.T) {
	n := MustNumber
	tests := []struct {
		a, b  Value
		want  Value
		empty bool
	}{
		{StringSet{"a", "b", "c"}, StringSet{"b", "x"}, StringSet{"a", "c"}, false},
		{StringSet{"c", "b", "a"}, StringSet{"c"}, StringSet{"a", "b"}, false},
		{StringSet{"a"}, StringSet{"a", "b"}, nil, true},
		// DELETE by 2e1 removes 20 (§2.2).
		{NumberSet{n("10"), n("20")}, NumberSet{n("2e1")}, NumberSet{n("10")}, false},
		{NumberSet{n("1")}, NumberSet{n("1.00")}, nil, true},
		{BinarySet{{1}, {2}}, BinarySet{{3}}, BinarySet{{1}, {2}}, false},
		{BinarySet{{1}, {2}}, BinarySet{{2}, {1}}, nil, true},
	}
	for _, tt := range tests {
		got, empty, err := Difference(tt.a, tt.b)
		if err != nil {
			t.Errorf("Difference(%s, %s): %v", FormatForMessage(tt.a), FormatForMessage(tt.b), err)
			continue
		}
		if empty != tt.empty || !Equal(got, tt.want) {
			t.Errorf("Difference(%s, %s) = %s, %v; want %s, %v", FormatForMessage(tt.a), FormatForMessage(tt.b),
				FormatForMessage(got), empty, FormatForMessage(tt.want), tt.empty)
		}
		if got != nil && FormatForMessage(got) != FormatForMessage(tt.want) {
			t.Errorf("Difference(%s, %s) = %s, not in canonical order", FormatForMessage(tt.a), FormatForMessage(tt.b), FormatForMessage(got))
		}
	}
	checkValidation(t, "Difference of SS and BS",
		func() error { _, _, err := Difference(StringSet{"a"}, BinarySet{{1}}); return err }, MsgIncorrectOperandType)
	checkValidation(t, "Difference of N and N",
		func() error { _, _, err := Difference(n("1"), n("1")); return err }, MsgIncorrectOperandType)
}
