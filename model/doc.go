// Package model is the workbench document: the unit a person works on,
// shares and exports. A Model holds
//
//   - tables, as CreateTable takes them (schema.TableDefinition, DynamoDB's
//     field names) with their time-to-live setting and stream;
//   - entities: kinds of items, each with key templates such as
//     "USER#{userId}" or "ORDER#{date}#{orderId}" for its key attributes and
//     a description of its other attributes (types, sample-value generators);
//   - access patterns: the application's requests, each a DynamoDB request
//     in the API's own JSON shape whose strings may hold named parameters
//     ("{userId}"), with an expected rate and, for scatter-gather reads, a
//     fan-out over a parameter's values;
//   - a dataset: explicit items (DynamoDB JSON), or a generator spec
//     (pattern, seed, size) that regenerates the same items every time;
//   - a workload (rates and key distributions) for the partition simulator;
//   - settings: the virtual clock's start and speed, the TTL deletion delay
//     and the GSI propagation delay.
//
// The JSON format is documented in docs/model-format.md. It is versioned:
// Parse migrates any older version (see migrate.go) and Validate reports
// every problem with its path in the document
// ("tables[0].GlobalSecondaryIndexes[1]: ...", "entities[2].keys.SK: ...").
//
// Key templates (Template) build the key values of items and requests
// (Keys.Item, Keys.Key) and recognise an item's entity from its key
// (Recognizer.EntityOf). Access patterns bind their parameters and run on an
// engine.Database (AccessPattern.Run). NewDatabase, CreateTables and
// LoadItems set a database up as the model describes and stream a dataset
// into it through the engine's bulk loader (each item checked as a
// BatchWriteItem PutRequest; LoadItemsSized, given the dataset's size, has
// each table make room for it ahead); a Source is the streaming form of a
// dataset, so a generated million items never sit in memory twice.
//
// Attribute schemas and data: an Attribute has a DynamoDB type, Required,
// a Frequency and a Generator in package gen's language. GenEntities gives
// the generator's view of the entities (guessing generators for attributes
// and key parameters that lack one), GenPlan compiles it with the key
// templates, and Synthesize streams a dataset ("entities" generator) whose
// items always match their entity. FindExamples picks, from the data in a
// database, parameter values with which each access pattern returns items;
// SetExamples stores them as the parameters' examples. InferAttributes
// seeds the schemas from sample items (an imported NoSQL Workbench model);
// GeneratorFor gives the spec that loads any size for any design.
//
// Validate also parses every access pattern's request expressions with the
// engine's own checks (engine.CheckExpressions) and a Query's key condition
// against its key schema. Each FieldError carries its Path, DynamoDB's
// Message, Where (the path in words: Model.Where) and, for terse messages,
// a plain Hint; Readable joins them.
//
// The package imports only the standard library, github.com/goccy/go-json
// and the engine's packages.
package model
