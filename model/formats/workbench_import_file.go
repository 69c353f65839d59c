package formats

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// The file's shape, as far as the import reads it. Members NoSQL Workbench
// writes that the workbench has no use for (DataAccess, SampleDataFormats)
// are ignored, as are unknown ones: later NoSQL Workbench versions add some.

type nwFile struct {
	ModelName     *string         `json:"ModelName"`
	ModelMetadata *nwMetadata     `json:"ModelMetadata"`
	DataModel     json.RawMessage `json:"DataModel"`
}

type nwMetadata struct {
	Author      string `json:"Author"`
	Description string `json:"Description"`
	AWSService  string `json:"AWSService"`
	Version     string `json:"Version"`
}

type nwAttr struct {
	AttributeName string `json:"AttributeName"`
	AttributeType string `json:"AttributeType"`
}

type nwKeys struct {
	PartitionKey *nwAttr `json:"PartitionKey"`
	SortKey      *nwAttr `json:"SortKey"`
}

type nwFacet struct {
	FacetName         string `json:"FacetName"`
	KeyAttributeAlias struct {
		PartitionKeyAlias string `json:"PartitionKeyAlias"`
		SortKeyAlias      string `json:"SortKeyAlias"`
	} `json:"KeyAttributeAlias"`
	TableData        []json.RawMessage `json:"TableData"`
	NonKeyAttributes []string          `json:"NonKeyAttributes"`
}

type nwGSI struct {
	IndexName     string `json:"IndexName"`
	KeyAttributes nwKeys `json:"KeyAttributes"`
	// ProvisionedThroughput is an index's own capacity, which the
	// workbench's export writes when it differs from the table's (NoSQL
	// Workbench gives indexes the table's).
	ProvisionedThroughput *struct {
		ReadCapacityUnits  json.Number `json:"ReadCapacityUnits"`
		WriteCapacityUnits json.Number `json:"WriteCapacityUnits"`
	} `json:"ProvisionedThroughput"`
	Projection *struct {
		ProjectionType   string   `json:"ProjectionType"`
		NonKeyAttributes []string `json:"NonKeyAttributes"`
	} `json:"Projection"`
}

type nwScaling struct {
	ScalableTargetRequest struct {
		MinCapacity json.Number `json:"MinCapacity"`
		MaxCapacity json.Number `json:"MaxCapacity"`
	} `json:"ScalableTargetRequest"`
	ScalingPolicyConfiguration struct {
		TargetValue json.Number `json:"TargetValue"`
	} `json:"ScalingPolicyConfiguration"`
}

type nwTableIn struct {
	TableName                   string            `json:"TableName"`
	KeyAttributes               nwKeys            `json:"KeyAttributes"`
	NonKeyAttributes            []nwAttr          `json:"NonKeyAttributes"`
	TableFacets                 []nwFacet         `json:"TableFacets"`
	GlobalSecondaryIndexes      []nwGSI           `json:"GlobalSecondaryIndexes"`
	TableData                   []json.RawMessage `json:"TableData"`
	BillingMode                 string            `json:"BillingMode"`
	ProvisionedCapacitySettings *struct {
		ProvisionedThroughput *struct {
			ReadCapacityUnits  json.Number `json:"ReadCapacityUnits"`
			WriteCapacityUnits json.Number `json:"WriteCapacityUnits"`
		} `json:"ProvisionedThroughput"`
		AutoScalingRead  *nwScaling `json:"AutoScalingRead"`
		AutoScalingWrite *nwScaling `json:"AutoScalingWrite"`
	} `json:"ProvisionedCapacitySettings"`
}

// decodeJSON decodes data into v, turning encoding/json's errors, which
// name Go types, into ones that name the file's members and JSON's types.
func decodeJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		return errors.New("more than one JSON value")
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		where := te.Field
		if where == "" {
			where = "the value"
		}
		return fmt.Errorf("%s: expected %s, found a JSON %s", where, jsonKind(te.Type), te.Value)
	case errors.As(err, &se):
		return fmt.Errorf("not valid JSON at byte %d: %v", se.Offset, err)
	case err != nil:
		return fmt.Errorf("not valid JSON: %v", err)
	}
	return nil
}

func jsonKind(t reflect.Type) string {
	switch {
	case t == reflect.TypeOf(json.Number("")):
		return "a number"
	case t.Kind() == reflect.String:
		return "a string"
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && t.Name() == "RawMessage":
		return "a JSON value"
	case t.Kind() == reflect.Slice:
		return "an array"
	case t.Kind() == reflect.Struct, t.Kind() == reflect.Map, t.Kind() == reflect.Pointer:
		return "an object"
	case t.Kind() == reflect.Bool:
		return "true or false"
	}
	return "a " + t.Kind().String()
}
