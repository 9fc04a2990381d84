# The one test command (README): formatting, vet, every test with the race
# detector, and the million-line workbook's peak memory without it (the race
# detector multiplies memory, so that test skips itself under -race). The
# pages' end-to-end tests in headless Chromium (cmd/traveler/browser_*test.go)
# are part of go test ./... and run under -race too; `make browser` runs only
# them. Their screenshots go to artifacts/browser ($TRAVELER_ARTIFACTS/browser).
.PHONY: test bench build browser

# The PostgreSQL server the integration tests use (each test makes its own
# database there); .ci/run sets it when there is no server on 5432.
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable

test:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	go vet ./...
	TEST_DATABASE_URL='$(TEST_DATABASE_URL)' go test -race -count=1 ./...
	go test -count=1 -run '^TestWorkbookMillionLines$$' -v ./reports

browser:
	TEST_DATABASE_URL='$(TEST_DATABASE_URL)' go test -count=1 -run '^TestBrowser' -v ./cmd/traveler

bench:
	go test -run '^$$' -bench . -benchmem ./...

build:
	go build -o bin/traveler ./cmd/traveler
