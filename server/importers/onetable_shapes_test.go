package importers

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
)

// The OneTable shapes of issue 27 (testdata/onetable-shapes), written for
// the test as projects write them: `export default {...} as const` in
// TypeScript, `const Schema = {...}; module.exports = Schema` with shared
// regular expressions, an ES module's `export const` with a custom type
// field and side-by-side parameters, a typed TypeScript const among
// imports and code, a CommonJS module whose templates are a const. Each is
// compared with what the file says: the table, then every model's key
// templates (${_type} is the model's name).
func TestOneTableModules(t *testing.T) {
	for _, c := range []struct {
		file     string
		table    string
		entities []string
		warning  string
	}{
		{"crm.schema.ts", "OneTable key=pk:S,sk:S PAY_PER_REQUEST gsi:gs1(gs1pk:S,gs1sk:S ALL)", []string{
			"Account gs1pk=account-name gs1sk={name} pk=Account#{id} sk=Account#",
			"Contact gs1pk=contact-email gs1sk={email} pk=Account#{accountId} sk=Contact#{email}"}, "follow"},
		{"blog.schema.js", "OneTable key=PK:S,SK:S PAY_PER_REQUEST gsi:byAuthor(GSI1PK:S,GSI1SK:S KEYS_ONLY)", []string{
			"Post GSI1PK=author#{authorId} GSI1SK=post#{published} PK=post#{slug} SK=post",
			"Comment PK=post#{slug} SK=comment#{commentId}"}, "validate"},
		{"accounts.mjs", "OneTable key=pk:S,sk:S PAY_PER_REQUEST", []string{
			"Account pk=account#{name}#{id} sk=Account",
			"Invoice pk=account#{accountId} sk=Invoice#{date}#{number}"}, "side by side"},
		{"store.schema.ts", "OneTable key=pk:S,sk:S PAY_PER_REQUEST gsi:gs1(status:S,created:S ALL) lsi:ls1(pk:S,created:S INCLUDE)", []string{
			"Customer pk=customer#{customerId} sk=profile",
			"Order created={created} pk=customer#{customerId} sk=order#{orderId} status={status}"}, "OneTable schema does not name its table"},
		{"tenants.cjs", "OneTable key=pk:S,sk:S PAY_PER_REQUEST gsi:gs1(gs1pk:S,gs1sk:S INCLUDE name,role)", []string{
			"Tenant pk=tenant#{tenantId} sk=Tenant",
			"User gs1pk=user#{email} gs1sk={tenantId} pk=tenant#{tenantId} sk=User#{email}"}, "default"},
	} {
		data := readTestdata(t, "onetable-shapes/"+c.file)
		if f := Detect(c.file, data); f != OneTable {
			t.Errorf("%s: detected as %q", c.file, f)
		}
		m, warnings, err := Import(OneTable, data)
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		checkTables(t, c.file, m, c.table)
		if got := entityKeys(m); strings.Join(got, "\n") != strings.Join(c.entities, "\n") {
			t.Errorf("%s: entities\n got %s\nwant %s", c.file, strings.Join(got, "\n"), strings.Join(c.entities, "\n"))
		}
		hasWarning(t, warnings, c.warning)
	}
}

// TestOneTableModuleRefused: a module that computes its schema is refused
// with the line and column of what is not a literal.
func TestOneTableModuleRefused(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"import base from './base'\nexport default {\n  ...base,\n  models: {},\n}\n", "line 3, column 3: a spread"},
		{"export default {\n  indexes: { primary: { hash: 'pk' } },\n  models: { U: { pk: { type: String, value: `u#${id}` } } },\n}\n", "line 3, column 45: a template string with ${...}"},
		{"export default {\n  indexes: makeIndexes(),\n}\n", "line 2, column 23: a call is not a literal"},
	} {
		if _, _, err := Import(OneTable, []byte(c.src)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}

// entityKeys writes each entity's key templates, sorted by attribute.
func entityKeys(m *model.Model) []string {
	var out []string
	for _, e := range m.Entities {
		var ks []string
		for k, v := range e.Keys {
			ks = append(ks, fmt.Sprintf("%s=%s", k, v))
		}
		sort.Strings(ks)
		out = append(out, e.Name+" "+strings.Join(ks, " "))
	}
	return out
}
