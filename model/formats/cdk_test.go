package formats

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

func cdkFiles(t *testing.T, r *Result) map[string]string {
	t.Helper()
	files := map[string]string{}
	for _, f := range r.Files {
		if _, dup := files[f.Path]; dup {
			t.Errorf("two files %s", f.Path)
		}
		files[f.Path] = f.Content
	}
	return files
}

// balanced checks that brackets pair up outside string literals and
// comments: a cheap guard against broken generated code, since TypeScript
// cannot be compiled here without npm packages (see cdk_synth_test.go).
func balanced(src string) bool {
	var stack []byte
	pairs := map[byte]byte{')': '(', ']': '[', '}': '{'}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				}
				if src[i] == '\n' {
					return false // an unterminated string
				}
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return false
			}
			i += end + 3
		case c == '(' || c == '[' || c == '{':
			stack = append(stack, c)
		case c == ')' || c == ']' || c == '}':
			if len(stack) == 0 || stack[len(stack)-1] != pairs[c] {
				return false
			}
			stack = stack[:len(stack)-1]
		}
	}
	return len(stack) == 0
}

// TestCDKApp checks every model's app: the files of a CDK app, their
// JSON valid, the imports, one construct per table of the right kind with
// every default written out, and code whose brackets and strings close.
func TestCDKApp(t *testing.T) {
	for name, m := range testModels() {
		r, err := Render(m, CDKTypeScript)
		if err != nil {
			t.Fatal(err)
		}
		files := cdkFiles(t, r)
		n := cdkNamesOf(m)
		bin, stack := "bin/"+n.app+".ts", "lib/"+n.app+"-stack.ts"
		for _, p := range []string{"package.json", "cdk.json", "tsconfig.json", bin, stack} {
			if _, ok := files[p]; !ok {
				t.Errorf("%s: no %s", name, p)
			}
		}
		var pkg struct {
			Name            string            `json:"name"`
			Dependencies    map[string]string `json:"dependencies"`
			DevDependencies map[string]string `json:"devDependencies"`
		}
		if err := json.Unmarshal([]byte(files["package.json"]), &pkg); err != nil {
			t.Fatalf("%s: package.json: %v", name, err)
		}
		pinned := regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+$`)
		for dep, v := range map[string]string{"aws-cdk-lib": pkg.Dependencies["aws-cdk-lib"], "constructs": pkg.Dependencies["constructs"],
			"typescript": pkg.DevDependencies["typescript"], "ts-node": pkg.DevDependencies["ts-node"], "aws-cdk": pkg.DevDependencies["aws-cdk"]} {
			if !pinned.MatchString(v) {
				t.Errorf("%s: %s is %q, not a pinned version", name, dep, v)
			}
		}
		if !regexp.MustCompile(`^[a-z][a-z0-9-]*$`).MatchString(pkg.Name) {
			t.Errorf("%s: package name %q", name, pkg.Name)
		}
		var cdkj struct{ App string }
		if err := json.Unmarshal([]byte(files["cdk.json"]), &cdkj); err != nil || !strings.Contains(cdkj.App, bin) {
			t.Errorf("%s: cdk.json app %q (%v)", name, cdkj.App, err)
		}
		if err := json.Unmarshal([]byte(files["tsconfig.json"]), new(map[string]any)); err != nil {
			t.Errorf("%s: tsconfig.json: %v", name, err)
		}
		if b := files[bin]; !strings.Contains(b, "from '../lib/"+n.app+"-stack'") || !strings.Contains(b, "new "+n.stack+"(app, ") {
			t.Errorf("%s: the bin file does not build the stack:\n%s", name, b)
		}
		src := files[stack]
		for _, imp := range []string{"import * as cdk from 'aws-cdk-lib';", "import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';", "import { Construct } from 'constructs';"} {
			if !strings.Contains(src, imp) {
				t.Errorf("%s: no %q", name, imp)
			}
		}
		if !strings.Contains(src, "export class "+n.stack+" extends cdk.Stack") {
			t.Errorf("%s: no stack class %s", name, n.stack)
		}
		if !balanced(src) || !balanced(files[bin]) {
			t.Errorf("%s: unbalanced brackets or strings:\n%s", name, src)
		}
		constructs := regexp.MustCompile(`new dynamodb\.(TableV2|Table)\(this, '([A-Za-z0-9]+)', \{\n\s+tableName: ('(?:[^'\\]|\\.)*'),`).FindAllStringSubmatch(src, -1)
		if len(constructs) != len(m.Tables) {
			t.Errorf("%s: %d table constructs for %d tables", name, len(constructs), len(m.Tables))
		}
		for i, c := range constructs {
			if i >= len(m.Tables) {
				break
			}
			tbl := &m.Tables[i]
			if c[3] != tsString(tbl.TableName) {
				t.Errorf("%s: construct %d is %s, want table %s", name, i, c[3], tbl.TableName)
			}
			// One resource type whatever the billing mode, under the
			// CloudFormation export's logical id.
			if c[1] != "Table" {
				t.Errorf("%s: table %s is a %s, want a Table", name, tbl.TableName, c[1])
			}
			if !strings.Contains(src, "Resource.overrideLogicalId('"+c[2]+"');") {
				t.Errorf("%s: table %s keeps CDK's logical id", name, tbl.TableName)
			}
		}
		// Defaults written out: once per table, once per index.
		indexes := 0
		for _, tbl := range m.Tables {
			indexes += len(tbl.GlobalSecondaryIndexes) + len(tbl.LocalSecondaryIndexes)
		}
		for pat, want := range map[string]int{
			"removalPolicy: cdk.RemovalPolicy.RETAIN,":                         len(m.Tables),
			"tableClass: dynamodb.TableClass.":                                 len(m.Tables),
			"pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: ": len(m.Tables),
			"deletionProtection: ":                                             len(m.Tables),
			"contributorInsightsSpecification: { enabled: false },":            len(m.Tables),
			"encryption: dynamodb.TableEncryption":                             len(m.Tables),
			"projectionType: dynamodb.ProjectionType.":                         indexes,
		} {
			if got := strings.Count(src, pat); got != want {
				t.Errorf("%s: %q %d times, want %d", name, pat, got, want)
			}
		}
		if got := strings.Count(src, "billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,") + strings.Count(src, "billingMode: dynamodb.BillingMode.PROVISIONED,"); got != len(m.Tables) {
			t.Errorf("%s: billing written %d times for %d tables", name, got, len(m.Tables))
		}
	}
}

func TestCDKFullModel(t *testing.T) {
	r, err := Render(fullModel(), CDKTypeScript)
	if err != nil {
		t.Fatal(err)
	}
	src := cdkFiles(t, r)["lib/orders-full-stack.ts"]
	for _, want := range []string{
		// orders: provisioned, so a Table with its GSI, LSI and tags added.
		"const ordersTable = new dynamodb.Table(this, 'Orders', {",
		"readCapacity: 5,",
		"writeCapacity: 7,",
		"ordersTable.addGlobalSecondaryIndex({",
		"sortKey: { name: 'GSI1SK', type: dynamodb.AttributeType.NUMBER },",
		"nonKeyAttributes: ['Total', 'yes'],",
		"readCapacity: 2,",
		"ordersTable.addLocalSecondaryIndex({",
		"projectionType: dynamodb.ProjectionType.KEYS_ONLY,",
		"stream: dynamodb.StreamViewType.NEW_IMAGE,",
		"timeToLiveAttribute: 'expiresAt',",
		"tableClass: dynamodb.TableClass.STANDARD_INFREQUENT_ACCESS,",
		"deletionProtection: true,",
		"pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true, recoveryPeriodInDays: 14 },",
		`cdk.Tags.of(ordersTable).add('note', 'line1\nline2 \'quoted\' "double"');`,
		"cdk.Tags.of(ordersTable).add('empty', '');",
		"value: ordersTable.tableStreamArn! });",
		// Orders: on demand with limits, a Table too, created after orders.
		"const orders2Table = new dynamodb.Table(this, 'Orders2', {",
		"billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,",
		"maxReadRequestUnits: 100,",
		"maxWriteRequestUnits: 50,",
		"maxReadRequestUnits: 10,",
		"orders2TableResource.overrideLogicalId('Orders2');",
		"orders2Table.node.addDependency(ordersTable);",
		"partitionKey: { name: 'id', type: dynamodb.AttributeType.NUMBER },",
		// 2026-archive: a binary key.
		"const table2026ArchiveTable = new dynamodb.Table(this, 'Table2026Archive', {",
		"partitionKey: { name: 'blob', type: dynamodb.AttributeType.BINARY },",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the stack lacks %s", want)
		}
	}
	if strings.Contains(src, "table2026ArchiveTable.node.addDependency") {
		t.Error("a table without indexes depends on another")
	}
}

func TestTSString(t *testing.T) {
	for in, want := range map[string]string{
		"plain":      `'plain'`,
		"it's":       `'it\'s'`,
		`back\slash`: `'back\\slash'`,
		"a\nb\tc":    `'a\nb\tc'`,
		"\x00\u2028": `'\u0000\u2028'`,
		"Zoë ☃":      `'Zoë ☃'`,
	} {
		if got := tsString(in); got != want {
			t.Errorf("tsString(%q) = %s, want %s", in, got, want)
		}
	}
}
