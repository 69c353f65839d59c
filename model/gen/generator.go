package gen

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Env is what a generator is compiled against.
type Env struct {
	// Start is the virtual clock's start: relative times ("-30d", "+36h",
	// "0") count from it.
	Start time.Time
	// RootTurns gives a root the other families refer to several turns a
	// round (Turns), so that its items are referred to about RefsPerValue
	// times each; false gives every root one turn, the generator before
	// it (a shared dataset keeps its items).
	RootTurns bool

	// plan resolves ref(Entity.attr) while a Plan compiles; nil outside one.
	plan  *Plan
	self  int // the entity being compiled, in plan
	depth int // nesting of the generator being compiled
}

// ctx is what a value is made from: the random source, the item's number
// within its entity and, inside a Plan, the run's state (the current items
// of the entity's ancestors and samples of referenced attributes).
type ctx struct {
	r   *Rand
	n   int
	run *runState
	// item is the item being made, its earlier attributes set (after()
	// reads them); nil outside a Plan.
	item *attr.Fields
}

// slab is where the item's texts go: the run's, nil outside a Plan.
func (x *ctx) slab() *Slab {
	if x.run == nil {
		return nil
	}
	return &x.run.text
}

// get is the named attribute of the item being made (nil outside a Plan).
func (x *ctx) get(name string) attr.Value {
	if x.item == nil {
		return nil
	}
	v, _ := x.item.Get(name)
	return v
}

// valueFn makes one value; nil means the item has no value (a reference to
// an entity that has no items yet).
type valueFn func(c *ctx) attr.Value

// Generator is a compiled attribute generator (see the package
// documentation for the language).
type Generator struct {
	src  string
	typ  string
	kind string
	fn   valueFn
	// ref is set for a top-level ref(Entity.attr, min, max): the relation
	// the Plan builds families from.
	ref *ref
	// size bounds the size of a value, in bytes (roughly).
	size int
}

// Compile compiles the generator src for an attribute of DynamoDB type typ
// (S, N, B, BOOL, NULL, SS, NS, BS, L, M); an empty typ takes the kind's
// default type (see Kinds). ref(...) compiles only inside a Plan.
func Compile(src, typ string, env Env) (*Generator, error) {
	c, err := parseCall(src)
	if err != nil {
		return nil, err
	}
	k, ok := kinds[c.name]
	if !ok {
		return nil, fmt.Errorf("unknown generator %q (one of %s)", c.name, strings.Join(KindNames(), ", "))
	}
	if typ == "" {
		typ = k.Types[0]
	}
	if !slices.Contains(k.Types, typ) {
		return nil, fmt.Errorf("%s makes %s values, not %s", c.name, strings.Join(k.Types, " or "), typ)
	}
	if len(src) > MaxSourceLength {
		return nil, fmt.Errorf("a generator is at most %d characters long", MaxSourceLength)
	}
	if env.depth >= MaxDepth {
		return nil, fmt.Errorf("generators nest at most %d deep", MaxDepth)
	}
	env.depth++
	cp := &compiler{name: c.name, args: c.args, typ: typ, env: &env, size: 64}
	fn, err := k.compile(cp)
	if err != nil {
		return nil, err
	}
	if cp.size > MaxValueSize {
		return nil, fmt.Errorf("%s makes values of up to about %d KB, more than an item's %d KB", c.name, cp.size/1024, MaxValueSize/1024)
	}
	return &Generator{src: strings.TrimSpace(src), typ: typ, kind: c.name, fn: fn, ref: cp.ref, size: cp.size}, nil
}

// Bounds of the language, so that no generator runs away with memory or
// time (a value larger than an item could not be stored anyway).
const (
	MaxSourceLength = 4096
	MaxDepth        = 8
	// MaxValueSize bounds the size a generator's values can reach, in
	// bytes (roughly: 64 per scalar): DynamoDB's item size limit.
	MaxValueSize = 400 * 1024
)

// MustCompile is Compile for generators known to be valid; it panics on an
// error.
func MustCompile(src, typ string, env Env) *Generator {
	g, err := Compile(src, typ, env)
	if err != nil {
		panic("gen: " + src + ": " + err.Error())
	}
	return g
}

// String returns the generator's source.
func (g *Generator) String() string { return g.src }

// Type returns the DynamoDB type of the values the generator makes.
func (g *Generator) Type() string { return g.typ }

// Kind returns the generator's kind ("int", "email", ...).
func (g *Generator) Kind() string { return g.kind }

// Value returns the value for item number n (within its entity), drawing
// from r. It returns nil only for a reference whose entity has no items
// yet, which cannot happen outside a Plan (ref does not compile there).
func (g *Generator) Value(r *Rand, n int) attr.Value {
	return g.fn(&ctx{r: r, n: n})
}

// DefaultType returns the DynamoDB type a generator makes when the
// attribute's type is left to it: the first of its kind's types.
func DefaultType(src string) (string, error) {
	c, err := parseCall(src)
	if err != nil {
		return "", err
	}
	k, ok := kinds[c.name]
	if !ok {
		return "", fmt.Errorf("unknown generator %q", c.name)
	}
	if c.name == "ref" || c.name == "hot" && len(c.args) == 3 {
		// The referenced attribute's or the inner generator's type.
		if c.name == "hot" {
			return DefaultType(c.args[2])
		}
		return "", nil
	}
	return k.Types[0], nil
}

// Kind describes one generator kind of the language, for help texts and
// editors.
type Kind struct {
	Name string
	// Args is the argument list as written in the language ("(min,max)");
	// empty when the kind takes none.
	Args string
	// Types are the DynamoDB types the kind makes; the first is its
	// default.
	Types []string
	// Doc says what the kind makes, in a sentence.
	Doc string
	// Example is a generator of the kind, as an attribute would hold it.
	Example string
}

type kind struct {
	Kind
	compile func(c *compiler) (valueFn, error)
}

var kinds = map[string]*kind{}

// kindOrder is the order Kinds lists them in: the original language first.
var kindOrder []string

func register(k Kind, compile func(c *compiler) (valueFn, error)) {
	kinds[k.Name] = &kind{Kind: k, compile: compile}
	kindOrder = append(kindOrder, k.Name)
}

// Kinds returns every generator kind, the original language's first.
func Kinds() []Kind {
	out := make([]Kind, len(kindOrder))
	for i, n := range kindOrder {
		k := kinds[n].Kind
		k.Types = slices.Clone(k.Types)
		out[i] = k
	}
	return out
}

// KindNames returns the kinds' names in the order of Kinds.
func KindNames() []string { return slices.Clone(kindOrder) }
