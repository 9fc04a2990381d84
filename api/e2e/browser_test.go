package e2e

// The harness of the end-to-end tests in a real browser (issue 6 §2):
// Debian's headless Chromium driven by chromedp against the whole server
// (api.New, pages included) over a fresh PostgreSQL database, in process.
// Every page a test visits is saved as a full-page PNG under
// $TRAVELER_ARTIFACTS/browser (default: the repository's artifacts/browser),
// named by the test and the step.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/traveler-bridge/traveler/tournament"
)

// defaultChromium is Debian's Chromium; TRAVELER_CHROMIUM names another.
const defaultChromium = "/usr/bin/chromium"

// stepTimeout bounds one browser step, so that a page without the element a
// step waits for fails the test with the step's name instead of hanging.
// It is a guard against hanging, not a measure of speed.
const stepTimeout = 45 * time.Second

// Phone is the size the table pages are used at (an iPhone 12–15's CSS pixels).
const phoneWidth, phoneHeight = 390, 844

// headless is an env's Chromium: a director's tab, and where its
// screenshots and downloads go.
type headless struct {
	shots     string          // where the screenshots go
	downloads string          // where the browser saves files
	root      context.Context // the browser: new tabs are made from it
	tab       *browserTab     // the director's tab, desktop size
	step      int             // screenshots taken so far, to number them
}

// browserTab is one tab, with its own cookies and storage when it was made
// with its own browser context (a phone at a table).
type browserTab struct {
	env  *env
	ctx  context.Context
	name string // in screenshot names and failures, e.g. "director", "table-2"
}

// chromiumPath returns the Chromium to drive, failing the test when there
// is none: CI must run these tests, so a missing browser is an error.
func chromiumPath(t *testing.T) string {
	t.Helper()
	p := os.Getenv("TRAVELER_CHROMIUM")
	if p == "" {
		p = defaultChromium
	}
	found, err := exec.LookPath(p)
	if err != nil {
		t.Fatalf("no Chromium at %s (%v): the browser tests need it; install it with `apt-get install chromium fonts-dejavu-core` (Debian; scripts/test, the README's test command, does this), or set TRAVELER_CHROMIUM to a Chromium or Chrome binary", p, err)
	}
	return found
}

// moduleRoot is the directory holding go.mod at or above dir: the
// repository's root, found without git (a tarball or a fresh box has none).
func moduleRoot(dir string) (string, error) {
	for d := dir; ; {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", fmt.Errorf("no go.mod in %s or any folder above it", dir)
		}
		d = up
	}
}

// artifactsDir returns the folder the screenshots of test go to, made empty.
func artifactsDir(t *testing.T) string {
	t.Helper()
	base := os.Getenv("TRAVELER_ARTIFACTS")
	if base == "" {
		wd, err := os.Getwd()
		if err != nil {
			t.Fatal(err)
		}
		root, err := moduleRoot(wd)
		if err != nil {
			t.Fatalf("finding the repository for the screenshots (set TRAVELER_ARTIFACTS to choose a folder): %v", err)
		}
		base = filepath.Join(root, "artifacts")
	}
	dir := filepath.Join(base, "browser", t.Name())
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// startBrowser starts a headless Chromium with a fresh profile for e,
// its director's tab open (see withBrowser).
func startBrowser(t *testing.T, e *env, chromium string) *headless {
	t.Helper()
	b := &headless{shots: artifactsDir(t), downloads: t.TempDir()}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox, // the tests run as root in CI
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("password-store", "basic"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	t.Cleanup(cancelAlloc)
	root, cancelRoot := chromedp.NewContext(allocCtx, chromedp.WithErrorf(func(f string, a ...any) { t.Logf("chromedp: "+f, a...) }))
	t.Cleanup(func() { cancelRoot() })
	b.root = root
	// The first run on a context starts the browser and opens the tab, which
	// live as long as the context of that run: it must be root itself, not a
	// step's context with a timeout.
	if err := chromedp.Do(root); err != nil {
		t.Fatalf("starting Chromium (%s): %v", chromium, err)
	}
	e.headless = b
	b.tab = &browserTab{env: e, ctx: root, name: "director"}
	e.watchCSP(root, "director")
	if _, err := chromedp.CallBrowser(root, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: b.downloads,
	}); err != nil {
		t.Fatalf("letting Chromium download to %s: %v", b.downloads, err)
	}
	return b
}

// watchCSP fails the test, at its end, for every message the tab's console
// shows about the Content-Security-Policy refusing something: an inline
// script, handler or style a page still has would otherwise only stop
// working, silently.
func (b *env) watchCSP(ctx context.Context, name string) {
	b.t.Helper()
	var mu sync.Mutex
	var refused []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*cdplog.EventEntryAdded); ok && e.Entry != nil && strings.Contains(e.Entry.Text, "Content Security Policy") {
			mu.Lock()
			refused = append(refused, e.Entry.URL+": "+e.Entry.Text)
			mu.Unlock()
		}
	}); err != nil {
		b.t.Fatalf("watching %s's console: %v", name, err)
	}
	b.t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, r := range refused {
			b.t.Errorf("%s: the page's Content-Security-Policy refused something: %s", name, r)
		}
	})
}

// phone opens a new tab in a browser context of its own (its own cookies
// and localStorage, as another phone has), emulating a phone of
// phoneWidth×phoneHeight.
func (b *env) phone(name string) *browserTab {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.root, chromedp.WithNewBrowserContext())
	b.t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // opens the tab for as long as ctx lives (see startBrowser)
		b.t.Fatalf("opening a tab for %s: %v", name, err)
	}
	b.watchCSP(ctx, name)
	tab := &browserTab{env: b, ctx: ctx, name: name}
	tab.do("emulate a phone", chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch))
	return tab
}

// do runs actions, failing the test with what the step was.
func (tab *browserTab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	tab.env.t.Helper()
	ctx, cancel := context.WithTimeout(tab.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tab.fail(what, err)
	}
}

// fail ends the test for a failed step, after a screenshot of the page as it is.
func (tab *browserTab) fail(what string, err error) {
	tab.env.t.Helper()
	tab.shot("FAILED-" + what)
	tab.env.t.Fatalf("%s: %s: %v (page %s)", tab.name, what, err, tab.location())
}

// location returns the address the tab shows, or "?".
func (tab *browserTab) location() string {
	ctx, cancel := context.WithTimeout(tab.ctx, 5*time.Second)
	defer cancel()
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		return "?"
	}
	return loc
}

// eval runs a JavaScript expression and decodes its value into T.
func eval[T any](tab *browserTab, what, expr string) T {
	tab.env.t.Helper()
	ctx, cancel := context.WithTimeout(tab.ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tab.fail(what, err)
	}
	return v
}

// open goes to path on the server and waits for the page to load.
func (tab *browserTab) open(path string) {
	tab.env.t.Helper()
	tab.do("open "+path, chromedp.Navigate(tab.env.url+path))
}

// text returns the visible text of the first element sel matches, waiting
// for it to be there.
func (tab *browserTab) text(sel string) string {
	tab.env.t.Helper()
	ctx, cancel := context.WithTimeout(tab.ctx, stepTimeout)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel), chromedp.NodeReady))
	if err != nil {
		tab.fail("read the text of "+sel, err)
	}
	return strings.TrimSpace(s)
}

// waitText waits until the element sel matches holds text containing want
// (pages that update themselves, e.g. the table page after an entry). The
// text of a hidden element counts: waitShown waits for it on screen.
func (tab *browserTab) waitText(sel, want string) string {
	tab.env.t.Helper()
	return tab.waitFor(sel, want, false)
}

// waitShown waits until the element sel matches is on screen (not hidden,
// nor inside a hidden element) with text containing want: a step a page
// shows by itself, such as East–West's agreement after Confirm.
func (tab *browserTab) waitShown(sel, want string) string {
	tab.env.t.Helper()
	return tab.waitFor(sel, want, true)
}

// waitFor is waitText, or waitShown when shown.
func (tab *browserTab) waitFor(sel, want string, shown bool) string {
	tab.env.t.Helper()
	expr := fmt.Sprintf(`(() => { const e = document.querySelector(%s);
		return e && (!%t || e.getClientRects().length > 0) && e.innerText.includes(%s) ? e.innerText : ""; })()`, jsString(sel), shown, jsString(want))
	ctx, cancel := context.WithTimeout(tab.ctx, stepTimeout)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Poll[string](expr, chromedp.WithPollingInterval(100*time.Millisecond), chromedp.WithPollingTimeout(stepTimeout)))
	if err != nil {
		got, _ := chromedp.Run(tab.ctx, chromedp.Evaluate[string](fmt.Sprintf(`(() => { const e = document.querySelector(%s); return e ? e.innerText : "(no such element)"; })()`, jsString(sel))))
		tab.fail(fmt.Sprintf("wait for %q in %s (it shows %q)", want, sel, got), err)
	}
	return s
}

// waitUntil waits until the JavaScript expression cond is true on the page.
func (tab *browserTab) waitUntil(what, cond string) {
	tab.env.t.Helper()
	ctx, cancel := context.WithTimeout(tab.ctx, stepTimeout)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(stepTimeout))); err != nil {
		tab.fail("wait until "+what, err)
	}
}

// count returns how many elements sel matches now.
func (tab *browserTab) count(sel string) int {
	tab.env.t.Helper()
	return eval[int](tab, "count "+sel, fmt.Sprintf(`document.querySelectorAll(%s).length`, jsString(sel)))
}

// fill sets the value of the form field sel (an input, textarea or select)
// and tells the page it changed, as typing or choosing would.
func (tab *browserTab) fill(sel, value string) {
	tab.env.t.Helper()
	expr := fmt.Sprintf(`(() => {
		const e = document.querySelector(%s);
		if (!e) throw new Error("no element " + %s);
		if (e.tagName === "SELECT" && ![...e.options].some(o => o.value === %s))
			throw new Error(%s + " offers no option " + %s + "; it offers " + [...e.options].map(o => o.value).join(", "));
		e.value = %s;
		e.dispatchEvent(new Event("input", {bubbles: true}));
		e.dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`, jsString(sel), jsString(sel), jsString(value), jsString(sel), jsString(value), jsString(value))
	tab.do(fmt.Sprintf("set %s to %q", sel, value), chromedp.WaitReady(chromedp.CSS(sel)), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](expr)(ctx, t)
		return err
	}))
}

// check ticks (or unticks) the checkbox sel.
func (tab *browserTab) check(sel string, on bool) {
	tab.env.t.Helper()
	expr := fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) throw new Error("no element " + %s);
		if (e.checked !== %t) e.click(); return e.checked; })()`, jsString(sel), jsString(sel), on)
	if got := eval[bool](tab, "tick "+sel, expr); got != on {
		tab.fail("tick "+sel, fmt.Errorf("it stays %t", got))
	}
}

// click clicks the element sel on a page that stays (no navigation).
func (tab *browserTab) click(sel string) {
	tab.env.t.Helper()
	tab.do("click "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.ScrollIntoView(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
}

// submit clicks sel (a submit button or a link) and waits for the next page
// to load: the old page is marked, and the wait ends on a loaded page
// without the mark.
func (tab *browserTab) submit(sel string) {
	tab.env.t.Helper()
	tab.do("mark the page before "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](`window.__travelerOldPage = true`)(ctx, t)
		return err
	}))
	tab.do("click "+sel, chromedp.ScrollIntoView(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
	tab.waitNewPage("after clicking " + sel)
}

// waitNewPage waits until the page marked by submit is replaced by a loaded one.
func (tab *browserTab) waitNewPage(what string) {
	tab.env.t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(tab.ctx, 2*time.Second)
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__travelerOldPage !== true && document.readyState === "complete"`))
		cancel()
		if err == nil && done {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	tab.fail("wait for the next page "+what, errors.New("no new page loaded"))
}

// path returns the path of the page the tab shows.
func (tab *browserTab) path() string {
	tab.env.t.Helper()
	return eval[string](tab, "read the address", `location.pathname`)
}

// pageError returns the text of the page's error box (#page-error), "" when
// there is none.
func (tab *browserTab) pageError() string {
	tab.env.t.Helper()
	return eval[string](tab, "read the error box", `(() => { const e = document.querySelector("#page-error"); return e ? e.innerText.trim() : ""; })()`)
}

// signInDirector signs the tab in as the director with the test's token.
func (tab *browserTab) signInDirector() {
	tab.env.t.Helper()
	tab.open("/director/login")
	tab.fill("#token", directorToken)
	tab.submit(`form[action="/director/login"] button[type=submit]`)
	tab.noError("sign in")
}

// noError fails the test when the page shows an error box, with its text.
func (tab *browserTab) noError(what string) {
	tab.env.t.Helper()
	if msg := pageErrorOrStatus(tab); msg != "" {
		tab.fail(what, errors.New(msg))
	}
}

// pageErrorOrStatus returns the page's error box, or its title when the page
// is a bare error page (echo's JSON for a missing route), else "".
func pageErrorOrStatus(tab *browserTab) string {
	if msg := tab.pageError(); msg != "" {
		return "the page says: " + msg
	}
	body := eval[string](tab, "read the page", `document.body ? document.body.innerText.slice(0, 300) : ""`)
	if strings.HasPrefix(strings.TrimSpace(body), `{"`) {
		return "the server answered " + body
	}
	return ""
}

// shot saves a full-page screenshot named by the step number and name.
func (tab *browserTab) shot(name string) string {
	b := tab.env
	b.step++
	file := filepath.Join(b.shots, fmt.Sprintf("%02d-%s-%s.png", b.step, tab.name, safeName(name)))
	ctx, cancel := context.WithTimeout(tab.ctx, stepTimeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Logf("screenshot %s: %v", file, err)
		return ""
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		b.t.Errorf("screenshot %s: %v", file, err)
	}
	return file
}

// unsafeName is what a screenshot's name may not hold.
var unsafeName = regexp.MustCompile(`[^a-zA-Z0-9._-]+`)

// safeName makes a step's name usable as a file name.
func safeName(s string) string {
	s = strings.Trim(unsafeName.ReplaceAllString(s, "-"), "-")
	if len(s) > 80 {
		s = s[:80]
	}
	return s
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	j, _ := json.Marshal(s)
	return string(j)
}

// setOffline cuts the tab's network (requests fail, navigator.onLine is
// false) or gives it back (the page gets its `online` event).
func (tab *browserTab) setOffline(offline bool) {
	tab.env.t.Helper()
	rule := &network.Conditions{Offline: offline, DownloadThroughput: -1, UploadThroughput: -1}
	tab.do(fmt.Sprintf("set the network offline=%t", offline), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{rule},
		}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{
			Offline: offline, DownloadThroughput: -1, UploadThroughput: -1,
		})
		return err
	}))
}

// waitDownload waits for the one download whose name ends in suffix to be
// complete in the downloads folder, and returns its path.
func (b *env) waitDownload(suffix string) string {
	b.t.Helper()
	deadline := time.Now().Add(stepTimeout)
	var have []string
	for time.Now().Before(deadline) {
		entries, err := os.ReadDir(b.downloads)
		if err != nil {
			b.t.Fatal(err)
		}
		have = have[:0]
		for _, e := range entries {
			have = append(have, e.Name())
			if !strings.HasSuffix(e.Name(), suffix) {
				continue
			}
			path := filepath.Join(b.downloads, e.Name())
			if st, err := os.Stat(path); err == nil && st.Size() > 0 {
				return path
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.t.Fatalf("no download ending in %s completed in %s (it holds %v)", suffix, b.downloads, have)
	return ""
}

// chromedpUpload chooses file in the file input sel.
func chromedpUpload(sel, file string) chromedp.Action[chromedp.Void] {
	return chromedp.SetUploadFiles(chromedp.CSS(sel), []string{file})
}

// TestBrowserSignIn checks the harness on the smallest path through the
// pages: a wrong director token is refused with its message, the right one
// signs in.
func TestBrowserSignIn(t *testing.T) {
	b := newEnv(t, withBrowser())
	d := b.tab
	d.open("/director")
	if p := d.path(); p != "/director/login" {
		t.Fatalf("/director without signing in shows %s, want the sign-in page /director/login", p)
	}
	d.fill("#token", "not-a-token")
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.shot("sign-in-refused")
	if msg := d.pageError(); !strings.Contains(msg, "the token is not known") {
		t.Fatalf("a wrong director token: the page says %q, want the refusal \"the token is not known\"", msg)
	}
	d.fill("#token", directorToken)
	d.submit(`form[action="/director/login"] button[type=submit]`)
	d.shot("signed-in")
	if p := d.path(); p != "/director" {
		t.Errorf("signing in leads to %s, want /director", p)
	}
}

// eventSection makes an event and a section of it with the builder (a
// test's set-up behind the pages), with the players of pair i given by
// players(i) for each of the movement's pairs when players is not nil.
func (b *env) eventSection(in tournament.EventInput, spec tournament.MovementSpec, players func(i int) []tournament.Player) (tournament.Event, tournament.Section) {
	b.t.Helper()
	bb := b.build()
	ev := bb.Event(in)
	sec := bb.CreateSection(ev.ID, tournament.SectionInput{Name: "A", Movement: spec})
	if players != nil {
		var pairs []tournament.Pair
		for i := 1; i <= sec.Movement.Pairs; i++ {
			pairs = append(pairs, tournament.Pair{Number: fmt.Sprint(i), Players: players(i)})
		}
		if _, err := b.svc.AddPairs(bb.Ctx, tournament.Director, sec.ID, pairs); err != nil {
			b.t.Fatal(err)
		}
	}
	return ev, sec
}
