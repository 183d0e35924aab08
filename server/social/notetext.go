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
	// tournaments: %[1]s the game, %[4]s the tournament, %[5]d the round or the place
	round, checkin, tourEnd string
	// bye is a round note without a game: a bye, or a league game left unplayed (Seat -1)
	bye string
	// a break: %[3]s when the next round starts, %[4]s the tournament, %[5]d the round
	tourBreak                  string
	digest, unsubscribe, title string
}

var noteLangs = map[string]noteWords{
	"en": {
		turn: "Your turn in %[1]s: %[2]s has played.", start: "%[2]s started your game of %[1]s.",
		clock: "Your clock in %[1]s runs out at %[3]s.", end: "Your game of %[1]s is over: see the scores.",
		invite: "%[2]s invites you to a game of %[1]s.", rematch: "%[2]s wants a rematch of %[1]s.",
		follow: "%[2]s follows you on Surveyor.", challenge: "Today's challenges are ready: the same game for everyone, one ranked try.",
		round: "%[4]s: round %[5]d is paired, your game of %[1]s starts.", bye: "%[4]s: round %[5]d is paired, you sit this one out with a bye.", checkin: "%[4]s starts soon: check in to play.",
		tourEnd: "%[4]s is over: you finished in place %[5]d.", tourBreak: "%[4]s: round %[5]d starts at %[3]s.",
		digest:      "Surveyor: %d games need you",
		unsubscribe: "No more mails from Surveyor (one click):", title: "Surveyor · %s",
	},
	"fr": {
		turn: "À vous de jouer à %[1]s : %[2]s a joué.", start: "%[2]s a lancé votre partie de %[1]s.",
		clock: "Votre pendule à %[1]s tombe à %[3]s.", end: "Votre partie de %[1]s est finie : voyez les scores.",
		invite: "%[2]s vous invite à une partie de %[1]s.", rematch: "%[2]s veut rejouer à %[1]s.",
		follow: "%[2]s vous suit sur Surveyor.", challenge: "Les défis du jour sont prêts : la même partie pour tous, un essai classé.",
		round: "%[4]s : la ronde %[5]d est appariée, votre partie de %[1]s commence.", bye: "%[4]s : la ronde %[5]d est appariée, vous en êtes exempt.", checkin: "%[4]s commence bientôt : confirmez votre présence pour jouer.",
		tourEnd: "%[4]s est fini : vous terminez à la place %[5]d.", tourBreak: "%[4]s : la ronde %[5]d commence le %[3]s.",
		digest:      "Surveyor : %d parties vous attendent",
		unsubscribe: "Ne plus recevoir de mails de Surveyor (un clic) :", title: "Surveyor · %s",
	},
	"pt": {
		turn: "É a sua vez em %[1]s: %[2]s jogou.", start: "%[2]s começou sua partida de %[1]s.",
		clock: "Seu relógio em %[1]s acaba às %[3]s.", end: "Sua partida de %[1]s terminou: veja os pontos.",
		invite: "%[2]s convida você para uma partida de %[1]s.", rematch: "%[2]s quer uma revanche em %[1]s.",
		follow: "%[2]s segue você no Surveyor.", challenge: "Os desafios de hoje estão prontos: a mesma partida para todos, uma tentativa valendo.",
		round: "%[4]s: a rodada %[5]d foi emparelhada, sua partida de %[1]s começa.", bye: "%[4]s: a rodada %[5]d foi emparelhada, você folga nesta.", checkin: "%[4]s começa em breve: confirme presença para jogar.",
		tourEnd: "%[4]s terminou: você ficou em %[5]dº lugar.", tourBreak: "%[4]s: a rodada %[5]d começa em %[3]s.",
		digest:      "Surveyor: %d partidas esperam por você",
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
		NoteInvite: w.invite, NoteRematch: w.rematch, NoteFollow: w.follow, NoteChallenge: w.challenge,
		NoteTournamentRound: w.round, NoteTournamentCheckIn: w.checkin, NoteTournamentEnd: w.tourEnd, NoteTournamentBreak: w.tourBreak}[kind]
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
	if kind == NoteTournamentRound && d.Seat < 0 {
		f = w.bye
	}
	switch kind {
	case NoteTournamentRound, NoteTournamentCheckIn, NoteTournamentBreak:
		return fmt.Sprintf(w.title, game), fmt.Sprintf(f, game, d.By, when, d.Title, d.Round)
	case NoteTournamentEnd:
		return fmt.Sprintf(w.title, game), fmt.Sprintf(f, game, d.By, when, d.Title, d.Place)
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
