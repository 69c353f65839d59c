package attr

// Serialization messages of DynamoDB's JSON layer, as recorded by dynalite's
// test helpers against DynamoDB (assertType: String, Boolean, Blob, List,
// Map, ParameterizedMap, ValueStruct, FieldStruct).
const (
	msgStartOfMap          = "Start of structure or map found where not expected"
	msgUnexpectedField     = "Unexpected field type"
	msgUnexpectedValue     = "Unexpected value type in payload"
	msgUnexpectedToken     = "Unexpected token received from parser"
	msgNotBase64String     = "only base-64-encoded strings are convertible to bytes"
	msgCollectionString    = "Unrecognized collection type class java.lang.String"
	msgCollectionBoolean   = "Unrecognized collection type class java.lang.Boolean"
	msgCollectionBlob      = "Unrecognized collection type class java.nio.ByteBuffer"
	msgCollectionAttrValue = "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"
	msgCollectionAttrMap   = "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"
	// msgMapCast is what DynamoDB answers when a whole Item, Key or
	// ExpressionAttributeValues map is a JSON scalar (a Java
	// ClassCastException message, verbatim).
	msgMapCast = "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')"
	// Base64: the length check comes first; any other defect (a character
	// outside the alphabet, misplaced padding, non-zero trailing bits) is
	// reported with DynamoDB's message for '=+/=' and '+/+=', including its
	// typo.
	msgBase64Length = "Base64 encoded length is expected a multiple of 4 bytes but found: "
	msgBase64Bad    = "Invalid last non-pad Base64 character dectected"
	// msgNullSetElement is ours: DynamoDB's answer to a JSON null inside
	// SS or BS is not recorded anywhere we could find. (In NS a null is
	// MsgNumberInvalid, like an empty string.)
	msgNullSetElement = "Null value found in a set where a string is expected"
)

// Wording of type mismatches by expected JSON type.

func stringMismatch(k tokenKind) string {
	switch k {
	case tokTrue:
		return "TRUE_VALUE cannot be converted to String"
	case tokFalse:
		return "FALSE_VALUE cannot be converted to String"
	case tokInteger:
		return "NUMBER_VALUE cannot be converted to String"
	case tokDecimal:
		return "DECIMAL_VALUE cannot be converted to String"
	case tokArray:
		return msgCollectionString
	}
	return msgStartOfMap
}

func boolMismatch(k tokenKind) string {
	switch k {
	case tokString:
		return msgUnexpectedToken
	case tokInteger:
		return "NUMBER_VALUE cannot be converted to Boolean"
	case tokDecimal:
		return "DECIMAL_VALUE cannot be converted to Boolean"
	case tokArray:
		return msgCollectionBoolean
	}
	return msgStartOfMap
}

func blobMismatch(k tokenKind) string {
	switch k {
	case tokArray:
		return msgCollectionBlob
	case tokObject:
		return msgStartOfMap
	}
	return msgNotBase64String
}

func listMismatch(k tokenKind) string {
	if k == tokObject {
		return msgStartOfMap
	}
	return msgUnexpectedField
}

func mapMismatch(k tokenKind) string {
	if k == tokArray {
		return msgCollectionAttrMap
	}
	return msgUnexpectedField
}

func fieldMismatch(k tokenKind) string {
	if k == tokArray {
		return msgCollectionAttrValue
	}
	return msgUnexpectedField
}

func elementMismatch(k tokenKind) string {
	if k == tokArray {
		return msgCollectionAttrValue
	}
	return msgUnexpectedValue
}

func topMapMismatch(k tokenKind) string {
	if k == tokArray {
		return msgCollectionAttrMap
	}
	return msgMapCast
}
