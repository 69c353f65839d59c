package attr

// AttributeValue wraps a single Value for JSON fields that hold one
// AttributeValue envelope ({"S":"x"}), such as legacy AttributeValueList.
type AttributeValue struct {
	Value Value
}

// Values is an ExpressionAttributeValues map: placeholder (":v") to value.
// Its decoder words a bad value as DynamoDB does:
// "ExpressionAttributeValues contains invalid value: <reason> for key :v".
type Values map[string]Value
