package sharelink

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
)

// Version is the link format this package writes. Decode reads it and
// version 1 (the format before checksums, so that old links keep opening)
// and refuses others. A new format gets a new number so that old links
// keep opening (or fail with a clear message).
//
// Version 2 is "2." + checksum + "." + payload; version 1 was "1." +
// payload. The payload is the same in both.
const Version = 2

// ChecksumLength is the length of a version 2 link's checksum: the first 6
// bytes (48 bits) of the SHA-256 of the payload's characters, in base64url.
// Version 1 links had none, and 6-9% of their one-character changes
// still opened, as another valid model (DEFLATE and JSON catch the rest);
// with the checksum every one-character change is reported as damage, and
// a random change passes with odds of 1 in 2^48.
const ChecksumLength = 8

// MaxLength is the longest value Encode returns, in characters. RFC 9110
// (section 4.1) asks every part of the web to handle URIs of at least 8,000
// octets, and that is the figure links survive reliably: browsers carry far
// longer ones, but chat apps, mail clients, issue trackers and link
// previewers truncate or refuse some past a few thousand. A model over it is
// shared through the server's store instead.
const MaxLength = 8000

// MaxInflated bounds the JSON a link may expand to. DEFLATE expands up to
// about 1,000 times, so a short hostile link could otherwise ask for
// gigabytes; no model a link can carry comes near this.
const MaxInflated = 8 << 20

// Errors, for errors.Is. The messages wrapping them say more.
var (
	// ErrTooLong: the model's link would be longer than MaxLength.
	ErrTooLong = errors.New("the model is too large for a share link")
	// ErrVersion: the link has no version tag, or one this package does
	// not read.
	ErrVersion = errors.New("unsupported share link version")
	// ErrCorrupt: the link is not valid base64url or DEFLATE data (often
	// a link cut short when it was copied).
	ErrCorrupt = errors.New("the share link is damaged")
	// ErrTooLarge: the link expands past MaxInflated.
	ErrTooLarge = errors.New("the share link expands too far")
)

var encoding = base64.RawURLEncoding.Strict()

// Encode returns the share link value for m: what follows "#m=" in the URL.
// A model whose value would be longer than MaxLength is refused with an
// error wrapping ErrTooLong.
func Encode(m *model.Model) (string, error) {
	s, err := encode(m)
	if err != nil {
		return "", err
	}
	if len(s) > MaxLength {
		return "", fmt.Errorf("%w: its link would be %d characters, over the %d a link carries reliably", ErrTooLong, len(s), MaxLength)
	}
	return s, nil
}

// encode is Encode without the length limit.
func encode(m *model.Model) (string, error) {
	if m == nil {
		return "", errors.New("sharelink: no model")
	}
	doc, err := model.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("sharelink: %w", err)
	}
	var b bytes.Buffer
	zw, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := zw.Write(doc); err != nil {
		return "", err
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	payload := encoding.EncodeToString(b.Bytes())
	return strconv.Itoa(Version) + "." + checksum(payload) + "." + payload, nil
}

// checksum is a version 2 link's checksum of payload.
func checksum(payload string) string {
	sum := sha256.Sum256([]byte(payload))
	return encoding.EncodeToString(sum[:ChecksumLength*6/8])
}

// Decode reads a share link value (what follows "#m=") back into a model.
// Like model.Parse, it migrates an older model format and validates the
// result; a model that decodes but does not validate is returned with the
// validation error, so that an editor can show both. Any other failure
// returns a nil model and an error wrapping ErrVersion, ErrCorrupt or
// ErrTooLarge, or model.Parse's error for a payload that is not a model.
func Decode(s string) (*model.Model, error) {
	doc, err := inflate(s)
	if err != nil {
		return nil, err
	}
	m, err := model.Parse(doc)
	if err != nil {
		return m, fmt.Errorf("the share link holds no valid model: %w", err)
	}
	return m, nil
}

// inflate returns the JSON document a link value carries.
func inflate(s string) ([]byte, error) {
	tag, payload, ok := strings.Cut(s, ".")
	if !ok {
		return nil, fmt.Errorf("%w: the link has no version tag (is it cut short, or not a share link?)", ErrVersion)
	}
	v, err := strconv.Atoi(tag)
	switch {
	case err != nil || v < 0 || tag != strconv.Itoa(v):
		return nil, fmt.Errorf("%w: %q is not a version number", ErrVersion, truncate(tag, 16))
	case v > Version:
		return nil, fmt.Errorf("%w: version %d is newer than this workbench reads (%d)", ErrVersion, v, Version)
	case v != Version && v != 1:
		return nil, fmt.Errorf("%w: version %d is not a share link version", ErrVersion, v)
	case v == Version:
		sum, rest, ok := strings.Cut(payload, ".")
		if !ok || len(sum) != ChecksumLength {
			return nil, fmt.Errorf("%w: its checksum is missing (was the link changed or cut when it was copied?)", ErrCorrupt)
		}
		if sum != checksum(rest) {
			return nil, fmt.Errorf("%w: its checksum does not match its contents (a character changed, or the link was cut short, when it was copied)", ErrCorrupt)
		}
		payload = rest
	}
	// Base64 takes 4 characters for 3 bytes, and DEFLATE never shrinks
	// below about 1/1032; a payload this long can only be hostile.
	if len(payload) > MaxInflated {
		return nil, fmt.Errorf("%w: the link is %d characters long", ErrTooLarge, len(s))
	}
	raw, err := encoding.DecodeString(payload)
	if err != nil {
		return nil, fmt.Errorf("%w: not base64url: %v", ErrCorrupt, err)
	}
	br := bytes.NewReader(raw)
	zr := flate.NewReader(br)
	defer zr.Close()
	doc, err := io.ReadAll(io.LimitReader(zr, MaxInflated+1))
	if err != nil {
		return nil, fmt.Errorf("%w: not DEFLATE data: %v", ErrCorrupt, err)
	}
	if len(doc) > MaxInflated {
		return nil, fmt.Errorf("%w: past %d bytes", ErrTooLarge, MaxInflated)
	}
	// bytes.Reader is an io.ByteReader, so flate reads no further than the
	// end of its stream: anything left over is not part of the link.
	if br.Len() > 0 {
		return nil, fmt.Errorf("%w: %d bytes after the end of the data", ErrCorrupt, br.Len())
	}
	return doc, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
