package api

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	// The application-code formats (ElectroDB, DynamoDB-Toolbox, typed
	// data access in seven languages) register themselves with
	// model/formats; the page asks the server for them.
	_ "github.com/dynamodb-workbench/workbench/codegen/appcode"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/exporters"
)

// Export and import over HTTP (mounted by newServer):
//
//	POST /api/export?format=F[&profile=P][&as=file|json|zip][&items=N]   body: a model document
//	POST /api/import[?format=F][&name=FILE]                   body: the file
//	POST /api/import?format=endpoint  (JSON body, see import_api.go)
//
// format is one of formats.FormatNames (cloudformation-json,
// cloudformation-yaml, cdk-ts, nosql-workbench, ...), rendered by package
// exporters; profile (default or production) applies to the CloudFormation
// and CDK formats. The answer of an export depends on as:
//
//   - file (the default for the single-file formats): the file itself, with
//     its media type, a Content-Disposition naming it, and the warnings as a
//     JSON array of strings in the X-Workbench-Warnings header (non-ASCII
//     escaped as \uXXXX);
//   - json (the default for cdk-ts, which is several files):
//     {"format", "files": [{"path", "content"}], "warnings": [...],
//     "contentType"};
//   - zip: the files in a zip archive, the warnings in the header.
//
// items caps the sample items per table a NoSQL Workbench model carries
// (default formats.DefaultMaxItems, at most maxExportItems); a pattern's
// generated dataset is sampled through the pattern catalogue.
//
// An import answers {"model": <the model document>, "warnings": [...]}.
// format is one of importers.Formats (nosql-workbench, cloudformation,
// terraform, awslabs, onetable; cloudformation-json and -yaml are
// accepted for cloudformation); left out, the file's name and content
// tell, and a file that tells nothing is read as a NoSQL Workbench model.
//
// Errors are {"error": "..."} with 400, or 413 for a body over
// maxExportBody.

const (
	// maxExportBody bounds a request body: models with explicit items and
	// NoSQL Workbench files with sample data are larger than analysis
	// requests.
	maxExportBody = 8 << 20
	// maxExportItems bounds the items parameter.
	maxExportItems = 10_000
)

// exportAPI returns the handler of POST /api/export and POST /api/import.
func exportAPI() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			apiError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s %s: method not allowed (use POST)", r.Method, r.URL.Path))
			return
		}
		switch r.URL.Path {
		case "/api/export":
			serveExport(w, r)
		case "/api/import":
			serveImport(w, r)
		default:
			apiError(w, http.StatusNotFound, "no such endpoint: "+r.URL.Path)
		}
	})
}

// readExportBody reads the request body, at most maxExportBody bytes. It
// writes the error response itself and reports false on failure.
func readExportBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxExportBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", maxExportBody))
			return nil, false
		}
		apiError(w, http.StatusBadRequest, "reading the body: "+err.Error())
		return nil, false
	}
	if len(bytes.TrimSpace(data)) == 0 {
		apiError(w, http.StatusBadRequest, "the body is empty: post the document")
		return nil, false
	}
	return data, true
}

func serveExport(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	format := q.Get("format")
	if format == "" {
		apiError(w, http.StatusBadRequest, "give ?format= one of "+strings.Join(formats.FormatNames(), ", "))
		return
	}
	items := 0
	if s := q.Get("items"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > maxExportItems {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("items=%q: a number of sample items per table, 0 to %d", s, maxExportItems))
			return
		}
		items = n
		if n == 0 {
			items = -1 // none, where the option's 0 means the default
		}
	}
	data, ok := readExportBody(w, r)
	if !ok {
		return
	}
	m, err := model.Parse(data)
	if err != nil {
		apiError(w, http.StatusBadRequest, "model: "+err.Error())
		return
	}
	res, err := exporters.RenderWith(m, format, formats.Options{Resolve: patterns.Generator, MaxItems: items, Profile: q.Get("profile")})
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	as := q.Get("as")
	if as == "" {
		as = "file"
		if len(res.Files) > 1 {
			as = "json"
		}
	}
	switch as {
	case "json":
		exportJSON(w, http.StatusOK, res)
	case "file":
		if len(res.Files) != 1 {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("format %s is %d files: ask for as=json or as=zip", format, len(res.Files)))
			return
		}
		f := res.Files[0]
		writeExportHeaders(w, res.ContentType+"; charset=utf-8", f.Path, res.Warnings)
		_, _ = io.WriteString(w, f.Content)
	case "zip":
		var b bytes.Buffer
		zw := zip.NewWriter(&b)
		for _, f := range res.Files {
			fw, err := zw.Create(f.Path)
			if err == nil {
				_, err = io.WriteString(fw, f.Content)
			}
			if err != nil {
				apiError(w, http.StatusInternalServerError, "zip: "+err.Error())
				return
			}
		}
		if err := zw.Close(); err != nil {
			apiError(w, http.StatusInternalServerError, "zip: "+err.Error())
			return
		}
		writeExportHeaders(w, "application/zip", archiveName(m, format), res.Warnings)
		_, _ = w.Write(b.Bytes())
	default:
		apiError(w, http.StatusBadRequest, fmt.Sprintf("as=%q: one of file, json, zip", as))
	}
}

// archiveName is the zip's file name: the model's name, made safe for a
// header and a file system, and the format.
func archiveName(m *model.Model, format string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(m.Name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	name := strings.Trim(b.String(), "-")
	if name == "" {
		name = "model"
	}
	return name + "-" + format + ".zip"
}

// writeExportHeaders sets the headers of a file answer.
func writeExportHeaders(w http.ResponseWriter, contentType, filename string, warnings []string) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", asciiOnly(filename)))
	h.Set("X-Workbench-Warnings", asciiJSON(warnings))
}

// asciiJSON encodes v as JSON with every non-ASCII character escaped, so
// that it can travel in an HTTP header.
func asciiJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "[]"
	}
	var out strings.Builder
	for _, r := range string(b) {
		switch {
		case r < utf8.RuneSelf:
			out.WriteRune(r)
		case r > 0xFFFF:
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&out, `\u%04x\u%04x`, r1, r2)
		default:
			fmt.Fprintf(&out, `\u%04x`, r)
		}
	}
	return out.String()
}

// asciiOnly keeps the printable ASCII of s other than '"' and '\\' (a
// file name for Content-Disposition).
func asciiOnly(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 0x20 && r < 0x7F && r != '"' && r != '\\' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// exportJSON writes v as JSON without HTML escaping (templates and code
// keep their '<', '>' and '&').
func exportJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		apiError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}
