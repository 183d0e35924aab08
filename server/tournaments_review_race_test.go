package server

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/store"
	"github.com/surveyor-game/surveyor/store/sqlite"
)

// racingStore is the SQLite store with a hook that runs once, between two steps of the room, what
// another request (or instance) does at that moment.
type racingStore struct {
	*sqlite.Store
	mu sync.Mutex
	// afterEntrants runs once after a read of a tournament's entrants; beforeRound once before a round is
	// stored (its number given).
	afterEntrants func()
	beforeRound   func(round int)
	skip          int // reads of the entrants before afterEntrants runs
}

func (s *racingStore) take(f *func()) func() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if *f != nil && s.skip > 0 {
		s.skip--
		return nil
	}
	fn := *f
	*f = nil
	return fn
}

func (s *racingStore) Entrants(ctx context.Context, id string) ([]store.Entrant, error) {
	es, err := s.Store.Entrants(ctx, id)
	if fn := s.take(&s.afterEntrants); fn != nil {
		fn()
	}
	return es, err
}

func (s *racingStore) AddRound(ctx context.Context, id string, round int, at time.Time, ps []store.TournamentPairing) error {
	s.mu.Lock()
	fn := s.beforeRound
	s.mu.Unlock()
	if fn != nil {
		fn(round)
	}
	return s.Store.AddRound(ctx, id, round, at, ps)
}

func (s *racingStore) arm(f *func(), fn func(), skip int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	*f, s.skip = fn, skip
}

// racingEnv is a server whose accounts' store is a racingStore.
func racingEnv(t *testing.T) (*env, *racingStore) {
	t.Helper()
	var rs *racingStore
	e, _, _ := accEnv(t, func(c *Config) {
		rs = &racingStore{Store: c.Accounts.(*sqlite.Store)}
		c.Accounts = rs
	})
	return e, rs
}

// A player whose join lands while the arena starts (after the start read who is in, before it took the
// tournament out of "upcoming") is either in the arena or not in the tournament: never a player who
// shows as joined and is never paired.
func TestTournamentReviewJoinDuringStart(t *testing.T) {
	t.Parallel()
	e, rs := racingEnv(t)
	ps := signUp(t, e, "Ada", "Bea", "Cyd")
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Blitz","game":"toy","format":"arena","clock":{"mode":"game","seconds":1209600},"duration_seconds":600,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	base := "/api/tournaments/" + id
	for _, n := range []string{"Ada", "Bea"} {
		ps[n].b.must(ps[n].b.do("POST", base+"/join", ""), 200)
	}
	cyd, err := e.srv.accounts.UserByKey(t.Context(), auth.NameKey("Cyd"))
	if err != nil {
		t.Fatal(err)
	}
	late := store.Entrant{Tournament: id, UserID: cyd.ID, Name: cyd.Name, Joined: e.clock.Now()}
	var joinErr error
	rs.arm(&rs.afterEntrants, func() { joinErr = rs.Store.AddEntrant(context.Background(), late) }, 1) // after the start route's own read
	ada.must(ada.do("POST", base+"/start", ""), 200)
	obj := ada.must(ada.do("GET", base, ""), 200).json(t)
	var joined []string
	for _, p := range obj["players"].([]any) {
		if p := p.(map[string]any); p["withdrawn"] != true {
			joined = append(joined, p["name"].(string))
		}
	}
	st := getJSON[struct {
		Standings []arenaLine `json:"standings"`
	}](t, ada, base+"/standings")
	var ranked []string
	for _, l := range st.Standings {
		ranked = append(ranked, l.Name)
	}
	slices.Sort(joined)
	slices.Sort(ranked)
	if !slices.Equal(joined, ranked) {
		t.Fatalf("joined %v (the late join: %v), but the arena ranks %v", joined, joinErr, ranked)
	}
}

// A player who withdraws while the next round is being paired (after the pairing read who plays, before
// the round's games were made) is not left seated in a game of that round: it is resigned for them.
func TestTournamentReviewWithdrawDuringPairing(t *testing.T) {
	t.Parallel()
	e, rs := racingEnv(t)
	names := []string{"Ada", "Bea", "Cyd", "Dee"}
	ps := signUp(t, e, names...)
	ada, dee := ps["Ada"].b, ps["Dee"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"W","game":"toy","format":"swiss","clock":{"mode":"game","seconds":1209600},"rounds":3,"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	base := "/api/tournaments/" + id
	for _, n := range names {
		ps[n].b.must(ps[n].b.do("POST", base+"/join", ""), 200)
	}
	ada.must(ada.do("POST", base+"/start", ""), 200)
	rounds := waitRound(t, e, ada, id, 1)
	var once sync.Once
	withdrew := make(chan resp, 1)
	rs.mu.Lock()
	rs.beforeRound = func(round int) {
		if round == 2 {
			once.Do(func() { withdrew <- dee.do("POST", base+"/withdraw", "") })
		}
	}
	rs.mu.Unlock()
	playRound(t, ps, rounds, 1)
	rounds = waitRound(t, e, ada, id, 2)
	if r := <-withdrew; r.status != 200 {
		t.Fatalf("the withdrawal: %d %s", r.status, r.body)
	}
	for _, p := range rounds.Rounds[1].Pairings {
		if !slices.ContainsFunc(p.Seats, func(s struct {
			Name  string  `json:"name"`
			Place int     `json:"place"`
			Score int     `json:"score"`
			Pts   float64 `json:"points"`
		}) bool {
			return s.Name == "Dee"
		}) || p.Match == "" {
			continue
		}
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			v := ada.must(ada.do("GET", "/api/matches/"+p.Match, ""), 200).json(t)["match"].(map[string]any)
			if v["status"] == "finished" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the withdrawn player's round-2 game is still %v", v["status"])
			}
		}
	}
}

// A league's next season is made once: its creator's request repeated (a double click, a retry after a
// lost answer, two at once) answers the same season, and no second one is listed.
func TestTournamentReviewNextSeasonOnce(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	names := []string{"Ada", "Bea", "Cyd"}
	ps := signUp(t, e, names...)
	ada := ps["Ada"].b
	start := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
	id := ada.must(ada.do("POST", "/api/tournaments", `{"name":"Small league","game":"toy","format":"league","group_size":3,"clock":{"mode":"move","seconds":86400},"starts_at":"`+start+`"}`), 201).json(t)["id"].(string)
	for _, n := range names {
		ps[n].b.must(ps[n].b.do("POST", "/api/tournaments/"+id+"/join", ""), 200)
	}
	ada.must(ada.do("POST", "/api/tournaments/"+id+"/start", ""), 200)
	for n := 1; n <= 3; n++ {
		playRound(t, ps, waitRound(t, e, ada, id, n), n)
	}
	finishes(t, e, ada, id)
	body := `{"starts_at":"` + e.clock.Now().Add(24*time.Hour).Format(time.RFC3339) + `"}`
	rs := make([]resp, 3)
	var wg sync.WaitGroup
	for i := range rs {
		wg.Go(func() { rs[i] = ada.do("POST", "/api/tournaments/"+id+"/next-season", body) })
	}
	wg.Wait()
	var ids []string
	for _, r := range rs {
		ids = append(ids, ada.must(r, 201).json(t)["id"].(string))
	}
	again := ada.must(ada.do("POST", "/api/tournaments/"+id+"/next-season", body), 201).json(t)["id"].(string)
	if ids[0] != ids[1] || ids[1] != ids[2] || again != ids[0] {
		t.Fatalf("the next season's requests made %v and %s", ids, again)
	}
	up := getJSON[struct {
		Tournaments []struct {
			ID      string `json:"id"`
			Players int    `json:"players"`
		} `json:"tournaments"`
	}](t, ada, "/api/tournaments?status=upcoming").Tournaments
	if len(up) != 1 || up[0].ID != again || up[0].Players != 3 {
		t.Fatalf("upcoming: %+v, want one season of three", up)
	}
}
