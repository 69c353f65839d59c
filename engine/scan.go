package engine

// Scan implements DynamoDB's Scan.
func (d *Database) Scan(in *ScanInput) (*ScanOutput, error) {
	return nil, notImplemented("Scan")
}
