// Package api is traveler's HTTP face: the request and response types (the
// only JSON tags in the tree), their conversion to and from the domain, and
// the mapping of errors to answers a user can act on.
package api
