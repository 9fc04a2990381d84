// Package reports reads and writes the files results travel in: the one way
// in for a results file and the one place each file format is written.
//
// Reading (read.go, usebio*.go, pbn*.go, handrecords.go, dealfiles.go, text.go):
// ReadResults is the one entry point for a results file — it sniffs the
// format (SniffFormat), reads USEBIO 1.2 XML (the event, its pairs with
// their totals, percentages and places, every traveler line with the file's
// own matchpoints or IMPs, and the hands; an event's SECTIONs as sections;
// a team event's TEAMs and MATCHes as a teams section; an individual's
// PLAYERs and lines naming four players by seat, usebio_individual.go) or PBN with played results
// (contract, declarer, tricks, score, rooms and IMPs; BridgeWebs' "3D*",
// "PO" and "A" lines; a deal given only in BBO's LIN_DATA; a hand set wider
// than the boards played, its extra deals left out) in the file's text
// encoding and code page, and gives tournament.EventData with notes on what
// the file left out. ReadHandRecords and ReadDeals read hand records
// (hand-set files of deals for dealing machines): PBN, or dealfiles.go's
// Duplimate DUP and DLM, BRI and BBO's LIN, sniffed or named (HandFormat),
// and WriteHandRecords writes a hand set in each of them. A file that cannot
// be read gives a *FileError naming the line, the element or tag, and what
// was expected. The file's own figures — USEBIO's points, totals,
// percentages and places, PBN's ScoreTable MP_/IMP_ and Percentage_ columns and
// TotalScoreTable totals, percentages and ranks — are kept and compared
// with traveler's (official.go, pbn_official.go: ResultsFile.Differences,
// a tie in either explained); ResultsFile.OfficialCorrections gives the
// file's line points as the director's corrections, which an import keeps
// (tournament.SectionData.Official) to make them the event's then or later.
// Reading does not judge: checking a line against the law
// code and computing standings is tournament's (and scoring's) job.
//
// Writing (files.go lists them as the API and the pages offer them):
// the Excel workbook with its sheets — standings, travelers, score cards,
// frequencies, players, and an event of several sections' overall ranking
// (xlsx*.go, through excelize); standings, the overall ranking and
// travelers as CSV (csv*.go; text a spreadsheet would take for a formula
// made inert by one rule, csvInert, figures left as numbers); USEBIO XML (usebio_write.go;
// a teams section as USEBIO's team event, usebio_teams.go: TEAMs, MATCHes
// round by round or segment by segment, a knockout's carry-over refused;
// an individual in USEBIO's individual form, its lines' players by seat,
// usebio_individual.go);
// substitutes travel both ways (substitutes.go): an individual's in PBN's
// seat tags game by game and in a comment of USEBIO's line, read back
// through one rule (individualSubstitutes) to the rounds they sat in; a
// pair's in PBN's TotalScoreTable Names and a comment of USEBIO's PAIR
// (which keeps its two PLAYERs);
// PBN (pbn_write.go; a teams room with Competition, HomeTeam, VisitTeam,
// Room and ScoreIMP as RealBridge and vugraph files write them; Notes
// numbered "1:…" as PBN 2.1 §3.5.5 says, an assigned score's weighted
// and split parts in them so that the file reads back); and the printed PDFs (paper*.go, through gopdf with the
// Go fonts) — hand records with double-dummy grids, table and guide cards,
// score cards — on A4 or US Letter. Every writer renders to an io.Writer
// from tournament.EventData (or what tournament computed); none computes
// standings of its own. A graded section's strata and handicaps (grading.go)
// are columns of the workbook, the standings CSV and the PBN
// TotalScoreTable; USEBIO writes the scratch places and a comment naming
// those files. Procedural penalties ride with them (grading.go): penalty
// columns in the workbook and the CSV, a row on the workbook's score card,
// a Penalty column in PBN's TotalScoreTable, a comment in USEBIO.
//
// Comparative reports (lawcompare*.go, royalton.go, parreport.go,
// declaration.go): an event scored again under every law code (CompareLaws,
// CompareAllLaws), the Royalton test report, the par report of a section's
// deals, and the declaration report (each table's contract against the four
// hands' best declaration: MeasureDeclaration, the one measure).
//
// Tables: a report is laid out once as cells in a Sheet (a header and rows),
// the model both outputs print — the workbook (WriteWorkbook, WriteReport)
// and text (table_text.go: WriteText prints TextParts, each lines and a
// Sheet in aligned columns). report_text.go lays the reports, the standings
// and travelers and an imported event's summary out for text, beside their
// sheets; the command line only chooses one and prints it.
//
// It does not hold HTTP, pages or the database: api and api/web send these
// files, cmd/traveler writes them to disk.
package reports
