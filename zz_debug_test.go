package main

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dynamodb-workbench/workbench/app"
)

func TestZZDebug(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=ttl-ephemeral&items=50")
	time.Sleep(2 * time.Second)
	b.setField(app.IDItemEditor, `{"PK":{"S":"USER#browser-test"},"SK":{"S":"MSG#0001"},"From":{"S":"test"},"Body":{"S":"expires in a minute"},"ExpiresAt":{"N":"1772366460"}}`)
	b.click(app.IDItemSave)
	b.setField(app.IDCollectionFilter, "USER#browser-test")
	time.Sleep(time.Second)
	var html string
	b.run("dump", chromedp.Evaluate(`document.querySelector('.wb-data').innerText`, &html))
	t.Log(html)
}
