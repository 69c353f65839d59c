// Package gen generates sample data: attribute values from a small
// generator language, and whole datasets of related entities, the same
// bytes for the same seed on every platform (natively and under
// WebAssembly). It is shared by model (Synthesize, validation), the
// patterns, the page and the server, and imports only the standard library
// and engine/attr.
//
// # The generator language
//
// A generator is a kind, with arguments in parentheses when it takes some;
// an argument may be a nested generator, a number, a word, or a
// double-quoted text (for commas and parentheses). Kinds (see Kinds for the
// full list with their types and examples):
//
//	seq, seq(width), seq(width,P)   the item's number within its entity, zero-padded (P-00860)
//	int(min,max)                    an integer, uniformly
//	decimal(min,max,scale)          a number with scale decimals, uniformly
//	choice(a,b,...)                 one of the words, equally likely
//	text(min,max)                   lorem-ipsum text, min to max characters
//	uuid, ulid                      ids (ULIDs sort by creation)
//	bool, bool(p)                   true with probability p
//	null                            NULL
//	date(from,to)                   YYYY-MM-DD
//	timestamp(from,to)              ISO-8601 UTC to the second
//	epoch(from,to)                  epoch seconds (N)
//	const(value)                    the value
//	name firstname lastname email company phone url
//	address street city country postcode
//	word words(min,max) sentence sentence(min,max) bytes(min,max)
//	price(min,max)                  two decimals, often .99 or .00
//	enum(a:5,b:1)                   weighted values
//	normal(mean,sd,scale) exponential(mean,scale) zipf(s,max)
//	ttl(past,from,to)               epoch seconds, a share already past ("20%")
//	hot(fraction,values,generator)  skew: a fraction of items on a few hot values
//	set(generator,min,max)          SS, NS or BS of distinct values
//	list(generator,min,max)         L
//	map(name:generator,...)         M
//	pool(prefix,size)               one of size shared ids (an assignee of several issues)
//	after(attribute,min,max)        a time after another of the item (updatedAt after createdAt)
//	when(attribute,value,source)    source's value where attribute holds value, else none (a sparse key)
//	ref(Entity.attr)                another entity's value (an ancestor's, else a random earlier item's)
//	ref(Entity.attr,min,max)        the parent relation: each Entity item has min to max of these
//
// Times (from, to) are RFC 3339 or offsets from the start: "0", "-30d",
// "+7d", "+36h", "-90m". The original kinds (seq through const) draw
// exactly as model's generators always did, so shared models
// regenerate the same items.
//
// # API
//
//	Compile(src, typ, Env) (*Generator, error)   one attribute's generator; Value(r, n)
//	DefaultType(src) (string, error)             the type a generator makes by default
//	Kinds() []Kind, KindNames() []string          the language, for help and editors
//	NewPlan([]Entity, Env) (*Plan, error)         a dataset of entities and relations
//	Check([]Entity, Env) []*AttributeError        every generator problem, placed on its entity and attribute
//	Entity{Name, Attributes}, Attribute{Name, Type, Generator, Frequency, OnFirst}
//	(*Plan).Run(seed, size, emit) error           stream size items: families, parents first
//	(*Plan).Relations() []Relation                parent-child relations (Customer 1..20 Order)
//	Guess(name, typ) string                       a generator from an attribute's name
//	Infer(typ, values) string                     a generator shaped like sample values
//	Rand, NewRand, Pick, Lorem, UUID              the deterministic random source and helpers
//
// Bounds: a source is at most MaxSourceLength characters, nests at most
// MaxDepth deep, and its values are estimated at compile time to stay under
// MaxValueSize (an item's 400 KB), so no generator runs away with memory or
// time; bad sources are errors, never panics (a fuzz test checks).
//
// The word lists (words.go) are small and written here: a data library
// such as gofakeit would add about 1.5 MB (gzip) to the page's
// WebAssembly.
package gen
