package attr

import "slices"

// Field is one attribute of an item held as a list (Fields).
type Field struct {
	Name  string
	Value Value
}

// Fields is an item as a list of its attributes, each name once, in the
// order they were set: the form a dataset's generator writes and the bulk
// loader stores (engine.BulkLoader.PutFields) without the hashing of a
// map, which was a fifth of generating and loading a million items
// (issue 28). A consumer that wants a map asks for one (Item).
type Fields []Field

// Get returns the value of the named attribute (its later value if the
// name is repeated, as in Item).
func (f Fields) Get(name string) (Value, bool) {
	if i := f.last(name); i >= 0 {
		return f[i].Value, true
	}
	return nil, false
}

// Set sets the named attribute, replacing its value if it has one: a map's
// assignment.
func (f *Fields) Set(name string, v Value) {
	s := *f
	for i := range s {
		if len(s[i].Name) == len(name) && s[i].Name == name {
			s[i].Value = v
			return
		}
	}
	*f = append(s, Field{name, v})
}

// Delete removes the named attribute, if set.
func (f *Fields) Delete(name string) {
	*f = slices.DeleteFunc(*f, func(x Field) bool { return x.Name == name })
}

// Item returns the attributes as a new map. A Fields that repeats a name
// (one built by append, not Set) keeps the later value, as assigning them
// in order would.
func (f Fields) Item() Item { return f.Fill(make(Item, len(f))) }

// Fill assigns the attributes into it, in order, and returns it.
func (f Fields) Fill(it Item) Item {
	for _, x := range f {
		it[x.Name] = x.Value
	}
	return it
}

// FieldsOf returns an item's attributes as Fields, by name: a map's order
// is random, and a dataset's is not.
func FieldsOf(it Item) Fields {
	f := make(Fields, 0, len(it))
	for name, v := range it {
		f = append(f, Field{name, v})
	}
	slices.SortFunc(f, func(a, b Field) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return f
}

// AppendFields appends the item's DynamoDB JSON as AppendItem appends its
// map's: names sorted, a repeated name's later value.
func AppendFields(dst []byte, f Fields) []byte {
	var buf [16]int
	order := buf[:0]
	for i := range f {
		if j := f.last(f[i].Name); j == i {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		switch x, y := f[a].Name, f[b].Name; {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	dst = append(dst, '{')
	for n, i := range order {
		if n > 0 {
			dst = append(dst, ',')
		}
		dst = appendQuoted(dst, f[i].Name)
		dst = append(dst, ':')
		dst = AppendValue(dst, f[i].Value)
	}
	return append(dst, '}')
}

// last is the index of the last field of the name.
func (f Fields) last(name string) int {
	for i := len(f) - 1; i >= 0; i-- {
		if f[i].Name == name {
			return i
		}
	}
	return -1
}
