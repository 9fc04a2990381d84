package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"testing"
)

// BenchmarkScoreStream streams a mix of results under every law code
// through `traveler score`'s pipeline (ScoreStream); ns/op is per line.
func BenchmarkScoreStream(b *testing.B) {
	deal := "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"
	lines := []string{
		`{"law":"auction-1915","contract":"4SX","declarer":"N","tricks":10,"deal":"` + deal + `"}`,
		`{"law":"royalton-1915","contract":"3HR","declarer":"E","tricks":8}`,
		`{"law":"royal-auction-1913","contract":"4NL","declarer":"S","tricks":2,"deal":"` + deal + `"}`,
		`{"law":"bridge","contract":"HXX","declarer":"W","tricks":9}`,
		`{"law":"bridge-portland","contract":"NTXXX","declarer":"N","tricks":7,"revokes":[{"side":"EW"}]}`,
		`{"law":"contract-2017","contract":"3NTX","declarer":"E","tricks":8,"board":7}`,
	}
	var in bytes.Buffer
	for i := 0; i < b.N; i++ {
		fmt.Fprintln(&in, lines[i%len(lines)])
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data) / max(b.N, 1)))
	b.ReportAllocs()
	b.ResetTimer()
	failed, err := ScoreStream(context.Background(), bytes.NewReader(data), io.Discard, 2)
	if err != nil || failed != 0 {
		b.Fatalf("failed %d, err %v", failed, err)
	}
}
