package attr

// AppendHashInput appends to dst the bytes DynamoDB is understood to hash
// for the partition-key values whose AppendKey encodings enc concatenates:
// an S its UTF-8 bytes, a B its raw bytes, an N its base-100 storage form
// (below), several values one after the other. ok is false when enc is not
// such a concatenation.
//
// dynalite's suite, run against DynamoDB, records the Scan order of keys
// and the segment each lands in (test/scan.js "should return items in
// string hash order", "number hash order", "correct ... hash segments");
// dynalite reproduces them by hashing these bytes (see partition.HashKey64).
//
// The N form: a zero is the single byte 0x80. Otherwise the significant
// digits are grouped in base-100 digits aligned on the decimal point; the
// first byte is the base-100 exponent plus 0xC0 (complemented for a
// negative number), then each base-100 digit d as d+1 (101-d when
// negative), and a negative number of fewer than 20 digits ends with 102.
//
// The encoding does not name its types, so the parse tries a number before
// a string at each value and backtracks (a number's encoding followed by
// more values also parses as one string). Only a string that begins with
// one of the control bytes 0x01..0x03 can be read another way: it still
// hashes the same every time, to another place than DynamoDB's.
func AppendHashInput(dst, enc []byte) ([]byte, bool) {
	if len(enc) == 0 {
		return dst, false
	}
	return appendHashValues(dst, enc)
}

func appendHashValues(dst, enc []byte) ([]byte, bool) {
	if len(enc) == 0 {
		return dst, true
	}
	mark := len(dst)
	if out, n, ok := appendHashNumber(dst, enc); ok {
		if out, ok = appendHashValues(out, enc[n:]); ok {
			return out, true
		}
	}
	dst = dst[:mark]
	if n, ok := stringKeyLen(enc); ok {
		if out, ok := appendHashValues(appendUnescaped(dst, enc[:n]), enc[n:]); ok {
			return out, true
		}
	}
	return dst[:mark], false
}

// stringKeyLen is the length of the S or B encoding at the start of enc.
func stringKeyLen(enc []byte) (int, bool) {
	for i := 0; i+1 < len(enc); i++ {
		if enc[i] != 0x00 {
			continue
		}
		switch enc[i+1] {
		case 0x01:
			return i + 2, true
		case 0xFF:
			i++
		default:
			return 0, false
		}
	}
	return 0, false
}

// appendUnescaped appends a string encoding's raw bytes (terminator
// dropped, escaped 0x00 0xFF restored to 0x00).
func appendUnescaped(dst, s []byte) []byte {
	s = s[:len(s)-2]
	for i := 0; i < len(s); i++ {
		dst = append(dst, s[i])
		if s[i] == 0x00 {
			i++
		}
	}
	return dst
}

// appendHashNumber reads the N encoding at the start of enc (see AppendKey)
// and appends its base-100 storage form; n is the encoding's length.
func appendHashNumber(dst, enc []byte) (out []byte, n int, ok bool) {
	switch enc[0] {
	case keyZero:
		return append(dst, 0x80), 1, true
	case keyPositive, keyNegative:
	default:
		return dst, 0, false
	}
	if len(enc) < 3 {
		return dst, 0, false
	}
	neg := enc[0] == keyNegative
	e := int(enc[1])
	end := byte(0x00)
	if neg {
		e, end = 0xFF-e, 0xFF
	}
	e += MinNumberExponent // scientific exponent of the first digit
	var digits [MaxNumberDigits + 2]byte
	nd := 0
	i := 2
	for ; i < len(enc) && enc[i] != end; i++ {
		p := int(enc[i]) - 1
		if neg {
			p = 101 - int(enc[i])
		}
		if p < 0 || p > 99 || nd+2 > len(digits) {
			return dst, 0, false
		}
		digits[nd], digits[nd+1] = byte(p/10), byte(p%10)
		nd += 2
	}
	if i == len(enc) || nd == 0 {
		return dst, 0, false
	}
	for nd > 0 && digits[nd-1] == 0 {
		nd-- // the pad digit of the last pair
	}
	if nd == 0 || digits[0] == 0 {
		return dst, 0, false
	}
	// Align on the decimal point: the integer part has e+1 digits, so an
	// odd count starts with a half-filled base-100 digit.
	lead := 0
	if (e+1)%2 != 0 {
		lead = 1
	}
	exp100 := (e + 1 + lead) / 2 // exact: e+1+lead is even
	head := byte(exp100 + 0xC0)
	if neg {
		head = ^head
	}
	dst = append(dst, head)
	count := 0
	for k := -lead; k < nd; k += 2 {
		hi, lo := byte(0), byte(0)
		if k >= 0 {
			hi = digits[k]
		}
		if k+1 < nd {
			lo = digits[k+1]
		}
		d := hi*10 + lo
		if neg {
			dst = append(dst, 101-d)
		} else {
			dst = append(dst, d+1)
		}
		count++
	}
	if neg && count < 20 {
		dst = append(dst, 102)
	}
	return dst, i + 1, true
}
