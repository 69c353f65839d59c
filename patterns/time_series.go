package patterns

import (
	"fmt"
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// readingTTL is how long a sensor reading is kept.
const readingTTL = 30 * 24 * time.Hour

// hotShards is how many shards the hot device's readings are spread over.
const hotShards = 4

// timeSeries is the high-throughput time series of seed 004: readings keyed
// by device and ISO-8601 timestamp, expiring after 30 days, with a hot
// device sharded over deviceId#shardNN.
var timeSeries = &Pattern{
	Name:    "time-series",
	Title:   "Time series: device readings with ISO-8601 timestamps",
	Sources: []string{"004"},
	Narrative: model.Narrative{
		Summary: "Sensors write about 10,000 readings per second. SensorReadings is keyed by deviceId and an " +
			"ISO-8601 timestamp (2026-03-01T11:59:00Z), which sorts as time does; each reading carries ttl = its " +
			"time + 30 days. One device far busier than the others writes to deviceId#shard01..#shard04, and " +
			"DeviceShards records how many shards a device has.",
		Solves: "A device's readings are one item collection sorted by time: the latest reading is a Query with " +
			"ScanIndexForward=false and Limit=1 (one item read, whatever the history), a time window is a Query " +
			"with BETWEEN on the timestamp, and old readings leave by themselves through TTL, without a cleanup " +
			"job or write capacity. Sharding the hot device spreads its writes over several partitions.",
		TradeOffs: "Sharding moves work to the reader: the hot device's latest reading is one Query per shard " +
			"(a fan-out) and a merge, and the application must know the shard count. TTL deletes within days " +
			"of expiry, not on the second. On-demand capacity (used here) is simple but costs more than " +
			"provisioned capacity with auto scaling for steady traffic; strongly consistent reads cost double.",
		RuleOfThumb: "Key time series by source and a sortable timestamp, read newest-first with a Limit, " +
			"expire with TTL, and shard only the sources that outgrow a partition.",
	},
	DefaultSize: 1000,
	build:       buildTimeSeries,
	generate:    generateTimeSeries,
}

func buildTimeSeries() *model.Model {
	readingAttrs := []model.Attribute{
		{Name: "temperature", Type: "N", Required: true, Generator: "decimal(-10,45,2)"},
		{Name: "humidity", Type: "N", Required: true, Generator: "decimal(0,100,1)"},
		{Name: "pressure", Type: "N", Required: true, Generator: "decimal(950,1050,1)"},
		{Name: "metadata", Type: "S", Description: "optional JSON"},
		{Name: "ttl", Type: "N", Required: true, Description: "TTL: epoch seconds, reading time + 30 days"},
	}
	return &model.Model{
		Description: "SensorReadings: deviceId (or deviceId#shardNN for a hot device) + timestamp (ISO-8601); " +
			"TTL on ttl. DeviceShards: deviceId -> shardCount.",
		Tables: []model.Table{
			ttl(keyTable("SensorReadings", "deviceId", schema.TypeS, "timestamp", schema.TypeS), "ttl"),
			keyTable("DeviceShards", "deviceId", schema.TypeS, "", ""),
		},
		Entities: []model.Entity{
			{Name: "Reading", Table: "SensorReadings", Keys: map[string]string{"deviceId": "{deviceId}", "timestamp": "{timestamp}"},
				Attributes: readingAttrs},
			{Name: "ShardedReading", Table: "SensorReadings", Description: "A reading of a hot device, on one of its shards.",
				Keys:       map[string]string{"deviceId": "{deviceId}#shard{shard}", "timestamp": "{timestamp}"},
				Attributes: readingAttrs},
			{Name: "ShardConfig", Table: "DeviceShards", Keys: map[string]string{"deviceId": "{deviceId}"},
				Attributes: []model.Attribute{{Name: "shardCount", Type: "N", Required: true}}},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "Latest reading", Entity: "Reading", Operation: "Query", Rate: 2000,
				Parameters: []model.Parameter{param("deviceId", "thermo-42", "the device")},
				Request: request(`{"TableName":"SensorReadings","KeyConditionExpression":"deviceId = :d",
					"ScanIndexForward":false,"Limit":1,"ExpressionAttributeValues":{":d":{"S":"{deviceId}"}}}`)},
			{Name: "Readings between", Entity: "Reading", Operation: "Query", Rate: 100,
				Parameters: []model.Parameter{param("deviceId", "thermo-42", "the device"),
					param("from", "2026-03-01T11:54:00Z", "ISO-8601, inclusive"), param("to", "2026-03-01T11:58:00Z", "ISO-8601, inclusive")},
				Request: request(`{"TableName":"SensorReadings","KeyConditionExpression":"deviceId = :d AND #ts BETWEEN :from AND :to",
					"ExpressionAttributeNames":{"#ts":"timestamp"},
					"ExpressionAttributeValues":{":d":{"S":"{deviceId}"},":from":{"S":"{from}"},":to":{"S":"{to}"}}}`)},
			{Name: "Record a reading", Entity: "Reading", Operation: "PutItem", Rate: 10000,
				Parameters: []model.Parameter{param("deviceId", "thermo-42", "the device"),
					param("timestamp", iso(Start), "ISO-8601"), param("temperature", "21.50", "degrees Celsius"),
					param("ttl", fmt.Sprint(Start.Add(readingTTL).Unix()), "timestamp + 30 days, epoch seconds")},
				Request: request(`{"TableName":"SensorReadings","Item":{"deviceId":{"S":"{deviceId}"},"timestamp":{"S":"{timestamp}"},
					"temperature":{"N":"{temperature}"},"humidity":{"N":"40"},"pressure":{"N":"1013.2"},"ttl":{"N":"{ttl}"}}}`)},
			{Name: "Hot device latest", Entity: "ShardedReading", Operation: "Query", Rate: 50,
				Description: "The latest reading of each shard (a fan-out); the newest of them is the device's latest.",
				Parameters:  []model.Parameter{param("deviceId", "turbine-1", "the hot device")},
				FanOut:      &model.FanOut{Parameter: "shard", From: 1, To: hotShards, Width: 2},
				Request: request(`{"TableName":"SensorReadings","KeyConditionExpression":"deviceId = :d",
					"ScanIndexForward":false,"Limit":1,"ExpressionAttributeValues":{":d":{"S":"{deviceId}#shard{shard}"}}}`)},
			{Name: "Shard count", Entity: "ShardConfig", Operation: "GetItem", Rate: 50,
				Parameters: []model.Parameter{param("deviceId", "turbine-1", "the device")},
				Request:    request(`{"TableName":"DeviceShards","Key":{"deviceId":{"S":"{deviceId}"}}}`)},
		},
		Workload: &model.Workload{Requests: []model.WorkloadRequest{
			{AccessPattern: "Record a reading", Rate: 10000, Keys: []model.KeyDistribution{
				{Parameter: "deviceId", Kind: model.DistUniform, Cardinality: 100000, Format: "dev-{n}"}}},
			{AccessPattern: "Latest reading", Rate: 2000, Keys: []model.KeyDistribution{
				{Parameter: "deviceId", Kind: model.DistZipf, Cardinality: 100000, Skew: 1.3, Format: "dev-{n}"}}},
		}},
		Settings: model.Settings{TTLDeletionDelay: model.Duration(time.Hour), ClockSpeed: 60},
	}
}

func generateTimeSeries(g *gen) {
	reading := func(entity, device, shard string, at time.Time, hundredths int64, meta string) {
		p := g.params("deviceId", device)
		p.Set("timestamp", iso(at))
		if shard != "" {
			p.Set("shard", shard)
		}
		it := g.next()
		it.Set("temperature", dec(hundredths))
		it.Set("humidity", dec(int64(2000+g.r.IntN(6000))))
		it.Set("pressure", dec(int64(98000+g.r.IntN(5000))))
		it.Set("ttl", epoch(at.Add(readingTTL)))
		if meta != "" {
			it.Set("metadata", g.str(meta))
		}
		g.put(entity, p, it)
	}
	ago := func(d time.Duration) time.Time { return g.start.Add(-d) }
	// Story: thermo-42 reported 10, 5 and 1 minutes ago; turbine-1 is
	// sharded four ways and its newest reading is on shard02.
	reading("Reading", "thermo-42", "", ago(10*time.Minute), 2110, `{"firmware":"1.4.2","site":"plant-3"}`)
	reading("Reading", "thermo-42", "", ago(5*time.Minute), 2140, "")
	reading("Reading", "thermo-42", "", ago(time.Minute), 2175, "")
	for i, d := range []time.Duration{4 * time.Minute, 30 * time.Second, 2 * time.Minute, 3 * time.Minute} {
		reading("ShardedReading", "turbine-1", padded("", i+1, 2), ago(d), int64(6000+100*i), "")
	}
	it := g.next()
	it.Set("shardCount", num(hotShards))
	g.put("ShardConfig", g.params("deviceId", "turbine-1"), it)

	// Filler: 500 devices reporting once a minute, newest first, within
	// the last 30 days, and turbine-1's shards one reading each a minute
	// (older than the story's).
	const devices = 500
	for m := 1; ; m++ {
		at := ago(time.Duration(m) * time.Minute)
		for d := 0; d < devices; d++ {
			meta := ""
			if g.r.Chance(0.1) {
				meta = `{"firmware":"1.` + strconv.Itoa(g.r.IntN(6)) + `.0","site":"plant-` + strconv.Itoa(d%8) + `"}`
			}
			reading("Reading", padded("dev-", d, 4), "", at.Add(-time.Duration(d%60)*time.Second), int64(1500+g.r.IntN(1500)), meta)
		}
		for s := 1; s <= hotShards; s++ {
			reading("ShardedReading", "turbine-1", padded("", s, 2), at.Add(-5*time.Minute-time.Duration(10*s)*time.Second),
				int64(5500+g.r.IntN(1000)), "")
		}
	}
}
