// Package itemcsv reads DynamoDB items from CSV and writes them as CSV, so
// that a spreadsheet can fill a table and a table (or a query's result) can
// go back to a spreadsheet. The page and the server's
// POST /api/import?format=csv run the same code.
//
// # The format
//
// The first record is the header: one attribute name per column, optionally
// typed as "name:T" with T one of S, N, B, BOOL, NULL, SS, NS, BS, L, M (the
// part after the last ':' counts only when it is one of these, so a name
// may itself hold ':'; a header "name:" is untyped, for an attribute whose
// own name ends in ":S" or ":"). Every further record is one item. An empty
// cell is an absent attribute.
//
// A cell of a typed column is read as that type:
//
//	S       the text as it is
//	N       a number as DynamoDB accepts it ("1e3", "007", "-1.50")
//	B       base64 (standard alphabet, padded)
//	BOOL    true or false
//	NULL    true
//	SS NS BS L M
//	        the DynamoDB JSON of the value without its type key:
//	        ["a","b"] for SS, ["1","2"] for NS, [{"S":"x"},{"N":"1"}] for L,
//	        {"a":{"S":"x"}} for M
//
// A cell of an untyped column is inferred, in this order:
//
//  1. a whole DynamoDB JSON attribute value ({"S":""}, {"M":{...}}) is that
//     value: this is how nested values, empty strings and columns of mixed
//     types travel;
//  2. a number DynamoDB accepts whose canonical form is the text itself
//     ("42", "-3.5", "0.25") is N; text that a number would change
//     ("007", "1.50", "1e3", "+5") stays S, so that identifiers and zip
//     codes keep their digits;
//  3. true and false (lower case) are BOOL;
//  4. anything else is S.
//
// # Errors
//
// Read never stops at a bad row: each problem is a RowError naming the data
// row (1-based, the header not counted), the file line the record starts on,
// and the column (its header name) when one column is to blame. Given the
// table's definition, every row is also checked as PutItem would check it,
// against a scratch engine.Database holding an empty copy of the table: key
// attributes present and of the declared type, non-empty key values and
// key sizes, index key types, attribute names, the 400 KB item size, with
// DynamoDB's own messages. A row whose key repeats an earlier row's is an
// error too (BatchWriteItem refuses duplicate keys in one request, and a
// spreadsheet with two rows for one item is almost always a mistake).
// Items holds the good rows only.
//
// # Writing
//
// Write puts the key attributes first (partition, then sort key), then the
// other attribute names in byte order. A column whose values all have one
// type is typed in the header; a column of mixed types (or holding empty
// strings or binaries, which an empty cell could not carry) is untyped and
// its cells are whole DynamoDB JSON values. Reading what Write wrote gives
// the same items.
package itemcsv
