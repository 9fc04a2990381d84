package reports

import (
	"io"
	"strconv"
	"strings"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// The PDFs are drawn with signintech/gopdf (pure Go, MIT) in the Go fonts
// (golang.org/x/image/font/gofont, BSD), which have the suit symbols
// ♠ ♥ ♦ ♣ and are embedded in the binary: nothing to install or configure.

// pdfMargin is the sheet's margin, and pdfGap the space between the cards
// of a sheet, in points.
const (
	pdfMargin = 28.35 // 1 cm
	pdfGap    = 11.34 // 4 mm
)

// pdfDoc is a PDF being drawn; the first error stops the drawing.
type pdfDoc struct {
	gp   *gopdf.GoPdf
	w, h float64 // the sheet
	err  error
}

// newPDF starts a PDF on paper with the document's title.
func newPDF(p Paper, title string) *pdfDoc {
	w, h := p.size()
	d := &pdfDoc{gp: &gopdf.GoPdf{}, w: w, h: h}
	d.gp.Start(gopdf.Config{PageSize: gopdf.Rect{W: w, H: h}, Unit: gopdf.UnitPT})
	d.gp.SetInfo(gopdf.PdfInfo{Title: title, Creator: "traveler"})
	d.gp.SetCompressLevel(9)
	if err := d.gp.AddTTFFontData("regular", goregular.TTF); err != nil {
		d.err = err
	}
	if err := d.gp.AddTTFFontData("bold", gobold.TTF); err != nil && d.err == nil {
		d.err = err
	}
	return d
}

// page starts a new sheet.
func (d *pdfDoc) page() {
	if d.err == nil {
		d.gp.AddPage()
	}
}

// font sets the font: bold or not, size in points.
func (d *pdfDoc) font(bold bool, size float64) {
	if d.err != nil {
		return
	}
	family := "regular"
	if bold {
		family = "bold"
	}
	d.err = d.gp.SetFont(family, "", size)
}

// width is s's width in the current font.
func (d *pdfDoc) width(s string) float64 {
	if d.err != nil || s == "" {
		return 0
	}
	w, err := d.gp.MeasureTextWidth(s)
	if err != nil {
		d.err = err
	}
	return w
}

// text writes s with its top-left corner at x, y: hearts and diamonds in
// red, the rest in black.
func (d *pdfDoc) text(x, y float64, s string) {
	if d.err != nil || s == "" {
		return
	}
	for s != "" {
		i := strings.IndexAny(s, "♥♦")
		run := s
		if i > 0 {
			run = s[:i]
		} else if i == 0 {
			_, n := firstRune(s)
			run = s[:n]
			d.gp.SetTextColor(176, 0, 32)
		}
		d.gp.SetXY(x, y)
		if d.err = d.gp.Cell(nil, run); d.err != nil {
			return
		}
		x += d.width(run)
		d.gp.SetTextColor(0, 0, 0)
		s = s[len(run):]
	}
}

// firstRune is s's first rune and its length in bytes.
func firstRune(s string) (rune, int) {
	for i, r := range s {
		if i > 0 {
			return r, i
		}
	}
	return []rune(s)[0], len(s)
}

// textRight writes s ending at x.
func (d *pdfDoc) textRight(x, y float64, s string) { d.text(x-d.width(s), y, s) }

// wrap breaks s into lines no wider than w, at spaces.
func (d *pdfDoc) wrap(s string, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		next := word
		if line != "" {
			next = line + " " + word
		}
		if line != "" && d.width(next) > w {
			lines = append(lines, line)
			next = word
		}
		line = next
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// line draws a line in grey of width lw.
func (d *pdfDoc) line(x1, y1, x2, y2, lw float64, grey uint8) {
	if d.err != nil {
		return
	}
	d.gp.SetLineWidth(lw)
	d.gp.SetStrokeColor(grey, grey, grey)
	d.gp.Line(x1, y1, x2, y2)
}

// box draws a rectangle's outline.
func (d *pdfDoc) box(x, y, w, h float64) {
	d.line(x, y, x+w, y, 0.5, 150)
	d.line(x+w, y, x+w, y+h, 0.5, 150)
	d.line(x+w, y+h, x, y+h, 0.5, 150)
	d.line(x, y+h, x, y, 0.5, 150)
}

// write ends the PDF into w.
func (d *pdfDoc) write(w io.Writer) error {
	if d.err != nil {
		return d.err
	}
	return d.gp.Write(w)
}

// quarters are the four places of a sheet of four cards, in reading order:
// x, y of the top-left corner; cw, ch each card's size.
func (d *pdfDoc) quarters() (xy [4][2]float64, cw, ch float64) {
	cw, ch = (d.w-2*pdfMargin-pdfGap)/2, (d.h-2*pdfMargin-pdfGap)/2
	for i := range 4 {
		xy[i] = [2]float64{pdfMargin + float64(i%2)*(cw+pdfGap), pdfMargin + float64(i/2)*(ch+pdfGap)}
	}
	return xy, cw, ch
}

// WriteHandRecordsPDF writes hand records four boards a sheet of paper,
// each with its four hands, dealer and vulnerability, double-dummy grid and
// par; heading names the event and section on every board.
func WriteHandRecordsPDF(w io.Writer, paper Paper, heading string, hands []PrintedHand) error {
	d := newPDF(paper, "Hand records · "+heading)
	xy, cw, ch := d.quarters()
	for i, h := range hands {
		if i%4 == 0 {
			d.page()
		}
		d.handRecord(xy[i%4][0], xy[i%4][1], cw, ch, heading, h)
	}
	if len(hands) == 0 {
		d.page()
		d.font(false, 11)
		d.text(pdfMargin, pdfMargin, heading+": no hand records yet.")
	}
	return d.write(w)
}

// handRecord draws one board in the box at x, y of size w × h.
func (d *pdfDoc) handRecord(x, y, w, h float64, heading string, hr PrintedHand) {
	const pad, lh = 8.0, 11.0
	d.box(x, y, w, h)
	x0, y0, inner := x+pad, y+pad, w-2*pad
	d.font(true, 13)
	d.text(x0, y0, hr.Title)
	d.font(false, 7.5)
	d.textRight(x0+inner, y0+2, heading)
	d.font(false, 9)
	d.text(x0, y0+17, hr.Facts)
	// The four hands around the table: North at the top, West and East
	// in the middle, South at the bottom.
	col := inner / 3
	handH := lh*4 + 11
	top := y0 + 34
	at := [4][2]float64{{x0 + col, top}, {x0 + 2*col, top + handH}, {x0 + col, top + 2*handH}, {x0, top + handH}}
	// East's longest suit stays inside the box (a 13-card suit is wider
	// than a third of it).
	d.font(false, 9.5)
	for _, cards := range hr.Hands[1].Suits {
		at[1][0] = min(at[1][0], x0+inner-11-d.width(cards))
	}
	for s, hand := range hr.Hands {
		hx, hy := at[s][0], at[s][1]
		d.font(true, 8)
		d.text(hx, hy, hand.Seat)
		d.font(false, 9.5)
		if len(hand.Suits) == 0 {
			d.text(hx, hy+11, "not in the hand record")
			continue
		}
		for k, cards := range hand.Suits {
			d.text(hx, hy+11+float64(k)*lh, suitSymbols[k])
			d.text(hx+11, hy+11+float64(k)*lh, cards)
		}
	}
	yy := top + 3*handH + 6
	if hr.DD == nil {
		d.font(false, 9)
		for _, l := range d.wrap(hr.Note, inner) {
			d.text(x0, yy, l)
			yy += lh
		}
		return
	}
	d.font(true, 8.5)
	d.text(x0, yy, "Double dummy: tricks each declarer takes")
	yy += lh + 2
	cols := []string{"Declarer", "♣", "♦", "♥", "♠", "NT"}
	cx := func(k int) float64 { return x0 + 52 + float64(k-1)*24 }
	for k, c := range cols {
		if k == 0 {
			d.text(x0, yy, c)
		} else {
			d.textRight(cx(k)+12, yy, c)
		}
	}
	d.line(x0, yy+lh, cx(5)+14, yy+lh, 0.4, 170)
	yy += lh + 2
	d.font(false, 9)
	for r, seat := range hr.DD.Seats {
		d.text(x0, yy, seat)
		for k := range 5 {
			d.textRight(cx(k+1)+12, yy, strconv.Itoa(hr.DD.Tricks[r][k]))
		}
		yy += lh
	}
	yy += 4
	for _, l := range d.wrap(hr.DD.Par, inner) {
		d.text(x0, yy, l)
		yy += lh
	}
}

// suitSymbols are the suits in PBN order: spades, hearts, diamonds, clubs.
var suitSymbols = [4]string{"♠", "♥", "♦", "♣"}

// CardsPerSheet is how many of these cards print on a sheet, A4 or
// Letter: four, one in each quarter, when each card's rows fit a quarter
// (26 rows); two side by side when they fit half a sheet (56 rows); else one.
func CardsPerSheet(cards []PrintedCard) int {
	most := 0
	for _, c := range cards {
		most = max(most, len(c.Rows))
	}
	switch {
	case most > 56:
		return 1
	case most > 26:
		return 2
	}
	return 4
}

// WriteCardsPDF writes groups of cards (the table cards, the guide cards),
// each group from a new sheet, CardsPerSheet of the group a sheet.
func WriteCardsPDF(w io.Writer, paper Paper, title string, groups ...[]PrintedCard) error {
	d := newPDF(paper, title)
	xy, cw, ch := d.quarters()
	pages := 0
	for _, cards := range groups {
		per := CardsPerSheet(cards)
		for i, c := range cards {
			k := i % per
			if k == 0 {
				d.page()
				pages++
			}
			switch per {
			case 4:
				d.card(xy[k][0], xy[k][1], cw, ch, c, 12)
			case 2:
				d.card(xy[k][0], xy[0][1], cw, 2*ch+pdfGap, c, 12)
			default:
				d.card(pdfMargin, pdfMargin, d.w-2*pdfMargin, d.h-2*pdfMargin, c, min(12, (d.h-2*pdfMargin-30)/float64(len(c.Rows)+1)))
			}
		}
	}
	if pages == 0 {
		d.page()
	}
	return d.write(w)
}

// WriteScoreCardsPDF writes personal score cards, one a sheet of paper:
// the card's rows are as tall as the sheet allows (at most 24 points), to
// write the results on.
func WriteScoreCardsPDF(w io.Writer, paper Paper, title string, cards []PrintedCard) error {
	d := newPDF(paper, title)
	for _, c := range cards {
		d.page()
		rh := min(24, (d.h-2*pdfMargin-44)/float64(len(c.Rows)+1))
		d.card(pdfMargin, pdfMargin, d.w-2*pdfMargin, d.h-2*pdfMargin, c, rh)
	}
	if len(cards) == 0 {
		d.page()
	}
	return d.write(w)
}

// card draws a card in the box at x, y of size w × h: its title, subtitle
// and table, rows rh points high; columns as wide as their widest text,
// the room left shared among the empty columns (for writing in).
func (d *pdfDoc) card(x, y, w, h float64, c PrintedCard, rh float64) {
	const pad = 8.0
	d.box(x, y, w, h)
	x0, y0, inner := x+pad, y+pad, w-2*pad
	d.font(true, 12)
	d.text(x0, y0, c.Title)
	yy := y0 + 16
	if c.Subtitle != "" {
		d.font(false, 8.5)
		d.text(x0, yy, c.Subtitle)
		yy += 12
	}
	yy += 2
	n := len(c.Head)
	size := min(9, rh*0.75)
	// Column widths: each column's widest text, then the room left shared
	// among the columns with no text in any row (the ones to write in).
	widths := make([]float64, n)
	d.font(true, size)
	for k, hd := range c.Head {
		widths[k] = d.width(hd) + 6
	}
	d.font(false, size)
	blank := make([]bool, n)
	for k := range blank {
		blank[k] = true
	}
	for _, row := range c.Rows {
		if Spans(row, n) {
			continue
		}
		for k, cell := range row {
			if k < n {
				widths[k] = max(widths[k], d.width(cell)+6)
				if cell != "" {
					blank[k] = false
				}
			}
		}
	}
	total, blanks := 0.0, 0
	for k, wd := range widths {
		total += wd
		if blank[k] && len(c.Rows) > 0 {
			blanks++
		}
	}
	if room := inner - total; room > 0 {
		for k := range widths {
			switch {
			case blanks > 0 && blank[k]:
				widths[k] += room / float64(blanks)
			case blanks == 0:
				widths[k] += room / float64(n)
			}
		}
	}
	cellText := func(k int, cy float64, s string) {
		cx := x0
		for j := range k {
			cx += widths[j]
		}
		d.text(cx+3, cy+(rh-size)/2, s)
	}
	top := yy
	d.font(true, size)
	for k, hd := range c.Head {
		cellText(k, yy, hd)
	}
	d.line(x0, yy+rh, x0+inner, yy+rh, 0.6, 60)
	yy += rh
	d.font(false, size)
	for _, row := range c.Rows {
		if yy+rh > y+h-2 {
			break
		}
		for k, cell := range row {
			if k < n {
				cellText(k, yy, cell)
			}
		}
		d.line(x0, yy+rh, x0+inner, yy+rh, 0.3, 170)
		yy += rh
	}
	// The columns' rules, so each cell is a box to write in.
	cx := x0
	for _, wd := range widths[:max(n-1, 0)] {
		cx += wd
		d.line(cx, top, cx, yy, 0.3, 190)
	}
}
