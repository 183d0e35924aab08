package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/internal/cli"
	"github.com/surveyor-game/surveyor/store"
)

// The operator resets the password of a taken-over account while the server runs: the intruder's
// session and API token, made before, are refused after it (as missing and made-up credentials are),
// the passkeys stay and are counted unless --remove-passkeys, and the new password signs in.
func TestResetPasswordEndsSessionsAndRevokesTokens(t *testing.T) {
	data := t.TempDir()
	base, _ := startServe(t, "--data", data, "--toy")
	intruder, other := newPerson(t, &base), newPerson(t, &base)
	intruder.call("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`)
	other.call("POST", "/api/account/signin", `{"name":"Ada","password":"correct horse"}`)
	var tok struct{ Token string }
	if err := json.Unmarshal([]byte(intruder.call("POST", "/api/account/tokens", `{"name":"mine","scopes":["read","play"]}`)), &tok); err != nil || tok.Token == "" {
		t.Fatalf("token: %v %+v", err, tok)
	}
	ctx := context.Background()
	st, _, err := cli.OpenStore(ctx, "", data)
	if err != nil {
		t.Fatal(err)
	}
	acc := st.(store.Accounts)
	ada, err := acc.UserByKey(ctx, "ada")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"key-1", "key-2"} {
		if err := acc.AddPasskey(ctx, store.Passkey{ID: []byte(id), UserID: ada.ID, PublicKey: []byte("pk"), Data: []byte("{}"), Name: id, Created: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()

	// status asks GET /api/account with a person's cookies, or with a bearer token when one is given.
	status := func(p *person, bearer string) int {
		t.Helper()
		req, _ := http.NewRequest("GET", base+"/api/account", nil)
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		c := http.DefaultClient
		if p != nil {
			c = p.c
		}
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	if status(intruder, "") != 200 || status(other, "") != 200 || status(nil, tok.Token) != 200 {
		t.Fatal("the sessions and the token do not work before the reset")
	}
	user := func(args ...string) (int, string) {
		var out, errb bytes.Buffer
		code := run(ctx, append([]string{"user", "--data", data}, args...), nil, &out, &errb)
		return code, out.String() + errb.String()
	}
	code, out := user("reset-password", "Ada")
	if code != 0 || !strings.Contains(out, "1 API tokens revoked") || !strings.Contains(out, "every session of Ada ended") ||
		!strings.Contains(out, "2 passkeys remain") {
		t.Fatalf("reset-password: %d %s", code, out)
	}
	for name, got := range map[string]int{
		"the intruder's session":     status(intruder, ""),
		"the other device's session": status(other, ""),
		"the API token":              status(nil, tok.Token),
		"a made-up token":            status(nil, "sv_madeup"),
	} {
		if got != http.StatusUnauthorized {
			t.Errorf("%s after the reset: %d, want 401", name, got)
		}
	}
	if got := status(nil, ""); got != http.StatusUnauthorized {
		t.Errorf("no credentials: %d", got)
	}
	pw := strings.TrimSpace(strings.SplitN(out[strings.Index(out, "privately): ")+len("privately): "):], "\n", 2)[0])
	owner := newPerson(t, &base)
	owner.call("POST", "/api/account/signin", `{"name":"Ada","password":"`+pw+`"}`)
	if status(owner, "") != 200 {
		t.Fatal("the new password does not sign in")
	}

	if code, out := user("reset-password", "--remove-passkeys", "Ada"); code != 0 || !strings.Contains(out, "0 API tokens revoked") ||
		!strings.Contains(out, "0 passkeys remain") {
		t.Fatalf("reset-password --remove-passkeys: %d %s", code, out)
	}
	if status(owner, "") != http.StatusUnauthorized {
		t.Error("the owner's session survived the second reset")
	}
	st, _, _ = cli.OpenStore(ctx, "", data)
	defer st.Close()
	if pks, err := st.(store.Accounts).Passkeys(ctx, ada.ID); err != nil || len(pks) != 0 {
		t.Fatalf("passkeys after --remove-passkeys: %d %v", len(pks), err)
	}
	for _, bad := range [][]string{{"reset-password"}, {"reset-password", "Ada", "Bea"}, {"reset-password", "--nope", "Ada"}, {"reset-password", "Nobody"}} {
		if code, _ := user(bad...); code == 0 {
			t.Errorf("user %v succeeded", bad)
		}
	}
}

// surveyor user run beside the wrong directory (or with a mistyped --db) must not make a new, empty
// database and answer "0 accounts" from it, which reads as if the server had none: it says where it
// looked and leaves the place as it was.
func TestUserRefusesAMissingDatabase(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"--data", dir, "list"}, {"--db", dir + "/typo.db", "disable", "Ada"}} {
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"user"}, args...), nil, &out, &errb)
		if code == 0 || !strings.Contains(errb.String(), "no database") {
			t.Errorf("user %v: exit %d, stdout %q, stderr %q", args, code, out.String(), errb.String())
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Fatalf("surveyor user left %v in a directory that held no database", left)
	}
}
