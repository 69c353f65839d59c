package engine

import (
	"strconv"

	"github.com/dynamodb-workbench/workbench/engine/json"
)

// resourcePolicy is a table's resource-based policy. The engine has no IAM:
// it keeps the document and its revision so that the policy calls behave
// as DynamoDB's do, and enforces nothing.
type resourcePolicy struct {
	doc      string
	revision string
}

// maxPolicyBytes is the size limit of a resource-based policy: 20 KB
// (DynamoDB's resource-based policy considerations page).
const maxPolicyBytes = 20 << 10

// policyNotFound is DynamoDB's answer when a table has no policy (or not
// the expected revision). Unverified wording.
func policyNotFound(arn string) *Error {
	return Errorf(CodePolicyNotFound, "Resource-based policy not found for the provided ResourceArn: %s", arn)
}

// GetResourcePolicy implements DynamoDB's GetResourcePolicy.
func (d *Database) GetResourcePolicy(in *GetResourcePolicyInput) (*GetResourcePolicyOutput, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.resourceTable("GetResourcePolicy", in.ResourceArn)
	if err != nil {
		return nil, err
	}
	if t.policy == nil {
		return nil, policyNotFound(*in.ResourceArn)
	}
	return &GetResourcePolicyOutput{Policy: t.policy.doc, RevisionId: t.policy.revision}, nil
}

// PutResourcePolicy implements DynamoDB's PutResourcePolicy: the policy
// must be a JSON document of at most 20 KB; ExpectedRevisionId, when
// given, must name the current revision.
func (d *Database) PutResourcePolicy(in *PutResourcePolicyInput) (*PutResourcePolicyOutput, error) {
	var c constraints
	if in.Policy == nil {
		c.null("policy")
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	if len(*in.Policy) > maxPolicyBytes {
		return nil, validationf("Policy document size exceeds the limit of %d bytes", maxPolicyBytes)
	}
	var doc map[string]any
	if json.Unmarshal([]byte(*in.Policy), &doc) != nil {
		// Unverified wording.
		return nil, validationf("Invalid policy document: the policy is not a valid JSON object")
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.resourceTable("PutResourcePolicy", in.ResourceArn)
	if err != nil {
		return nil, err
	}
	if in.ExpectedRevisionId != nil && (t.policy == nil || t.policy.revision != *in.ExpectedRevisionId) {
		return nil, policyNotFound(*in.ResourceArn)
	}
	// Revision ids are opaque strings; DynamoDB's look like millisecond
	// timestamps. The sequence keeps two puts in the same millisecond apart.
	d.policySeq++
	rev := strconv.FormatInt(d.clock.Now().UnixMilli()*1000+int64(d.policySeq%1000), 10)
	t.policy = &resourcePolicy{doc: *in.Policy, revision: rev}
	return &PutResourcePolicyOutput{RevisionId: rev}, nil
}

// DeleteResourcePolicy implements DynamoDB's DeleteResourcePolicy.
func (d *Database) DeleteResourcePolicy(in *DeleteResourcePolicyInput) (*DeleteResourcePolicyOutput, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.resourceTable("DeleteResourcePolicy", in.ResourceArn)
	if err != nil {
		return nil, err
	}
	if t.policy == nil || in.ExpectedRevisionId != nil && t.policy.revision != *in.ExpectedRevisionId {
		return nil, policyNotFound(*in.ResourceArn)
	}
	rev := t.policy.revision
	t.policy = nil
	return &DeleteResourcePolicyOutput{RevisionId: rev}, nil
}
