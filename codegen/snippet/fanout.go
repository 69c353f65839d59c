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
	Parameter string `json:"parameter"`
	From      int    `json:"from"`
	To        int    `json:"to"`
	Width     int    `json:"width,omitempty"`
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
	// Java, C# and Rust: the line that sends the request.
	javaCallStart   = " response = client."
	csharpCallStart = "        var response = await client."
	rustCallStart   = "    let output = client"
)

// cutLine splits text at the start of the line holding marker.
func cutLine(text, marker string) (string, string) {
	i := strings.Index(text, marker)
	if i < 0 {
		return text, ""
	}
	start := strings.LastIndexByte(text[:i], '\n') + 1
	return text[:start], text[start:]
}

// rustLiteral is a Rust string literal, with the .to_string() that makes
// it a String when there is one.
var rustLiteral = regexp.MustCompile(`"(?:[^"\\]|\\.)*"(\.to_string\(\))?`)

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
	case Java:
		text = concat(text, f.Marker(), name, q)
		head, call := cutLine(text, javaCallStart)
		call = strings.TrimSuffix(call, "    }\n}\n")
		value := "String.valueOf(i)"
		if f.Width > 0 {
			value = fmt.Sprintf("String.format(\"%%0%dd\", i)", f.Width)
		}
		return fmt.Sprintf("%s        for (int i = %d; i <= %d; i++) {\n            String %s = %s;\n%s        }\n    }\n}\n",
			head, f.From, f.To, name, value, indentLines(call, "    ")), nil
	case CSharp:
		text = concat(text, f.Marker(), name, q)
		head, call, _ := strings.Cut(text, csharpCallStart)
		call = strings.TrimSuffix(csharpCallStart+call, "    }\n}\n")
		value := "i.ToString()"
		if f.Width > 0 {
			value = fmt.Sprintf("i.ToString(\"D%d\")", f.Width)
		}
		return fmt.Sprintf("%s        for (var i = %d; i <= %d; i++)\n        {\n            var %s = %s;\n%s        }\n    }\n}\n",
			head, f.From, f.To, name, value, indentLines(call, "    ")), nil
	case Rust:
		// A literal holding the marker becomes format!, its own braces
		// doubled: format! makes the String that .to_string() made.
		text = rustLiteral.ReplaceAllStringFunc(text, func(lit string) string {
			if !strings.Contains(lit, f.Marker()) {
				return lit
			}
			body := strings.TrimSuffix(lit, ".to_string()")
			body = strings.NewReplacer("{", "{{", "}", "}}").Replace(body)
			return "format!(" + strings.ReplaceAll(body, f.Marker(), "{"+name+"}") + ")"
		})
		head, call, _ := strings.Cut(text, rustCallStart)
		call = strings.TrimSuffix(rustCallStart+call, "    Ok(())\n}\n")
		value := "i.to_string()"
		if f.Width > 0 {
			value = fmt.Sprintf("format!(\"{i:0%d}\")", f.Width)
		}
		return fmt.Sprintf("%s    for i in %d..=%d {\n        let %s = %s;\n%s    }\n    Ok(())\n}\n",
			head, f.From, f.To, name, value, indentLines(call, "    ")), nil
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
