// Package heavyproc makes the Service's heavy reads — an event's reports
// and files (tournament.Service.Heavy) — in a process of their own: its
// heap and its collector are the making's, so that the garbage of a
// 180,000-result workbook never holds back the serving process's result
// entry (BENCHMARKS.md, "Heavy reads").
//
// Command is the serving side (a tournament.HeavyMaker, set as
// tournament.HeavyOptions.Apart): for each making it starts the command
// (`traveler make-heavy`), hands it the job on its standard input, reads
// the output from its standard output and the outcome from a pipe of its
// own. Serve is the making side, in that command: it reads the job, makes
// it, and says how it went. The two are the one place that knows how a job
// and its outcome cross between the processes.
//
// It owns nothing else: what a name makes is the api's (api.HeavyWriter),
// keeping and single flight the Service's, the command's flags
// cmd/traveler's.
package heavyproc
