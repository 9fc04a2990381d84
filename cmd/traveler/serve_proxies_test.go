package main

import (
	"net/netip"
	"reflect"
	"testing"
)

// TestParseProxies: --trusted-proxies takes addresses and prefixes.
func TestParseProxies(t *testing.T) {
	got, err := parseProxies(" 10.0.0.5, 172.16.0.0/12,,2001:db8::1 ")
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.5/32"), netip.MustParsePrefix("172.16.0.0/12"), netip.MustParsePrefix("2001:db8::1/128")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := parseProxies("proxy.example"); err == nil {
		t.Error("a host name: no error")
	}
}
