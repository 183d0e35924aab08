package auth

import (
	"errors"
	"strings"
	"testing"
)

func TestPasswordRoundTrip(t *testing.T) {
	t.Parallel()
	h, err := HashPassword("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q lacks the documented parameters", h)
	}
	if strings.Contains(h, "horse") {
		t.Fatal("the hash contains the password")
	}
	if ok, rehash, err := VerifyPassword(h, "correct horse battery staple"); !ok || rehash || err != nil {
		t.Fatalf("right password: %v %v %v", ok, rehash, err)
	}
	for _, wrong := range []string{"", "correct horse battery stapl", "Correct horse battery staple", strings.Repeat("x", 300)} {
		if ok, _, err := VerifyPassword(h, wrong); ok || err != nil {
			t.Errorf("wrong password %q: %v %v", wrong, ok, err)
		}
	}
	h2, _ := HashPassword("correct horse battery staple")
	if h2 == h {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	if _, err := HashPassword(strings.Repeat("x", MaxPasswordBytes+1)); err == nil {
		t.Fatal("an oversized password is hashed")
	}
}

// A hash made with older parameters still verifies, and asks to be made again with the current ones.
func TestPasswordRehash(t *testing.T) {
	t.Parallel()
	old, err := hashWith(Params{Memory: 8 * 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}, "pw")
	if err != nil {
		t.Fatal(err)
	}
	if ok, rehash, err := VerifyPassword(old, "pw"); !ok || !rehash || err != nil {
		t.Fatalf("old hash: %v %v %v", ok, rehash, err)
	}
	if ok, rehash, _ := VerifyPassword(old, "nope"); ok || rehash {
		t.Fatal("a wrong password asks for a rehash")
	}
}

func TestMalformedHashes(t *testing.T) {
	t.Parallel()
	good, _ := HashPassword("pw")
	parts := strings.Split(good, "$")
	for _, h := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
		strings.Replace(good, "v=19", "v=16", 1), strings.Replace(good, "m=19456", "m=0", 1),
		strings.Replace(good, "m=19456", "m=99999999", 1), strings.Join(parts[:5], "$"), good + "$x",
		strings.Replace(good, parts[4], "!!", 1)} {
		if ok, _, err := VerifyPassword(h, "pw"); ok || !errors.Is(err, ErrBadHash) {
			t.Errorf("%q: %v %v", h, ok, err)
		}
	}
}

func TestSecrets(t *testing.T) {
	t.Parallel()
	a, ha := NewSecret("sv_")
	b, hb := NewSecret("sv_")
	if a == b || ha == hb || !strings.HasPrefix(a, "sv_") || len(a) != 3+43 {
		t.Fatalf("secrets %q %q", a, b)
	}
	if HashSecret(a) != ha || HashSecret(a+"x") == ha {
		t.Fatal("HashSecret does not match NewSecret's hash")
	}
}

func TestNameKeyCollidesLookAlikes(t *testing.T) {
	t.Parallel()
	same := [][2]string{
		{"Ada", "ada"}, {"Ada", "АDА"}, // Cyrillic А
		{"Ada", "Ａｄａ"}, // full width
		{"Bob", "B0b"}, {"Bill", "BiII"}, {"Ana Lima", "ana_lima"}, {"José", "Jose"},
		{"Martin", "Martin\u200d"}, {"Corn", "Com"}, {"Kevin", "Κevin"}, // Greek Kappa
	}
	for _, p := range same {
		if NameKey(p[0]) != NameKey(p[1]) {
			t.Errorf("%q and %q have keys %q and %q", p[0], p[1], NameKey(p[0]), NameKey(p[1]))
		}
	}
	for _, p := range [][2]string{{"Ada", "Ida"}, {"Bob", "Rob"}, {"Ana", "Anna"}} {
		if NameKey(p[0]) == NameKey(p[1]) {
			t.Errorf("%q and %q collide", p[0], p[1])
		}
	}
}

func TestCheckName(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"Ada", "Ana Lima", "o'Neil", "José", "Łukasz", "李小龍", "R2-D2"} {
		if err := CheckName(ok, "strong"); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"A", strings.Repeat("a", 25), " Ada", "Ada ", "Ada  Lima", "-Ada", "Ada!", "<b>x</b>",
		"Ad\u0000a", "Admin", "ADMIN", "Adm1n", "strong", "Str0ng", "Deleted player", "Jose\u0301"} {
		if err := CheckName(bad, "strong"); !errors.Is(err, ErrBadName) {
			t.Errorf("%q accepted: %v", bad, err)
		}
	}
}

func BenchmarkVerifyPassword(b *testing.B) {
	h, _ := HashPassword("correct horse battery staple")
	for b.Loop() {
		VerifyPassword(h, "correct horse battery staple")
	}
}
