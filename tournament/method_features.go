package tournament

// HasPercentage reports whether the method's standings carry percentages:
// the matchpoint methods (MP, MP_ACBL), where a pair's percentage is its
// matchpoints over the tops of the boards it played. Totals of IMPs, VPs
// or points have none.
func (m Method) HasPercentage() bool {
	_, ok := m.mpScale()
	return ok
}
