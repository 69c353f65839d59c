package visualizer

import (
	"slices"
	"strconv"

	"github.com/dynamodb-workbench/workbench/model"
)

// KeysPicture is a small picture of a design's keys, for the start page's
// pattern gallery: the first table's key attributes as column heads, and
// under them the key templates of its first entities, one row each in the
// entity's colour; a last line counts the indexes and what is left out.
//
// It shows what a pattern does to its keys at a glance (USER#{userId} over
// PROFILE and ORDER#{orderId} in one collection) without the data.

// keysPictureRows bounds the entity rows drawn.
const keysPictureRows = 4

// keysPicture geometry.
const (
	keysW     = 260.0
	keysRowH  = 16.0
	keysHeadH = 18.0
	keysPad   = 4.0
	keysChars = 18 // a column's width in characters at 10px monospace
)

// KeysSVG draws m's keys as a small SVG.
func KeysSVG(m *model.Model) string {
	if m == nil || len(m.Tables) == 0 {
		s := NewSVG(keysW, keysHeadH+2*keysPad, "wb-keys", "No table")
		s.Text("text", "no table yet", AN("x", keysPad), AN("y", keysPad+12), A("class", "wb-keys-note"))
		return s.String()
	}
	t := &m.Tables[0]
	cols := []string{t.HashKey()}
	if sk := t.RangeKey(); sk != "" {
		cols = append(cols, sk)
	}
	var ents []*model.Entity
	for i := range m.Entities {
		if m.Entities[i].Table == t.TableName {
			ents = append(ents, &m.Entities[i])
		}
	}
	rows := min(len(ents), keysPictureRows)
	extra := 0
	if len(ents) > rows {
		extra = len(ents) - rows
	}
	idx := len(t.GlobalSecondaryIndexes) + len(t.LocalSecondaryIndexes)
	foot := ""
	switch {
	case idx > 0 && extra > 0:
		foot = plural(idx, "index", "indexes") + " · " + plural(extra, "more entity", "more entities")
	case idx > 0:
		foot = plural(idx, "index", "indexes")
	case extra > 0:
		foot = plural(extra, "more entity", "more entities")
	}
	if len(m.Tables) > 1 {
		if foot != "" {
			foot += " · "
		}
		foot += plural(len(m.Tables)-1, "more table", "more tables")
	}
	h := keysPad*2 + keysHeadH + float64(rows)*keysRowH
	if foot != "" {
		h += keysRowH
	}
	title := "Keys of " + t.TableName
	s := NewSVG(keysW, h, "wb-keys", title)
	colW := (keysW - 2*keysPad) / float64(len(cols))
	for c, name := range cols {
		x := keysPad + float64(c)*colW
		s.Empty("rect", AN("x", x), AN("y", keysPad), AN("width", colW-2), AN("height", keysHeadH-2), A("class", "wb-keys-head"), AN("rx", 3))
		s.Text("text", clip(name, keysChars), AN("x", x+4), AN("y", keysPad+12), A("class", "wb-keys-attr"))
	}
	for r := 0; r < rows; r++ {
		e := ents[r]
		y := keysPad + keysHeadH + float64(r)*keysRowH + 12
		for c, name := range cols {
			tpl := e.Keys[name]
			if tpl == "" {
				tpl = "—"
			}
			x := keysPad + float64(c)*colW
			s.Text("text", clip(tpl, keysChars), AN("x", x+4), AN("y", y), A("class", "wb-keys-tpl "+EntityClass(e.Name)))
		}
	}
	if foot != "" {
		y := keysPad + keysHeadH + float64(rows)*keysRowH + 12
		s.Text("text", foot, AN("x", keysPad+4), AN("y", y), A("class", "wb-keys-note"))
	}
	return s.String()
}

// clip shortens s to n characters with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(slices.Clip(r[:n-1])) + "…"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
