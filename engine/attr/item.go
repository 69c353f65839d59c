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
