package main

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

// TestServeHeavyFlags: the heavy reads' flags and their environment
// variables are in serve's usage; a value out of range is refused (exit 2)
// naming the flag or the variable, before anything starts.
func TestServeHeavyFlags(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run(context.Background(), []string{"serve", "-h"}, nil, &stdout, &stderr)
	for _, want := range []string{"-memory-limit", envMemoryLimit, "-heavy-workers", envHeavyWorkers, "-heavy-wait", envHeavyWait,
		"-heavy-keep", envHeavyKeep, "-heavy-keep-on-disk", envHeavyKeepOnDisk, "-heavy-dir", envHeavyDir, "-heavy-nice", envHeavyNice, "-heavy-apart", envHeavyApart, "-heavy-give-way", envHeavyGiveWay} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("serve -h does not name %s:\n%s", want, stderr.String())
		}
	}
	for _, c := range []struct {
		args []string
		env  [2]string
		want string
	}{
		{args: []string{"--heavy-nice", "20"}, want: "--heavy-nice 20"},
		{args: []string{"--heavy-workers", "-1"}, want: "--heavy-workers"},
		{args: []string{"--memory-limit", "-5"}, want: "--memory-limit"},
		{env: [2]string{envHeavyNice, "low"}, want: envHeavyNice},
		{env: [2]string{envHeavyWait, "soon"}, want: envHeavyWait},
		{env: [2]string{envHeavyApart, "maybe"}, want: envHeavyApart},
		{env: [2]string{envHeavyGiveWay, "sometimes"}, want: envHeavyGiveWay},
	} {
		if c.env[0] != "" {
			t.Setenv(c.env[0], c.env[1])
		}
		stdout.Reset()
		stderr.Reset()
		code := run(context.Background(), append([]string{"serve", "--addr", "127.0.0.1:0"}, c.args...), nil, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("serve %v %v: exit %d, %q; want 2 naming %s", c.args, c.env, code, stderr.String(), c.want)
		}
		if c.env[0] != "" {
			t.Setenv(c.env[0], "")
		}
	}
}

// TestServeMemoryLimit: serve keeps the Go heap under --memory-limit, under
// GOMEMLIMIT when that is set and the flag is not, and otherwise under
// defaultMemoryLimit; it sets back what was there when it stops.
func TestServeMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	for _, c := range []struct {
		flag       int
		gomemlimit string
		want       int64
	}{
		{flag: 512, want: 512 << 20},
		{flag: 512, gomemlimit: "2GiB", want: 512 << 20},
		{want: defaultMemoryLimit << 20},
		{gomemlimit: "2GiB", want: before}, // the runtime read it at start: left as it is
	} {
		t.Setenv("GOMEMLIMIT", c.gomemlimit)
		h := heavyConfig{memoryLimit: c.flag}
		restore := h.setMemoryLimit()
		if got := debug.SetMemoryLimit(-1); got != c.want {
			t.Errorf("--memory-limit %d, GOMEMLIMIT %q: limit %d, want %d", c.flag, c.gomemlimit, got, c.want)
		}
		restore()
		if got := debug.SetMemoryLimit(-1); got != before {
			t.Errorf("after serve: limit %d, want %d as before", got, before)
		}
	}
}
