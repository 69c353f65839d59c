package schema

// KeyType is HASH or RANGE.
type KeyType string

// Key types.
const (
	KeyTypeHash  KeyType = "HASH"
	KeyTypeRange KeyType = "RANGE"
)

// ScalarType is the declared type of a key attribute: S, N or B.
type ScalarType string

// Key attribute types.
const (
	TypeS ScalarType = "S"
	TypeN ScalarType = "N"
	TypeB ScalarType = "B"
)

// BillingMode is PROVISIONED or PAY_PER_REQUEST.
type BillingMode string

// Billing modes.
const (
	BillingProvisioned   BillingMode = "PROVISIONED"
	BillingPayPerRequest BillingMode = "PAY_PER_REQUEST"
)

// ProjectionType says which attributes an index copies.
type ProjectionType string

// Projection types.
const (
	ProjectKeysOnly ProjectionType = "KEYS_ONLY"
	ProjectInclude  ProjectionType = "INCLUDE"
	ProjectAll      ProjectionType = "ALL"
)

// KeySchemaElement is one entry of a KeySchema.
type KeySchemaElement struct {
	AttributeName string  `json:"AttributeName"`
	KeyType       KeyType `json:"KeyType"`
}

// AttributeDefinition declares a key attribute's type.
type AttributeDefinition struct {
	AttributeName string     `json:"AttributeName"`
	AttributeType ScalarType `json:"AttributeType"`
}

// ProvisionedThroughput is a table's or GSI's provisioned capacity.
type ProvisionedThroughput struct {
	ReadCapacityUnits  *int64 `json:"ReadCapacityUnits,omitempty"`
	WriteCapacityUnits *int64 `json:"WriteCapacityUnits,omitempty"`
}

// OnDemandThroughput caps an on-demand table or GSI (-1 removes the cap).
type OnDemandThroughput struct {
	MaxReadRequestUnits  *int64 `json:"MaxReadRequestUnits,omitempty"`
	MaxWriteRequestUnits *int64 `json:"MaxWriteRequestUnits,omitempty"`
}

// Projection says which attributes an index holds.
type Projection struct {
	ProjectionType   ProjectionType `json:"ProjectionType,omitempty"`
	NonKeyAttributes []string       `json:"NonKeyAttributes,omitempty"`
}

// GlobalSecondaryIndex is a GSI as given to CreateTable.
type GlobalSecondaryIndex struct {
	IndexName             string                 `json:"IndexName"`
	KeySchema             []KeySchemaElement     `json:"KeySchema"`
	Projection            Projection             `json:"Projection"`
	ProvisionedThroughput *ProvisionedThroughput `json:"ProvisionedThroughput,omitempty"`
	OnDemandThroughput    *OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
}

// LocalSecondaryIndex is an LSI as given to CreateTable.
type LocalSecondaryIndex struct {
	IndexName  string             `json:"IndexName"`
	KeySchema  []KeySchemaElement `json:"KeySchema"`
	Projection Projection         `json:"Projection"`
}

// StreamSpecification turns the table's change stream on or off.
type StreamSpecification struct {
	StreamEnabled  bool   `json:"StreamEnabled"`
	StreamViewType string `json:"StreamViewType,omitempty"`
}

// Tag is a key/value tag on a table.
type Tag struct {
	Key   string `json:"Key"`
	Value string `json:"Value"`

	// absent records which members the JSON request left out (or sent as
	// null), so that CreateTable's Tags are refused like TagResource's
	// (TagsShape); a Go caller leaves it zero.
	absent TagNull
}

// PointInTimeRecoverySpecification turns continuous backups on or off
// (UpdateContinuousBackups); RecoveryPeriodInDays is 1 to 35, default 35.
type PointInTimeRecoverySpecification struct {
	PointInTimeRecoveryEnabled bool   `json:"PointInTimeRecoveryEnabled"`
	RecoveryPeriodInDays       *int64 `json:"RecoveryPeriodInDays,omitempty"`
}

// TableDefinition is everything CreateTable accepts, with DynamoDB's field
// names: the unit the engine, the model document and the exports share.
type TableDefinition struct {
	TableName                 string                 `json:"TableName"`
	AttributeDefinitions      []AttributeDefinition  `json:"AttributeDefinitions"`
	KeySchema                 []KeySchemaElement     `json:"KeySchema"`
	BillingMode               BillingMode            `json:"BillingMode,omitempty"`
	ProvisionedThroughput     *ProvisionedThroughput `json:"ProvisionedThroughput,omitempty"`
	OnDemandThroughput        *OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
	GlobalSecondaryIndexes    []GlobalSecondaryIndex `json:"GlobalSecondaryIndexes,omitempty"`
	LocalSecondaryIndexes     []LocalSecondaryIndex  `json:"LocalSecondaryIndexes,omitempty"`
	StreamSpecification       *StreamSpecification   `json:"StreamSpecification,omitempty"`
	TableClass                string                 `json:"TableClass,omitempty"`
	DeletionProtectionEnabled *bool                  `json:"DeletionProtectionEnabled,omitempty"`
	Tags                      []Tag                  `json:"Tags,omitempty"`
	// PointInTimeRecoverySpecification is not a CreateTable member: DynamoDB
	// sets it with UpdateContinuousBackups. The definition carries it so the
	// model and its exports (CloudFormation and CDK have a place for it)
	// keep the setting; the engine applies it after creating the table.
	PointInTimeRecoverySpecification *PointInTimeRecoverySpecification `json:"PointInTimeRecoverySpecification,omitempty"`
}
