package visualizer

import (
	"strconv"
	"strings"
)

// SVG builds an SVG document as text. The views draw with it so that their
// output is deterministic (attribute order, number formatting) and golden
// files stay stable: numbers print with at most two decimals and text is
// escaped once, here.
type SVG struct {
	b strings.Builder
}

// NewSVG starts a document of the given size whose root carries class (for
// the stylesheet) and an accessible title.
func NewSVG(width, height float64, class, title string) *SVG {
	s := &SVG{}
	s.b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	s.b.WriteString(Num(width))
	s.b.WriteByte(' ')
	s.b.WriteString(Num(height))
	s.b.WriteString(`" width="`)
	s.b.WriteString(Num(width))
	s.b.WriteString(`" height="`)
	s.b.WriteString(Num(height))
	s.b.WriteString(`" class="`)
	s.b.WriteString(Escape(class))
	s.b.WriteString(`" role="img"><title>`)
	s.b.WriteString(Escape(title))
	s.b.WriteString("</title>\n")
	return s
}

// Attr is one attribute of an element; Attrs keeps them in the order given.
type Attr struct{ Name, Value string }

// A returns an attribute.
func A(name, value string) Attr { return Attr{name, value} }

// AN returns an attribute with a numeric value.
func AN(name string, v float64) Attr { return Attr{name, Num(v)} }

// Open writes a start tag.
func (s *SVG) Open(tag string, attrs ...Attr) {
	s.tag(tag, attrs)
	s.b.WriteString(">\n")
}

// Close writes an end tag.
func (s *SVG) Close(tag string) {
	s.b.WriteString("</")
	s.b.WriteString(tag)
	s.b.WriteString(">\n")
}

// Empty writes a self-closing element.
func (s *SVG) Empty(tag string, attrs ...Attr) {
	s.tag(tag, attrs)
	s.b.WriteString("/>\n")
}

// Text writes an element holding escaped text.
func (s *SVG) Text(tag, text string, attrs ...Attr) {
	s.tag(tag, attrs)
	s.b.WriteByte('>')
	s.b.WriteString(Escape(text))
	s.b.WriteString("</")
	s.b.WriteString(tag)
	s.b.WriteString(">\n")
}

func (s *SVG) tag(tag string, attrs []Attr) {
	s.b.WriteByte('<')
	s.b.WriteString(tag)
	for _, a := range attrs {
		s.b.WriteByte(' ')
		s.b.WriteString(a.Name)
		s.b.WriteString(`="`)
		s.b.WriteString(Escape(a.Value))
		s.b.WriteByte('"')
	}
}

// String closes the root and returns the document.
func (s *SVG) String() string {
	return s.b.String() + "</svg>\n"
}

// Num formats a coordinate: at most two decimals, no trailing zeros, no
// exponent, and no negative zero.
func Num(v float64) string {
	t := strconv.FormatFloat(v, 'f', 2, 64)
	t = strings.TrimRight(strings.TrimRight(t, "0"), ".")
	if t == "-0" || t == "" {
		return "0"
	}
	return t
}

var escaper = strings.NewReplacer(`&`, "&amp;", `<`, "&lt;", `>`, "&gt;", `"`, "&quot;", `'`, "&#39;")

// Escape escapes text for an SVG or HTML attribute or text node.
func Escape(s string) string { return escaper.Replace(s) }
