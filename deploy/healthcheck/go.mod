// The container image's health check, a module of its own so that the
// service's module (and its go vet, tests and import rules) never sees it.
module github.com/traveler-bridge/traveler/deploy/healthcheck

go 1.26
