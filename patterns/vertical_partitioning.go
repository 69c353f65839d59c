package patterns

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// verticalPartitioning is the vertical partitioning of seed 000: a large
// product document split into items under 1 KB that share the product's
// partition key.
var verticalPartitioning = &Pattern{
	Name:    "vertical-partitioning",
	Title:   "Vertical partitioning: a large JSON document as items under 1 KB",
	Sources: []string{"000"},
	Narrative: model.Narrative{
		Summary: "A product page is one large JSON document in a document database: metadata, specification " +
			"sections, images, reviews, stock per warehouse. Here each part is its own item under the product's " +
			"partition key (PRODUCT#{productId}), its sort key saying what it is: META, SPEC#{section}, " +
			"IMAGE#{position}, REVIEW#{reviewedAt}#{reviewId}, STOCK#{warehouse}.",
		Solves: "Key conditions cannot look inside a nested document, and DynamoDB bills reads and writes by " +
			"item size. As separate items, the parts are read selectively (only the reviews: begins_with " +
			"REVIEW#), updated independently (a stock change rewrites one small item for 1 WCU instead of the " +
			"whole document), and the document is rebuilt by one Query on the partition key. A popular product " +
			"whose reviews would push a single item past the 400 KB item limit simply has more items.",
		TradeOffs: "Reading the whole document is a Query (possibly several pages) and a merge in the " +
			"application, instead of one GetItem; updating several parts atomically needs a transaction; " +
			"there are more items to count, and each carries its key overhead.",
		RuleOfThumb: "Split a document along the lines it is read and written by, keeping each item under 1 KB " +
			"(the write unit), and name the parts with sort key prefixes so that begins_with fetches a kind.",
	},
	DefaultSize: 1000,
	build:       buildVerticalPartitioning,
	generate:    generateVerticalPartitioning,
}

func buildVerticalPartitioning() *model.Model {
	return &model.Model{
		Description: "Products: PK = PRODUCT#{productId}; SK = META | SPEC#{section} | IMAGE#{position} | " +
			"REVIEW#{reviewedAt}#{reviewId} | STOCK#{warehouse}; every item under 1 KB.",
		Tables: []model.Table{keyTable("Products", "PK", schema.TypeS, "SK", schema.TypeS)},
		Entities: []model.Entity{
			{Name: "ProductMeta", Table: "Products", Keys: map[string]string{"PK": "PRODUCT#{productId}", "SK": "META"},
				Attributes: []model.Attribute{
					{Name: "Name", Type: "S", Required: true}, {Name: "Brand", Type: "S", Required: true},
					{Name: "Category", Type: "S", Required: true}, {Name: "Price", Type: "N", Required: true},
				}},
			{Name: "ProductSpec", Table: "Products", Keys: map[string]string{"PK": "PRODUCT#{productId}", "SK": "SPEC#{section}"},
				Attributes: []model.Attribute{{Name: "Specs", Type: "M", Required: true}}},
			{Name: "ProductImage", Table: "Products", Keys: map[string]string{"PK": "PRODUCT#{productId}", "SK": "IMAGE#{position}"},
				Attributes: []model.Attribute{{Name: "Url", Type: "S", Required: true}, {Name: "Alt", Type: "S", Required: true}}},
			{Name: "ProductReview", Table: "Products", Keys: map[string]string{"PK": "PRODUCT#{productId}", "SK": "REVIEW#{reviewedAt}#{reviewId}"},
				Attributes: []model.Attribute{
					{Name: "Rating", Type: "N", Required: true}, {Name: "Author", Type: "S", Required: true},
					{Name: "Text", Type: "S", Required: true},
				}},
			{Name: "ProductStock", Table: "Products", Keys: map[string]string{"PK": "PRODUCT#{productId}", "SK": "STOCK#{warehouse}"},
				Attributes: []model.Attribute{{Name: "Quantity", Type: "N", Required: true}, {Name: "UpdatedAt", Type: "S", Required: true}}},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "Whole document", Operation: "Query", Rate: 50,
				Description: "Every part of the product, to rebuild the document in the application.",
				Parameters:  []model.Parameter{param("productId", "P-100", "the product")},
				Request: request(`{"TableName":"Products","KeyConditionExpression":"PK = :p",
					"ExpressionAttributeValues":{":p":{"S":"PRODUCT#{productId}"}}}`)},
			{Name: "Product header", Entity: "ProductMeta", Operation: "GetItem", Rate: 2000,
				Parameters: []model.Parameter{param("productId", "P-100", "the product")},
				Request:    request(`{"TableName":"Products","Key":{"PK":{"S":"PRODUCT#{productId}"},"SK":{"S":"META"}}}`)},
			{Name: "Latest reviews", Entity: "ProductReview", Operation: "Query", Rate: 500,
				Parameters: []model.Parameter{param("productId", "P-100", "the product")},
				Request: request(`{"TableName":"Products","KeyConditionExpression":"PK = :p AND begins_with(SK, :r)",
					"ScanIndexForward":false,"Limit":20,
					"ExpressionAttributeValues":{":p":{"S":"PRODUCT#{productId}"},":r":{"S":"REVIEW#"}}}`)},
			{Name: "Update stock", Entity: "ProductStock", Operation: "UpdateItem", Rate: 100,
				Description: "One part changes: one small item is rewritten (1 WCU).",
				Parameters: []model.Parameter{param("productId", "P-100", "the product"), param("warehouse", "eu-west", "the warehouse"),
					param("quantity", "41", "units in stock"), param("now", iso(Start), "ISO-8601")},
				Request: request(`{"TableName":"Products","Key":{"PK":{"S":"PRODUCT#{productId}"},"SK":{"S":"STOCK#{warehouse}"}},
					"UpdateExpression":"SET Quantity = :q, UpdatedAt = :now","ReturnConsumedCapacity":"TOTAL",
					"ExpressionAttributeValues":{":q":{"N":"{quantity}"},":now":{"S":"{now}"}}}`)},
		},
	}
}

var (
	brands      = []string{"Brewline", "Kettleworks", "Nordhaus", "Cafetta", "Steamy"}
	categories  = []string{"espresso machines", "grinders", "kettles", "accessories"}
	warehouses  = []string{"eu-west", "us-east", "ap-south"}
	specSection = []string{"dimensions", "electrical", "materials", "warranty"}
	reviewers   = []string{"ana_k", "ben.r", "chen", "dara", "eli", "fatima", "greg", "hiro", "ines", "jon"}
)

// The values the generator picks from, boxed once: a million items pick
// them without allocating (a Value is immutable, so items share them).
var (
	brandValues    = strs(brands)
	categoryValues = strs(categories)
	reviewerValues = strs(reviewers)
	// centimetres 20..49, kilograms 2.0..11.9, watts 800..1900
	cmValues, kgValues, wattValues = func() (cm, kg, w []attr.Value) {
		for i := 20; i < 50; i++ {
			cm = append(cm, str(strconv.Itoa(i)+" cm"))
		}
		for i := 2; i < 12; i++ {
			for j := 0; j < 10; j++ {
				kg = append(kg, str(strconv.Itoa(i)+"."+strconv.Itoa(j)+" kg"))
			}
		}
		for i := 0; i < 12; i++ {
			w = append(w, str(strconv.Itoa(800+100*i)+" W"))
		}
		return cm, kg, w
	}()
	// reviewIDs are the filler's review ids r-1..r-19.
	reviewIDs = func() []string {
		ids := make([]string, 20)
		for i := range ids {
			ids[i] = "r-" + strconv.Itoa(i)
		}
		return ids
	}()
)

// specOf returns a specification section as a map.
func specOf(section string, r *model.Rand) attr.Map {
	switch section {
	case "dimensions":
		// The draws in the order of the map literal this was written as:
		// the dataset of a seed does not change.
		w, h, d := cmValues[r.IntN(30)], cmValues[r.IntN(30)], cmValues[r.IntN(30)]
		kg := 10 * r.IntN(10)
		kg += r.IntN(10)
		return attr.Map{"Width": w, "Height": h, "Depth": d, "Weight": kgValues[kg]}
	case "electrical":
		return attr.Map{"Voltage": attr.String("220-240 V"), "Power": wattValues[r.IntN(12)], "Plug": attr.String("Type F")}
	case "materials":
		return attr.Map{"Body": attr.String("brushed steel"), "Tank": attr.String("BPA-free plastic"),
			"Portafilter": attr.String("chrome-plated brass")}
	}
	// Constants as Values are static data: no allocation per item.
	return attr.Map{"Years": num(int64(1 + r.IntN(3))), "Scope": attr.String("parts and labour")}
}

// productID is fmt.Sprintf("P-%05d", p) without fmt.
func productID(p int) string {
	var buf [24]byte
	b := append(buf[:0], "P-"...)
	for d := 10000; d > 1 && p < d; d /= 10 {
		b = append(b, '0')
	}
	return string(strconv.AppendInt(b, int64(p), 10))
}

func generateVerticalPartitioning(g *gen) {
	kMeta, kSpec, kImage := g.entity("ProductMeta"), g.entity("ProductSpec"), g.entity("ProductImage")
	kReview, kStock := g.entity("ProductReview"), g.entity("ProductStock")
	meta := func(id, name string, cents int64) {
		it := g.next()
		it.Set("Name", g.str(name))
		it.Set("Brand", model.Pick(g.r, brandValues))
		it.Set("Category", model.Pick(g.r, categoryValues))
		it.Set("Price", dec(cents))
		g.putKeys(kMeta, g.params("productId", id), it)
	}
	review := func(id, rid string, at time.Time, rating int64, author attr.Value, textLen int) {
		it := g.next()
		it.Set("Rating", num(rating))
		it.Set("Author", author)
		it.Set("Text", g.str(model.LoremIn(&g.text, g.r, textLen)))
		p := g.params("productId", id)
		p.Set("reviewedAt", iso(at))
		p.Set("reviewId", rid)
		g.putKeys(kReview, p, it)
	}
	image := func(id string, pos int) {
		it := g.next()
		n := strconv.Itoa(pos)
		it.Set("Url", g.str("https://img.example.com/products/"+id+"/"+n+".jpg"))
		it.Set("Alt", g.str("View "+n+" of product "+id))
		p := g.params("productId", id)
		p.Set("position", n)
		g.putKeys(kImage, p, it)
	}
	updated := str(iso(g.start.Add(-time.Hour)))
	stock := func(id, wh string, q int64) {
		it := g.next()
		it.Set("Quantity", num(q))
		it.Set("UpdatedAt", updated)
		p := g.params("productId", id)
		p.Set("warehouse", wh)
		g.putKeys(kStock, p, it)
	}
	spec := func(id, section string) {
		it := g.next()
		it.Set("Specs", specOf(section, g.r))
		p := g.params("productId", id)
		p.Set("section", section)
		g.putKeys(kSpec, p, it)
	}
	reviewer := func(name string) attr.Value { return reviewerValues[slices.Index(reviewers, name)] }
	day := 24 * time.Hour
	// Story: P-100, an espresso machine in ten parts.
	meta("P-100", "Barista Pro 2", 49900)
	spec("P-100", "dimensions")
	spec("P-100", "electrical")
	image("P-100", 1)
	image("P-100", 2)
	review("P-100", "r-1", g.start.Add(-30*day), 5, reviewer("ana_k"), 400)
	review("P-100", "r-2", g.start.Add(-12*day), 4, reviewer("ben.r"), 650)
	review("P-100", "r-3", g.start.Add(-1*day), 2, reviewer("chen"), 300)
	stock("P-100", "eu-west", 17)
	stock("P-100", "us-east", 4)
	// P-BEST, a bestseller whose 600 reviews would not fit in one 400 KB item.
	meta("P-BEST", "Everyday Kettle", 3900)
	for i := 1; i <= 600; i++ {
		review("P-BEST", fmt.Sprintf("r-%04d", i), g.start.Add(-time.Duration(600-i)*time.Hour), int64(1+g.r.IntN(5)),
			model.Pick(g.r, reviewerValues), 650+g.r.IntN(200))
	}
	// Filler: products with a few of each part. (The loop conditions draw
	// at every test: the dataset of a seed depends on it.)
	for p := 1; ; p++ {
		id := productID(p)
		meta(id, "Product "+strconv.Itoa(p), int64(500+g.r.IntN(100000)))
		for _, s := range specSection[:1+g.r.IntN(len(specSection))] {
			spec(id, s)
		}
		for i := 1; i <= 1+g.r.IntN(4); i++ {
			image(id, i)
		}
		for i := 1; i <= g.r.IntN(20); i++ {
			review(id, reviewIDs[i], g.start.Add(-time.Duration(g.r.IntN(365*24))*time.Hour),
				int64(1+g.r.IntN(5)), model.Pick(g.r, reviewerValues), 20+g.r.IntN(800))
		}
		for _, wh := range warehouses[:1+g.r.IntN(len(warehouses))] {
			stock(id, wh, int64(g.r.IntN(500)))
		}
	}
}
