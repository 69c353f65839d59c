package patterns

import (
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// sparseIndex is the IoT status reports of seed 000: only the reports that
// need a technician carry EscalatedTo, so the GSI keyed by it holds only
// those.
var sparseIndex = &Pattern{
	Name:    "sparse-index",
	Title:   "Sparse GSI: escalated device status reports",
	Sources: []string{"000"},
	Narrative: model.Narrative{
		Summary: "Every device reports its status every minute; almost every report says OK. A faulty report " +
			"escalated to a technician carries EscalatedTo, and the EscalationIndex GSI is keyed by EscalatedTo " +
			"with the report's Timestamp as sort key.",
		Solves: "Finding the rare items without reading the common ones: an item is copied into a GSI only when " +
			"it has the index's key attributes, so the index holds the escalations alone. A technician's " +
			"escalations of the last five minutes are one Query on the index (Timestamp > five minutes ago, " +
			"newest first), and the index's key projection still says which device failed and when.",
		TradeOffs: "Only the items with the attribute pay the index's write and storage cost, so a sparse index " +
			"is far cheaper than one that copies every item, but the application must add the attribute when " +
			"an item qualifies and remove it when it stops qualifying (a REMOVE drops the item from the index). " +
			"GSI reads are eventually consistent.",
		RuleOfThumb: "To find a rare kind of item often, give only those items the attribute a GSI is keyed on.",
	},
	DefaultSize: 1000,
	build:       buildSparseIndex,
	generate:    generateSparseIndex,
}

func buildSparseIndex() *model.Model {
	t := keyTable("DeviceStatus", "DeviceId", schema.TypeS, "Timestamp", schema.TypeS)
	t.AttributeDefinitions = append(t.AttributeDefinitions, schema.AttributeDefinition{AttributeName: "EscalatedTo", AttributeType: schema.TypeS})
	t.GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{{
		IndexName: "EscalationIndex",
		KeySchema: []schema.KeySchemaElement{
			{AttributeName: "EscalatedTo", KeyType: schema.KeyTypeHash},
			{AttributeName: "Timestamp", KeyType: schema.KeyTypeRange},
		},
		Projection: schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: []string{"Status", "Detail"}},
	}}
	return &model.Model{
		Description: "DeviceStatus: DeviceId + Timestamp (ISO-8601); EscalationIndex: EscalatedTo + Timestamp, " +
			"present only on escalated reports.",
		Tables: []model.Table{t},
		Entities: []model.Entity{
			{Name: "StatusReport", Table: "DeviceStatus",
				Description: "A device's periodic report; an escalated one names the technician in EscalatedTo.",
				Keys:        map[string]string{"DeviceId": "{deviceId}", "Timestamp": "{timestamp}", "EscalatedTo": "{technician}"},
				Attributes: []model.Attribute{
					{Name: "Status", Type: "S", Required: true, Generator: "choice(OK,WARN,FAULT)"},
					{Name: "Temperature", Type: "N", Required: true, Generator: "decimal(20,95,1)"},
					{Name: "Detail", Type: "S"},
					{Name: "EscalatedTo", Type: "S", Frequency: 0.02, Description: "only on escalated reports: the sparse index key"},
				}},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "Recent escalations", Entity: "StatusReport", Operation: "Query", Rate: 5,
				Description: "A technician's escalations of the last five minutes, newest first.",
				Parameters: []model.Parameter{param("technician", "ana", "the technician"),
					param("since", "2026-03-01T11:55:00Z", "five minutes ago")},
				Request: request(`{"TableName":"DeviceStatus","IndexName":"EscalationIndex",
					"KeyConditionExpression":"EscalatedTo = :tech AND #ts > :since","ScanIndexForward":false,
					"ExpressionAttributeNames":{"#ts":"Timestamp"},
					"ExpressionAttributeValues":{":tech":{"S":"{technician}"},":since":{"S":"{since}"}}}`)},
			{Name: "All escalations", Entity: "StatusReport", Operation: "Query", Rate: 1,
				Parameters: []model.Parameter{param("technician", "ana", "the technician")},
				Request: request(`{"TableName":"DeviceStatus","IndexName":"EscalationIndex",
					"KeyConditionExpression":"EscalatedTo = :tech","ScanIndexForward":false,
					"ExpressionAttributeValues":{":tech":{"S":"{technician}"}}}`)},
			{Name: "Device history", Entity: "StatusReport", Operation: "Query", Rate: 20,
				Parameters: []model.Parameter{param("deviceId", "pump-7", "the device")},
				Request: request(`{"TableName":"DeviceStatus","KeyConditionExpression":"DeviceId = :d",
					"ScanIndexForward":false,"ExpressionAttributeValues":{":d":{"S":"{deviceId}"}}}`)},
			{Name: "Report status", Entity: "StatusReport", Operation: "PutItem", Rate: 1000,
				Description: "A device's routine report: no EscalatedTo, so the index is not written.",
				Parameters: []model.Parameter{param("deviceId", "pump-7", "the device"),
					param("timestamp", "2026-03-01T12:00:00Z", "now"), param("temperature", "41.5", "degrees")},
				Request: request(`{"TableName":"DeviceStatus","Item":{"DeviceId":{"S":"{deviceId}"},"Timestamp":{"S":"{timestamp}"},
					"Status":{"S":"OK"},"Temperature":{"N":"{temperature}"}}}`)},
			{Name: "Resolve escalation", Entity: "StatusReport", Operation: "UpdateItem", Rate: 1,
				Description: "Removing EscalatedTo takes the report out of the index.",
				Parameters:  []model.Parameter{param("deviceId", "pump-7", "the device"), param("timestamp", "2026-03-01T11:56:00Z", "the report")},
				Request: request(`{"TableName":"DeviceStatus","Key":{"DeviceId":{"S":"{deviceId}"},"Timestamp":{"S":"{timestamp}"}},
					"UpdateExpression":"REMOVE EscalatedTo SET #s = :resolved","ConditionExpression":"attribute_exists(EscalatedTo)",
					"ExpressionAttributeNames":{"#s":"Status"},"ExpressionAttributeValues":{":resolved":{"S":"RESOLVED"}}}`)},
		},
		Workload: &model.Workload{Requests: []model.WorkloadRequest{
			{AccessPattern: "Report status", Rate: 1000, Keys: []model.KeyDistribution{{Parameter: "deviceId", Kind: model.DistSequential, Cardinality: 60000, Format: "dev-{n}"}}},
			{AccessPattern: "Recent escalations", Rate: 5, Keys: []model.KeyDistribution{{Parameter: "technician", Kind: model.DistUniform, Cardinality: 20, Format: "tech-{n}"}}},
		}},
	}
}

var faultDetails = []string{"overheating", "vibration above threshold", "pressure drop", "sensor timeout", "power fluctuation"}

// The filler's statuses and details, boxed once.
var (
	faultDetailValues                 = strs(faultDetails)
	statusOK, statusWarn, statusFault = str("OK"), str("WARN"), str("FAULT")
)

func generateSparseIndex(g *gen) {
	k := g.entity("StatusReport")
	report := func(device string, at time.Time, status attr.Value, temp int64, technician string, detail attr.Value) {
		p := g.params("deviceId", device)
		p.Set("timestamp", iso(at))
		it := g.next()
		it.Set("Status", status)
		it.Set("Temperature", dec(temp))
		if technician != "" {
			p.Set("technician", technician)
		}
		if detail != nil {
			it.Set("Detail", detail)
		}
		g.putKeys(k, p, it)
	}
	m := func(n int) time.Time { return g.start.Add(-time.Duration(n) * time.Minute) }
	// Story: ana has two escalations from pump-7 in the last five minutes
	// and an older one from fan-9; ben has one from valve-2.
	report("pump-7", m(6), statusOK, 4150, "", nil)
	report("pump-7", m(4), statusFault, 9120, "ana", str("overheating"))
	report("pump-7", m(2), statusFault, 9310, "ana", str("overheating"))
	report("pump-7", m(1), statusWarn, 7800, "", str("cooling down"))
	report("valve-2", m(3), statusFault, 3300, "ben", str("pressure drop"))
	report("valve-2", m(1), statusOK, 3250, "", nil)
	report("fan-9", m(20), statusFault, 8800, "ana", str("vibration above threshold"))

	// Filler: devices reporting every minute, newest first; 2% escalated
	// to one of twenty technicians.
	const devices = 1000
	for minute := 1; ; minute++ {
		for d := 0; d < devices; d++ {
			device := padded("dev-", d, 5)
			at := m(minute).Add(time.Duration(d%60) * time.Second)
			switch {
			case g.r.Chance(0.02):
				report(device, at, statusFault, int64(7000+g.r.IntN(3000)), padded("tech-", g.r.IntN(20), 2), model.Pick(g.r, faultDetailValues))
			case g.r.Chance(0.05):
				report(device, at, statusWarn, int64(5000+g.r.IntN(2000)), "", nil)
			default:
				report(device, at, statusOK, int64(2000+g.r.IntN(3000)), "", nil)
			}
		}
	}
}
