package engine

import "strings"

// resourceTable finds the table a control-plane ResourceArn names, for the
// tagging and resource-policy operations. The checks follow the error
// classes DynamoDB answers (Alternator's and dynalite's suites, recorded
// against it): no ARN at all is a ValidationException "Invalid TableArn";
// a string that is not an ARN, an ARN of another service or another
// account is refused as AccessDeniedException (the caller may not act on
// that resource); a DynamoDB ARN that is not a table's (an index, a
// stream, a backup) or names another region is "Invalid TableArn: Invalid
// ResourceArn provided as input <arn>"; a table that does not exist is
// ResourceNotFoundException with the service's own spelling "ResourcArn".
// The caller holds the lock.
func (d *Database) resourceTable(action string, arn *string) (*table, *Error) {
	if arn == nil {
		return nil, validationf("Invalid TableArn")
	}
	a := *arn
	denied := func() *Error {
		res := a
		if res == "" {
			res = "*"
		}
		return Errorf(CodeAccessDenied, "User: arn:aws:iam::%s:root is not authorized to perform: dynamodb:%s on resource: %s", d.account, action, res)
	}
	parts := strings.SplitN(a, ":", 6)
	if len(parts) != 6 || parts[0] != "arn" || parts[1] == "" || parts[2] == "" || !strings.Contains(parts[5], "/") {
		return nil, denied()
	}
	if parts[2] != "dynamodb" || parts[4] != d.account {
		return nil, denied()
	}
	name, ok := strings.CutPrefix(parts[5], "table/")
	if !ok || name == "" || strings.Contains(name, "/") || parts[3] != d.region {
		return nil, validationf("Invalid TableArn: Invalid ResourceArn provided as input %s", a)
	}
	t, exists := d.tables[name]
	if !exists {
		return nil, Errorf(CodeResourceNotFound, "Requested resource not found: ResourcArn: %s not found", a)
	}
	return t, nil
}
