package web

import (
	"embed"
	"errors"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/api/internal/problem"
	"github.com/traveler-bridge/traveler/api/internal/redact"

	"github.com/traveler-bridge/traveler/tournament"
)

//go:embed templates/*.html
var templateFiles embed.FS

//go:embed assets
var assetFiles embed.FS

// Options configures the pages.
type Options struct {
	Logger  *slog.Logger // failures; nil: slog.Default()
	BaseURL string       // where players reach the server, for table links and their QR codes; "": the request's own host
}

// Pages serves the HTML pages over a Service.
type Pages struct {
	svc   *tournament.Service
	log   *slog.Logger
	base  string
	pages map[string]*template.Template // by file name, each parsed with layout.html

	formPages map[string]formPage // by route, the page that sends a form back when its body came too slowly (slowForm)
}

// CookieName is the cookie of a director's sign-in: its secret, never a
// token.
const CookieName = "traveler_sign_in"

// Register adds every page and the assets to e. Each page file of
// templates/ is parsed with layout.html and the shared pieces ("_….html").
func Register(e *echo.Echo, svc *tournament.Service, o Options) error {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	p := &Pages{svc: svc, log: o.Logger, base: strings.TrimRight(o.BaseURL, "/"), pages: map[string]*template.Template{},
		formPages: map[string]formPage{}}

	names, err := fs.Glob(templateFiles, "templates/*.html")
	if err != nil {
		return err
	}
	// Files named "_….html" are pieces several pages share (a traveler's
	// lines, the Royalton report): parsed with every page, pages themselves none.
	shared := []string{"templates/layout.html"}
	for _, name := range names {
		if strings.HasPrefix(name, "templates/_") {
			shared = append(shared, name)
		}
	}
	for _, name := range names {
		base := strings.TrimPrefix(name, "templates/")
		if base == "layout.html" || strings.HasPrefix(base, "_") {
			continue
		}
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFiles, append(shared, name)...)
		if err != nil {
			return err
		}
		p.pages[base] = t
	}
	assets, err := fs.Sub(assetFiles, "assets")
	if err != nil {
		return err
	}
	e.GET("/assets/*", echo.WrapHandler(http.StripPrefix("/assets/", cacheAssets(http.FileServer(http.FS(assets))))))

	e.Use(p.directorErrorPages, securityHeaders, p.guardForms)
	p.authRoutes(e)
	p.accessRoutes(e)
	p.setupRoutes(e)
	p.sessionRoutes(e)
	p.paceRoutes(e)
	p.tableRoutes(e)
	p.publicRoutes(e)
	p.liveRoutes(e)
	return nil
}

// directorErrorPages answers a director's page that fails with a page, not
// the API's JSON: an unknown path under /director (echo's 404), a method a
// path does not take (405) and any error a page handler returns. Paths
// outside /director keep the API's answers.
func (p *Pages) directorErrorPages(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		err := next(c)
		path := c.Request().URL.Path
		if err == nil || c.Response().Committed || (path != "/director" && !strings.HasPrefix(path, "/director/")) {
			return err
		}
		var he *echo.HTTPError
		if errors.As(err, &he) {
			v := View{Title: "Page not found", Data: messageData{Text: "There is no director's page at " + path + ". Start again from the list of events."}}
			if he.Code != http.StatusNotFound {
				v.Title = http.StatusText(he.Code)
				v.Data = messageData{Text: "This page cannot be opened that way (" + http.StatusText(he.Code) + "). Start again from the list of events."}
			}
			return p.render(c, he.Code, "public_message.html", v)
		}
		return p.renderError(c, "public_message.html", View{Title: "Not done", Data: messageData{}}, err)
	}
}

// cacheAssets lets browsers keep the assets for an hour.
func cacheAssets(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		h.ServeHTTP(w, r)
	})
}

// View is what every page template receives: the page's own data in Data,
// and what the layout shows around it.
type View struct {
	Title    string            // the page's title, also its h1
	Director bool              // a director is signed in: the layout shows the director's menu
	Flash    string            // a message about what was just done, e.g. "Section A created"
	Error    string            // what went wrong, in plain words, shown above the page
	Field    string            // the form field the error is about ("" when none)
	Allowed  []string          // the values the field allows, when the error lists them
	Form     map[string]string // the values a refused form was sent with, to fill it again
	CSRF     string            // the form token for the director's cookie, put in every form that changes something
	Data     any               // the page's own data
}

// render writes page name with v, status status.
func (p *Pages) render(c echo.Context, status int, name string, v View) error {
	t, ok := p.pages[name]
	if !ok {
		return errors.New("web: no page template " + name)
	}
	if a, ok := c.Get(actorKey).(tournament.Actor); ok && a.Role == tournament.RoleDirector {
		v.Director = true
	}
	if v.Flash == "" {
		v.Flash = c.QueryParam("done")
	}
	v.CSRF = formToken(c)
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, "layout.html", v); err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.HTML(status, b.String())
}

// renderError renders page name again with err explained: its status is
// the API's (problem.Of: 422 for invalid input, 404, 409, 412, 403…), its
// words the error's own; a failure of the server is logged and shown
// without its text.
func (p *Pages) renderError(c echo.Context, name string, v View, err error) error {
	pr := explain(err)
	if pr.Internal {
		p.log.Error("page failed", "path", redact.Path(c.Request().URL.Path), "err", err)
	}
	if pr.Status == http.StatusServiceUnavailable {
		c.Response().Header().Set("Retry-After", problem.RetryAfter)
	}
	v.Error, v.Field, v.Allowed = pr.Message, pr.Field, pr.Allowed
	if v.Form == nil {
		v.Form = formValues(c)
	}
	return p.render(c, pr.Status, name, v)
}

// explain is err's problem (problem.Of, the API's status) phrased for a
// page: a 503 and any other failure of the server in plain words of their
// own, else the error's message.
func explain(err error) problem.Problem {
	pr := problem.Of(err)
	switch {
	case pr.Status == http.StatusRequestTimeout:
		pr.Message = slowBodyWords(err)
	case pr.Status == http.StatusServiceUnavailable:
		pr.Message = "The service could not reach its database in time; nothing was changed. Try again in a moment."
	case pr.Internal:
		pr.Message = "Something went wrong on the server; nothing was changed. Try again, and tell the person who runs traveler if it goes on."
	}
	return pr
}

// formValues returns a form's values, one each, to fill a refused form again.
func formValues(c echo.Context) map[string]string {
	out := map[string]string{}
	if f, err := c.FormParams(); err == nil {
		for k, v := range f {
			if len(v) > 0 {
				out[k] = v[0]
			}
		}
	}
	return out
}

// redirect sends the browser to path after a change (post/redirect/get),
// with done shown on the next page.
func redirect(c echo.Context, path, done string) error {
	if done != "" {
		sep := "?"
		if strings.Contains(path, "?") {
			sep = "&"
		}
		path += sep + "done=" + url.QueryEscape(done)
	}
	return c.Redirect(http.StatusSeeOther, path)
}

// pathID reads a numeric path parameter, a 404 page when it is not a number.
func pathID(c echo.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id < 1 {
		return 0, &tournament.Error{Kind: tournament.ErrNotFound, Field: name, Message: strconv.Quote(c.Param(name)) + " is not a number traveler gave to anything"}
	}
	return id, nil
}

// playerNames joins a pair's players as players say them: "Ann Smith & Bob Jones".
func playerNames(ps []tournament.Player) string {
	names := make([]string, len(ps))
	for i, pl := range ps {
		names[i] = pl.Name
	}
	return strings.Join(names, " & ")
}

// funcs are the helpers templates may call.
var funcs = template.FuncMap{
	"join": strings.Join,
	// hasPrefix: a field of a list ("movement.vp_table[3]") marks its input.
	"hasPrefix": strings.HasPrefix,
	"when":      expiresWords,
	"until":     untilWords,
	"add":       func(a, b int) int { return a + b },
	"pct":       func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) },
	// percent turns a share (0 to 1) into a percentage.
	"percent": func(share float64) float64 { return 100 * share },
	"pts":     ftoa,
	// fields hands a shared block of form fields its values, the field an
	// error is about and the prefix of its ids.
	"fields": func(form map[string]string, field, prefix string) fieldsView {
		return fieldsView{Form: form, Field: field, Prefix: prefix}
	},
	"signed": signed,
}

// signed writes points won or lost, a handicap or a score with its sign:
// "+6", "−2.5" (a minus sign, not a hyphen), "0".
func signed(v float64) string {
	switch {
	case v > 0:
		return "+" + ftoa(v)
	case v < 0:
		return "−" + ftoa(-v)
	}
	return "0"
}

// fieldsView is what a shared block of form fields is given (the
// "knockout-fields" template): the values to fill in, the field an error is
// about, and the prefix of the ids, so that two forms of a page differ.
type fieldsView struct {
	Form   map[string]string
	Field  string
	Prefix string
}
