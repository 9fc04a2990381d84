package reports

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReadResults reads the real files of ../shared/testdata through
// the one way in: decoding, the format's reader, the conversion and
// tournament's standings (the figures are in BENCHMARKS.md).
func BenchmarkReadResults(b *testing.B) {
	for _, name := range []string{"usebio/mp_pairs_howell.xml", "usebio/butler_howell.xml", "pbn/teams_imps_2021.pbn", "pbn/pairs_no_date_2013.pbn"} {
		data, err := os.ReadFile(filepath.Join(testdataDir(b), name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(name), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ReadResults(bytes.NewReader(data), ReadOptions{Today: testToday}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
