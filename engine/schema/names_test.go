package schema

import (
	"strings"
	"testing"
)

func TestValidateTableName(t *testing.T) {
	long := strings.Repeat("a", 256)
	tests := []struct {
		name, field, want string
	}{
		{"Music", "tableName", ""},
		{"a.b-c_D9", "tableName", ""},
		{strings.Repeat("a", 255), "tableName", ""},
		{"arn:aws:dynamodb:us-east-1:123456789012:table/Music", "tableName", ""},
		{"", "tableName",
			"1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1"},
		{"x!", "tableName",
			"2 validation errors detected: Value 'x!' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3; " +
				"Value 'x!' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"},
		{long, "tableName",
			"1 validation error detected: Value '" + long + "' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 255"},
		{"bad table!@#", "tableName",
			"1 validation error detected: Value 'bad table!@#' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"},
		{"arn:" + strings.Repeat("x", 1021), "tableName",
			"1 validation error detected: Value 'arn:" + strings.Repeat("x", 1021) + "' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 1024"},
		{"ab", "transactItems.1.member.get.tableName",
			"1 validation error detected: Value 'ab' at 'transactItems.1.member.get.tableName' failed to satisfy constraint: Member must have length greater than or equal to 3"},
		// Length is counted in UTF-16 code units, as DynamoDB's validator does:
		// one supplementary-plane character is two units.
		{"a\U0001F600", "tableName",
			"1 validation error detected: Value 'a\U0001F600' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"},
	}
	for _, tc := range tests {
		label := tc.name
		if len(label) > 24 {
			label = label[:24]
		}
		t.Run(label, func(t *testing.T) {
			checkErr(t, ValidateTableName(tc.name, tc.field), tc.want)
		})
	}
}

func TestViolations(t *testing.T) {
	var v Violations
	if v.Err() != nil {
		t.Fatal("empty Violations reported an error")
	}
	v.TableName(nil, "tableName")
	v.Add("0", "limit", MinValue(1))
	v.Add("X", "select", EnumConstraint("SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"))
	v.Add("1000001", "totalSegments", MaxValue(1000000))
	want := "4 validation errors detected: " +
		"Value null at 'tableName' failed to satisfy constraint: Member must not be null; " +
		"Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
		"Value 'X' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]; " +
		"Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000"
	checkErr(t, v.Err(), want)
	if v.Len() != 4 || len(v.List()) != 4 {
		t.Errorf("Len = %d, List has %d, want 4", v.Len(), len(v.List()))
	}
	for range 20 {
		v.Null("x")
	}
	if v.Len() != MaxReportedViolations {
		t.Errorf("Len = %d after 24 additions, want %d", v.Len(), MaxReportedViolations)
	}
}

func TestJavaHashSetOrder(t *testing.T) {
	hashes := map[string]uint32{
		"":      0,
		"a":     97,
		"pk":    3579,
		"sk":    3672,
		"hello": 99162322,
		// Wraps around: Java's "polygenelubricants".hashCode() is
		// Integer.MIN_VALUE.
		"polygenelubricants": 1 << 31,
		// A supplementary character counts as its two UTF-16 units:
		// 0xD83D*31 + 0xDE00.
		"\U0001F600": 0xD83D*31 + 0xDE00,
	}
	for s, want := range hashes {
		if got := javaStringHash(s); got != want {
			t.Errorf("javaStringHash(%q) = %d, want %d", s, got, want)
		}
	}

	letters := strings.Split("abcdefghijklm", "")
	tests := []struct {
		in, want []string
	}{
		// The capture this models: keys pk, sk (table) and a (GSI).
		{[]string{"pk", "sk", "a"}, []string{"a", "sk", "pk"}},
		{[]string{"pk", "sk"}, []string{"sk", "pk"}},
		// "q" (113) and "a" (97) share bucket 1 of 16: insertion order.
		{[]string{"q", "a", "b"}, []string{"q", "a", "b"}},
		{[]string{"a", "q", "b"}, []string{"a", "q", "b"}},
		// 14 names grow the table to 32 buckets, which separates them.
		{append([]string{"q"}, letters...), append(append([]string{}, letters...), "q")},
		// Duplicates appear once.
		{[]string{"pk", "a", "pk"}, []string{"a", "pk"}},
	}
	for _, tc := range tests {
		got := javaHashSetOrder(tc.in)
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("javaHashSetOrder(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
