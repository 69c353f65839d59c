package formats

import (
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Terraform is rendered by the server (server/exporters, with hclwrite,
// which the page's WebAssembly leaves out). What it shares with the
// CloudFormation and CDK exports is here: the key attributes a table
// declares, the auto scaling it sets, and the file's name.

// KeyDefinitions are the attribute definitions a table declares: exactly
// its key attributes and its indexes', in order of first use.
func KeyDefinitions(t *schema.TableDefinition) []schema.AttributeDefinition {
	return keyDefinitions(t)
}

// ScalingTarget is one auto-scaled capacity of a table: its reads or
// writes, or an index's.
type ScalingTarget struct {
	Index     string // "" for the table
	Write     bool
	Min, Max  int64
	Target    float64 // target utilization, percent
	Dimension string  // dynamodb:table:ReadCapacityUnits, ...
	Metric    string  // DynamoDBReadCapacityUtilization, ...
}

// TableScaling returns the auto scaling t sets (none unless provisioned
// with AutoScaling), as the CloudFormation export writes it.
func TableScaling(t *model.Table) []ScalingTarget {
	plan, _ := productionPlan(&model.Model{Tables: []model.Table{*t}}, []string{"T"}, names{}, false)
	var out []ScalingTarget
	for _, s := range plan[0].scaling {
		out = append(out, ScalingTarget{Index: s.index, Write: s.write, Min: s.min, Max: s.max, Target: s.target, Dimension: s.dimension, Metric: s.metric})
	}
	return out
}

// FileStem is the name of a model's single-file export, without its
// extension: the model's name in kebab case ("model" when it has none).
func FileStem(name string) string { return identifier(kebab(name), "model") }

// Snake writes s's words in lower case joined by "_" (a Terraform name).
func Snake(s string) string { return strings.ToLower(strings.Join(words(s), "_")) }
