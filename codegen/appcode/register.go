package appcode

import (
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
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
	info   formats.FormatInfo
	file   string
	render func(d *design) (string, []string)
}

var languages = []language{
	{formats.FormatInfo{Name: ElectroDB, Title: "ElectroDB entities and service (TypeScript)"}, "entities.ts", renderElectroDB},
	{formats.FormatInfo{Name: Toolbox, Title: "DynamoDB-Toolbox v2 tables, entities and access patterns (TypeScript)"}, "toolbox.ts", renderToolbox},
	{formats.FormatInfo{Name: TypeScript, Title: "Typed data access: TypeScript (AWS SDK v3)"}, "access.ts", renderTypeScript},
	{formats.FormatInfo{Name: Python, Title: "Typed data access: Python (boto3)"}, "access.py", renderPython},
	{formats.FormatInfo{Name: Go, Title: "Typed data access: Go (AWS SDK v2)"}, "access.go", renderGo},
	{formats.FormatInfo{Name: Java, Title: "Typed data access: Java (AWS SDK for Java v2)"}, "Access.java", renderJava},
	{formats.FormatInfo{Name: CSharp, Title: "Typed data access: C# (AWS SDK for .NET)"}, "Access.cs", renderCSharp},
	{formats.FormatInfo{Name: Rust, Title: "Typed data access: Rust (aws-sdk-dynamodb)"}, "access.rs", renderRust},
}

func init() {
	for _, l := range languages {
		formats.Register(l.info, func(m *model.Model, _ formats.Options, r *formats.Result) error {
			return Render(m, l.info.Name, r)
		})
	}
}

// Render writes format's file for m into r (which the export registry
// made). m must validate.
func Render(m *model.Model, format string, r *formats.Result) error {
	d, err := newDesign(m)
	if err != nil {
		return err
	}
	for _, l := range languages {
		if l.info.Name != format {
			continue
		}
		src, warnings := l.render(d)
		r.Files = append(r.Files, formats.File{Path: l.file, Content: src})
		r.Warnings = append(r.Warnings, d.warnings...)
		r.Warnings = append(r.Warnings, warnings...)
		r.ContentType = "text/plain"
	}
	return nil
}
