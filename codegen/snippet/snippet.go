package snippet

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Request is one DynamoDB request to render.
type Request struct {
	// Operation is the API operation, e.g. "Query" or "TransactWriteItems"
	// (Operations lists them). An X-Amz-Target value such as
	// "DynamoDB_20120810.Query" is accepted too.
	Operation string
	// Input is the request body: DynamoDB JSON, as the wire protocol and
	// the AWS CLI's --cli-input-json take it.
	Input []byte
	// Endpoint is the endpoint URL, e.g. "http://localhost:8080"; empty
	// means real AWS, and the snippet sets no endpoint.
	Endpoint string
	// Region is the AWS region; empty means "us-east-1".
	Region string
}

// Language is a target of Render.
type Language string

// The languages Render knows, in the order Languages returns them.
const (
	CLI        Language = "cli"
	JavaScript Language = "javascript"
	Python     Language = "python"
	Go         Language = "go"
	Java       Language = "java"
	CSharp     Language = "csharp"
	Rust       Language = "rust"
	JSON       Language = "json"
)

// Languages returns every Language, in the order a UI should offer them.
func Languages() []Language {
	return []Language{CLI, JavaScript, Python, Go, Java, CSharp, Rust, JSON}
}

// Title is the language's name for a person: "AWS CLI", "JavaScript (AWS
// SDK v3)", ...; the Language itself when unknown.
func (l Language) Title() string {
	switch l {
	case CLI:
		return "AWS CLI"
	case JavaScript:
		return "JavaScript (AWS SDK v3)"
	case Python:
		return "Python (boto3)"
	case Go:
		return "Go (AWS SDK v2)"
	case Java:
		return "Java (AWS SDK v2)"
	case CSharp:
		return "C# (AWS SDK for .NET)"
	case Rust:
		return "Rust (AWS SDK)"
	case JSON:
		return "JSON"
	}
	return string(l)
}

// Operations returns the operations Render supports, sorted.
func Operations() []string {
	names := make([]string, 0, len(operations))
	for name := range operations {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// DefaultRegion is the region of a Request whose Region is empty.
const DefaultRegion = "us-east-1"

// targetPrefix is DynamoDB's X-Amz-Target prefix (engine/wire.TargetPrefix;
// not imported, so that this package stays free of the engine).
const targetPrefix = "DynamoDB_20120810."

// Render renders r in lang. It fails, in every language alike, when the
// operation or language is unknown, when Input is not JSON, or when Input
// does not fit the operation's shape (the error names the member); the CLI
// alone also refuses a NUL character in an argument. Errors start with
// "snippet: " and name the operation.
func Render(r Request, lang Language) (string, error) {
	op, err := lookup(r)
	if err != nil {
		return "", err
	}
	if !slices.Contains(Languages(), lang) {
		return "", fmt.Errorf("snippet: unknown language %q", string(lang))
	}
	v, err := input(op, r)
	if err != nil {
		return "", err
	}
	region := r.Region
	if region == "" {
		region = DefaultRegion
	}
	c := &call{op: op, in: v, endpoint: r.Endpoint, region: region, regionSet: r.Region != ""}
	switch lang {
	case CLI:
		return renderCLI(c)
	case JavaScript:
		return renderJS(c), nil
	case Python:
		return renderPython(c), nil
	case Go:
		return renderGo(c), nil
	case Java:
		return renderJava(c), nil
	case CSharp:
		return renderCSharp(c), nil
	case Rust:
		return renderRust(c), nil
	default:
		return renderJSON(v), nil
	}
}

// lookup returns r's operation.
func lookup(r Request) (*operation, error) {
	op, ok := operations[strings.TrimPrefix(r.Operation, targetPrefix)]
	if !ok {
		if r.Operation == "" {
			return nil, errors.New("snippet: no operation")
		}
		return nil, fmt.Errorf("snippet: unknown operation %q (supported: %s)", r.Operation, strings.Join(Operations(), ", "))
	}
	return op, nil
}

// input returns r's Input, parsed and checked against op's shape.
func input(op *operation, r Request) (*jvalue, error) {
	v, err := parseJSON(r.Input)
	if err != nil {
		return nil, fmt.Errorf("snippet: %s: %w", op.Name, err)
	}
	if v.kind != jObject {
		return nil, fmt.Errorf("snippet: %s: the request must be a JSON object, not %s", op.Name, v.kind)
	}
	if err := check(v, op.Input, ""); err != nil {
		return nil, fmt.Errorf("snippet: %s: %w", op.Name, err)
	}
	return v, nil
}

// call is a checked request ready to render.
type call struct {
	op        *operation
	in        *jvalue // the request object, checked against op.input
	endpoint  string
	region    string // never empty
	regionSet bool   // Region was given
}
