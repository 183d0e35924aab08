package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestUnknownCommandFails(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"no-such-command"}, nil, &out, &errb); code != 2 {
		t.Fatalf("exit code %d, want 2", code)
	}
	if !strings.Contains(errb.String(), "unknown command") {
		t.Fatalf("stderr %q does not explain the error", errb.String())
	}
}
