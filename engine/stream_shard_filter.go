package engine

// ShardFilter narrows DescribeStream's shards: with Type CHILD_SHARDS, to
// the children of ShardId. A stream here has one shard, never split, so
// no shard has a parent and a CHILD_SHARDS filter always answers no shards
// (a client following a closed shard's children learns the stream ends).
type ShardFilter struct {
	Type    *string `json:"Type"`
	ShardId *string `json:"ShardId,omitempty"`
}

// shardFilterShape records ShardFilter's request-shape violations.
func shardFilterShape(c *constraints, f *ShardFilter) {
	if f == nil {
		return
	}
	if f.Type == nil {
		c.null("shardFilter.type")
	} else {
		c.enum(*f.Type, "shardFilter.type", "CHILD_SHARDS")
	}
	if f.ShardId != nil {
		shardIDShape(c, *f.ShardId, "shardFilter.shardId")
	} else {
		// DynamoDB refuses a ShardFilter without ShardId (issue 29); the
		// wording is the coral validator's null pattern, unverified.
		c.null("shardFilter.shardId")
	}
}
