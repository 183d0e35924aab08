package loadtest

// loadtest --floor: the part of a move's server CPU that no server code can remove on this machine. A
// WebSocket move costs its server at least one read of the mover's message and one write to each seat's
// socket; on loopback the kernel's work for both ends of a write is charged to the writer. The floor does
// exactly that and nothing else — no HTTP, no WebSocket framing, no JSON, no engine, no log — with the
// clients in a process of their own, as --spawn --ws-moves measures the server.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/internal/cli"
)

const (
	floorMoveSize  = 32  // a move as the client sends it, about the toy's on a WebSocket
	floorStateSize = 160 // a state as the server pushes it, about the toy's
)

// floorReport is what --floor measured: moves played and this process's CPU time for them.
type floorReport struct {
	Moves   int
	Elapsed time.Duration
	CPU     time.Duration
}

// runFloor serves o.games games of o.seats seats on loopback and has a child process play o.rounds
// rounds of each: a move is a small message from the seat to play, answered by a state to every seat.
func runFloor(ctx context.Context, o loadOptions) (floorReport, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return floorReport{}, fmt.Errorf("floor: listen: %w", err)
	}
	defer ln.Close()
	cmd, err := SelfCommand(ctx, "loadtest", "--floor-client", ln.Addr().String(), "--games", strconv.Itoa(o.games),
		"--seats", strconv.Itoa(o.seats), "--rounds", strconv.Itoa(o.rounds))
	if err != nil {
		return floorReport{}, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return floorReport{}, fmt.Errorf("floor: start the clients: %w", err)
	}
	defer cmd.Wait()
	conns := make([]net.Conn, 0, o.games*o.seats)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for len(conns) < o.games*o.seats {
		c, err := ln.Accept()
		if err != nil {
			cmd.Process.Kill()
			return floorReport{}, fmt.Errorf("floor: accept: %w", err)
		}
		conns = append(conns, c)
	}
	cpu0, err := cli.SelfCPU()
	if err != nil {
		return floorReport{}, err
	}
	start := time.Now()
	errs := make(chan error, o.games)
	var wg sync.WaitGroup
	for g := range o.games {
		seats := conns[g*o.seats : (g+1)*o.seats]
		wg.Add(1)
		go func() {
			defer wg.Done()
			move, state := make([]byte, floorMoveSize), make([]byte, floorStateSize)
			for i := range o.rounds * o.seats {
				if _, err := io.ReadFull(seats[i%o.seats], move); err != nil {
					errs <- fmt.Errorf("floor: game %d, move %d: %w", g, i, err)
					return
				}
				for _, c := range seats {
					if _, err := c.Write(state); err != nil {
						errs <- fmt.Errorf("floor: game %d, move %d: %w", g, i, err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu1, err := cli.SelfCPU()
	if err != nil {
		return floorReport{}, err
	}
	close(errs)
	if err := <-errs; err != nil {
		cmd.Process.Kill()
		return floorReport{}, fmt.Errorf("%w (clients: %s)", err, strings.TrimSpace(stderr.String()))
	}
	return floorReport{Moves: o.games * o.seats * o.rounds, Elapsed: elapsed, CPU: cpu1 - cpu0}, nil
}

// floorClients is the child of runFloor: each game's seats connect, then play in turn, each move waiting
// for every seat's state.
func floorClients(ctx context.Context, addr string, o loadOptions) error {
	var d net.Dialer
	type seat struct {
		c net.Conn
		r *bufio.Reader
	}
	games := make([][]seat, o.games)
	for g := range games {
		for range o.seats {
			c, err := d.DialContext(ctx, "tcp", addr)
			if err != nil {
				return fmt.Errorf("floor client: dial: %w", err)
			}
			defer c.Close()
			games[g] = append(games[g], seat{c, bufio.NewReader(c)})
		}
	}
	errs := make(chan error, o.games)
	var wg sync.WaitGroup
	for _, seats := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			move, state := make([]byte, floorMoveSize), make([]byte, floorStateSize)
			for i := range o.rounds * o.seats {
				if _, err := seats[i%o.seats].c.Write(move); err != nil {
					errs <- err
					return
				}
				for _, s := range seats {
					if _, err := io.ReadFull(s.r, state); err != nil {
						errs <- err
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return fmt.Errorf("floor client: %w", err)
	}
	return nil
}

// checkFloorOptions refuses what --floor cannot combine with: it measures sockets alone.
func checkFloorOptions(o loadOptions) error {
	if o.spawn || o.server != "" || o.db != "" || o.noise || o.idle > 0 || o.conns > 0 || o.wsMoves || o.think > 0 {
		return errors.New("--floor measures the sockets alone: give it --games, --seats and --rounds only")
	}
	if o.games < 1 || o.seats < 1 || o.seats > 4 || o.rounds < 1 {
		return errors.New("--floor: --games ≥ 1, --seats 1..4, --rounds ≥ 1")
	}
	return nil
}
