package api

import (
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/traveler-bridge/traveler/api/dto"
	"github.com/traveler-bridge/traveler/api/internal/limit"
	"github.com/traveler-bridge/traveler/api/web"
	"github.com/traveler-bridge/traveler/tournament"
)

// Options configure the API.
type Options struct {
	Logger       *slog.Logger // the request log and the server's failures; nil: slog.Default()
	RateLimit    float64      // requests a second per token (per client IP without one); 0: 100
	RateBurst    int          // requests a token may send at once above the rate; 0: 200
	MaxBodyBytes int64        // the largest request body; 0: 4 MiB
	BaseURL      string       // where the server is reached, e.g. "http://127.0.0.1:8080", for table links
	MaxLawLines  int          // the most lines a law-code comparison (…/reports/laws) holds; 0: DefaultMaxLawLines

	AddressRateLimit float64        // requests a second per client address, whatever its tokens; 0: DefaultAddressRateFactor × RateLimit
	AddressRateBurst int            // requests an address may send at once above its rate; 0: DefaultAddressRateFactor × RateBurst
	SignInFailures   int            // failed sign-ins an address may make in SignInWindow before it is answered 429; 0: DefaultSignInFailures
	SignInWindow     time.Duration  // see SignInFailures; 0: DefaultSignInWindow
	TrustedProxies   []netip.Prefix // proxies whose X-Forwarded-For names the client address and X-Forwarded-Proto the scheme; none: both headers are ignored

	StreamsPerAddress     int           // live standings one client address may hold open; past it 429; 0: DefaultStreamsPerAddress
	StreamsPerToken       int           // live standings one token (or signed-in browser) may hold open; past it 429; 0: DefaultStreamsPerToken
	ConnectionsPerAddress int           // connections one client address may hold open (Listener); 0: DefaultConnectionsPerAddress
	BodyTimeout           time.Duration // how long a request body may take to arrive; past it 408; 0: DefaultBodyTimeout
}

// The defaults of Options.
const (
	DefaultRateLimit    = 100
	DefaultRateBurst    = 200
	DefaultMaxBodyBytes = 4 << 20
)

// server is the handlers' state.
type server struct {
	svc       *tournament.Service
	log       *slog.Logger
	opts      Options
	limiter   *limiters    // per token (per address without one)
	byAddress *limiters    // per client address, every request
	failures  *limiters    // failed sign-ins per client address
	streams   limit.Counts // open live streams per client address and per token
}

// route is one endpoint: method, echo path and handler.
type route struct {
	method, path string
	handler      func(*server, echo.Context) error
}

// maxImportBytes is the largest file POST /v1/events/import takes: a
// season's USEBIO file with hands runs to a few MiB.
const maxImportBytes = 32 << 20

// streamRoutes are the routes that answer Accept: text/event-stream with a
// live stream, which outlives the request timeout.
var streamRoutes = map[string]bool{http.MethodGet + " /v1/sections/:id/standings": true}

// bodyLimits are the routes that take more than Options.MaxBodyBytes.
var bodyLimits = map[string]int64{http.MethodPost + " /v1/events/import": maxImportBytes}

// routes lists every endpoint under /v1; the OpenAPI document lists the
// same (TestOpenAPIMatchesRoutes).
var routes = []route{
	{http.MethodGet, "/v1/openapi.json", (*server).openAPI},
	{http.MethodPost, "/v1/score", (*server).score},

	{http.MethodPost, "/v1/events", (*server).createEvent},
	{http.MethodGet, "/v1/events", (*server).listEvents},
	{http.MethodGet, "/v1/events/:id", (*server).getEvent},
	{http.MethodPatch, "/v1/events/:id", (*server).patchEvent},
	{http.MethodPost, "/v1/events/:id/sections", (*server).createSection},
	{http.MethodGet, "/v1/events/:id/sections", (*server).listSections},

	{http.MethodGet, "/v1/sections/:id", (*server).getSection},
	{http.MethodPatch, "/v1/sections/:id", (*server).patchSection},
	{http.MethodGet, "/v1/sections/:id/movement", (*server).getMovement},
	{http.MethodPost, "/v1/sections/:id/pairs", (*server).addPairs},
	{http.MethodGet, "/v1/sections/:id/pairs", (*server).listPairs},
	{http.MethodPost, "/v1/sections/:id/teams", (*server).addTeams},
	{http.MethodGet, "/v1/sections/:id/teams", (*server).listTeams},
	{http.MethodPut, "/v1/sections/:id/grading", (*server).putGrading},
	{http.MethodPost, "/v1/sections/:id/grading/players", (*server).gradePlayers},
	{http.MethodPut, "/v1/sections/:id/boards", (*server).putBoards},
	{http.MethodGet, "/v1/sections/:id/boards", (*server).listBoards},
	{http.MethodGet, "/v1/sections/:id/boards/:n/analysis", (*server).boardAnalysis},
	{http.MethodGet, "/v1/sections/:id/boards/:n/versions", (*server).getBoardVersions},
	{http.MethodPut, "/v1/sections/:id/boards/:n/versions", (*server).putBoardVersions},
	{http.MethodPut, "/v1/sections/:id/boards/:n/corrections", (*server).putCorrection},
	{http.MethodDelete, "/v1/sections/:id/boards/:n/corrections", (*server).deleteCorrection},
	{http.MethodPost, "/v1/sections/:id/penalties", (*server).givePenalty},
	{http.MethodGet, "/v1/sections/:id/penalties", (*server).listPenalties},
	{http.MethodDelete, "/v1/sections/:id/penalties/:pid", (*server).liftPenalty},
	{http.MethodPost, "/v1/sections/:id/boards/deal", (*server).dealBoards},
	{http.MethodPost, "/v1/sections/:id/results", keepingRefused((*server).enterResults)},
	{http.MethodGet, "/v1/sections/:id/results", (*server).listResults},
	{http.MethodGet, "/v1/sections/:id/travelers/:board", (*server).getTraveler},
	{http.MethodGet, "/v1/sections/:id/standings", (*server).getStandings},
	{http.MethodGet, "/v1/events/:id/standings", (*server).getOverall},
	{http.MethodGet, "/v1/events/:id/report.xlsx", (*server).getWorkbook},
	{http.MethodGet, "/v1/events/:id/standings.csv", (*server).getStandingsCSV},
	{http.MethodGet, "/v1/events/:id/overall.csv", (*server).getOverallCSV},
	{http.MethodGet, "/v1/events/:id/travelers.csv", (*server).getTravelersCSV},
	{http.MethodGet, "/v1/events/:id/usebio.xml", (*server).getUSEBIO},
	{http.MethodGet, "/v1/events/:id/results.pbn", (*server).getPBN},
	{http.MethodGet, "/v1/events/:id/results", (*server).getResults},
	{http.MethodGet, "/v1/events/:id/reports/royalton", (*server).getRoyalton},
	{http.MethodGet, "/v1/events/:id/reports/laws", (*server).getLaws},
	{http.MethodGet, "/v1/events/:id/reports/codes", (*server).getCodes},
	{http.MethodGet, "/v1/reports/dealt", (*server).getDealt},
	{http.MethodGet, "/v1/events/:id/reports/par", (*server).getParReport},
	{http.MethodGet, "/v1/events/:id/reports/declaration", (*server).getDeclarationReport},
	{http.MethodPost, "/v1/events/import", (*server).importEvent},
	{http.MethodPost, "/v1/events/:id/figures", (*server).keepFigures},
	{http.MethodPost, "/v1/sections/:id/tokens", (*server).createTokens},
	{http.MethodGet, "/v1/sections/:id/tokens", (*server).listSectionTokens},
	{http.MethodDelete, "/v1/sections/:id/tokens", (*server).revokeSectionTokens},
	{http.MethodGet, "/v1/tokens", (*server).listTokens},
	{http.MethodPost, "/v1/tokens", (*server).createDirectorToken},
	{http.MethodPatch, "/v1/tokens/:id", (*server).patchToken},
	{http.MethodDelete, "/v1/tokens/:id", (*server).revokeToken},

	{http.MethodGet, "/v1/results/:id", (*server).getResult},
	{http.MethodPut, "/v1/results/:id", keepingRefused((*server).putResult)},
	{http.MethodDelete, "/v1/results/:id", (*server).deleteResult},
	{http.MethodGet, "/v1/results/:id/audit", (*server).getAudit},

	{http.MethodDelete, "/v1/events/:id", (*server).deleteEvent},
	{http.MethodGet, "/v1/events/:id/changes", (*server).listChanges},
	{http.MethodDelete, "/v1/sections/:id", (*server).deleteSection},
	{http.MethodPost, "/v1/sections/:id/movement", (*server).changeMovement},
	{http.MethodPatch, "/v1/pairs/:id", (*server).patchPair},
	{http.MethodDelete, "/v1/pairs/:id", (*server).deletePair},
	{http.MethodPost, "/v1/pairs/:id/withdraw", (*server).withdrawPair},
	{http.MethodPatch, "/v1/teams/:id", (*server).patchTeam},

	// tables at their own pace (handlers_pace.go)
	{http.MethodPost, "/v1/sections/:id/rounds/close", (*server).closeRounds},
	{http.MethodPost, "/v1/sections/:id/rounds/reopen", (*server).reopenRounds},
	{http.MethodPost, "/v1/sections/:id/late-plays", (*server).markLate},
	{http.MethodDelete, "/v1/sections/:id/late-plays", (*server).unmarkLate},
	{http.MethodPost, "/v1/sections/:id/late-plays/close", (*server).closeLatePlay},
	{http.MethodGet, "/v1/sections/:id/refusals", (*server).listRefusals},
	{http.MethodPost, "/v1/sections/:id/refusals/:key/call", (*server).callForRefusal},
	{http.MethodDelete, "/v1/sections/:id/refusals/:key", (*server).withdrawRefusal},

	// Swiss teams, round by round (handlers_swiss.go)
	{http.MethodPost, "/v1/sections/:id/swiss/pair", (*server).pairSwiss},
	{http.MethodGet, "/v1/sections/:id/swiss/draft", (*server).getSwissDraft},
	{http.MethodPut, "/v1/sections/:id/swiss/draft", (*server).putSwissDraft},
	{http.MethodPost, "/v1/sections/:id/swiss/draft/swap", (*server).swapSwiss},
	{http.MethodPost, "/v1/sections/:id/swiss/release", (*server).releaseSwiss},
	{http.MethodPost, "/v1/sections/:id/swiss/withdraw", (*server).withdrawSwiss},
	// Knockout matches (handlers_knockout.go)
	{http.MethodGet, "/v1/sections/:id/knockout", (*server).getKnockout},
	{http.MethodPost, "/v1/sections/:id/knockout/playoff", (*server).addKnockoutPlayoff},
	{http.MethodGet, "/v1/events/:id/bracket", (*server).getBracket},
	{http.MethodPost, "/v1/events/:id/knockout/advance", (*server).advanceKnockout},

	// the club's roster (handlers_players.go)
	{http.MethodGet, "/v1/players", (*server).listPlayers},
	{http.MethodPost, "/v1/players", (*server).createPlayer},
	{http.MethodGet, "/v1/players/:id", (*server).getPlayer},
	{http.MethodPatch, "/v1/players/:id", (*server).patchPlayer},
	{http.MethodDelete, "/v1/players/:id", (*server).deletePlayer},
}

// Route is one endpoint of the API: its method and echo path
// ("/v1/sections/:id").
type Route struct{ Method, Path string }

// Routes lists every endpoint under /v1, in the order they are registered
// (for tests that must cover each one, such as the authorisation table).
func Routes() []Route {
	out := make([]Route, len(routes))
	for i, r := range routes {
		out[i] = Route{r.method, r.path}
	}
	return out
}

// New returns the HTTP handler of the API over svc: JSON under /v1, the
// OpenAPI document at /v1/openapi.json, /healthz and /readyz. Callers
// wrap it in an http.Server with timeouts.
func New(svc *tournament.Service, o Options) http.Handler {
	return newEcho(svc, o)
}

// newEcho builds the echo instance behind New.
func newEcho(svc *tournament.Service, o Options) *echo.Echo {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.RateLimit <= 0 {
		o.RateLimit = DefaultRateLimit
	}
	if o.RateBurst <= 0 {
		o.RateBurst = DefaultRateBurst
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if o.AddressRateLimit <= 0 {
		o.AddressRateLimit = DefaultAddressRateFactor * o.RateLimit
	}
	if o.AddressRateBurst <= 0 {
		o.AddressRateBurst = DefaultAddressRateFactor * o.RateBurst
	}
	if o.SignInFailures <= 0 {
		o.SignInFailures = DefaultSignInFailures
	}
	if o.SignInWindow <= 0 {
		o.SignInWindow = DefaultSignInWindow
	}
	if o.StreamsPerAddress <= 0 {
		o.StreamsPerAddress = DefaultStreamsPerAddress
	}
	if o.StreamsPerToken <= 0 {
		o.StreamsPerToken = DefaultStreamsPerToken
	}
	if o.BodyTimeout <= 0 {
		o.BodyTimeout = DefaultBodyTimeout
	}
	s := &server{svc: svc, log: o.Logger, opts: o, limiter: newLimiters(o.RateLimit, o.RateBurst),
		byAddress: newLimiters(o.AddressRateLimit, o.AddressRateBurst),
		failures:  newLimiters(float64(o.SignInFailures)/o.SignInWindow.Seconds(), o.SignInFailures)}

	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.IPExtractor = ipExtractor(o.TrustedProxies)
	e.HTTPErrorHandler = errorHandler(s.log)
	e.Use(s.trustedScheme, s.requestLog, s.recover, s.bodyDeadline, s.limitAddress, s.throttleSignIn, s.limitStreams)

	if err := web.Register(e, svc, web.Options{Logger: o.Logger, BaseURL: o.BaseURL}); err != nil {
		panic("api: the pages' templates do not parse: " + err.Error()) // embedded at build time: a programming error
	}
	e.GET("/healthz", s.healthz)
	e.GET("/readyz", s.readyz)
	for _, r := range routes {
		h := r.handler
		e.Add(r.method, r.path, func(c echo.Context) error { return h(s, c) }, s.limitBody(max(bodyLimits[r.method+" "+r.path], s.opts.MaxBodyBytes)), s.rateLimit, s.timeout(streamRoutes[r.method+" "+r.path]), s.authenticate, s.guardWrites(r.method+" "+r.path))
	}
	return e
}

// healthz answers while the process is up.
func (s *server) healthz(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers 200 when the store can be reached, else 503.
func (s *server) readyz(c echo.Context) error {
	if err := s.svc.Ready(c.Request().Context()); err != nil {
		s.log.LogAttrs(c.Request().Context(), slog.LevelWarn, "not ready", slog.String("error", err.Error()))
		return &httpError{Status: http.StatusServiceUnavailable, Body: dto.ErrorResponse{Error: "not ready: the store cannot be reached"}}
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ready"})
}
