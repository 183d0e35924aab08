package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/store"
)

// An account keeps a bounded number of API tokens: past accounts.MaxTokens a new one is refused (409
// too_many_tokens) until one is revoked, so that a signed-in script cannot fill the database with rows
// that every sign-in with a token searches.
func TestAPITokensPerAccountAreBounded(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), http.StatusCreated)
	var first string
	for i := range accounts.MaxTokens {
		id := ada.must(ada.do("POST", "/api/account/tokens", fmt.Sprintf(`{"name":"t%d","scopes":["read"]}`, i)), http.StatusCreated).json(t)["id"].(string)
		if i == 0 {
			first = id
		}
	}
	r := ada.do("POST", "/api/account/tokens", `{"name":"one more","scopes":["read"]}`)
	if r.status != http.StatusConflict || r.errCode() != accounts.CodeTooManyTokens {
		t.Fatalf("token %d: %d %s", accounts.MaxTokens+1, r.status, r.body)
	}
	var list struct{ Tokens []accounts.TokenJSON }
	json.Unmarshal(ada.must(ada.do("GET", "/api/account/tokens", ""), http.StatusOK).body, &list)
	if len(list.Tokens) != accounts.MaxTokens {
		t.Fatalf("%d tokens after the refusal, want %d", len(list.Tokens), accounts.MaxTokens)
	}
	ada.must(ada.do("DELETE", "/api/account/tokens/"+first, ""), http.StatusOK)
	ada.must(ada.do("POST", "/api/account/tokens", `{"name":"one more","scopes":["read"]}`), http.StatusCreated)
}

// An account keeps a bounded number of passkeys: with accounts.MaxPasskeys registered, a new registration
// is refused before its ceremony begins (409 too_many_passkeys).
func TestPasskeysPerAccountAreBounded(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := e.browser()
	id := ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), http.StatusCreated).json(t)["user"].(map[string]any)["id"].(string)
	for i := range accounts.MaxPasskeys {
		if err := e.store.(store.Accounts).AddPasskey(t.Context(), store.Passkey{ID: []byte{byte(i), 1}, UserID: id, PublicKey: []byte{1},
			Data: []byte(`{}`), Name: "key", Created: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	r := ada.do("POST", "/api/account/passkeys/register/begin", "")
	if r.status != http.StatusConflict || r.errCode() != accounts.CodeTooManyPasskeys {
		t.Fatalf("passkey %d: %d %s", accounts.MaxPasskeys+1, r.status, r.body)
	}
}

// A new password follows the rule a sign-up's does, 8 characters at least, counted as characters: three
// Chinese characters (9 bytes) are no password, whether chosen at sign-up or as a change.
func TestPasswordRuleIsTheSameAtSignUpAndAtAChange(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := e.browser()
	if r := ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"密码密"}`); r.status != http.StatusBadRequest {
		t.Fatalf("a sign-up with a 3-character password: %d %s", r.status, r.body)
	}
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), http.StatusCreated)
	if r := ada.do("POST", "/api/account/password", `{"old":"correct horse","new":"密码密"}`); r.status != http.StatusBadRequest {
		t.Fatalf("a change to a 3-character password: %d %s", r.status, r.body)
	}
	ada.must(ada.do("POST", "/api/account/signin", `{"name":"Ada","password":"correct horse"}`), http.StatusOK)
}
