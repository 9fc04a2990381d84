package tournament

import (
	"context"
	"errors"
	"testing"
	"time"
)

// tokenFilterStore answers Tokens with none, keeping the filter it was asked.
type tokenFilterStore struct {
	Store
	asked TokenFilter
}

func (f *tokenFilterStore) Tokens(_ context.Context, tf TokenFilter) ([]Token, error) {
	f.asked = tf
	return nil, nil
}

// TestTokenBounds: an expiry may be MaxTokenLife (366 days) ahead and not a
// second more, the error naming the field; a token list asks the store for
// at most MaxTokensListed, a limit of 0 (none given) or more meaning that many.
func TestTokenBounds(t *testing.T) {
	st := &tokenFilterStore{}
	s := NewService(st, ServiceOptions{})
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	if err := s.checkExpiry("expires_at", now.Add(MaxTokenLife)); err != nil {
		t.Errorf("an expiry 366 days ahead: %v", err)
	}
	var te *Error
	if err := s.checkExpiry("expires_at", now.Add(MaxTokenLife+time.Second)); !errors.As(err, &te) || te.Kind != ErrInvalid || te.Field != "expires_at" {
		t.Errorf("an expiry 366 days and a second ahead: %v; want refused on expires_at", err)
	}
	for _, c := range []struct{ limit, want int }{{0, MaxTokensListed}, {-1, MaxTokensListed}, {1, 1}, {MaxTokensListed, MaxTokensListed}, {MaxTokensListed + 1, MaxTokensListed}} {
		if _, err := s.Tokens(context.Background(), Director, TokenFilter{Limit: c.limit}); err != nil || st.asked.Limit != c.want {
			t.Errorf("limit %d: the store asked for %d (%v); want %d", c.limit, st.asked.Limit, err, c.want)
		}
	}
}
