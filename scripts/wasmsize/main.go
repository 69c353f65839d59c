package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("n", 40, "packages to list")
	depth := flag.Int("depth", 0, "fold package paths to this many elements (0: whole path)")
	funcs := flag.Int("funcs", 0, "also list this many largest functions")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-n 40] [-depth 0] file.wasm")
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	m, err := parse(b)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	fmt.Printf("%-24s %12s %12s\n", "section", "bytes", "gzip -9")
	for _, s := range m.sections {
		fmt.Printf("%-24s %12d %12d\n", s.name, len(s.body), gzipSize(s.body))
	}
	fmt.Printf("%-24s %12d %12d\n\n", "total", len(b), gzipSize(b))

	if len(m.names) == 0 {
		fmt.Println("no name section (built with -ldflags=-s?): no per-package figures")
		return
	}
	type pkgSize struct {
		pkg   string
		bytes int
		funcs int
		code  bytes.Buffer
	}
	byPkg := make(map[string]*pkgSize)
	for i, body := range m.bodies {
		name := m.names[m.imported+i]
		p := pkgOf(name, *depth)
		ps := byPkg[p]
		if ps == nil {
			ps = &pkgSize{pkg: p}
			byPkg[p] = ps
		}
		ps.bytes += len(body)
		ps.funcs++
		ps.code.Write(body)
	}
	if *funcs > 0 {
		idx := make([]int, len(m.bodies))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return len(m.bodies[idx[a]]) > len(m.bodies[idx[b]]) })
		fmt.Printf("largest functions\n%10s  %s\n", "bytes", "function")
		for _, i := range idx[:min(*funcs, len(idx))] {
			fmt.Printf("%10d  %s\n", len(m.bodies[i]), m.names[m.imported+i])
		}
		fmt.Println()
	}
	list := make([]*pkgSize, 0, len(byPkg))
	total := 0
	for _, ps := range byPkg {
		list = append(list, ps)
		total += ps.bytes
	}
	sort.Slice(list, func(i, j int) bool { return list[i].bytes > list[j].bytes })
	fmt.Printf("code by package (%d functions, %d bytes; gzip of the package's code alone)\n", len(m.bodies), total)
	fmt.Printf("%10s %10s %6s  %s\n", "bytes", "gzip -9", "funcs", "package")
	for i, ps := range list {
		if i == *top {
			break
		}
		fmt.Printf("%10d %10d %6d  %s\n", ps.bytes, gzipSize(ps.code.Bytes()), ps.funcs, ps.pkg)
	}
}

// pkgOf returns the package of a function name, folded to depth elements.
// The Go linker writes names with the package path's "/" and "." turned
// into "_" (github_com_goccy_go-json_internal_encoder.compile), so the
// package is everything before the first "." past a leading host name.
func pkgOf(sym string, depth int) string {
	host := ""
	if h, rest, ok := strings.Cut(sym, "_"); ok {
		for _, tld := range []string{".com", ".org", ".io", ".in", ".net", ".dev"} {
			if strings.HasSuffix(h, tld) && !strings.ContainsAny(h, "()*") {
				host, sym = h+"_", rest
				break
			}
		}
	}
	p, _, _ := strings.Cut(sym, ".")
	p = host + p
	if depth > 0 {
		parts := strings.Split(p, "_")
		if len(parts) > depth {
			p = strings.Join(parts[:depth], "_")
		}
	}
	return p
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Len()
}

type section struct {
	name string
	body []byte
}

type module struct {
	sections []section
	imported int            // imported functions, which come first in the index space
	bodies   [][]byte       // defined functions' bodies, in index order
	names    map[int]string // function index -> name
}

var sectionNames = []string{"custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"}

func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a wasm file")
	}
	m := &module{names: make(map[int]string)}
	r := &reader{b: b[8:]}
	for !r.done() {
		id := r.byte()
		body := r.bytes(int(r.uleb()))
		if r.err != nil {
			return nil, r.err
		}
		name := fmt.Sprintf("id %d", id)
		if int(id) < len(sectionNames) {
			name = sectionNames[id]
		}
		sr := &reader{b: body}
		switch id {
		case 0:
			cname := string(sr.bytes(int(sr.uleb())))
			name = "custom " + cname
			if cname == "name" {
				m.parseNames(sr)
			}
		case 2:
			m.imported = countImportedFuncs(sr)
		case 10:
			n := int(sr.uleb())
			for i := 0; i < n && sr.err == nil; i++ {
				m.bodies = append(m.bodies, sr.bytes(int(sr.uleb())))
			}
		}
		if sr.err != nil {
			return nil, fmt.Errorf("section %s: %w", name, sr.err)
		}
		m.sections = append(m.sections, section{name, body})
	}
	return m, nil
}

func countImportedFuncs(r *reader) int {
	n := int(r.uleb())
	funcs := 0
	for i := 0; i < n && r.err == nil; i++ {
		r.bytes(int(r.uleb())) // module
		r.bytes(int(r.uleb())) // name
		switch kind := r.byte(); kind {
		case 0: // func: type index
			r.uleb()
			funcs++
		case 1: // table: elemtype, limits
			r.byte()
			limits(r)
		case 2: // memory
			limits(r)
		case 3: // global: valtype, mut
			r.byte()
			r.byte()
		}
	}
	return funcs
}

func limits(r *reader) {
	if r.byte()&1 == 1 {
		r.uleb()
	}
	r.uleb()
}

func (m *module) parseNames(r *reader) {
	for !r.done() && r.err == nil {
		sub := r.byte()
		body := &reader{b: r.bytes(int(r.uleb()))}
		if sub != 1 { // function names
			continue
		}
		n := int(body.uleb())
		for i := 0; i < n && body.err == nil; i++ {
			idx := int(body.uleb())
			m.names[idx] = string(body.bytes(int(body.uleb())))
		}
	}
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) done() bool { return len(r.b) == 0 }

func (r *reader) byte() byte {
	if len(r.b) == 0 {
		r.err = errors.New("truncated")
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.err = errors.New("truncated")
		r.b = nil
		return nil
	}
	p := r.b[:n]
	r.b = r.b[n:]
	return p
}

func (r *reader) uleb() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errors.New("bad LEB128")
		r.b = nil
		return 0
	}
	r.b = r.b[n:]
	return v
}
