package snippet

import (
	"fmt"
	"regexp"
	"strings"
)

// FanOut is one request repeated for each value of a parameter: the
// integers From to To, zero-padded to Width digits (a write-sharded key's
// suffixes, read back one request each).
type FanOut struct {
	// Parameter names the parameter; it is also the loop's variable when
	// it is an identifier.
	Parameter string
	From, To  int
	Width     int
}

// Marker is the text that stands for the parameter in the request given
// to RenderFanOut: bind the request with it as the parameter's value.
func (f FanOut) Marker() string { return "@@" + f.Parameter + "@@" }

// identifier matches what every target language takes as a variable name.
var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// variable is the loop's variable: the parameter when it is a plain
// identifier, else "value".
func (f FanOut) variable() string {
	if identifier.MatchString(f.Parameter) && f.Parameter != "i" && len(f.Parameter) <= 40 {
		return f.Parameter
	}
	return "value"
}

// Where each language's request starts in Render's output: the loop wraps
// what follows, the client set up once before it.
const (
	jsCallStart = "const output = await "
	pyCallStart = "response = "
	goCallStart = "\tout, err := client."
)

// RenderFanOut renders the whole fan-out in lang: the request in a loop
// over the parameter's values, the marker (f.Marker) in its strings
// replaced by the loop's variable. JSON, which has no loop, is the list of
// every request. It fails as Render does, and when the range is empty or
// the marker is not in the request.
func RenderFanOut(r Request, f FanOut, lang Language) (string, error) {
	if f.To < f.From {
		return "", fmt.Errorf("snippet: fan-out over %s: from %d to %d is empty", f.Parameter, f.From, f.To)
	}
	if !strings.Contains(string(r.Input), f.Marker()) {
		return "", fmt.Errorf("snippet: fan-out over %s: the request does not hold its marker %s", f.Parameter, f.Marker())
	}
	if lang == JSON {
		var b strings.Builder
		b.WriteString("[\n")
		for v := f.From; v <= f.To; v++ {
			one := r
			one.Input = []byte(strings.ReplaceAll(string(r.Input), f.Marker(), fmt.Sprintf("%0*d", f.Width, v)))
			text, err := Render(one, JSON)
			if err != nil {
				return "", err
			}
			b.WriteString(strings.TrimRight(text, "\n"))
			if v < f.To {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("]\n")
		return b.String(), nil
	}
	text, err := Render(r, lang)
	if err != nil {
		return "", err
	}
	name := f.variable()
	q := `"`
	switch lang {
	case CLI:
		// Inside single quotes: close them, expand the variable in double
		// quotes, reopen.
		text = strings.ReplaceAll(text, f.Marker(), `'"$`+name+`"'`)
		text = strings.ReplaceAll(text, ` ''"$`+name, ` "$`+name)
		text = strings.ReplaceAll(text, `$`+name+`"''`, `$`+name+`"`)
		seq := fmt.Sprintf("seq %d %d", f.From, f.To)
		if f.Width > 0 {
			seq = fmt.Sprintf("seq -f '%%0%dg' %d %d", f.Width, f.From, f.To)
		}
		return fmt.Sprintf("for %s in $(%s); do\n%sdone\n", name, seq, indentLines(text, "  ")), nil
	case JavaScript:
		text = concat(text, f.Marker(), name, q)
		head, call, _ := strings.Cut(text, jsCallStart)
		value := "String(i)"
		if f.Width > 0 {
			value = fmt.Sprintf("String(i).padStart(%d, \"0\")", f.Width)
		}
		return fmt.Sprintf("%sfor (let i = %d; i <= %d; i++) {\n  const %s = %s;\n%s}\n",
			head, f.From, f.To, name, value, indentLines(jsCallStart+call, "  ")), nil
	case Python:
		text = concat(text, f.Marker(), name, q)
		head, call, _ := strings.Cut(text, pyCallStart)
		value := "str(i)"
		if f.Width > 0 {
			value = fmt.Sprintf("f\"{i:0%dd}\"", f.Width)
		}
		return fmt.Sprintf("%sfor i in range(%d, %d):\n    %s = %s\n%s",
			head, f.From, f.To+1, name, value, indentLines(pyCallStart+call, "    ")), nil
	case Go:
		text = concat(text, f.Marker(), name, q)
		head, call, _ := strings.Cut(text, goCallStart)
		call = strings.TrimSuffix(goCallStart+call, "}\n")
		value := "strconv.Itoa(i)"
		if f.Width > 0 {
			value = fmt.Sprintf("fmt.Sprintf(\"%%0%dd\", i)", f.Width)
		} else {
			head = strings.Replace(head, "\t\"log\"\n", "\t\"log\"\n\t\"strconv\"\n", 1)
		}
		return fmt.Sprintf("%s\tfor i := %d; i <= %d; i++ {\n\t\t%s := %s\n%s\t}\n}\n",
			head, f.From, f.To, name, value, indentLines(call, "\t")), nil
	}
	return text, nil
}

// concat replaces the marker inside double-quoted string literals with a
// concatenation of the variable, dropping the empty literals it leaves.
func concat(text, marker, name, q string) string {
	text = strings.ReplaceAll(text, marker, q+" + "+name+" + "+q)
	text = strings.ReplaceAll(text, q+q+" + "+name, name)
	text = strings.ReplaceAll(text, name+" + "+q+q, name)
	return text
}

// indentLines puts prefix before every non-empty line of text.
func indentLines(text, prefix string) string {
	lines := strings.SplitAfter(text, "\n")
	var b strings.Builder
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			b.WriteString(prefix)
		}
		b.WriteString(l)
	}
	return b.String()
}
