package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "the workbench's `URL`")
	clients := flag.Int("clients", 64, "concurrent `clients`")
	duration := flag.Duration("duration", time.Minute, "how long to run")
	pid := flag.Int("pid", 0, "the server's process `id`, to sample its memory")
	items := flag.Int("items", 50, "items owned by each client")
	counters := flag.Int("counters", 8, "shared counters")
	maxGrowth := flag.Float64("max-growth", 1.25, "with -pid, the largest `ratio` of the server's memory at the end to its memory after the first 10 s")
	flag.Parse()
	log.SetFlags(0)

	c := &client{url: strings.TrimSuffix(*base, "/") + "/", http: &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: *clients},
	}}
	table := fmt.Sprintf("loadtest-%d", time.Now().UnixNano())
	if _, err := c.call("CreateTable", map[string]any{
		"TableName":            table,
		"BillingMode":          "PAY_PER_REQUEST",
		"KeySchema":            []any{map[string]any{"AttributeName": "pk", "KeyType": "HASH"}},
		"AttributeDefinitions": []any{map[string]any{"AttributeName": "pk", "AttributeType": "S"}},
	}); err != nil {
		log.Fatalf("CreateTable: %v", err)
	}
	defer c.call("DeleteTable", map[string]any{"TableName": table})

	var mem []int64
	stopMem := make(chan struct{})
	memDone := make(chan struct{})
	go func() {
		defer close(memDone)
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for {
			if *pid > 0 {
				mem = append(mem, rss(*pid))
			}
			select {
			case <-stopMem:
				return
			case <-t.C:
			}
		}
	}()

	var reads, writes, conflicts, failures atomic.Int64
	acked := make([][]int, *clients)        // per client, per item: acknowledged version
	incs := make([]atomic.Int64, *counters) // acknowledged increments per counter
	deadline := time.Now().Add(*duration)
	var wg sync.WaitGroup
	for id := range *clients {
		acked[id] = make([]int, *items)
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(id), 1))
			for time.Now().Before(deadline) {
				switch k := r.IntN(10); {
				case k < 5: // read one of own items, strongly consistent: its version is what was acknowledged
					i := r.IntN(*items)
					v, err := c.version(table, fmt.Sprintf("c%d-i%d", id, i))
					reads.Add(1)
					if err != nil {
						failures.Add(1)
						log.Printf("GetItem: %v", err)
					} else if v != acked[id][i] {
						failures.Add(1)
						log.Printf("client %d item %d: read version %d, acknowledged %d", id, i, v, acked[id][i])
					}
				case k < 8: // conditional update of an own item
					i := r.IntN(*items)
					err := c.bump(table, fmt.Sprintf("c%d-i%d", id, i), acked[id][i])
					writes.Add(1)
					if err != nil {
						failures.Add(1)
						log.Printf("own update: %v", err)
						continue
					}
					acked[id][i]++
				default: // shared counter: optimistic read-modify-write
					n := r.IntN(*counters)
					key := fmt.Sprintf("counter-%d", n)
					for time.Now().Before(deadline.Add(10 * time.Second)) {
						v, err := c.version(table, key)
						reads.Add(1)
						if err == nil {
							err = c.bump(table, key, v)
							writes.Add(1)
						}
						if err == nil {
							incs[n].Add(1)
							break
						}
						if !strings.Contains(err.Error(), "ConditionalCheckFailedException") {
							failures.Add(1)
							log.Printf("counter: %v", err)
							break
						}
						conflicts.Add(1)
					}
				}
			}
		}()
	}
	wg.Wait()
	close(stopMem)
	<-memDone

	// Every acknowledged write is there.
	lost := 0
	for id := range *clients {
		for i := range *items {
			v, err := c.version(table, fmt.Sprintf("c%d-i%d", id, i))
			if err != nil || v != acked[id][i] {
				lost++
				log.Printf("client %d item %d: version %d (%v), acknowledged %d", id, i, v, err, acked[id][i])
			}
		}
	}
	for n := range *counters {
		v, err := c.version(table, fmt.Sprintf("counter-%d", n))
		if err != nil || int64(v) != incs[n].Load() {
			lost++
			log.Printf("counter %d: %d (%v), acknowledged %d increments", n, v, err, incs[n].Load())
		}
	}
	secs := duration.Seconds()
	fmt.Printf("clients %d, %s: %d reads (%.0f/s), %d writes (%.0f/s), %d conditional conflicts retried, %d failures, %d lost writes\n",
		*clients, *duration, reads.Load(), float64(reads.Load())/secs, writes.Load(), float64(writes.Load())/secs, conflicts.Load(), failures.Load(), lost)
	grew := false
	if len(mem) > 0 {
		parts := make([]string, len(mem))
		for i, m := range mem {
			parts[i] = strconv.FormatInt(m>>20, 10)
		}
		fmt.Printf("server RSS every 5 s (MiB): %s\n", strings.Join(parts, " "))
		// After the first 10 s (connections made, the table filled), the
		// memory must stay flat: the highest later sample within maxGrowth
		// of the one at 10 s.
		if len(mem) > 3 && mem[2] > 0 {
			peak := mem[2]
			for _, m := range mem[2:] {
				peak = max(peak, m)
			}
			ratio := float64(peak) / float64(mem[2])
			fmt.Printf("memory after 10 s: %d MiB, peak after it %d MiB (×%.2f, at most ×%.2f)\n", mem[2]>>20, peak>>20, ratio, *maxGrowth)
			grew = ratio > *maxGrowth
		}
	}
	if lost > 0 || failures.Load() > 0 || grew {
		os.Exit(1)
	}
}

type client struct {
	url  string
	http *http.Client
}

// call sends one DynamoDB operation and returns the decoded answer; a
// DynamoDB error is returned as an error naming its __type.
func (c *client) call(op string, in any) (map[string]any, error) {
	body, _ := json.Marshal(in)
	req, _ := http.NewRequest("POST", c.url, bytes.NewReader(body))
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810."+op)
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s: %d %.200s", op, resp.StatusCode, data)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %d %v: %v", op, resp.StatusCode, out["__type"], out["message"])
	}
	return out, nil
}

// version reads an item's version (0 when absent) with a strongly
// consistent GetItem.
func (c *client) version(table, key string) (int, error) {
	out, err := c.call("GetItem", map[string]any{"TableName": table, "ConsistentRead": true,
		"Key": map[string]any{"pk": map[string]any{"S": key}}})
	if err != nil {
		return 0, err
	}
	item, _ := out["Item"].(map[string]any)
	if item == nil {
		return 0, nil
	}
	n, _ := item["ver"].(map[string]any)["N"].(string)
	return strconv.Atoi(n)
}

// bump sets an item's version from v to v+1, on condition that it is v
// (or absent, for 0).
func (c *client) bump(table, key string, v int) error {
	in := map[string]any{"TableName": table, "Key": map[string]any{"pk": map[string]any{"S": key}},
		"UpdateExpression":          "SET ver = :next, payload = :p",
		"ExpressionAttributeValues": map[string]any{":next": map[string]any{"N": strconv.Itoa(v + 1)}, ":p": map[string]any{"S": strings.Repeat("x", 200)}},
	}
	if v == 0 {
		in["ConditionExpression"] = "attribute_not_exists(ver)"
	} else {
		in["ConditionExpression"] = "ver = :v"
		in["ExpressionAttributeValues"].(map[string]any)[":v"] = map[string]any{"N": strconv.Itoa(v)}
	}
	_, err := c.call("UpdateItem", in)
	return err
}

// rss is a process's resident memory in bytes, from /proc (0 elsewhere).
func rss(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}
