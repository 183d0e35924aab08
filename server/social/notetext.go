package social

import (
	"fmt"
	"strings"
	"time"
)

// The words of pushes and mails, in the three languages of the client. The page's inbox is worded by the
// client from the same kinds and data.

type noteWords struct {
	// formats: %[1]s the game, %[2]s who, %[3]s when
	turn, start, clock, end, invite, rematch, follow, challenge string
	digest, unsubscribe, title                                  string
}

var noteLangs = map[string]noteWords{
	"en": {
		turn: "Your turn in %[1]s: %[2]s has played.", start: "%[2]s started your game of %[1]s.",
		clock: "Your clock in %[1]s runs out at %[3]s.", end: "Your game of %[1]s is over: see the scores.",
		invite: "%[2]s invites you to a game of %[1]s.", rematch: "%[2]s wants a rematch of %[1]s.",
		follow: "%[2]s follows you on Surveyor.", challenge: "Today's challenges are ready: the same game for everyone, one ranked try.", digest: "Surveyor: %d games need you",
		unsubscribe: "No more mails from Surveyor (one click):", title: "Surveyor · %s",
	},
	"fr": {
		turn: "À vous de jouer à %[1]s : %[2]s a joué.", start: "%[2]s a lancé votre partie de %[1]s.",
		clock: "Votre pendule à %[1]s tombe à %[3]s.", end: "Votre partie de %[1]s est finie : voyez les scores.",
		invite: "%[2]s vous invite à une partie de %[1]s.", rematch: "%[2]s veut rejouer à %[1]s.",
		follow: "%[2]s vous suit sur Surveyor.", challenge: "Les défis du jour sont prêts : la même partie pour tous, un essai classé.", digest: "Surveyor : %d parties vous attendent",
		unsubscribe: "Ne plus recevoir de mails de Surveyor (un clic) :", title: "Surveyor · %s",
	},
	"pt": {
		turn: "É a sua vez em %[1]s: %[2]s jogou.", start: "%[2]s começou sua partida de %[1]s.",
		clock: "Seu relógio em %[1]s acaba às %[3]s.", end: "Sua partida de %[1]s terminou: veja os pontos.",
		invite: "%[2]s convida você para uma partida de %[1]s.", rematch: "%[2]s quer uma revanche em %[1]s.",
		follow: "%[2]s segue você no Surveyor.", challenge: "Os desafios de hoje estão prontos: a mesma partida para todos, uma tentativa valendo.", digest: "Surveyor: %d partidas esperam por você",
		unsubscribe: "Não receber mais e-mails do Surveyor (um clique):", title: "Surveyor · %s",
	},
}

func wordsFor(lang string) noteWords {
	if w, ok := noteLangs[lang]; ok {
		return w
	}
	return noteLangs["en"]
}

// noteText is a note's title and sentence in a language.
func noteText(lang, kind string, d NoteData, game string) (title, body string) {
	w := wordsFor(lang)
	f := map[string]string{NoteTurn: w.turn, NoteStart: w.start, NoteClock: w.clock, NoteEnd: w.end,
		NoteInvite: w.invite, NoteRematch: w.rematch, NoteFollow: w.follow, NoteChallenge: w.challenge}[kind]
	if f == "" {
		f = w.turn
	}
	when := ""
	if d.Deadline != nil {
		when = d.Deadline.UTC().Format(time.DateTime) + " UTC"
	}
	if game == "" {
		game = "Surveyor"
	}
	if kind == NoteChallenge { // a sentence of its own, about no game nor anyone
		return fmt.Sprintf(w.title, game), f
	}
	return fmt.Sprintf(w.title, game), fmt.Sprintf(f, game, d.By, when)
}

func digestTitle(lang string, n int) string { return fmt.Sprintf(wordsFor(lang).digest, n) }

func unsubscribeLine(lang string) string { return wordsFor(lang).unsubscribe }

// gameTitle is a game's name as people write it.
func gameTitle(name string) string {
	if name == "" {
		return ""
	}
	return strings.ToUpper(name[:1]) + name[1:]
}
