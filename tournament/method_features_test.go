package tournament

import "testing"

// TestMethodHasPercentage: only the matchpoint methods (EBU/WBF and ACBL
// scales) have percentages; every method is listed once.
func TestMethodHasPercentage(t *testing.T) {
	want := map[Method]bool{MethodMP: true, MethodMPACBL: true, MethodAverage: false, MethodTotal: false,
		MethodCrossIMP: false, MethodButler: false, MethodIMPTeams: false,
		MethodBAMTeams: false, MethodPattonTeams: false, MethodAggregateTeams: false}
	if len(want) != len(Methods) {
		t.Fatalf("%d methods, the test knows %d", len(Methods), len(want))
	}
	for _, m := range Methods {
		w, ok := want[m]
		if !ok {
			t.Errorf("method %s: not in the test", m)
		}
		if got := m.HasPercentage(); got != w {
			t.Errorf("%s: HasPercentage %v, want %v", m, got, w)
		}
	}
	if Method("").HasPercentage() {
		t.Error("the empty method has percentages")
	}
}
