package web

import (
	"fmt"
	"html/template"
	"strings"

	"rsc.io/qr"
)

// qrQuietZone is the white border around a QR code, in modules: the
// standard asks for four.
const qrQuietZone = 4

// qrSVG returns the QR code of text as an inline SVG: one path of the dark
// modules, each row's runs of dark modules drawn as one rectangle
// "M{x},{y}h{run}v1h-{run}z", on a white square with the quiet zone. Medium
// error correction survives a creased or smudged card.
func qrSVG(text string) (template.HTML, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return "", fmt.Errorf("QR code of %q: %w", text, err)
	}
	side := code.Size + 2*qrQuietZone
	var d strings.Builder
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; {
			if !code.Black(x, y) {
				x++
				continue
			}
			run := 1
			for code.Black(x+run, y) {
				run++
			}
			fmt.Fprintf(&d, "M%d,%dh%dv1h-%dz", x+qrQuietZone, y+qrQuietZone, run, run)
			x += run
		}
	}
	svg := fmt.Sprintf(`<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="QR code of the link" shape-rendering="crispEdges">`+
		`<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`, side, side, side, side, d.String())
	return template.HTML(svg), nil // built from numbers only: nothing to escape
}
