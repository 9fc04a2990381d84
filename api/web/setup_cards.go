package web

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// cardsTemplate draws a movement's table cards and guide cards, shared by
// the new-section preview and the printable cards page.
var cardsTemplate = template.Must(template.New("cards").Funcs(funcs).Funcs(template.FuncMap{
	"boards": boardRanges,
	"tables": tableNumbers,
}).Parse(`
<section aria-labelledby="table-cards-h" class="movement-cards">
<h2 id="table-cards-h">Table cards</h2>
<p class="hint">One card for each table: who sits North-South and East-West, and the boards they play, round by round.</p>
<div class="cards">
{{range .Tables}}<article class="card table-card" data-table="{{.Table}}">
<h3>Table {{.Table}}</h3>
<table>
<thead><tr><th scope="col">Round</th><th scope="col" class="num">NS</th><th scope="col" class="num">EW</th><th scope="col">Boards</th></tr></thead>
<tbody>
{{range .Rounds}}<tr><th scope="row">{{.Round}}</th>{{if .InPlay}}<td class="num">{{.NS}}</td><td class="num">{{.EW}}</td><td>{{boards .Boards}}{{if .ArrowSwitch}} <span class="tag">arrow-switch</span>{{end}}{{if .SharesWith}} <span class="hint">shared with table {{tables .SharesWith}}</span>{{end}}</td>{{else}}<td colspan="3">not in play</td>{{end}}</tr>
{{end}}</tbody>
</table>
</article>
{{end}}</div>
</section>
<section aria-labelledby="guide-cards-h" class="movement-cards">
<h2 id="guide-cards-h">Guide cards</h2>
<p class="hint">One card for each pair: the table it goes to, where it sits and whom it plays, round by round.</p>
<div class="cards">
{{range .Guides}}<article class="card guide-card" data-pair="{{.Pair}}">
<h3>Pair {{.Pair}}{{if .Team}} (team {{.Team}}){{end}}</h3>
<table>
<thead><tr><th scope="col">Round</th><th scope="col" class="num">Table</th><th scope="col">Sits</th><th scope="col" class="num">Against</th><th scope="col">Boards</th></tr></thead>
<tbody>
{{range .Rounds}}<tr><th scope="row">{{.Round}}</th>{{if .SitsOut}}<td colspan="4">sits out</td>{{else}}<td class="num">{{.Table}}</td><td>{{.Direction}}{{if ne .Cards .Direction}} (plays the {{.Cards}} cards){{end}}</td><td class="num">{{.Opponent}}</td><td>{{boards .Boards}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
</article>
{{end}}</div>
</section>`))

// cardsView is what cardsTemplate draws.
type cardsView struct {
	Tables []tournament.TableCard
	Guides []tournament.GuideCard
}

// movementCards draws the movement's table and guide cards as HTML.
func movementCards(m *tournament.Movement) (template.HTML, error) {
	var b strings.Builder
	if err := cardsTemplate.Execute(&b, cardsView{Tables: m.TableCards(), Guides: m.GuideCards()}); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil // cardsTemplate escapes what it writes
}

// boardRanges writes boards as ranges, e.g. "1–3, 7".
func boardRanges(boards []int) string { return tournament.NumberRanges(boards) }

// tableNumbers writes table numbers separated by commas.
func tableNumbers(tables []int) string {
	parts := make([]string, len(tables))
	for i, t := range tables {
		parts[i] = strconv.Itoa(t)
	}
	return strings.Join(parts, ", ")
}
