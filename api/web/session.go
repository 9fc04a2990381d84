package web

import "github.com/labstack/echo/v4"

// sessionRoutes adds this area's pages (being written).
func (p *Pages) sessionRoutes(e *echo.Echo) {}
