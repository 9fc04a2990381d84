package dds

import "github.com/traveler-bridge/traveler/scoring"

// MinMemoryMB is the least memory a DDS thread may be given (MB): below it
// DDS calls exit(1) (its small tables need 30; a margin above).
const MinMemoryMB = 32

// Lazy is a solver that loads DDS when the first deals are to be solved,
// so that a command tells a file's errors before a missing library. It
// satisfies tournament.DoubleDummy.
type Lazy struct {
	Config // how DDS runs once loaded
	solver *Solver
}

// Tables loads DDS, then solves the deals.
func (l *Lazy) Tables(deals []scoring.Deal) ([]scoring.TrickTable, error) {
	if l.solver == nil {
		s, err := Load(l.Config)
		if err != nil {
			return nil, err
		}
		l.solver = s
	}
	return l.solver.Tables(deals)
}

// DealerPar is DDS's par; Tables has loaded it.
func (l *Lazy) DealerPar(t scoring.TrickTable, dealer scoring.Seat, vul scoring.Vulnerability) (scoring.Par, error) {
	return l.solver.DealerPar(t, dealer, vul)
}
