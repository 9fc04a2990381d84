package main

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/traveler-bridge/traveler"

// outside is a package from outside the module that a row may import
// directly (itself or a package under it): its import path, and the word
// ../shared/DESIGN.md's table uses for it — "" when the table does not
// list it, with why in note.
type outside struct {
	path   string
	design string
	note   string
}

// importRow is one row of DESIGN.md's import table: the packages of the
// module it covers (a folder and every package under it), the rows they
// may reach (by `go list -deps`, so through any path), and the outside
// packages they may import themselves.
type importRow struct {
	name    string   // the row as DESIGN.md writes it
	label   string   // what DESIGN.md adds after the row's name, not checked here
	pkgs    []string // folders of the module the row covers
	own     []string // rows whose packages they may reach
	outside []outside
	extra   string // the rest of DESIGN.md's cell, not checked here
}

// importRules is the import table of ../shared/DESIGN.md, in its order,
// as the code follows it. Where the code imports an outside package the
// table does not name, the entry says so (design "") and why: the test
// stays true to the code, and `go test -v -run TestImportRules` prints the
// table with those differences marked, for DESIGN.md to take them in.
// cmd/… may import everything.
var importRules = []importRow{
	{name: "scoring", pkgs: []string{"scoring"}, extra: "the standard library only"},
	{name: "scoring/dds", pkgs: []string{"scoring/dds"}, own: []string{"scoring"},
		outside: []outside{{path: "github.com/ebitengine/purego", design: "purego"}},
		extra:   "(the only package that loads C code); `tournament` reaches it through an interface it declares"},
	{name: "tournament", label: "(and its sub-packages)", pkgs: []string{"tournament"}, own: []string{"scoring"}},
	{name: "db", pkgs: []string{"db"}, own: []string{"tournament", "scoring"},
		outside: []outside{
			{path: "github.com/jackc/pgx/v5", design: "pgx"},
			{path: "github.com/golang-migrate/migrate/v4", design: "migrate"},
			{path: "github.com/riverqueue/river", design: "river (the analysis queue)"},
		}},
	{name: "reports", pkgs: []string{"reports"}, own: []string{"tournament", "scoring"},
		outside: []outside{
			{path: "github.com/xuri/excelize/v2", design: "excelize"},
			{path: "golang.org/x/text/encoding/charmap", design: "`golang.org/x/text/encoding/charmap` (code pages of real files)"},
			{path: "github.com/signintech/gopdf", note: "the printed PDFs (reports/paper_pdf.go)"},
			{path: "golang.org/x/image/font/gofont", note: "the Go fonts the PDFs are set in (reports/paper_pdf.go)"},
		}},
	{name: "api, api/web", pkgs: []string{"api"}, own: []string{"tournament", "scoring", "reports"},
		outside: []outside{
			{path: "github.com/labstack/echo/v4", design: "echo"},
			{path: "golang.org/x/time/rate", design: "`golang.org/x/time/rate`"},
			{path: "rsc.io/qr", design: "`rsc.io/qr`"},
		},
		extra: "— never `db`"},
}

// TestImportRules checks every package of the module against the import
// table with `go list -deps`: the project packages it reaches, and the
// outside packages it imports itself. scoring reaches nothing but the
// standard library; scoring/dds, a row of its own, reaches purego too.
// Only cmd/… reads flags: no other package imports "flag".
func TestImportRules(t *testing.T) {
	t.Log("the import table as this test checks it (DESIGN.md's form):\n" + importTable())
	pkgs := goList(t, "-f", "{{.ImportPath}}", module+"/...")
	checked := 0
	for _, pkg := range pkgs {
		rel := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
		if rel == "cmd" || strings.HasPrefix(rel, "cmd/") {
			continue
		}
		rule, ok := rowOf(rel)
		if !ok {
			t.Errorf("package %s is in no row of the import table (DESIGN.md); add it there and here", pkg)
			continue
		}
		checked++
		allowedOwn := map[string]bool{rule.name: true}
		for _, o := range rule.own {
			allowedOwn[o] = true
		}
		for _, dep := range goList(t, "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", pkg) {
			if dep == "" || dep == pkg {
				continue
			}
			if strings.HasPrefix(dep, module+"/") {
				depRow, ok := rowOf(strings.TrimPrefix(dep, module+"/"))
				if !ok || !allowedOwn[depRow.name] {
					t.Errorf("%s reaches %s; DESIGN.md allows it only %v", pkg, dep, rule.own)
				}
			} else if rule.name == "scoring" {
				t.Errorf("scoring reaches %s; it may use the standard library only", dep)
			}
		}
		for _, imp := range goList(t, "-f", `{{range .Imports}}{{.}}{{"\n"}}{{end}}`, pkg) {
			if imp == "flag" {
				t.Errorf("%s imports flag; only cmd/… reads flags (DESIGN.md)", pkg)
			}
			if imp == "" || !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") || strings.HasPrefix(imp, module+"/") {
				continue
			}
			ok := false
			for _, o := range rule.outside {
				ok = ok || imp == o.path || strings.HasPrefix(imp, o.path+"/")
			}
			if !ok {
				var paths []string
				for _, o := range rule.outside {
					paths = append(paths, o.path)
				}
				t.Errorf("%s imports %s; DESIGN.md allows row %q only %v", pkg, imp, rule.name, paths)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no package checked")
	}
}

// rowOf is the row of the import table a package (its path in the module)
// falls under: the row of the longest folder that holds it, so that
// scoring/dds has a row of its own apart from scoring.
func rowOf(rel string) (importRow, bool) {
	var best importRow
	found, length := false, -1
	for _, r := range importRules {
		for _, p := range r.pkgs {
			if (rel == p || strings.HasPrefix(rel, p+"/")) && len(p) > length {
				best, found, length = r, true, len(p)
			}
		}
	}
	return best, found
}

// importTable writes importRules as DESIGN.md's table: what it names for
// each outside package, and, marked, what the code imports that the table
// does not name.
func importTable() string {
	var b strings.Builder
	b.WriteString("| package | may import |\n|---|---|\n")
	for _, r := range importRules {
		var cells []string
		for _, o := range r.own {
			cells = append(cells, "`"+o+"`")
		}
		for _, o := range r.outside {
			if o.design != "" {
				cells = append(cells, o.design)
			} else {
				cells = append(cells, fmt.Sprintf("`%s` [not in DESIGN.md: %s]", o.path, o.note))
			}
		}
		cell := strings.Join(cells, ", ")
		if r.extra != "" {
			cell = strings.TrimSpace(cell + " " + r.extra)
		}
		names := strings.Split(r.name, ", ")
		for i := range names {
			names[i] = "`" + names[i] + "`"
		}
		row := strings.Join(names, ", ")
		if r.label != "" {
			row += " " + r.label
		}
		fmt.Fprintf(&b, "| %s | %s |\n", row, cell)
	}
	b.WriteString("| `cmd/…` | everything; the only place that reads flags and environment |\n")
	return b.String()
}

func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, out)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}
