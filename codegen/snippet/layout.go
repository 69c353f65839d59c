package snippet

import (
	"math"
	"strings"
)

// A doc is source text to lay out: a leaf, or a bracketed group of items
// that goes on one line when it fits in the width and otherwise puts one
// item per line with a trailing comma (valid in Go, Python, JavaScript, C#
// initializers and Rust alike; bare groups, Java's and C#'s argument
// lists, leave it out). A chain is a method chain: its items follow each
// other with no separator, or go one per line, indented, when it does not
// fit. The SDK renderers build docs; the CLI has its own layout.
type doc struct {
	text  string // a leaf's text; a group's opening, e.g. "{" or "client.query("
	close string // a group's closing; a chain's last call, e.g. ".build()"
	pad   string // inside a group's brackets on one line: " " for { a: 1 } in JavaScript
	items []item
	group bool
	chain bool // items are calls: ".tableName(" value ")"
	bare  bool // no comma after the last item when broken
	// allman puts a broken group's opening brace (the last character of
	// text, after a space) on a line of its own, as C# does.
	allman bool
}

type item struct {
	key string // e.g. `TableName: `, `"Key": ` or `TableName=`
	val *doc
	end string // after the value, e.g. ")" closing a chained call
}

func leaf(text string) *doc { return &doc{text: text} }

func group(open, close, pad string) *doc {
	return &doc{text: open, close: close, pad: pad, group: true}
}

func (d *doc) add(key string, val *doc) *doc {
	d.items = append(d.items, item{key: key, val: val})
	return d
}

// call adds key + val + end, e.g. ".tableName(" "T" ")" to a chain.
func (d *doc) call(key string, val *doc, end string) *doc {
	d.items = append(d.items, item{key, val, end})
	return d
}

// chain is a method chain starting at head and ending with close.
func chain(head, close string) *doc {
	return &doc{text: head, close: close, group: true, chain: true}
}

// sep is what separates a group's items on one line.
func (d *doc) sep() string {
	if d.chain {
		return ""
	}
	return ", "
}

// layout is one language's style: the indentation unit and its width in
// columns (a tab counts as 4), the line width to fit groups into, and
// whether keys are aligned as gofmt aligns them.
type layout struct {
	indent      string
	indentWidth int
	width       int
	gofmt       bool
}

// flat is d on one line.
func (d *doc) flat(b *strings.Builder) {
	b.WriteString(d.text)
	if !d.group {
		return
	}
	if len(d.items) > 0 {
		b.WriteString(d.pad)
		for i, it := range d.items {
			if i > 0 {
				b.WriteString(d.sep())
			}
			b.WriteString(it.key)
			it.val.flat(b)
			b.WriteString(it.end)
		}
		b.WriteString(d.pad)
	}
	b.WriteString(d.close)
}

// fits reports whether d fits on one line in budget columns, looking no
// further than the budget so that laying out a large request stays linear.
func (d *doc) fits(budget int) bool {
	return d.remaining(budget) >= 0
}

func (d *doc) remaining(budget int) int {
	budget -= runeLen(d.text)
	if !d.group || budget < 0 {
		return budget
	}
	if len(d.items) > 0 {
		budget -= 2*len(d.pad) + len(d.sep())*(len(d.items)-1)
	}
	for _, it := range d.items {
		if budget < 0 {
			return budget
		}
		budget = it.val.remaining(budget-runeLen(it.key)) - runeLen(it.end)
	}
	return budget - runeLen(d.close)
}

// write lays d out at the given depth, starting at column col, with trail
// more characters to follow it on its last line.
func (l *layout) write(b *strings.Builder, d *doc, depth, col, trail int) {
	if !d.group || len(d.items) == 0 || d.fits(l.width-col-trail) {
		d.flat(b)
		return
	}
	text := d.text
	if d.allman {
		// "new QueryRequest {" breaks as "new QueryRequest", then "{" at
		// the same depth as the closing brace.
		text = strings.TrimSuffix(strings.TrimSuffix(text, "{"), " ") + "\n" + strings.Repeat(l.indent, depth) + "{"
	}
	b.WriteString(text)
	inner := strings.Repeat(l.indent, depth+1)
	innerCol := (depth + 1) * l.indentWidth
	oneLine := make([]bool, len(d.items))
	for i, it := range d.items {
		// As write decides for it.val: a leaf, however long, is one line.
		oneLine[i] = !it.val.group || len(it.val.items) == 0 || it.val.fits(l.width-innerCol-runeLen(it.key)-runeLen(it.end)-1)
	}
	var pads []int
	if l.gofmt {
		pads = gofmtPadding(d.items, oneLine)
	}
	for i, it := range d.items {
		b.WriteByte('\n')
		b.WriteString(inner)
		b.WriteString(it.key)
		if pads != nil {
			b.WriteString(strings.Repeat(" ", pads[i]))
		}
		if oneLine[i] {
			it.val.flat(b)
		} else {
			l.write(b, it.val, depth+1, innerCol+runeLen(it.key), runeLen(it.end)+1)
		}
		b.WriteString(it.end)
		if !d.chain && !(d.bare && i == len(d.items)-1) {
			b.WriteByte(',')
		}
	}
	if d.chain {
		// A chain's last call is one more line of it.
		if d.close != "" {
			b.WriteByte('\n')
			b.WriteString(inner)
			b.WriteString(d.close)
		}
		return
	}
	b.WriteByte('\n')
	b.WriteString(strings.Repeat(l.indent, depth))
	b.WriteString(d.close)
}

// gofmtPadding is the padding gofmt (go/printer) puts after the "key: "
// of each item of a composite literal written one item per line, so that
// the output is already gofmt's and needs no go/format (which would
// weigh about 2 MB in the page's WebAssembly; the tests check the result
// against it). gofmt aligns the values of consecutive one-line key: value
// items in a section; a section ends before and after an item that spans
// lines, and where a key's length is 2.5 times larger or smaller than the
// geometric mean of the section's keys so far, unless both it and the
// previous key are at most 40 bytes long.
func gofmtPadding(items []item, oneLine []bool) []int {
	pads := make([]int, len(items))
	if len(items) < 2 {
		return pads
	}
	keys := make([]string, len(items))
	for i, it := range items {
		keys[i] = strings.TrimSuffix(it.key, ": ")
		if keys[i] == it.key {
			return pads // not key: value items
		}
	}
	start := 0 // of the current section
	align := func(end int) {
		width := 0
		for i := start; i < end; i++ {
			if oneLine[i] {
				width = max(width, runeLen(keys[i]))
			}
		}
		for i := start; i < end; i++ {
			if oneLine[i] {
				pads[i] = width - runeLen(keys[i])
			}
		}
		start = end
	}
	lnsum, count, prevSize := 0.0, 0, 0
	for i := range items {
		size := 0 // gofmt's: the key's length in bytes, 0 for an item that spans lines
		if oneLine[i] {
			size = len(keys[i])
		}
		if i > 0 {
			newSection := true
			if prevSize > 0 && size > 0 {
				if count == 0 || prevSize <= 40 && size <= 40 {
					newSection = false
				} else {
					ratio := float64(size) / math.Exp(lnsum/float64(count))
					newSection = 2.5*ratio <= 1 || 2.5 <= ratio
				}
			}
			if newSection {
				align(i)
				lnsum, count = 0, 0
			}
		}
		if size > 0 {
			lnsum += math.Log(float64(size))
			count++
		}
		prevSize = size
	}
	align(len(items))
	return pads
}

// statement lays out prefix + d + suffix as a line at depth.
func (l *layout) statement(b *strings.Builder, depth int, prefix string, d *doc, suffix string) {
	b.WriteString(strings.Repeat(l.indent, depth))
	b.WriteString(prefix)
	l.write(b, d, depth, depth*l.indentWidth+runeLen(prefix), runeLen(suffix))
	b.WriteString(suffix)
	b.WriteByte('\n')
}
