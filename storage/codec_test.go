package storage

import (
	"maps"
	"testing"
	"unicode/utf8"
)

// FuzzOptions: any options map survives the JSON column, and no column text makes decoding panic.
func FuzzOptions(f *testing.F) {
	f.Add("variant", "beginner", `{"a":"b"}`)
	f.Add("", "", `null`)
	f.Add("k\x00", "v\"}", `{"a":1}`)
	f.Fuzz(func(t *testing.T, k, v, raw string) {
		in := map[string]string{k: v}
		text, err := EncodeOptions(in)
		if err != nil {
			t.Fatal(err)
		}
		out, err := DecodeOptions(text)
		if err != nil {
			t.Fatalf("decode(%q): %v", text, err)
		}
		// encoding/json replaces invalid UTF-8; options come from the game's own lists, which are valid.
		if utf8.ValidString(k) && utf8.ValidString(v) && !maps.Equal(in, out) {
			t.Errorf("options %q came back as %q", in, out)
		}
		if m, err := DecodeOptions(raw); err == nil && m == nil {
			t.Errorf("DecodeOptions(%q) returned a nil map", raw)
		}
	})
}
