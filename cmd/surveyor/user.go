package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/internal/cli"
	"github.com/surveyor-game/surveyor/store"
)

func init() {
	commands["user"] = command{
		summary: "the operator's tools for accounts: list, reset-password, disable, enable, reports, resolve",
		run:     runUser,
	}
}

const userUsage = `usage: surveyor user [--data DIR | --db PATH|URL] COMMAND [ARGS]

  list [PREFIX]            accounts whose name starts with PREFIX (all without), in name order
  reset-password [--remove-passkeys] NAME
                           set a new random password and print it once; end every session and revoke
                           every API token of the account (an intruder's too); passkeys stay unless
                           --remove-passkeys, and how many remain is printed
  disable NAME             refuse the account's sign-ins and end its sessions (its games stay)
  enable NAME              let a disabled account sign in again
  reports [--all]          players' reports of other players, newest first (unresolved only without --all)
  resolve ID               mark a report dealt with

It works on the database of surveyor serve (the same --data or --db), while the server runs.`

func runUser(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("user", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, userUsage); fs.PrintDefaults() }
	data := fs.String("data", "data", "data `DIR` of surveyor serve")
	db := fs.String("db", "", "SQLite file `PATH` or postgres:// URL (default DIR/surveyor.db)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New(userUsage)
	}
	st, _, err := cli.OpenExistingStore(ctx, *db, *data)
	if err != nil {
		return fmt.Errorf("open database: %w", err)
	}
	defer st.Close()
	acc, ok := st.(store.Accounts)
	if !ok {
		return errors.New("this database has no accounts")
	}
	cmd, rest := fs.Arg(0), fs.Args()[1:]
	switch cmd {
	case "list":
		if len(rest) > 1 {
			return errors.New("usage: surveyor user list [PREFIX]")
		}
		prefix := ""
		if len(rest) == 1 {
			prefix = auth.NameKey(rest[0])
		}
		return listUsers(ctx, acc, prefix, stdout)
	case "reports":
		if len(rest) > 1 || len(rest) == 1 && rest[0] != "--all" {
			return errors.New("usage: surveyor user reports [--all]")
		}
		return listReports(ctx, acc, len(rest) == 1, stdout)
	case "resolve":
		if len(rest) != 1 {
			return errors.New("usage: surveyor user resolve ID")
		}
		if err := acc.ResolveReport(ctx, rest[0]); errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no report %q", rest[0])
		} else if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "report %s resolved\n", rest[0])
		return nil
	case "reset-password", "disable", "enable":
		removePasskeys := false
		if cmd == "reset-password" {
			rs := flag.NewFlagSet("reset-password", flag.ContinueOnError)
			rs.SetOutput(stderr)
			rs.BoolVar(&removePasskeys, "remove-passkeys", false, "also remove the account's passkeys")
			// The name may come before or after the flag: the operator types either.
			var names []string
			for args := rest; ; {
				if err := rs.Parse(args); err != nil {
					return fmt.Errorf("usage: surveyor user reset-password [--remove-passkeys] NAME: %w", err)
				}
				if rs.NArg() == 0 {
					break
				}
				names = append(names, rs.Arg(0))
				args = rs.Args()[1:]
			}
			rest = names
		}
		if len(rest) != 1 {
			if cmd == "reset-password" {
				return errors.New("usage: surveyor user reset-password [--remove-passkeys] NAME")
			}
			return fmt.Errorf("usage: surveyor user %s NAME", cmd)
		}
		u, err := acc.UserByKey(ctx, auth.NameKey(rest[0]))
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no account is called %q", rest[0])
		} else if err != nil {
			return err
		}
		if cmd == "reset-password" {
			return resetPassword(ctx, acc, u, removePasskeys, stdout)
		}
		return changeUser(ctx, acc, u, cmd, stdout)
	}
	return fmt.Errorf("unknown command %q\n%s", cmd, userUsage)
}

func listUsers(ctx context.Context, acc store.Accounts, prefix string, stdout io.Writer) error {
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tJOINED\tSTATE")
	after := ""
	n := 0
	for {
		us, err := acc.ListUsers(ctx, after, 200)
		if err != nil {
			return err
		}
		for _, u := range us {
			if !strings.HasPrefix(u.Key, prefix) {
				if u.Key > prefix {
					us = nil
					break
				}
				continue
			}
			state := "active"
			switch {
			case u.Disabled:
				state = "disabled"
			case u.Bot:
				state = "bot"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\n", u.Name, u.Created.Format("2006-01-02"), state)
			n++
		}
		if len(us) < 200 {
			break
		}
		after = us[len(us)-1].Key
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%d accounts\n", n)
	return nil
}

// resetPassword is the operator's answer to a taken-over account: whoever took it may have signed in
// elsewhere and made API tokens, so a new password alone would leave them in. Every session ends and
// every token is revoked; passkeys may be the owner's own way back in, so they stay unless asked, and
// their count is printed for the operator to judge.
func resetPassword(ctx context.Context, acc store.Accounts, u store.User, removePasskeys bool, stdout io.Writer) error {
	pw, _ := auth.NewSecret("")
	pw = pw[:20]
	h, err := auth.HashPassword(pw)
	if err != nil {
		return fmt.Errorf("hash the new password: %w", err)
	}
	u.PasswordHash = h
	if err := acc.UpdateUser(ctx, u); err != nil {
		return fmt.Errorf("set the new password: %w", err)
	}
	revoked, err := store.EndSessionsAndTokens(ctx, acc, u.ID, false)
	if err != nil {
		return fmt.Errorf("reset the password of %s: %w", u.Name, err)
	}
	pks, err := acc.Passkeys(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("list the passkeys: %w", err)
	}
	if removePasskeys {
		for _, p := range pks {
			if err := acc.DeletePasskey(ctx, u.ID, p.ID); err != nil && !errors.Is(err, store.ErrNotFound) {
				return fmt.Errorf("remove a passkey: %w", err)
			}
		}
		if pks, err = acc.Passkeys(ctx, u.ID); err != nil {
			return fmt.Errorf("count the passkeys left: %w", err)
		}
	}
	fmt.Fprintf(stdout, "new password of %s (shown once, give it to them privately): %s\n", u.Name, pw)
	fmt.Fprintf(stdout, "every session of %s ended; %d API tokens revoked\n", u.Name, revoked)
	if removePasskeys || len(pks) == 0 {
		fmt.Fprintf(stdout, "%d passkeys remain\n", len(pks))
	} else {
		fmt.Fprintf(stdout, "%d passkeys remain: they still sign in; if one may be the intruder's, run again with --remove-passkeys\n", len(pks))
	}
	return nil
}

func changeUser(ctx context.Context, acc store.Accounts, u store.User, cmd string, stdout io.Writer) error {
	switch cmd {
	case "disable", "enable":
		u.Disabled = cmd == "disable"
		if err := acc.UpdateUser(ctx, u); err != nil {
			return err
		}
		if u.Disabled {
			if err := acc.DeleteSessions(ctx, u.ID); err != nil {
				return err
			}
		}
		fmt.Fprintf(stdout, "%s is %sd\n", u.Name, cmd)
	}
	return nil
}

// listReports prints the players' reports, with the names of who reported whom.
func listReports(ctx context.Context, acc store.Accounts, all bool, stdout io.Writer) error {
	rs, err := acc.Reports(ctx, all, 500)
	if err != nil {
		return err
	}
	name := func(id string) string {
		u, err := acc.UserByID(ctx, id)
		if err != nil || u.Deleted {
			return "(deleted account)"
		}
		return u.Name
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tWHEN\tFROM\tABOUT\tMATCH\tSTATE\tTEXT")
	for _, r := range rs {
		state := "open"
		if r.Resolved {
			state = "resolved"
		}
		text := strings.ReplaceAll(r.Text, "\n", " ")
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%q\n", r.ID, r.Created.Format("2006-01-02 15:04"), name(r.FromID), name(r.AboutID),
			cmp.Or(r.GameID, "-"), state, text)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "%d reports\n", len(rs))
	return nil
}
