package main

import (
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/pprof"
	"sync"

	"github.com/surveyor-game/surveyor/internal/cli"
)

// profileCPU writes a CPU profile to path until the returned stop is called. cli.ProfileRestart (SIGUSR1)
// starts the profile again, emptying the file: a load test sends it when its play phase begins, so that
// the profile leaves out the setup (creating and joining a thousand games) and shows only the moves.
func profileCPU(path string, log *slog.Logger) (stop func(), err error) {
	var mu sync.Mutex
	var f *os.File
	start := func() error {
		g, err := os.Create(path)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(g); err != nil {
			g.Close()
			return fmt.Errorf("start the profile: %w", err)
		}
		f = g
		return nil
	}
	end := func() {
		if f != nil {
			pprof.StopCPUProfile()
			f.Close()
			f = nil
		}
	}
	if err := start(); err != nil {
		return nil, err
	}
	sig := make(chan os.Signal, 1)
	if cli.ProfileRestart != nil {
		signal.Notify(sig, cli.ProfileRestart)
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-sig:
				mu.Lock()
				end()
				if err := start(); err != nil {
					log.Error("restart the CPU profile", "err", err)
				}
				mu.Unlock()
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
		mu.Lock()
		end()
		mu.Unlock()
	}, nil
}
