# The one test command (README): formatting, vet, and every test with the
# race detector.
.PHONY: test bench build

test:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	go vet ./...
	go test -race -count=1 ./...

bench:
	go test -run '^$$' -bench . -benchmem ./...

build:
	go build -o bin/traveler ./cmd/traveler
