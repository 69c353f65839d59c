package engine

import "strings"

// resourceTable finds the table a control-plane ResourceArn names, for the
// tagging and resource-policy operations. The checks follow the error
// classes DynamoDB answers (Alternator's and dynalite's suites, recorded
// against it): no ARN at all is a ValidationException "Invalid TableArn";
// a string of fewer than six colon-separated fields, or an ARN of another
// account, is refused as AccessDeniedException (the caller may not act on
// that resource); six fields that are not a DynamoDB ARN are a
// ValidationException like the next case; a DynamoDB ARN that is not a table's (an index, a
// stream, a backup) or names another region is "Invalid TableArn: Invalid
// ResourceArn provided as input <arn>"; a table that does not exist is
// ResourceNotFoundException with the service's own spelling "ResourcArn".
// The caller holds the lock.
func (d *Database) resourceTable(action string, arn *string) (*table, *Error) {
	name, err := d.resourceName(action, arn)
	if err != nil {
		return nil, err
	}
	t, exists := d.tables[name]
	if !exists {
		return nil, Errorf(CodeResourceNotFound, "Requested resource not found: ResourcArn: %s not found", *arn)
	}
	return t, nil
}

// resourceName is resourceTable's checks of the ARN itself, which DynamoDB
// makes before the request's other checks (dynalite's tagResource.js and
// untagResource.js: a malformed ARN beside an empty Tags or TagKeys is the
// ARN's error); it returns the table name. It reads only d's account and
// region, which never change, so it needs no lock.
func (d *Database) resourceName(action string, arn *string) (string, *Error) {
	if arn == nil {
		return "", validationf("Invalid TableArn")
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
	if len(parts) != 6 || !strings.Contains(parts[5], "/") {
		// Fewer than six fields: DynamoDB cannot tell the resource, and
		// IAM refuses it (dynalite's tagResource.js: a:b:c:d:e/f).
		return "", denied()
	}
	invalid := validationf("Invalid TableArn: Invalid ResourceArn provided as input %s", a)
	if parts[0] != "arn" || parts[1] == "" || parts[2] != "dynamodb" {
		// Six fields that are not a DynamoDB ARN: a ValidationException
		// (dynalite's tagResource.js, untagResource.js and
		// listTagsOfResource.js: a:b:c:d:e:f/g, recorded against DynamoDB).
		return "", invalid
	}
	if parts[4] != d.account {
		return "", denied()
	}
	name, ok := strings.CutPrefix(parts[5], "table/")
	if !ok || len(name) < 3 || strings.Contains(name, "/") || parts[3] != d.region {
		// A name under three characters is refused the same way
		// (dynalite's "short table name in ARN" cases).
		return "", invalid
	}
	return name, nil
}
