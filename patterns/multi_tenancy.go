package patterns

import (
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// multiTenancy is the photo site of seed 000: the tenant (a user) is the
// partition key, so a tenant's reads stay in its own item collection and
// removing a tenant is a query plus deletes.
var multiTenancy = &Pattern{
	Name:    "multi-tenancy",
	Title:   "Multi-tenancy: the photo site",
	Sources: []string{"000"},
	Narrative: model.Narrative{
		Summary: "A photo hosting site where each tenant's profile and photos share the tenant's partition key " +
			"(TENANT#{tenantId}); the photos are the sort keys (PHOTO#{photoId}) and carry the URL where the image lives.",
		Solves: "Isolation at the schema level: every request of a tenant names the tenant's partition key, so a " +
			"tenant can only ever read as much as its own item collection holds, and never another tenant's " +
			"items. Closing an account is cheap: query the tenant's keys, then delete each one.",
		TradeOffs: "One very large or very busy tenant concentrates its traffic on one partition key (shard it if " +
			"it outgrows a partition's 1,000 WCU / 3,000 RCU). Deleting a tenant costs a write per item; the " +
			"schema isolates tenants, but the API's authorization must still pin each caller to its own key.",
		RuleOfThumb: "Make the tenant the partition key: per-tenant reads, per-tenant cost and per-tenant " +
			"deletion all follow from it.",
	},
	DefaultSize: 500,
	build:       buildMultiTenancy,
	generate:    generateMultiTenancy,
}

func buildMultiTenancy() *model.Model {
	return &model.Model{
		Description: "Photos: PK = TENANT#{tenantId}; SK = PROFILE or PHOTO#{photoId}.",
		Tables:      []model.Table{keyTable("Photos", "PK", schema.TypeS, "SK", schema.TypeS)},
		Entities: []model.Entity{
			{Name: "Tenant", Table: "Photos", Keys: map[string]string{"PK": "TENANT#{tenantId}", "SK": "PROFILE"},
				Attributes: []model.Attribute{
					{Name: "DisplayName", Type: "S", Required: true},
					{Name: "Plan", Type: "S", Required: true, Generator: "choice(free,pro,business)"},
					{Name: "CreatedAt", Type: "S", Required: true},
				}},
			{Name: "Photo", Table: "Photos", Keys: map[string]string{"PK": "TENANT#{tenantId}", "SK": "PHOTO#{photoId}"},
				Attributes: []model.Attribute{
					{Name: "Url", Type: "S", Required: true, Description: "where the image is hosted"},
					{Name: "Title", Type: "S", Required: true},
					{Name: "UploadedAt", Type: "S", Required: true},
					{Name: "Bytes", Type: "N", Required: true},
					{Name: "Tags", Type: "SS"},
				}},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "Tenant's photos", Entity: "Photo", Operation: "Query", Rate: 300,
				Description: "A tenant's gallery: its partition only.",
				Parameters:  []model.Parameter{param("tenantId", "acme", "the tenant")},
				Request: request(`{"TableName":"Photos","KeyConditionExpression":"PK = :t AND begins_with(SK, :photo)",
					"ExpressionAttributeValues":{":t":{"S":"TENANT#{tenantId}"},":photo":{"S":"PHOTO#"}}}`)},
			{Name: "Photo", Entity: "Photo", Operation: "GetItem", Rate: 1000,
				Parameters: []model.Parameter{param("tenantId", "acme", "the tenant"), param("photoId", "p-0002", "the photo")},
				Request:    request(`{"TableName":"Photos","Key":{"PK":{"S":"TENANT#{tenantId}"},"SK":{"S":"PHOTO#{photoId}"}}}`)},
			{Name: "Tenant's keys", Operation: "Query", Rate: 0.01,
				Description: "Closing an account, step 1: every key in the tenant's partition (keys only).",
				Parameters:  []model.Parameter{param("tenantId", "acme", "the tenant")},
				Request: request(`{"TableName":"Photos","KeyConditionExpression":"PK = :t","ProjectionExpression":"PK, SK",
					"ExpressionAttributeValues":{":t":{"S":"TENANT#{tenantId}"}}}`)},
			{Name: "Delete tenant item", Operation: "DeleteItem", Rate: 0.1,
				Description: "Closing an account, step 2: delete each key the query returned.",
				Parameters:  []model.Parameter{param("tenantId", "acme", "the tenant"), param("sk", "PHOTO#p-0001", "a sort key from step 1")},
				Request:     request(`{"TableName":"Photos","Key":{"PK":{"S":"TENANT#{tenantId}"},"SK":{"S":"{sk}"}}}`)},
		},
		Workload: &model.Workload{Requests: []model.WorkloadRequest{
			{AccessPattern: "Photo", Rate: 1000, Keys: []model.KeyDistribution{
				{Parameter: "tenantId", Kind: model.DistZipf, Cardinality: 10000, Skew: 1.2, Format: "t{n}"},
				{Parameter: "photoId", Kind: model.DistUniform, Cardinality: 50, Format: "p-{n}"}}},
			{AccessPattern: "Tenant's photos", Rate: 300, Keys: []model.KeyDistribution{
				{Parameter: "tenantId", Kind: model.DistZipf, Cardinality: 10000, Skew: 1.2, Format: "t{n}"}}},
		}},
	}
}

var photoTags = []string{"travel", "family", "food", "city", "nature", "pets", "night", "work"}

func generateMultiTenancy(g *gen) {
	kTenant, kPhoto := g.entity("Tenant"), g.entity("Photo")
	tenant := func(id, name string, plan attr.Value, created time.Time) {
		p := g.params("tenantId", id)
		it := g.next()
		it.Set("DisplayName", g.str(name))
		it.Set("Plan", plan)
		it.Set("CreatedAt", g.str(iso(created)))
		g.putKeys(kTenant, p, it)
	}
	photo := func(tenantID, photoID, title string, at time.Time, bytes int64, tags []string) {
		it := g.next()
		it.Set("Url", g.str("https://img.example.com/"+tenantID+"/"+photoID+".jpg"))
		it.Set("Title", g.str(title))
		it.Set("UploadedAt", g.str(iso(at)))
		it.Set("Bytes", num(bytes))
		if len(tags) > 0 {
			set, _ := attr.NewStringSet(tags) // a copy: tags is reused
			it.Set("Tags", set)
		}
		p := g.params("tenantId", tenantID)
		p.Set("photoId", photoID)
		g.putKeys(kPhoto, p, it)
	}
	// Story: acme with four photos, globex with three.
	day := 24 * time.Hour
	business, pro := str("business"), str("pro")
	tenant("acme", "Acme Corp", business, g.start.Add(-400*day))
	photo("acme", "p-0001", "Launch party", g.start.Add(-30*day), 2_400_000, []string{"work"})
	photo("acme", "p-0002", "New office", g.start.Add(-20*day), 3_100_000, []string{"city", "work"})
	photo("acme", "p-0003", "Team offsite", g.start.Add(-10*day), 1_800_000, []string{"nature", "work"})
	photo("acme", "p-0004", "Product shot", g.start.Add(-2*day), 900_000, nil)
	tenant("globex", "Globex", pro, g.start.Add(-100*day))
	photo("globex", "p-0001", "Harbour", g.start.Add(-9*day), 2_000_000, []string{"city"})
	photo("globex", "p-0002", "Dinner", g.start.Add(-8*day), 1_200_000, []string{"food"})
	photo("globex", "p-0003", "Cat", g.start.Add(-1*day), 700_000, []string{"pets"})

	plans := strs([]string{"free", "free", "free", "pro", "business"})
	var tags []string
	for t := 0; ; t++ {
		id := padded("t", t, 6)
		tenant(id, "Tenant "+strconv.Itoa(t), model.Pick(g.r, plans), g.start.Add(-time.Duration(1+g.r.IntN(1000))*day))
		n := 1 + g.r.IntN(20)
		for p := 1; p <= n; p++ {
			tags = tags[:0]
			for _, tag := range photoTags {
				if g.r.Chance(0.15) {
					tags = append(tags, tag)
				}
			}
			photo(id, padded("p-", p, 4), model.Lorem(g.r, 8+g.r.IntN(30)),
				g.start.Add(-time.Duration(g.r.IntN(365*24*3600))*time.Second), int64(100_000+g.r.IntN(8_000_000)), tags)
		}
	}
}
