package attr

// Number is an N value: an exact decimal of at most 38 significant digits in
// DynamoDB's range, held in canonical plain-decimal text ("1000", "0.001",
// "-1.5"): the form DynamoDB returns. Equal numbers have equal text.
type Number struct {
	text string
}

// String returns the canonical text.
func (n Number) String() string { return n.text }
