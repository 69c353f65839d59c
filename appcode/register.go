package appcode

import (
	"github.com/dynamodb-workbench/workbench/engine/export"
	"github.com/dynamodb-workbench/workbench/engine/model"
)

// The formats' names.
const (
	ElectroDB  = "electrodb"
	Toolbox    = "dynamodb-toolbox"
	TypeScript = "typescript"
	Python     = "python"
	Go         = "go"
	Java       = "java"
	CSharp     = "csharp"
	Rust       = "rust"
)

// language is one generated format: its registry entry, its file's name,
// and the function that writes it from a design.
type language struct {
	info   export.FormatInfo
	file   string
	render func(d *design) (string, []string)
}

var languages = []language{
	{export.FormatInfo{Name: ElectroDB, Title: "ElectroDB entities and service (TypeScript)"}, "entities.ts", renderElectroDB},
	{export.FormatInfo{Name: Toolbox, Title: "DynamoDB-Toolbox v2 tables, entities and access patterns (TypeScript)"}, "toolbox.ts", renderToolbox},
	{export.FormatInfo{Name: TypeScript, Title: "Typed data access: TypeScript (AWS SDK v3)"}, "access.ts", renderTypeScript},
	{export.FormatInfo{Name: Python, Title: "Typed data access: Python (boto3)"}, "access.py", renderPython},
	{export.FormatInfo{Name: Go, Title: "Typed data access: Go (AWS SDK v2)"}, "access.go", renderGo},
	{export.FormatInfo{Name: Java, Title: "Typed data access: Java (AWS SDK for Java v2)"}, "Access.java", renderJava},
	{export.FormatInfo{Name: CSharp, Title: "Typed data access: C# (AWS SDK for .NET)"}, "Access.cs", renderCSharp},
	{export.FormatInfo{Name: Rust, Title: "Typed data access: Rust (aws-sdk-dynamodb)"}, "access.rs", renderRust},
}

func init() {
	for _, l := range languages {
		export.Register(l.info, func(m *model.Model, _ export.Options, r *export.Result) error {
			return Render(m, l.info.Name, r)
		})
	}
}

// Render writes format's file for m into r (which the export registry
// made). m must validate.
func Render(m *model.Model, format string, r *export.Result) error {
	d, err := newDesign(m)
	if err != nil {
		return err
	}
	for _, l := range languages {
		if l.info.Name != format {
			continue
		}
		src, warnings := l.render(d)
		r.Files = append(r.Files, export.File{Path: l.file, Content: src})
		r.Warnings = append(r.Warnings, d.warnings...)
		r.Warnings = append(r.Warnings, warnings...)
		r.ContentType = "text/plain"
	}
	return nil
}
