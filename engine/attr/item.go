package attr

// Clone returns a copy of the item's map. The values are shared: they are
// immutable.
func (it Item) Clone() Item {
	if it == nil {
		return nil
	}
	c := make(Item, len(it))
	for k, v := range it {
		c[k] = v
	}
	return c
}

// Get returns the value of the named attribute (as Fields.Get does).
func (it Item) Get(name string) (Value, bool) {
	v, ok := it[name]
	return v, ok
}
