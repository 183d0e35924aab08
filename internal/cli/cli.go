// Package cli holds what the binary's commands share in reading their command lines.
package cli

import "flag"

// ParseInterspersed parses flags that may come before, between or after the positional arguments (Go's
// flag package stops at the first positional one), and returns the positional arguments in order.
func ParseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
