package web

import "github.com/labstack/echo/v4"

// tableRoutes adds this area's pages (being written).
func (p *Pages) tableRoutes(e *echo.Echo) {}
