package importers

import (
	"testing"
)

// The Terraform shapes of issue 27 (testdata/tf-shapes), written for the
// test as projects write them: the terraform-aws-modules module with a
// table-level on_demand_throughput, with provisioned capacity, LSIs and
// locals; resources with a table-level on_demand_throughput, functions of
// variables and locals (join, lookup, merge), count on a variable. Each is compared, table by table, with what
// the file says.
func TestTerraformShapes(t *testing.T) {
	for _, c := range []struct {
		file string
		want []string
	}{
		{"module-on-demand.tf", []string{"web-sessions key=session_id:S PAY_PER_REQUEST max=400/200 gsi:by-user(user_id:S ALL max=100/-) ttl=expires_at tags=Environment=staging,Terraform=true"}},
		{"resource-on-demand.tf", []string{"ledger key=account:S,entry:N PAY_PER_REQUEST max=1000/500 pitr protected"}},
		{"module-provisioned.tf", []string{"payments key=pk:S,sk:S PROVISIONED 20/10 gsi:status-created(status:S,created:N INCLUDE amount,currency 5/5) lsi:by-created(pk:S,created:N KEYS_ONLY) stream=NEW_IMAGE pitr class=STANDARD_INFREQUENT_ACCESS tags=managed_by=terraform,team=payments"}},
		{"variables-merge.tf", []string{"shop-prod-carts key=cart_id:S PROVISIONED 6/3 tags=component=carts,environment=prod,owner=checkout"}},
		{"resource-count-gsi.tf", []string{"inventory key=sku:S PROVISIONED 8/4 gsi:by-warehouse(warehouse:S KEYS_ONLY 2/2) ttl=ttl"}},
	} {
		m, _, err := ImportTerraform(map[string][]byte{c.file: readTestdata(t, "tf-shapes/"+c.file)})
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		checkTables(t, c.file, m, c.want...)
	}
}
