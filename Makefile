# The one test command (README): scripts/test installs what the tests need
# when it is missing (gcc, PostgreSQL's server binaries, psql, Chromium and
# fonts-dejavu-core, with apt-get as root or with sudo), finds a PostgreSQL
# server or starts a throwaway one, then runs gofmt, go vet, every test with
# the race detector (the pages' end-to-end tests in headless Chromium,
# api/e2e/browser_*test.go, among them) and the million-line workbook's
# peak memory without it. `make test DRY_RUN=1` says what it would install
# and run, and changes nothing.
#
# The PostgreSQL server of the integration tests (each test makes its own
# database there): TEST_DATABASE_URL when set (`make test
# TEST_DATABASE_URL=...` or the environment); else LOCAL_DATABASE_URL,
# default postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable, when
# it answers; else a throwaway cluster for the run.
.PHONY: test browser screenshots bench build

test:
	@scripts/test $(if $(DRY_RUN),--dry-run) all

# Only the browser tests; their screenshots go to artifacts/browser
# ($TRAVELER_ARTIFACTS/browser).
browser:
	@scripts/test $(if $(DRY_RUN),--dry-run) browser

# The README walkthrough's pictures (api/web/screenshots), taken again from
# the browser session's steps.
screenshots:
	@scripts/test $(if $(DRY_RUN),--dry-run) screenshots

bench:
	go test -run '^$$' -bench . -benchmem ./...

build:
	go build -o bin/traveler ./cmd/traveler
	go build -o bin/traveler-load ./cmd/traveler-load
