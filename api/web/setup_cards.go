package web

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// cardsTemplate draws a movement's table cards and guide cards, shared by
// the new-section preview and the printable cards page: each kind in
// sheets of cards as they print (four a sheet unless they are long).
var cardsTemplate = template.Must(template.New("cards").Funcs(funcs).Parse(`
<section aria-labelledby="table-cards-h" class="movement-cards">
<h2 id="table-cards-h">Table cards</h2>
<p class="hint">One card for each table: who sits North-South and East-West, and the boards they play, round by round.</p>
{{range .Tables}}{{template "sheet" .}}{{end}}
</section>
<section aria-labelledby="guide-cards-h" class="movement-cards">
<h2 id="guide-cards-h">Guide cards</h2>
<p class="hint">One card for each pair: the table it goes to, where it sits and whom it plays, round by round.</p>
{{range .Guides}}{{template "sheet" .}}{{end}}
</section>
{{define "sheet"}}<div class="cards sheet sheet-of-{{len .}}">
{{range $card := .}}<article class="card {{.Class}}"{{if .Table}} data-table="{{.Table}}"{{end}}{{if .Pair}} data-pair="{{.Pair}}"{{end}}>
<h3>{{.Title}}</h3>
<table>
<thead><tr>{{range $i, $h := .Head}}<th scope="col">{{$h}}</th>{{end}}</tr></thead>
<tbody>
{{range .Rows}}<tr>{{if $card.Spans .}}<th scope="row">{{index . 0}}</th><td colspan="{{$card.SpanCols}}">{{index . 1}}</td>{{else}}{{range $i, $c := .}}{{if $i}}<td>{{$c}}</td>{{else}}<th scope="row">{{$c}}</th>{{end}}{{end}}{{end}}</tr>
{{end}}</tbody>
</table>
</article>
{{end}}</div>{{end}}`))

// cardsView is what cardsTemplate draws: the cards in sheets.
type cardsView struct {
	Tables [][]cardView
	Guides [][]cardView
}

// movementCards draws the movement's table and guide cards as HTML.
func movementCards(m *movement.Movement) (template.HTML, error) {
	var b strings.Builder
	if err := cardsTemplate.Execute(&b, cardsView{Tables: cardSheets(tableCardViews(m)), Guides: cardSheets(guideCardViews(m))}); err != nil {
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
