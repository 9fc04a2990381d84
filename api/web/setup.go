package web

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// setupRoutes adds the director's setup pages: events, sections, pairs,
// hand records, the current round and the downloads.
func (p *Pages) setupRoutes(e *echo.Echo) {
	d := e.Group("/director", p.directorOnly)
	d.GET("", p.eventsPage)
	d.GET("/events/new", p.newEventPage)
	d.POST("/events", p.createEvent)
	d.GET("/events/:id", p.eventPage)
	d.POST("/events/:id/publish", p.publishEvent)
	d.POST("/events/:id/tables", p.setEventTables)
	d.POST("/events/:id/overall", p.setEventOverall)
	d.GET("/events/:id/files/:file", p.eventFile)
	d.GET("/events/:id/sections/new", p.newSectionPage)
	d.POST("/events/:id/sections", p.postSection)
	d.GET("/sections/:id", p.sectionPage)
	d.POST("/sections/:id/pairs", p.addPairs)
	d.POST("/sections/:id/boards", p.uploadBoards)
	// The forms that upload a file, sent back by the section page when their
	// body comes too slowly (slowForm; any other form gets a page saying so).
	p.formPages["/director/sections/:id/pairs"] = behind(p.directorOnly, p.sectionPageError)
	p.formPages["/director/sections/:id/boards"] = behind(p.directorOnly, p.sectionPageError)
	d.POST("/sections/:id/boards/deal", p.dealBoards)
	d.GET("/sections/:id/hands", p.handsPage)
	d.POST("/sections/:id/round", p.setRound)
	d.GET("/sections/:id/cards", p.movementCardsPage)
	p.paperRoutes(d)
	p.changeRoutes(d)
	p.playerRoutes(d)
	p.swissRoutes(d)
	p.bracketRoutes(d)
	p.importRoutes(d)
}

// lawDescriptions say in plain words what each law code is.
var lawDescriptions = map[string]string{
	"bridge":             "Bridge (the Laws of Bridge): the dealer's side declares, doubling without limit",
	"bridge-portland":    "Bridge, Portland Club code: doubling limited to 100 a trick",
	"royal-auction-1913": "Royal Auction, Whist Club laws of October 1913: lone spades, royal bids, nullos",
	"auction-1915":       "Auction Bridge, Whist Club laws of June 1915",
	"royalton-1915":      "Royalton (Hawley, 1915): every odd trick 10, royal bids",
	"contract-2017":      "Duplicate contract bridge, WBF/ACBL Laws 2017",
}

// methodDescriptions say in plain words how each scoring method compares results.
var methodDescriptions = map[tournament.Method]string{
	tournament.MethodMP:             "Matchpoints (EBU/WBF): 2 for each score beaten, 1 for each tie",
	tournament.MethodMPACBL:         "Matchpoints (ACBL): 1 for each score beaten, ½ for each tie",
	tournament.MethodAverage:        "Against the average: each score compared with the board's average (Duplicate Auction Law H)",
	tournament.MethodTotal:          "Total points: the scores added up",
	tournament.MethodCrossIMP:       "Cross-IMPs: IMPs against every other score, averaged",
	tournament.MethodButler:         "Butler: IMPs against a datum (the average without the top and bottom score)",
	tournament.MethodIMPTeams:       "Teams: two-room matches in IMPs, converted to victory points",
	tournament.MethodBAMTeams:       "Teams, board-a-match: each board 1 point to the team with the better score over both rooms, ½ each on a tie (ACBL)",
	tournament.MethodPattonTeams:    "Teams, Patton: 2 points for each board won, 1 for a tie, and as many again for the match's aggregate (EBU)",
	tournament.MethodAggregateTeams: "Teams, aggregate: the total points of each match added up",
}

// eventsData is the events list's data.
type eventsData struct{ Events []tournament.Event }

// eventsPage lists every event, newest first as the store gives them.
func (p *Pages) eventsPage(c echo.Context) error {
	events, err := p.svc.Events(c.Request().Context(), actor(c))
	v := View{Title: "Events"}
	if err != nil {
		return p.renderError(c, "director_events.html", v, err)
	}
	v.Data = eventsData{Events: events}
	return p.render(c, http.StatusOK, "director_events.html", v)
}

// lawChoice is one law code of the new-event form with its options.
type lawChoice struct {
	Name        string
	Description string
	Selected    bool
	Options     []optionField
}

// optionField is one law option as the form shows it.
type optionField struct {
	Law     string   // the law code it belongs to, for the element's id
	Name    string   // the option's name: the input is named opt_<Name>
	Label   string   // the option in plain words
	Doc     string   // what it does
	Bool    bool     // a yes/no option (a select of yes and no)
	Value   string   // the value shown: the submitted one, else the default
	Choices []string // the only values allowed, when the option is a choice
	Min     int      // the least value, for a whole number with no choices
	Max     int      // the greatest value, for a whole number with no choices
}

// methodChoice is one scoring method of the new-event form.
type methodChoice struct {
	Value       string
	Description string
	Selected    bool
}

// eventFormData is the new-event form's data.
type eventFormData struct {
	Laws        []lawChoice
	Methods     []methodChoice
	Conventions []methodChoice // the conventions (scoring.ConventionNames), traveler's own first
}

// newEventPage shows the empty new-event form.
func (p *Pages) newEventPage(c echo.Context) error {
	form := map[string]string{"date": time.Now().Format(time.DateOnly), "law": scoring.Contract2017.String(), "scoring": string(tournament.MethodMP)}
	return p.render(c, http.StatusOK, "event_new.html", View{Title: "New event", Form: form, Data: eventForm(form, nil)})
}

// eventForm builds the form's choices, filled with chosen (the law and
// method) and opts (each law code's submitted option values, by law then
// option name; missing ones show their default).
func eventForm(chosen map[string]string, opts map[string]map[string]string) eventFormData {
	var d eventFormData
	for _, law := range scoring.Laws {
		name := law.String()
		lc := lawChoice{Name: name, Description: lawDescriptions[name], Selected: chosen["law"] == name}
		for _, o := range law.Options() {
			f := optionField{Law: name, Name: o.Name, Label: o.Label, Doc: o.Doc, Bool: o.Kind == scoring.BoolOption, Min: o.Min, Max: o.Max,
				Value: strconv.Itoa(o.Default)}
			if f.Bool {
				f.Value = strconv.FormatBool(o.Default == 1)
			}
			for _, a := range o.Allowed {
				f.Choices = append(f.Choices, strconv.Itoa(a))
			}
			if v, ok := opts[name][o.Name]; ok {
				f.Value = v
			}
			lc.Options = append(lc.Options, f)
		}
		d.Laws = append(d.Laws, lc)
	}
	for _, m := range tournament.Methods {
		d.Methods = append(d.Methods, methodChoice{Value: string(m), Description: methodDescriptions[m], Selected: chosen["scoring"] == string(m)})
	}
	for _, n := range scoring.ConventionNames() {
		c, _ := scoring.ParseConvention("convention", n)
		d.Conventions = append(d.Conventions, methodChoice{Value: n, Description: c.Doc, Selected: chosen["convention"] == n})
	}
	return d
}

// createEvent stores the event the form describes and opens its page.
func (p *Pages) createEvent(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return p.renderError(c, "event_new.html", View{Title: "New event", Data: eventForm(nil, nil)}, tournament.Invalidf("form", "the form could not be read; send it again"))
	}
	chosen := formValues(c)
	law := strings.TrimSpace(chosen["law"])
	submitted := submittedOptions(law, form)
	in := tournament.EventInput{Name: chosen["name"], Date: strings.TrimSpace(chosen["date"]), Law: law, Scoring: chosen["scoring"], Convention: chosen["convention"]}
	v := View{Title: "New event", Form: chosen, Data: eventForm(chosen, map[string]map[string]string{law: submitted})}
	if in.LawOptions, err = lawOptionValues(law, submitted); err != nil {
		return p.renderError(c, "event_new.html", v, err)
	}
	if in.TableTraveler, in.TableLead, err = tableOptionsFromForm(chosen); err != nil {
		return p.renderError(c, "event_new.html", v, err)
	}
	ev, err := p.svc.CreateEvent(c.Request().Context(), actor(c), in)
	if err != nil {
		return p.renderError(c, "event_new.html", v, err)
	}
	return redirect(c, "/director/events/"+strconv.FormatInt(ev.ID, 10), "Event "+ev.Name+" created")
}

// submittedOptions picks the chosen law code's option values out of the
// form. Each law code's options are named opt_<name>; with scripts on, only
// the chosen code's are sent; with scripts off every code's are, in the
// order of scoring.Laws, so the chosen code's value is the one at its place
// among the codes that have that option.
func submittedOptions(lawName string, form map[string][]string) map[string]string {
	out := map[string]string{}
	law, err := scoring.ParseLaw("law", lawName)
	if err != nil {
		return out
	}
	for _, o := range law.Options() {
		values := form["opt_"+o.Name]
		switch {
		case len(values) == 1:
			out[o.Name] = strings.TrimSpace(values[0])
		case len(values) > 1:
			if i := placeAmongHolders(law, o.Name); i < len(values) {
				out[o.Name] = strings.TrimSpace(values[i])
			}
		}
	}
	return out
}

// placeAmongHolders returns law's index among the law codes, in
// scoring.Laws order, that have the named option.
func placeAmongHolders(law scoring.Law, option string) int {
	i := 0
	for _, l := range scoring.Laws {
		if l == law {
			return i
		}
		if _, ok := l.LookupOption(option); ok {
			i++
		}
	}
	return i
}

// lawOptionValues converts the submitted option values to the types the
// Service takes: true/false for yes/no options, whole numbers otherwise.
func lawOptionValues(lawName string, submitted map[string]string) (tournament.LawOptions, error) {
	law, err := scoring.ParseLaw("law", lawName)
	if err != nil {
		return nil, nil // the Service names the law code's problem
	}
	out := tournament.LawOptions{}
	for _, o := range law.Options() {
		v, ok := submitted[o.Name]
		if !ok || v == "" {
			continue
		}
		field := "law_options." + o.Name
		if o.Kind == scoring.BoolOption {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return nil, tournament.Invalidf(field, strconv.Quote(v)+": choose yes or no")
			}
			out[o.Name] = b
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, tournament.Invalidf(field, strconv.Quote(v)+": write a whole number, e.g. "+strconv.Itoa(o.Default))
		}
		out[o.Name] = n
	}
	return out, nil
}
