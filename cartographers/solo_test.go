package cartographers

import "testing"

func TestSoloTitles(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rating int
		want   string
	}{
		{45, "Legendary Cartographer"}, {30, "Legendary Cartographer"}, {29, "Master Mapsmith"},
		{20, "Master Mapsmith"}, {10, "Journeyman Topographer"}, {0, "Apprentice Surveyor"},
		{-1, "Amateur Assessor"}, {-5, "Amateur Assessor"}, {-6, "Inept Assistant"},
		{-20, "Dimwitted Doodler"}, {-21, "Oblivious Inkdrinker"}, {-30, "Oblivious Inkdrinker"},
		{-80, "Oblivious Inkdrinker"},
	} {
		if got := SoloTitle(c.rating); got != c.want {
			t.Errorf("SoloTitle(%d) = %q, want %q", c.rating, got, c.want)
		}
	}
}

func TestSoloRating(t *testing.T) {
	t.Parallel()
	// Solo values: Sentinel Wood 25, Canal Lake 24, Wildholds 16, Borderlands 24 = 89.
	o := Options{Edicts: []string{"Sentinel Wood", "Canal Lake", "Wildholds", "Borderlands"}}
	g := rig(t, o, 1, "", "Great River")
	if g.SoloPar() != 89 {
		t.Fatalf("par %d, want 89", g.SoloPar())
	}
	g.players[0].score = 100
	if g.SoloRating() != 11 {
		t.Fatalf("rating %d, want 100-89 = 11", g.SoloRating())
	}
	d := g.Result().Detail.(ResultDetail)
	if d.Rating == nil || *d.Rating != 11 || d.Title != "Journeyman Topographer" {
		t.Fatalf("result detail %+v", d)
	}
	// Heroes cards: Faunlost Thicket 16, Craylund 12, Gnomish Colony 12, Silos 30 = 70.
	h := rig(t, Options{Edicts: []string{"Faunlost Thicket", "Craylund", "Gnomish Colony", "Silos"}}, 1, "", "Great River")
	if h.SoloPar() != 70 {
		t.Fatalf("Heroes par %d, want 70", h.SoloPar())
	}
}
