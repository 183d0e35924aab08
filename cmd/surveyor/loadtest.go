package main

import (
	"context"
	"io"

	"github.com/surveyor-game/surveyor/loadtest"
)

func init() {
	commands["loadtest"] = command{
		summary: loadtest.Summary,
		run: func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
			return loadtest.Run(ctx, args, stdout, stderr)
		},
	}
}
