package main

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/traveler-bridge/traveler"

// importRules is the table of ../shared/DESIGN.md: which of the project's
// packages each package may import, and which outside modules it may
// import directly. cmd/traveler may import everything.
var importRules = map[string]struct {
	own     []string
	outside []string
}{
	"scoring":     {},
	"scoring/dds": {own: []string{"scoring"}, outside: []string{"github.com/ebitengine/purego"}}, // purego: DDS loaded at run time, without cgo (scoring/dds/dds.go)
	"tournament":  {own: []string{"scoring"}},
	"db":          {own: []string{"tournament", "scoring"}, outside: []string{"github.com/jackc/pgx/v5", "github.com/golang-migrate/migrate/v4", "github.com/riverqueue/river"}},                                     // river: the analysis queue in PostgreSQL, on pgx v5 (db/analysis.go)
	"reports":     {own: []string{"tournament", "scoring"}, outside: []string{"github.com/xuri/excelize/v2", "golang.org/x/text/encoding/charmap", "github.com/signintech/gopdf", "golang.org/x/image/font/gofont"}}, // charmap: the code pages of real results files (DESIGN.md names excelize only; x/text is already excelize's own dependency); gopdf and the Go fonts: the printed PDFs (reports/paper_pdf.go)
	"api":         {own: []string{"tournament", "scoring", "reports"}, outside: []string{"github.com/labstack/echo/v4", "golang.org/x/time", "rsc.io/qr"}},                                                           // x/time/rate: the token buckets echo's own rate limiter is built on
}

// TestImportRules checks every package against the import table with
// `go list -deps`: the project packages it reaches, and the outside
// packages it imports itself. scoring reaches nothing but the standard
// library; scoring/dds, a row of its own, reaches purego too.
func TestImportRules(t *testing.T) {
	pkgs := goList(t, "-f", "{{.ImportPath}}", module+"/...")
	checked := 0
	for _, pkg := range pkgs {
		rel := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
		top := rowOf(rel)
		if top == "cmd" {
			continue
		}
		rule, ok := importRules[top]
		if !ok {
			t.Errorf("package %s is in no row of the import table (DESIGN.md); add it there and here", pkg)
			continue
		}
		checked++
		allowedOwn := map[string]bool{top: true}
		for _, o := range rule.own {
			allowedOwn[o] = true
		}
		for _, dep := range goList(t, "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", pkg) {
			if dep == "" || dep == pkg {
				continue
			}
			if strings.HasPrefix(dep, module+"/") {
				depTop := rowOf(strings.TrimPrefix(dep, module+"/"))
				if !allowedOwn[depTop] {
					t.Errorf("%s reaches %s; DESIGN.md allows it only %v", pkg, dep, rule.own)
				}
			} else if top == "scoring" {
				t.Errorf("scoring reaches %s; it may use the standard library only", dep)
			}
		}
		for _, imp := range goList(t, "-f", `{{range .Imports}}{{.}}{{"\n"}}{{end}}`, pkg) {
			if imp == "" || !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") || strings.HasPrefix(imp, module+"/") {
				continue
			}
			ok := false
			for _, o := range rule.outside {
				ok = ok || imp == o || strings.HasPrefix(imp, o+"/")
			}
			if !ok {
				t.Errorf("%s imports %s; DESIGN.md allows it only %v", pkg, imp, rule.outside)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no package checked")
	}
}

// rowOf is the row of the import table a package (its path in the
// module) falls under: its top folder, or scoring/dds for the double-dummy
// package, which has a row of its own.
func rowOf(rel string) string {
	if rel == "scoring/dds" || strings.HasPrefix(rel, "scoring/dds/") {
		return "scoring/dds"
	}
	return strings.SplitN(rel, "/", 2)[0]
}

func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, out)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}
