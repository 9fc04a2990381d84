package movement

// ebuscoreIndividual is a published individual movement traveler plays
// from EBUScore's individual movement library, as the library writes it.
type ebuscoreIndividual struct {
	rounds int    // its rounds, as its header gives them
	source string // where it is published
	text   string // the library's block: its "[name] title" line, its header and a line a table (ReadEBUScoreIndividual)
}

// ebuscoreLibrary is where EBUScore's individual movements are published.
const ebuscoreLibrary = "EBUScore's individual movement library ISMovements.txt (the English Bridge Union's scoring program), " +
	"as rhindonltd/bridge-box-scorer carries it, src/movement/ISMovements.txt, commit a04a1b72"

// ebuscoreIndividuals are the individuals traveler plays from EBUScore's
// library, by number of players, the one played when no rounds are asked
// first (IndividualOptions.Rounds): each block verbatim (line ends as "\n"),
// read by readEBUScoreIndividual — the only copy of their figures. The
// library's file states no licence: these blocks are quoted, the file
// is not carried (testdata/README.md).
var ebuscoreIndividuals = map[int][]ebuscoreIndividual{
	// 16 players, 4 tables, 15 rounds, 30 boards, lines 48–53: a complete
	// individual (every player partners every other once), player 16 North
	// at table 1 throughout and every other moving on one number a round,
	// each table on its own set every round. Chosen over the library's
	// other complete individual of 16, [F148] (lines 344–349), whose four
	// players stay at a table three rounds and whose tables share a set
	// every round: [M183] needs no boards passed between tables.
	16: {{rounds: 15, source: `"[M183] Howell (SBU). 16 Players" of ` + ebuscoreLibrary, text: "[M183] Howell (SBU). 16 Players\n" +
		"3,4,30,2,15,16\n" +
		"16,1,15,12,1,16,2,1,13,2,16,3,2,14,3,16,4,3,15,4,16,5,4,1,5,16,6,5,2,6,16,7,6,3,7,16,8,7,4,8,16,9,8,5,9,16,10,9,6,10,16,11,10,7,11,16,12,11,8,12,16,13,12,9,13,16,14,13,10,14,16,15,14,11,15\n" +
		"6,7,9,11,3,7,8,10,12,4,8,9,11,13,5,9,10,12,14,6,10,11,13,15,7,11,12,14,1,8,12,13,15,2,9,13,14,1,3,10,14,15,2,4,11,15,1,3,5,12,1,2,4,6,13,2,3,5,7,14,3,4,6,8,15,4,5,7,9,1,5,6,8,10,2\n" +
		"4,8,14,5,7,5,9,15,6,8,6,10,1,7,9,7,11,2,8,10,8,12,3,9,11,9,13,4,10,12,10,14,5,11,13,11,15,6,12,14,12,1,7,13,15,13,2,8,14,1,14,3,9,15,2,15,4,10,1,3,1,5,11,2,4,2,6,12,3,5,3,7,13,4,6\n" +
		"13,3,10,2,8,14,4,11,3,9,15,5,12,4,10,1,6,13,5,11,2,7,14,6,12,3,8,15,7,13,4,9,1,8,14,5,10,2,9,15,6,11,3,10,1,7,12,4,11,2,8,13,5,12,3,9,14,6,13,4,10,15,7,14,5,11,1,8,15,6,12,2,9,1,7\n"},
		// In 12 rounds, 24 boards, lines 41–46: three-quarters of a
		// Howell, each player partnering 12 of the other 15 once (96
		// partnerships), players 13–16 staying in their seats and 1–12
		// moving on one number a round, each table on its own set.
		{rounds: 12, source: `"[M182] 3/4 Howell. 16 Players" of ` + ebuscoreLibrary, text: "[M182] 3/4 Howell. 16 Players\n" +
			"3,4,24,2,12,16\n" +
			"7,13,1,2,1,8,13,2,3,2,9,13,3,4,3,10,13,4,5,4,11,13,5,6,5,12,13,6,7,6,1,13,7,8,7,2,13,8,9,8,3,13,9,10,9,4,13,10,11,10,5,13,11,12,11,6,13,12,1,12\n" +
			"14,6,11,9,2,14,7,12,10,3,14,8,1,11,4,14,9,2,12,5,14,10,3,1,6,14,11,4,2,7,14,12,5,3,8,14,1,6,4,9,14,2,7,5,10,14,3,8,6,11,14,4,9,7,12,14,5,10,8,1\n" +
			"4,15,5,8,6,5,15,6,9,7,6,15,7,10,8,7,15,8,11,9,8,15,9,12,10,9,15,10,1,11,10,15,11,2,12,11,15,12,3,1,12,15,1,4,2,1,15,2,5,3,2,15,3,6,4,3,15,4,7,5\n" +
			"16,12,3,10,7,16,1,4,11,8,16,2,5,12,9,16,3,6,1,10,16,4,7,2,11,16,5,8,3,12,16,6,9,4,1,16,7,10,5,2,16,8,11,6,3,16,9,12,7,4,16,10,1,8,5,16,11,2,9,6\n"}},
	// 24 players, 6 tables, 12 rounds, 24 boards (a club evening), lines
	// 85–92: half a Howell, each player partnering 12 of the other 23 once
	// (144 partnerships), players 1–12 and 13–24 each moving on one number
	// a round, each table on its own set every round. The library's other
	// of 24, "[F153] SBU - 24 Player", is 25 rounds of 50 boards.
	24: {{rounds: 12, source: `"[M186] 1/2 Howell. 24 Players" of ` + ebuscoreLibrary, text: "[M186] 1/2 Howell. 24 Players\n" +
		"3,6,24,2,12,24\n" +
		"1,13,2,4,1,2,14,3,5,2,3,15,4,6,3,4,16,5,7,4,5,17,6,8,5,6,18,7,9,6,7,19,8,10,7,8,20,9,11,8,9,21,10,12,9,10,22,11,1,10,11,23,12,2,11,12,24,1,3,12\n" +
		"7,10,20,17,2,8,11,21,18,3,9,12,22,19,4,10,1,23,20,5,11,2,24,21,6,12,3,13,22,7,1,4,14,23,8,2,5,15,24,9,3,6,16,13,10,4,7,17,14,11,5,8,18,15,12,6,9,19,16,1\n" +
		"11,3,9,15,5,12,4,10,16,6,1,5,11,17,7,2,6,12,18,8,3,7,1,19,9,4,8,2,20,10,5,9,3,21,11,6,10,4,22,12,7,11,5,23,1,8,12,6,24,2,9,1,7,13,3,10,2,8,14,4\n" +
		"23,21,14,6,7,24,22,15,7,8,13,23,16,8,9,14,24,17,9,10,15,13,18,10,11,16,14,19,11,12,17,15,20,12,1,18,16,21,1,2,19,17,22,2,3,20,18,23,3,4,21,19,24,4,5,22,20,13,5,6\n" +
		"5,18,19,12,10,6,19,20,1,11,7,20,21,2,12,8,21,22,3,1,9,22,23,4,2,10,23,24,5,3,11,24,13,6,4,12,13,14,7,5,1,14,15,8,6,2,15,16,9,7,3,16,17,10,8,4,17,18,11,9\n" +
		"24,16,8,22,11,13,17,9,23,12,14,18,10,24,1,15,19,11,13,2,16,20,12,14,3,17,21,1,15,4,18,22,2,16,5,19,23,3,17,6,20,24,4,18,7,21,13,5,19,8,22,14,6,20,9,23,15,7,21,10\n"}},
}
