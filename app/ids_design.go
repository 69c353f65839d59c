package app

import "strconv"

// Element ids of the Design panel (IDDesignApply and IDProblems are in
// ids.go). Like the others they are a public interface: browser tests and
// README's UI map use them.
//
// Controls that belong to a table, an index, an entity or an access pattern
// are numbered by position in the draft and built by the functions below:
// a table's id is IDDesignTable + i + a suffix ("wb-design-table-0-pk"), an
// index's IDDesignTable + i + IDDesignGSI|IDDesignLSI + j + a suffix
// ("wb-design-table-0-gsi-1-name"), an entity's IDDesignEntity + i + a suffix
// ("wb-design-entity-2-key-SK"). The message shown next to a control has the
// control's id + IDDesignErrorSuffix.
const (
	IDDesignDirty       = "wb-design-dirty"      // "unapplied changes", shown while the draft differs from the running design
	IDDesignModelName   = "wb-design-model-name" // the model's name
	IDDesignModelDesc   = "wb-design-model-desc" // the model's description
	IDDesignAddTable    = "wb-design-add-table"  // add a table
	IDDesignAddEntity   = "wb-design-add-entity" // add an entity
	IDDesignTables      = "wb-design-tables"     // the list of table cards
	IDDesignEntities    = "wb-design-entities"   // the list of entities
	IDDesignPatterns    = "wb-design-patterns"   // the list of access patterns
	IDDesignTable       = "wb-design-table-"     // + table index: the table's card (and the prefix of its controls)
	IDDesignEntity      = "wb-design-entity-"    // + entity index: the entity's row (and the prefix of its controls)
	IDDesignPattern     = "wb-design-ap-"        // + access pattern index: the pattern's row
	IDDesignGSI         = "-gsi-"                // table id + this + GSI index: a GSI's row
	IDDesignLSI         = "-lsi-"                // table id + this + LSI index: an LSI's row
	IDDesignErrorSuffix = "-error"               // control id + this: the problems shown next to the control

	// Suffixes of a table's controls.
	IDDesignName       = "-name"        // table, index or entity name
	IDDesignPK         = "-pk"          // partition key attribute name (table, GSI; read-only on an LSI)
	IDDesignPKType     = "-pk-type"     // partition key type: S, N or B
	IDDesignSK         = "-sk"          // sort key attribute name (empty: none)
	IDDesignSKType     = "-sk-type"     // sort key type: S, N or B
	IDDesignBilling    = "-billing"     // billing mode: PAY_PER_REQUEST or PROVISIONED
	IDDesignRCU        = "-rcu"         // provisioned read capacity units (table or GSI)
	IDDesignWCU        = "-wcu"         // provisioned write capacity units (table or GSI)
	IDDesignTTL        = "-ttl"         // TTL enabled (a checkbox)
	IDDesignTTLAttr    = "-ttl-attr"    // TTL attribute name
	IDDesignStream     = "-stream"      // stream view type, or off
	IDDesignClass      = "-class"       // table class
	IDDesignAddGSI     = "-add-gsi"     // add a GSI to the table
	IDDesignAddLSI     = "-add-lsi"     // add an LSI to the table
	IDDesignRemove     = "-remove"      // remove the table, index or entity
	IDDesignProjection = "-projection"  // index projection: ALL, KEYS_ONLY or INCLUDE
	IDDesignNonKey     = "-nonkey"      // index NonKeyAttributes, a comma list (INCLUDE)
	IDDesignEntTable   = "-table"       // the table an entity lives in
	IDDesignEntDesc    = "-description" // an entity's description
	IDDesignKeys       = "-keys"        // entity id + this: the entity's key templates (problems with them as a whole)
	IDDesignKey        = "-key-"        // entity id + this + key attribute (id-safe): its key template
	IDDesignRequest    = "-request"     // access pattern id + this: its request JSON

	// An entity's attribute schema: entity id + IDDesignAttr + j + a
	// suffix ("wb-design-entity-0-attr-2-gen").
	IDDesignAttrs          = "-attrs"                     // entity id + this: the attribute schema table
	IDDesignAttrAdd        = "-attr-add"                  // entity id + this: add an attribute
	IDDesignAttr           = "-attr-"                     // entity id + this + j: attribute j's row
	IDDesignAttrType       = "-type"                      // its DynamoDB type
	IDDesignAttrRequired   = "-required"                  // required (a checkbox): on every item
	IDDesignAttrGen        = "-gen"                       // its generator (the sample-value language)
	IDDesignGenKinds       = "wb-design-gen-kinds"        // the generator fields' suggestions (a datalist of one example per kind)
	IDDesignAddPattern     = "wb-design-add-ap"           // add an access pattern (a GetItem of the first entity)
	IDDesignPatName        = "-name"                      // access pattern id + this: its name
	IDDesignPatRemove      = "-remove"                    // access pattern id + this: remove it
	IDDesignTypeConfirm    = "wb-design-type-confirm"     // asks before a shared key attribute's type changes everywhere
	IDDesignTypeConfirmYes = "wb-design-type-confirm-yes" // change it everywhere
	IDDesignTypeConfirmNo  = "wb-design-type-confirm-no"  // keep the type
	IDDesignPatParams      = "-params"                    // access pattern id + this: its parameters and example values
	IDDesignPatHints       = "-hints"                     // access pattern id + this: projection hints (a filter or projection naming what its index does not project)
)

// designAttrID is the id of attribute j of entity i, or of one of its
// controls.
func designAttrID(i, j int, suffix string) string {
	return designEntityID(i, IDDesignAttr+strconv.Itoa(j)+suffix)
}

// designTableID is the id of table i's card, or of one of its controls.
func designTableID(i int, suffix string) string {
	return IDDesignTable + strconv.Itoa(i) + suffix
}

// designIndexID is the id of a GSI's (gsi true) or LSI's row in table i, or
// of one of its controls.
func designIndexID(i int, gsi bool, j int, suffix string) string {
	kind := IDDesignLSI
	if gsi {
		kind = IDDesignGSI
	}
	return designTableID(i, kind+strconv.Itoa(j)+suffix)
}

// designEntityID is the id of entity i's row, or of one of its controls.
func designEntityID(i int, suffix string) string {
	return IDDesignEntity + strconv.Itoa(i) + suffix
}

// designKeyID is the id of entity i's template for key attribute name.
func designKeyID(i int, name string) string {
	return designEntityID(i, IDDesignKey+idSafe(name))
}

// designPatternID is the id of access pattern i's row, or of one of its
// controls.
func designPatternID(i int, suffix string) string {
	return IDDesignPattern + strconv.Itoa(i) + suffix
}
