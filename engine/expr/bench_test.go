package expr

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Run with: go test ./engine/expr -run '^$' -bench . -benchmem

var benchItem = attr.Item{
	"pk":      attr.String("USER#42"),
	"sk":      attr.String("ORDER#2024-06-01#0001"),
	"status":  attr.String("SHIPPED"),
	"amount":  num("129.95"),
	"items":   attr.List{attr.Map{"sku": attr.String("A-1"), "qty": num("2")}, attr.Map{"sku": attr.String("B-7"), "qty": num("1")}},
	"tags":    ss("gift", "priority"),
	"version": num("7"),
}

func benchPlaceholders() *Placeholders {
	return NewPlaceholders(
		map[string]string{"#status": "status", "#items": "items"},
		attr.Values{
			":shipped": attr.String("SHIPPED"), ":min": num("100"), ":tag": attr.String("gift"),
			":v": num("7"), ":one": num("1"), ":zero": num("0"), ":s": attr.String("DELIVERED"), ":new": attr.List{attr.String("x")},
		},
	)
}

const benchCondition = "#status = :shipped AND amount >= :min AND contains(tags, :tag) AND size(#items) > :one AND attribute_exists(pk)"

func BenchmarkParseEvalCondition(b *testing.B) {
	for b.Loop() {
		c, err := ParseCondition(ConditionExpression, benchCondition, benchPlaceholders())
		if err != nil {
			b.Fatal(err)
		}
		if !c.Eval(benchItem) {
			b.Fatal("false")
		}
	}
}

func BenchmarkEvalCondition(b *testing.B) {
	c, err := ParseCondition(ConditionExpression, benchCondition, benchPlaceholders())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if !c.Eval(benchItem) {
			b.Fatal("false")
		}
	}
}

const benchUpdate = "SET #status = :s, version = version + :one, hits = if_not_exists(hits, :zero) + :one, #items[0].qty = :v, history = list_append(if_not_exists(history, :new), :new) REMOVE tags"

func BenchmarkParseApplyUpdate(b *testing.B) {
	for b.Loop() {
		u, err := ParseUpdate(benchUpdate, benchPlaceholders())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := u.Apply(benchItem); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyUpdate(b *testing.B) {
	u, err := ParseUpdate(benchUpdate, benchPlaceholders())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := u.Apply(benchItem); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseApplyProjection(b *testing.B) {
	for b.Loop() {
		p, err := ParseProjection("pk, sk, #items[0].sku, amount", benchPlaceholders())
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Apply(benchItem)) != 4 {
			b.Fatal("wrong projection")
		}
	}
}
