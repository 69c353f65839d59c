package attr

// NumberFromCanonical rebuilds a Number from text that Number.String
// produced, without parsing it again. It is for stored forms the engine wrote
// itself; text from anywhere else must go through ParseNumber.
func NumberFromCanonical(text string) Number { return Number{text: text} }
