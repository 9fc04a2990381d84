package main

import "github.com/traveler-bridge/traveler/api/apitest"

// id is apitest.ID (an ID as a path segment), under the name the command's
// tests call it by.
func id(n int64) string { return apitest.ID(n) }
