package web

import "github.com/labstack/echo/v4"

// setupRoutes adds this area's pages (being written).
func (p *Pages) setupRoutes(e *echo.Echo) {}
