// Package reports reads and writes the files results travel in.
//
// The readers here take real events back in: USEBIO 1.2 XML results files
// (the event, its pairs with their totals, percentages and places, every
// traveler line with the file's own matchpoints or IMPs, and the hands) and
// PBN files with played results (contract, declarer, tricks, score, rooms
// and IMPs). They only read: scoring a line again and comparing it with the
// others is the job of package scoring. A file that cannot be read gives a
// *FileError naming the line, the element or tag, and what was expected.
package reports
