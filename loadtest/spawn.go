package loadtest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"syscall"
	"time"

	"github.com/surveyor-game/surveyor/games"
)

// SelfCommand runs this binary (surveyor) with args in a process of its own: the spawned server, the
// noise and the floor's clients. Tests replace it: their binary is the test binary, which runs surveyor
// only when told to by its TestMain.
var SelfCommand = func(ctx context.Context, args ...string) (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find this binary: %w", err)
	}
	return exec.CommandContext(ctx, exe, args...), nil
}

// process is a surveyor process the load test started beside itself: with the server in a process of its
// own, the server's CPU time and memory are read apart from the clients'.
type process struct {
	cmd *exec.Cmd
	dir string
	url string // the server's address, for a server
}

var servingLine = regexp.MustCompile(`serving on (http://[0-9.:]+)/`)

// spawnServer starts surveyor serve with the toy game on a free loopback port, on a fresh SQLite file (or
// the database at o.db), without the limits that would refuse one address's many games, with the load
// test's collector settings and idle timeout.
func spawnServer(ctx context.Context, o loadOptions) (*process, error) {
	db, cpuProfile := o.db, o.cpuProfile
	dir, err := os.MkdirTemp("", "surveyor-loadtest-server-")
	if err != nil {
		return nil, err
	}
	args := []string{"serve", "--toy", "--rate", "-1", "--conns-per-addr", "0", "--ws-per-addr", "-1",
		"--addr", "127.0.0.1:0", "--data", dir, "--no-bots", "--no-push"}
	if db != "" {
		args = append(args, "--db", db)
	}
	if cpuProfile != "" {
		args = append(args, "--cpuprofile", cpuProfile)
	}
	args = append(args, "--gc-percent", strconv.Itoa(o.gc.Percent))
	if o.gc.Limit > 0 {
		args = append(args, "--memory-limit", strconv.FormatInt(o.gc.Limit, 10)+"B")
	}
	if o.idleAfter > 0 {
		args = append(args, "--idle-timeout", o.idleAfter.String())
	}
	cmd, err := SelfCommand(ctx, args...)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	p := &process{cmd: cmd, dir: dir}
	out, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &limitedBuffer{b: &stderr, max: 64 << 10}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start the server: %w", err)
	}
	found := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if m := servingLine.FindStringSubmatch(lines.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		close(found)
		io.Copy(io.Discard, out)
	}()
	select {
	case u, ok := <-found:
		if !ok {
			p.stop()
			return nil, fmt.Errorf("the server ended before serving: %s", stderr.String())
		}
		p.url = u
		return p, nil
	case <-time.After(30 * time.Second):
		p.stop()
		return nil, errors.New("the server did not start within 30 s")
	}
}

// spawnNoise starts a CPU-heavy process beside the load test, as another program sharing the machine would
// be: a bot simulation on every core, for as long as the load test runs.
func spawnNoise(ctx context.Context) (*process, error) {
	// Any game's default bot will do: the first game of the list.
	cmd, err := SelfCommand(ctx, "sim", "--game", games.All()[0].Definition.Name(), "--games", "100000000", "--parallel")
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start the noise: %w", err)
	}
	return &process{cmd: cmd}, nil
}

// stop ends the process as an operator would, so that a server writes its CPU profile, and kills it if it
// has not ended within 10 s.
func (p *process) stop() {
	if p == nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
	if p.dir != "" {
		os.RemoveAll(p.dir)
	}
}

// clockTick is Linux's USER_HZ, the unit of the CPU times in /proc/PID/stat: 100 on every architecture
// Go supports there.
const clockTick = 10 * time.Millisecond

// cpu is the CPU time the process has used so far, user and system.
func (p *process) cpu() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return 0, fmt.Errorf("server CPU time: %w", err)
	}
	return parseStatCPU(b)
}

// parseStatCPU reads utime and stime, fields 14 and 15 of /proc/PID/stat; the command name, field 2, is
// in parentheses and may hold spaces, so fields are counted from the last ')'.
func parseStatCPU(b []byte) (time.Duration, error) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, errors.New("server CPU time: /proc stat without a command name")
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 13 {
		return 0, errors.New("server CPU time: /proc stat too short")
	}
	// After ')' come state (3), ppid (4), ..., utime (14) and stime (15): indexes 11 and 12 here.
	u, err1 := strconv.ParseInt(string(f[11]), 10, 64)
	s, err2 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("server CPU time: bad stat fields %q %q", f[11], f[12])
	}
	return time.Duration(u+s) * clockTick, nil
}

// rss is the process's resident memory, in bytes.
func (p *process) rss() (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0, fmt.Errorf("server memory: %w", err)
	}
	return parseVmRSS(b)
}

// parseVmRSS reads the VmRSS line of /proc/PID/status ("VmRSS:    12345 kB").
func parseVmRSS(b []byte) (int64, error) {
	for line := range bytes.Lines(b) {
		rest, ok := bytes.CutPrefix(line, []byte("VmRSS:"))
		if !ok {
			continue
		}
		f := bytes.Fields(rest)
		if len(f) != 2 || string(f[1]) != "kB" {
			return 0, fmt.Errorf("server memory: bad VmRSS line %q", line)
		}
		kb, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("server memory: bad VmRSS line %q", line)
		}
		return kb << 10, nil
	}
	return 0, errors.New("server memory: no VmRSS line")
}

// limitedBuffer keeps the first max bytes written to it: a spawned server's error output, for the error
// message if it fails to start, without growing for as long as it runs.
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
