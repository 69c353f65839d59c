package model

import (
	"errors"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// TestValidatePaths breaks the valid fixture one way at a time and checks
// the error names the place.
func TestValidatePaths(t *testing.T) {
	gsi := func(name, hash string) schema.GlobalSecondaryIndex {
		return schema.GlobalSecondaryIndex{
			IndexName:  name,
			KeySchema:  []schema.KeySchemaElement{{AttributeName: hash, KeyType: schema.KeyTypeHash}},
			Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly},
		}
	}
	tests := []struct {
		name   string
		break_ func(m *Model)
		want   string
	}{
		{"version", func(m *Model) { m.Version = 0 }, "version: 0 is not the current version 1"},
		{"second GSI key not defined", func(m *Model) {
			m.Tables[0].AttributeDefinitions = append(m.Tables[0].AttributeDefinitions, schema.AttributeDefinition{AttributeName: "email", AttributeType: schema.TypeS})
			m.Tables[0].GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{gsi("ByEmail", "email"), gsi("ByStatus", "status")}
		}, "tables[0].GlobalSecondaryIndexes[1]: One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions"},
		{"GSI name too short", func(m *Model) {
			m.Tables[0].AttributeDefinitions = append(m.Tables[0].AttributeDefinitions, schema.AttributeDefinition{AttributeName: "email", AttributeType: schema.TypeS})
			m.Tables[0].GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{gsi("ix", "email")}
		}, "tables[0].GlobalSecondaryIndexes[0]: 1 validation error detected"},
		{"LSI without the table's hash key", func(m *Model) {
			m.Tables[0].AttributeDefinitions = append(m.Tables[0].AttributeDefinitions, schema.AttributeDefinition{AttributeName: "price", AttributeType: schema.TypeN})
			m.Tables[0].LocalSecondaryIndexes = []schema.LocalSecondaryIndex{{IndexName: "ByPrice",
				KeySchema:  []schema.KeySchemaElement{{AttributeName: "price", KeyType: schema.KeyTypeHash}, {AttributeName: "SK", KeyType: schema.KeyTypeRange}},
				Projection: schema.Projection{ProjectionType: schema.ProjectAll}}}
		}, "tables[0].LocalSecondaryIndexes[0]: "},
		{"unused definition", func(m *Model) {
			m.Tables[0].AttributeDefinitions = append(m.Tables[0].AttributeDefinitions, schema.AttributeDefinition{AttributeName: "email", AttributeType: schema.TypeS})
		}, "tables[0]: One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions"},
		{"table name", func(m *Model) { m.Tables[0].TableName = "x" }, "tables[0]: 1 validation error detected: Value 'x' at 'tableName'"},
		{"duplicate table", func(m *Model) { m.Tables = append(m.Tables, m.Tables[0]) }, `tables[1].TableName: duplicate table name "ShoppingCart" (also tables[0])`},
		{"TTL on a string key", func(m *Model) { m.Tables[0].TimeToLiveSpecification.AttributeName = "SK" }, `tables[0].TimeToLiveSpecification.AttributeName: "SK" is a key attribute of type S`},
		{"entity table", func(m *Model) { m.Entities[1].Table = "Cart" }, `entities[1].table: no table "Cart" in the model`},
		{"entity without sort key template", func(m *Model) { delete(m.Entities[1].Keys, "SK") }, `entities[1].keys: no template for key attribute "SK" of table ShoppingCart`},
		{"entity template syntax", func(m *Model) { m.Entities[1].Keys["SK"] = "CART#{status" }, `entities[1].keys.SK: template "CART#{status": unclosed '{'`},
		{"entity key not a key", func(m *Model) { m.Entities[0].Keys["email"] = "{email}" }, `entities[0].keys.email: "email" is not a key attribute of table ShoppingCart or of its indexes`},
		{"attribute type", func(m *Model) { m.Entities[1].Attributes[0].Type = "Number" }, `entities[1].attributes[0].type: "Number" is not a DynamoDB type`},
		{"key attribute type", func(m *Model) { m.Entities[1].Attributes[0] = Attribute{Name: "PK", Type: "N"} }, `entities[1].attributes[0].type: "PK" is a key attribute of type S`},
		{"generator", func(m *Model) { m.Entities[1].Attributes[0].Generator = "int(9,1)" }, "entities[1].attributes[0].generator: int: min 9 is greater than max 1"},
		{"generator type", func(m *Model) { m.Entities[1].Attributes[0].Generator = "uuid" }, "entities[1].attributes[0].generator: uuid makes S values, not N"},
		{"frequency", func(m *Model) { m.Entities[1].Attributes[0].Frequency = 2 }, "entities[1].attributes[0].frequency: 2 is not a share between 0 and 1"},
		{"operation", func(m *Model) { m.AccessPatterns[0].Operation = "Select" }, `accessPatterns[0].operation: "Select" is not one of`},
		{"undeclared parameter", func(m *Model) { m.AccessPatterns[0].Parameters = nil }, "accessPatterns[0].request: parameter {userId} is not declared in parameters"},
		{"unused parameter", func(m *Model) {
			m.AccessPatterns[1].Parameters = append(m.AccessPatterns[1].Parameters, Parameter{Name: "since", Example: "1"})
		}, `accessPatterns[1].parameters[1]: parameter "since" is not used by the request`},
		{"request member", func(m *Model) {
			m.AccessPatterns[1].Request = []byte(`{"TableName": "ShoppingCart", "Keys": {}}`)
		}, "accessPatterns[1].request: request is not a valid GetItem input"},
		{"request table", func(m *Model) {
			m.AccessPatterns[1].Request = []byte(`{"TableName": "Carts", "Key": {"PK": {"S": "USER#{userId}"}}}`)
		}, `accessPatterns[1].request.TableName: no table "Carts" in the model`},
		{"request index", func(m *Model) {
			m.AccessPatterns[0].Request = []byte(`{"TableName": "ShoppingCart", "IndexName": "ByEmail", "KeyConditionExpression": "PK = :pk", "ExpressionAttributeValues": {":pk": {"S": "USER#{userId}"}}}`)
		}, `accessPatterns[0].request.IndexName: table ShoppingCart has no index "ByEmail"`},
		{"request key does not fit the entity", func(m *Model) {
			m.AccessPatterns[1].Entity = "User"
			m.AccessPatterns[1].Request = []byte(`{"TableName": "ShoppingCart", "Key": {"PK": {"S": "{userId}"}, "SK": {"S": "PROFILE"}}}`)
		}, "accessPatterns[1].request.Key: the example key does not fit the key templates of entity User"},
		{"expression syntax", func(m *Model) {
			m.AccessPatterns[0].Request = []byte(`{"TableName": "ShoppingCart", "KeyConditionExpression": "PK = :pk AND begins_with(SK :cart)", "ExpressionAttributeValues": {":pk": {"S": "USER#{userId}"}, ":cart": {"S": "CART#"}}}`)
		}, `accessPatterns[0].request: Invalid KeyConditionExpression: Syntax error; token: ":cart"`},
		{"undefined value placeholder", func(m *Model) {
			m.AccessPatterns[0].Request = []byte(`{"TableName": "ShoppingCart", "KeyConditionExpression": "PK = :pk AND begins_with(SK, :crt)", "ExpressionAttributeValues": {":pk": {"S": "USER#{userId}"}, ":cart": {"S": "CART#"}}}`)
		}, "accessPatterns[0].request: Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :crt"},
		{"unused value placeholder", func(m *Model) {
			m.AccessPatterns[0].Request = []byte(`{"TableName": "ShoppingCart", "KeyConditionExpression": "PK = :pk", "ExpressionAttributeValues": {":pk": {"S": "USER#{userId}"}, ":cart": {"S": "CART#"}}}`)
		}, "accessPatterns[0].request: Value provided in ExpressionAttributeValues unused in expressions: keys: {:cart}"},
		{"reserved word in a filter", func(m *Model) {
			m.AccessPatterns[0].Request = []byte(`{"TableName": "ShoppingCart", "KeyConditionExpression": "PK = :pk", "FilterExpression": "status = :s", "ExpressionAttributeValues": {":pk": {"S": "USER#{userId}"}, ":s": {"S": "ACTIVE"}}}`)
		}, "accessPatterns[0].request: Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status"},
		{"update expression in a transaction", func(m *Model) {
			m.AccessPatterns[1].Operation = "TransactWriteItems"
			m.AccessPatterns[1].Request = []byte(`{"TransactItems": [{"ConditionCheck": {"TableName": "ShoppingCart", "Key": {"PK": {"S": "USER#{userId}"}, "SK": {"S": "PROFILE"}}, "ConditionExpression": "attribute_exists(PK)"}},
				{"Update": {"TableName": "ShoppingCart", "Key": {"PK": {"S": "USER#{userId}"}, "SK": {"S": "PROFILE"}}, "UpdateExpression": "SET a = :a, a = :b", "ExpressionAttributeValues": {":a": {"N": "1"}, ":b": {"N": "2"}}}}]}`)
		}, "accessPatterns[1].request.TransactItems[1].Update: Invalid UpdateExpression: Two document paths overlap with each other"},
		{"key condition off the key schema", func(m *Model) {
			m.AccessPatterns[0].Request = []byte(`{"TableName": "ShoppingCart", "KeyConditionExpression": "SK = :pk", "ExpressionAttributeValues": {":pk": {"S": "USER#{userId}"}}}`)
		}, "accessPatterns[0].request.KeyConditionExpression: Query condition missed key schema element: PK"},
		{"fan-out", func(m *Model) {
			m.AccessPatterns[0].FanOut = &FanOut{Parameter: "shard", From: 5, To: 1}
		}, "accessPatterns[0].fanOut: from 5 to 1 is not 1 to 1000 values"},
		{"rate", func(m *Model) { m.AccessPatterns[0].Rate = -1 }, "accessPatterns[0].rate: -1 is not a rate"},
		{"dataset table", func(m *Model) { m.Dataset.Items["Carts"] = []attr.Item{{}} }, `dataset.items.Carts: no table "Carts" in the model`},
		{"dataset key", func(m *Model) { delete(m.Dataset.Items["ShoppingCart"][1], "SK") }, `dataset.items.ShoppingCart[1]: missing key attribute "SK"`},
		{"dataset key type", func(m *Model) { m.Dataset.Items["ShoppingCart"][2]["PK"] = attr.MustNumber("1") }, "dataset.items.ShoppingCart[2].PK: key attribute of type S holds a N"},
		{"generator pattern", func(m *Model) { m.Dataset.Generator = &GeneratorSpec{Size: -1} }, "dataset.generator.pattern: a generator spec names a pattern"},
		{"workload pattern", func(m *Model) {
			m.Workload = &Workload{Requests: []WorkloadRequest{{AccessPattern: "Checkout", Rate: 5}}}
		}, `workload.requests[0].accessPattern: no access pattern "Checkout" in the model`},
		{"workload zipf", func(m *Model) {
			m.Workload = &Workload{Requests: []WorkloadRequest{{AccessPattern: "Full cart", Rate: 5,
				Keys: []KeyDistribution{{Parameter: "userId", Kind: DistZipf, Cardinality: 1000, Skew: 0.5}}}}}
		}, "workload.requests[0].keys[0].skew: 0.5: a Zipf skew is greater than 1"},
		{"workload parameter", func(m *Model) {
			m.Workload = &Workload{Requests: []WorkloadRequest{{AccessPattern: "Full cart", Rate: 5,
				Keys: []KeyDistribution{{Parameter: "user", Kind: DistUniform, Cardinality: 10, Format: "u{i}"}}}}}
		}, `workload.requests[0].keys[0].parameter: access pattern Full cart has no parameter "user"`},
		{"workload format", func(m *Model) {
			m.Workload = &Workload{Requests: []WorkloadRequest{{AccessPattern: "Full cart", Rate: 5,
				Keys: []KeyDistribution{{Parameter: "userId", Kind: DistHot, HotFraction: 0.5, Cardinality: 10, Format: "u{i}"}}}}}
		}, `workload.requests[0].keys[0].format: "u{i}": a format holds the parameter {n} once`},
		{"start time", func(m *Model) { m.Settings.StartTime = "yesterday" }, `settings.startTime: "yesterday" is not an RFC 3339 time`},
		{"clock speed", func(m *Model) { m.Settings.ClockSpeed = -2 }, "settings.clockSpeed: -2 is not in 0..1000000"},
		{"TTL delay", func(m *Model) { m.Settings.TTLDeletionDelay = -1 }, "settings.ttlDeletionDelay: -1ns is negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := fixture(t)
			tt.break_(m)
			err := m.Validate()
			if err == nil {
				t.Fatalf("Validate() = nil, want %q", tt.want)
			}
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("Validate() returned %T, want Errors", err)
			}
			for _, e := range es {
				if strings.HasPrefix(e.Error(), tt.want) {
					return
				}
			}
			t.Fatalf("Validate() =\n%v\nwant an error starting %q", err, tt.want)
		})
	}
}

func TestValidWorkload(t *testing.T) {
	m := fixture(t)
	m.Workload = &Workload{DurationSeconds: 3600, Requests: []WorkloadRequest{
		{AccessPattern: "Full cart", Rate: 500, Keys: []KeyDistribution{{Parameter: "userId", Kind: DistZipf, Cardinality: 100000, Skew: 1.2, Format: "user{n}"}}},
		{AccessPattern: "Profile", Rate: 100, Keys: []KeyDistribution{{Parameter: "userId", Kind: DistHot, Cardinality: 1000, HotFraction: 0.3}}},
	}}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestValidateReadable checks that problems carry a readable location and,
// for DynamoDB's terse expression messages, a plain sentence.
func TestValidateReadable(t *testing.T) {
	m := fixture(t)
	m.AccessPatterns[0].Request = []byte(`{"TableName": "ShoppingCart", "KeyConditionExpression": "PK = :pk AND begins_with(SK, :crt)", "ExpressionAttributeValues": {":pk": {"S": "USER#{userId}"}, ":cart": {"S": "CART#"}}}`)
	m.Tables[0].AttributeDefinitions = append(m.Tables[0].AttributeDefinitions, schema.AttributeDefinition{AttributeName: "email", AttributeType: schema.TypeS})
	m.Tables[0].GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{
		{IndexName: "ByEmail", KeySchema: []schema.KeySchemaElement{{AttributeName: "email", KeyType: schema.KeyTypeHash}}, Projection: schema.Projection{ProjectionType: schema.ProjectAll}},
		{IndexName: "ByStatus", KeySchema: []schema.KeySchemaElement{{AttributeName: "status", KeyType: schema.KeyTypeHash}}, Projection: schema.Projection{ProjectionType: schema.ProjectAll}},
	}
	var es Errors
	if !errors.As(m.Validate(), &es) {
		t.Fatal("Validate found nothing")
	}
	want := map[string]string{
		"accessPatterns[0].request":           "access pattern “Full cart”, request",
		"tables[0].GlobalSecondaryIndexes[1]": "table ShoppingCart, index ByStatus",
	}
	for _, e := range es {
		if w, ok := want[e.Path]; ok {
			if e.Where != w {
				t.Errorf("%s: Where = %q, want %q", e.Path, e.Where, w)
			}
			if e.Path == "accessPatterns[0].request" && !strings.Contains(e.Readable(), "ExpressionAttributeValues does not define") {
				t.Errorf("Readable() = %q, want a plain sentence about the undefined value", e.Readable())
			}
			if e.Path == "tables[0].GlobalSecondaryIndexes[1]" && (!strings.HasPrefix(e.Readable(), "table ShoppingCart, index ByStatus: One or more parameter values were invalid: Some index key attributes are not defined") ||
				!strings.Contains(e.Readable(), "needs an entry in AttributeDefinitions")) {
				t.Errorf("Readable() = %q, want the place, DynamoDB's message and a plain sentence", e.Readable())
			}
			delete(want, e.Path)
		}
	}
	if len(want) > 0 {
		t.Errorf("no problem at %v in %v", want, es)
	}
	for path, w := range map[string]string{
		"tables[0].KeySchema[1]":              "table ShoppingCart, sort key SK",
		"entities[1].keys.SK":                 "entity CartItem, key SK",
		"entities[0].attributes[0].generator": "entity User, attribute email, generator",
		"workload.requests[2].rate":           "workload, request 3, rate",
	} {
		if got := m.Where(path); got != w {
			t.Errorf("Where(%q) = %q, want %q", path, got, w)
		}
	}
}

func TestValidateEmptyExample(t *testing.T) {
	m := fixture(t)
	m.AccessPatterns[1].Request = []byte(`{"TableName": "ShoppingCart", "Key": {"PK": {"S": "USER#{userId}"}, "SK": {"S": "PROFILE"}}, "ProjectionExpression": "#a", "ExpressionAttributeNames": {"#a": "email"}}`)
	m.AccessPatterns[0].Request = []byte(`{"TableName": "ShoppingCart", "KeyConditionExpression": "PK = :pk", "FilterExpression": "price > :p", "ExpressionAttributeValues": {":pk": {"S": "USER#{userId}"}, ":p": {"N": "{userId}"}}}`)
	m.AccessPatterns[0].Parameters[0].Example = ""
	var es Errors
	if !errors.As(m.Validate(), &es) || len(es) != 1 || es[0].Path != "accessPatterns[0].request" || !strings.Contains(es[0].Hint, "parameter {userId} has no example") {
		t.Fatalf("Validate() = %v, want one problem on the request with a hint about the missing example", es)
	}
}
