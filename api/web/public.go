package web

import "github.com/labstack/echo/v4"

// publicRoutes adds this area's pages (being written).
func (p *Pages) publicRoutes(e *echo.Echo) {}
