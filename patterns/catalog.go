package patterns

// catalog lists the patterns in the order the workbench shows them.
var catalog = []*Pattern{
	compositeSortKey,
	multiTenancy,
	sparseIndex,
	ttlEphemeral,
	ttlArchive,
	verticalPartitioning,
	writeSharding,
	studentData,
	timeSeries,
	bulkUploadHotCold,
}

// Catalog returns every pattern, in the workbench's order.
func Catalog() []*Pattern {
	return append([]*Pattern(nil), catalog...)
}

// Get returns the pattern named name.
func Get(name string) (*Pattern, bool) {
	for _, p := range catalog {
		if p.Name == name {
			return p, true
		}
	}
	return nil, false
}
