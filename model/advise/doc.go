// Package advise proposes a starting DynamoDB design from entities and
// access patterns described in plain words: who reads what, by which key,
// how often. It is pure (no I/O, no clock) and imports only the standard
// library, go-json and the engine's packages.
//
// The rules are the seeds': one table by default (Input.TablePerEntity
// for one per entity) with generic key names PK and SK; a partition key of
// many values (an entity's own id, or the id of the entity that owns it, so
// that related items share an item collection); a composite sort key for
// hierarchies and ranges (ORDER#{createdAt}#{orderId}); a global secondary
// index only where a pattern needs another key, overloaded across entities
// (GSI1PK, GSI1SK, ...); a sparse index where a pattern reads a rare subset;
// write sharding with a fan-out read where an index key has few values;
// time to live on an entity's TTL attribute. Every choice comes with a
// Reason tied to a table, index, entity, attribute or access pattern, and
// every access pattern becomes a runnable request whose example parameters
// come from a generated dataset.
//
// # API
//
//	Input{Name, Table, TablePerEntity, Entities, Patterns}
//	Entity{Name, ID, Attributes []model.Attribute, Parent, Min, Max}
//	Pattern{Name, Description, Entity, Action, By, Range, Rare, Set, Rate}
//	Actions: Get, List, Create, Update, Delete ("get", "list", ...)
//	Parse(text) (Input, error)            the same in plain lines ("list Orders by customerId range createdAt, 50/s")
//	Propose(Input) (*Proposal, error)     Proposal{Model *model.Model, Reasons []Reason}
//	Reason{Where Location, Text}          Location{Table, Index, Entity, Pattern, Attribute}.String()
package advise
