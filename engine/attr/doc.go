// Package attr holds DynamoDB attribute values and everything the engine
// needs to know about them, matching DynamoDB's behaviour and wording.
//
// # Values
//
// A Value is one of DynamoDB's ten types, a closed set: String (S), Number
// (N), Binary (B), Bool (BOOL), Null (NULL), StringSet (SS), NumberSet (NS),
// BinarySet (BS), List (L) and Map (M). An Item maps top-level attribute
// names to values. Values are immutable once built; snapshots, change records
// and the UI share them, so code that needs a different value builds a new
// one (Item.Clone copies an item's map, not its values).
//
// # Numbers
//
// A Number is an exact decimal, never a float: at most 38 significant digits,
// magnitude 1E-130 to 9.99…9E+125 or zero, held as canonical plain-decimal
// text, the form DynamoDB returns ("1e3" is stored and returned as "1000").
// Equal numbers have equal text, so they can be compared for equality as
// strings, and CompareNumbers orders them from the text without allocating.
// ParseNumber accepts DynamoDB's input forms; Number.Add and Number.Sub do
// exact arithmetic (with github.com/cockroachdb/apd) and apply the same
// limits.
//
// # Order and equality
//
// Only S, N and B are ordered (Compare): S by UTF-8 bytes, N by value, B by
// unsigned bytes. Equal is DynamoDB's equality for every type: numbers by
// value, sets as unordered collections, lists in order, maps by key. Sets are
// kept in a canonical order (S and B by bytes, N by value), established by the
// decoder and by NewStringSet, NewNumberSet and NewBinarySet; Union and
// Difference implement UpdateExpression ADD and DELETE on sets.
//
// AppendKey encodes an S, N or B value into bytes whose order is the values'
// order and which are prefix-free, so that concatenated key parts order as
// tuples: it is the key encoding of the engine's ordered storage.
//
// # Size
//
// Size, AttributeSize and ItemSize compute DynamoDB's item size: names and
// strings in UTF-8 bytes, binaries in raw bytes, numbers by their base-100
// digit pairs, documents with their per-element overhead. It is the figure
// compared with the 400 KB item limit and rounded for capacity units.
//
// # DynamoDB JSON
//
// The codec reads and writes DynamoDB JSON, where each value is an envelope
// with one type descriptor ({"S":"x"}, {"N":"1"}). Item, Values (an
// ExpressionAttributeValues map) and AttributeValue (one envelope) implement
// json.Marshaler and json.Unmarshaler, so request and response structs
// decode with encoding/json or github.com/goccy/go-json; UnmarshalValue,
// MarshalValue and AppendValue work on single values. Decoding validates as
// DynamoDB does and fails with a *SerializationError (not DynamoDB JSON:
// becomes a SerializationException) or a *ValidationError (invalid content:
// becomes a ValidationException), each carrying DynamoDB's message. Both
// JSON libraries hand an Unmarshaler's error back unchanged, so callers
// recover these types with errors.As.
//
// FormatForMessage prints a value as DynamoDB quotes it in error messages
// ({N:1}, {S:x}).
package attr
