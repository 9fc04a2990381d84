package scoring

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"
)

// cryptoSource is a rand.Source drawing from crypto/rand: the operating
// system's cryptographic generator, which no one can predict or replay.
type cryptoSource struct{}

// Uint64 returns 64 random bits from crypto/rand.
func (cryptoSource) Uint64() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+: it crashes the program instead)
	return binary.LittleEndian.Uint64(b[:])
}

// CryptoRand returns a generator over crypto/rand, for dealing boards: its
// IntN and Perm are unbiased (rand/v2 rejects the draws that would bias
// them), and every deal is as likely as every other.
func CryptoRand() *rand.Rand { return rand.New(cryptoSource{}) }

// RandomDeal deals the 52 cards at random, 13 to each seat: a
// Fisher–Yates shuffle of the pack with r (CryptoRand for real boards; a
// seeded generator in tests), the first 13 cards to North, then East,
// South and West.
func RandomDeal(r *rand.Rand) Deal {
	var pack [52]uint8
	for i := range pack {
		pack[i] = uint8(i)
	}
	for i := len(pack) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		pack[i], pack[j] = pack[j], pack[i]
	}
	d := Deal{Given: [4]bool{true, true, true, true}, First: North}
	for i, c := range pack {
		d.Hands[i/13] |= 1 << c
	}
	return d
}
