module github.com/traveler-bridge/traveler

go 1.26.8
