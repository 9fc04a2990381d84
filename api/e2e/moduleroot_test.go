package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestModuleRoot: the browser tests' screenshots folder is found from
// go.mod, not git, so they run in a source tree without git (a tarball, a
// fresh box): from a folder deep inside a module, from the module's own
// folder, and an error naming the folder outside any module.
func TestModuleRoot(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "traveler")
	deep := filepath.Join(root, "cmd", "traveler")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/traveler\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A folder named go.mod is not the module's file.
	if err := os.Mkdir(filepath.Join(deep, "go.mod"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, from := range []string{deep, root} {
		if got, err := moduleRoot(from); err != nil || got != root {
			t.Errorf("moduleRoot(%s) = %q, %v; want %s", from, got, err, root)
		}
	}
	if got, err := moduleRoot(tmp); err == nil {
		t.Errorf("moduleRoot(%s) outside any module = %q; want an error", tmp, got)
	}
	// This test's own folder is inside this repository: its root holds go.mod.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	got, err := moduleRoot(wd)
	if err != nil || got != filepath.Dir(filepath.Dir(wd)) {
		t.Errorf("moduleRoot(%s) = %q, %v; want the repository two folders up", wd, got, err)
	}
}
