package analysis_test

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
)

// TestPartiQLPatterns measures access patterns written as PartiQL: the
// same reads written as a Query and as a keyed SELECT cost the same, and a
// SELECT without a partition-key condition is reported as a full Scan.
func TestPartiQLPatterns(t *testing.T) {
	m := patternModel(t, "multi-tenancy")
	var query *model.AccessPattern
	for i := range m.AccessPatterns {
		if m.AccessPatterns[i].Name == "Tenant's photos" {
			query = &m.AccessPatterns[i]
		}
	}
	if query == nil {
		t.Fatal("no Tenant's photos pattern")
	}
	m.AccessPatterns = append(m.AccessPatterns,
		model.AccessPattern{Name: "Photos (PartiQL)", Operation: "ExecuteStatement", Rate: query.Rate, Parameters: query.Parameters,
			Request: []byte(`{"Statement": "SELECT * FROM Photos WHERE PK = ? AND begins_with(SK, 'PHOTO#')", "Parameters": [{"S": "TENANT#{tenantId}"}]}`)},
		model.AccessPattern{Name: "Every photo (PartiQL)", Operation: "ExecuteStatement", Rate: 1,
			Request: []byte(`{"Statement": "SELECT * FROM Photos WHERE begins_with(SK, 'PHOTO#')"}`)},
		model.AccessPattern{Name: "Rename (PartiQL)", Operation: "ExecuteStatement", Rate: 1, Parameters: query.Parameters,
			Request: []byte(`{"Statement": "UPDATE Photos SET visits = 1 WHERE PK = ? AND SK = 'PROFILE'", "Parameters": [{"S": "TENANT#{tenantId}"}]}`)},
	)
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	rep := analyze(t, m, analysis.Options{})
	q, pq := rep.Pattern("Tenant's photos"), rep.Pattern("Photos (PartiQL)")
	if pq.Error != "" || pq.Op != "read" || pq.Scan || pq.Table != "Photos" || pq.Units <= 0 || pq.Units != q.Units {
		t.Errorf("keyed SELECT: %+v\nQuery: %+v", pq, q)
	}
	scan := rep.Pattern("Every photo (PartiQL)")
	if scan.Error != "" || scan.Op != "read" || !scan.Scan || scan.Units <= pq.Units {
		t.Errorf("full scan: %+v", scan)
	}
	if up := rep.Pattern("Rename (PartiQL)"); up.Error != "" || up.Op != "write" || up.Units <= 0 {
		t.Errorf("UPDATE: %+v", up)
	}
}
