package tournament

import "context"

// CheckResult checks and scores one result exactly as EnterResults would —
// the actor's rights, the movement's slot, the law code's contract and score
// — and stores nothing: the score preview of the director's key-in page.
// It returns the result as it would be stored (pairs filled in, contract
// and seats in their usual form, the score itemised).
func (s *Service) CheckResult(ctx context.Context, a Actor, sectionID int64, r Result) (Result, error) {
	if a.Role == RolePublic {
		return Result{}, directorOnly(a, "check results")
	}
	sec, e, err := s.sectionEvent(ctx, sectionID)
	if err != nil {
		return Result{}, err
	}
	if a.Role == RoleTable && a.SectionID != sec.ID {
		return Result{}, &Error{Kind: ErrForbidden, Message: "this token is for another section"}
	}
	rules, err := e.Rules()
	if err != nil {
		return Result{}, err
	}
	boards, err := s.cache.BoardMap(ctx, &sec)
	if err != nil {
		return Result{}, err
	}
	if err := checkResult(a, &sec, &rules, boards, &r, ""); err != nil {
		return Result{}, err
	}
	r.SectionID = sec.ID
	return r, nil
}
