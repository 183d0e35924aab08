// Strings of the client in English, French and Portuguese. Card names come from the rulebooks in
// shared/rules/: the French rulebook keeps the English names of the scoring cards; the Portuguese one
// translates them (and Rift Lands). Names no rulebook translates (explore cards, monsters, the Heroes
// content) keep their official English names.

const en = {
  title: "Surveyor", tagline: "Cartographers and Carcassonne online: solo, with friends or against bots.",
  language: "Language", lobby: "Lobby", newGame: "New game", yourName: "Your name",
  preset: "Content", presetCartographers: "Cartographers", presetHeroes: "Cartographers Heroes", presetBoth: "Both",
  side: "Map side", sideDefault: "preset's side", mode: "Players", solo: "Solo", withOthers: "With others",
  seats: "Seats", clock: "Clock", clockNone: "none", clockMove: "per move", clockGame: "per game", seconds: "seconds",
  create: "Create", openGames: "Open games", runningGames: "Games in play", finishedGames: "Finished games",
  none: "none", join: "Join", resume: "Resume", watch: "Watch", replay: "Replay", players: "players", noOne: "no one yet",
  invite: "Invite link", copy: "Copy", copied: "Copied", waitingRoom: "Waiting for players", start: "Start the game",
  joinAs: "Join this game", spectating: "You are watching", season: "Season", time: "Time",
  edict: "Edict", edicts: "Edicts", explore: "Explore card", decks: "Deck", coins: "Coins",
  score: "Score", total: "Total", monsters: "Monsters", projected: "now", shapes: "Shape", terrain: "Terrain",
  rotate: "Rotate (R)", flip: "Flip (F)", confirm: "Confirm (Enter)", clear: "Clear (Esc)", undo: "Undo (U)",
  fallback: "1x1 anywhere", yourTurn: "Your turn", waitingFor: "Waiting for {names}",
  waitingOthers: "Waiting for the other players", pickCell: "Choose a space on the map",
  keysHelp: "Keys: arrows move, R rotate, F flip, T terrain, 1-2 shape, Enter place/confirm, Esc clear, U undo",
  illegalOff: "Off the map", illegalFilled: "A space is already filled", illegalRuins: "Must cover a ruins space",
  illegalTarget: "Choose one of the marked spaces", illegalTerrain: "Choose a terrain",
  ok: "Fits here", placed: "Placed: confirm or clear",
  modeRuins: "Ruins! Your shape must cover a ruins space.",
  modeFallback: "No shape fits (or the ruins demand cannot be met): draw a 1x1 anywhere.",
  decideHero: "Hero: choose a space and orient the attack pattern (R, F).",
  decideAmbush: "Ambush! Draw the monster on {name}'s map.",
  decideGorgon: "Gorgon Gaze: choose a space next to it to destroy.",
  decideTroll: "Giant Troll Ravage: choose an empty space next to it to destroy.",
  decideRift: "{card}: draw a 1x1 of any of these five terrains.",
  decideAmbushFallback: "Ambush! {card} fits nowhere on {name}'s map: draw a 1x1 monster anywhere on it.",
  okTarget: "This space may be chosen", yourScore: "{name}'s score",
  ambushDrawn: "Ambush! A monster was drawn on your map.",
  ambushNamed: "Ambush! {card} was drawn on your map.", zombieSpread: "The zombies spread.",
  spacesDestroyed: "Spaces of your map were destroyed.",
  newSpaces: "Changed spaces are outlined.",
  seasonScoring: "{season} scoring", continue: "Continue", finalScore: "Final score", ranking: "Ranking",
  rank: "Rank", rating: "Rating", soloTitle: "Title", gameOver: "Game over", player: "Player",
  opponents: "Other players", close: "Close", stillDrawing: "drawing", done: "done",
  seatRemoved: "The host took your seat back. You can watch, or join again if a seat is free.", remove: "remove", removeSeat: "Remove {name}'s seat", closeMatch: "Close this match", closeMatchSure: "Close this match? The players seated will be told.",
  matchClosed: "Its host closed this match before it started.",
  soloStats: "Solo", best: "Best", average: "Average", titles: "Titles",
  ratingHistory: "Rating after each rated game", ratingDetail: "mu {mu}, sigma {sigma}, {games} rated games",
  ratingDetail1: "mu {mu}, sigma {sigma}, 1 rated game",
  provisional: "(provisional)", leaderboard: "Leaderboard", joined: "Joined {date}", noRatingYet: "No rated game yet.",
  botRatings: "Bots", botRatingsNote: "Bots keep a fixed rating, measured against each other: a rated game against one moves only yours.",
  gamesPlayed: "Games", played: "Played", won: "Won", noSuchPlayer: "No such player", rated: "Rated",
  addPasskey: "Add a passkey", passkeyAdded: "Passkey added", passkeyFailed: "The passkey did not work.",
  passkeySignIn: "Sign in with a passkey",
  signIn: "Sign in", signUp: "Create an account", signOut: "Sign out", signedInAs: "Signed in as {name}",
  accountWhy: "With an account your games follow you to any device. Without one you keep playing as a guest.",
  accountName: "Name", password: "Password", wrongCredentials: "Wrong name or password.",
  nameTaken: "That name (or one that looks like it) is taken.",
  waitHost: "Waiting for {name}, the host, to start the game.", storyAmbush: "{by} draws {card} on {who}'s map: {spaces}", story: "Story", storyEdicts: "Edicts: {list}", storyCard: "{season}, turn {turn}: {card}", storyType_ambush: "ambush",
  storyType_hero: "hero", "storyPlaced_is drawn on": "{card} drawn on {spaces} ({who})", "storyPlaced_spreads to": "{card} spreads to {spaces} ({who})",
  storyPlaced_destroys: "{card} destroys {spaces} ({who})", storyPlaced_ignored: "{card} fits nowhere on {who}'s map",
  storyPlaced_nothing: "{card} finds nothing to destroy ({who})", storyCoins: "{who} gains {n} coin(s) ({total} in all)",
  storySeason: "End of {season}: {who} scores {n}, {total} in all", storyEnd: "Final: {who} {n} stars, rank {rank}",
  storyEndSolo: "Final: {who} {n} stars, rating {rating}", storyTile: "Turn {turn}: {who} draws {tile}",
  storySetAside: "Tile {tile} fits nowhere: set aside", storyNobody: "no one scores", storyFinal: "Final scoring:",
  storyPiles: "Land Surveyors piles revealed", storyScores: "Final scores: {list}", storyCities: "{n} cities",
  storyTiles: "{n} tiles", storyCities1: "1 city", storyTiles1: "1 tile",
  replayOf: "Replay", step: "Move {n} of {total}", prev: "Previous", next: "Next", first: "First", last: "Last",
  downloadRecord: "Download record", backToLobby: "Lobby", error: "Error", reconnecting: "Reconnecting…",
  loading: "Loading…", ruinsLabel: "Ruins", singleSource: "This map side's data comes from a single source.",
  penalty: "Monster penalty now", revealed: "Revealed this season", deckLeft: "{n} cards left",
  you: "you", matchNotFound: "No such game", attack: "Attack pattern", orientation: "Orientation",
  hits: "hits",
  playAgain: "Play again", joinRematch: "Join the rematch", toRematch: "Go to the rematch",
  watchRematch: "Watch the rematch", rematchWaiting: "Waiting in the rematch: {names}.", rematchAsked: "A rematch has been asked for.",
  seasons: ["Spring", "Summer", "Fall", "Winter"],
  terrains: { forest: "Forest", village: "Village", farm: "Farm", water: "Water", monster: "Monster",
    hero: "Hero", mountain: "Mountain", wasteland: "Wasteland", destroyed: "Destroyed", empty: "Empty", ruins: "Ruins" },
  titles: { "Legendary Cartographer": "Legendary Cartographer", "Master Mapsmith": "Master Mapsmith",
    "Journeyman Topographer": "Journeyman Topographer", "Apprentice Surveyor": "Apprentice Surveyor",
    "Amateur Assessor": "Amateur Assessor", "Inept Assistant": "Inept Assistant",
    "Dimwitted Doodler": "Dimwitted Doodler", "Oblivious Inkdrinker": "Oblivious Inkdrinker" },
  cards: {},
  // Carcassonne and bots
  whichGame: "Game", carcWithSurveyors: "with the Land Surveyors", againstBots: "Against bots", botCount: "Bots",
  botLevel: "Bot level", addBot: "Add a bot", botTag: "(bot · {level})", botTagPlain: "(bot)",
  botLevels: { strong: "strong", auto: "simple", fast: "fast", random: "random" },
  carcBoard: "Carcassonne board", carcTilesLeft: "{n} tiles left", carcTilesLeft1: "1 tile left", carcTurnOf: "{name} to play",
  carcDiscarded: "Tiles set aside (fit nowhere)", carcMeeples: "Meeples", carcSurveyors: "Land Surveyors",
  carcNextUp: "next: {name} · {n} in the pile", carcNobody: "nobody", carcCities: "{n} completed cities", carcCity1: "1 completed city",
  carcTiles: "{n} tiles", carcTile1: "1 tile", carcFinal: "Final scoring:", carcScorings: "Scorings", carcYourTile: "Your tile",
  carcChooseMeeple: "Stand a meeple on a marked spot (or none), then confirm. A click on the tile turns it.",
  carcIllegalPlaced: "The tile cannot lie here.", carcPickCell: "Click a highlighted spot or drag the tile there; R or the wheel turns it.",
  carcOccupied: "A tile already lies here.", carcAlone: "The tile must touch a laid tile.",
  carcMismatch: "Its {side} side shows {mine} but the neighbour shows {theirs}.", carcNotHere: "The tile cannot lie here.",
  carcOtherRotation: "Another rotation fits: press R.", carcMeeple: "Meeple", carcNoMeeple: "No meeple",
  carcAllTaken: "Every feature of this tile already has a meeple.", carcNoneLeft: "You have no meeple left.",
  carcKeys: "Keys: arrows move, R or wheel rotate, Enter lay then confirm, 0-9 meeple, Esc take back",
  carcPile: "pile", carcZoom: "Zoom", carcZoomIn: "Zoom in (+)", carcZoomOut: "Zoom out (-)", carcZoomFit: "Whole board",
  sideN: "north", sideE: "east", sideS: "south", sideW: "west",
  dirs: { c: "centre", n: "north", ne: "north-east", e: "east", se: "south-east", s: "south", sw: "south-west", w: "west", nw: "north-west" },
  features: { city: "City", road: "Road", field: "Field", monastery: "Monastery" },
  surveyors: {
    citizens_jury: ["Citizens' Jury", "When a city is scored, the majority rule does not apply: every player with at least 1 meeple in the city scores the points."],
    bad_neighbourhood: ["Bad Neighbourhood", "When a city is scored, the small city segments that close it off (the caps) are left out of the count and score no points."],
    siege: ["Siege", "When a city is scored, each coat of arms scores one extra point."],
    city_wealth: ["Wealth", "When a city is scored, you receive +3 points."],
    city_poverty: ["Poverty", "When a city is scored, you receive −3 points; a scoring may fall below 0."],
    street_fair: ["Street Fair", "When a road is scored, you receive twice the points."],
    highway: ["Highway", "When a road is scored, you score 5 points, whatever the length of the road."],
    peasant_uprising: ["Peasant Uprising", "When a road is scored, each tile with a farmhouse gives you one point less. Stables do not affect the scoring."],
    road_wealth: ["Wealth", "When a road is scored, you receive +3 points."],
    road_poverty: ["Poverty", "When a road is scored, you receive −3 points; a scoring may fall below 0."],
    hermit_monastery: ["Hermit Monastery", "You receive 1 point less for each of the 9 tiles of a monastery's scoring that shows a city segment."],
    pilgrimage_route: ["Pilgrimage Route", "You receive 1 extra point for each of the 9 tiles of a monastery's scoring that shows a road segment."],
    monastery_wealth: ["Wealth", "When a monastery is scored, you receive +3 points."],
    monastery_poverty: ["Poverty", "When a monastery is scored, you receive −3 points; a scoring may fall below 0."],
  },

  // "Your games" in the lobby
  yourGames: "Your games", timeLeft: "{time} left", notStarted: "Not started", finished: "Finished",
  finishedPlace: "Finished — you placed {place}", olderFinished: "Finished more than a week ago ({n})",
  units: { d: "d", h: "h", min: "min", s: "s" },
};

const fr = {
  title: "Surveyor", tagline: "Cartographers et Carcassonne en ligne : en solo, entre amis ou contre des robots.",
  language: "Langue", lobby: "Accueil", newGame: "Nouvelle partie", yourName: "Votre nom",
  preset: "Contenu", presetCartographers: "Cartographers", presetHeroes: "Cartographers Heroes", presetBoth: "Les deux",
  side: "Côté de la carte", sideDefault: "côté du jeu", mode: "Joueurs", solo: "Solo", withOthers: "À plusieurs",
  seats: "Places", clock: "Pendule", clockNone: "aucune", clockMove: "par coup", clockGame: "par partie", seconds: "secondes",
  create: "Créer", openGames: "Parties ouvertes", runningGames: "Parties en cours", finishedGames: "Parties terminées",
  none: "aucune", join: "Rejoindre", resume: "Reprendre", watch: "Regarder", replay: "Revoir", players: "joueurs", noOne: "personne encore",
  invite: "Lien d'invitation", copy: "Copier", copied: "Copié", waitingRoom: "En attente de joueurs", start: "Lancer la partie",
  joinAs: "Rejoindre cette partie", spectating: "Vous regardez", season: "Saison", time: "Temps",
  edict: "Édit", edicts: "Édits", explore: "Carte Exploration", decks: "Paquet", coins: "Pièces",
  score: "Score", total: "Total", monsters: "Monstres", projected: "actuel", shapes: "Forme", terrain: "Terrain",
  rotate: "Pivoter (R)", flip: "Retourner (F)", confirm: "Valider (Entrée)", clear: "Effacer (Échap)", undo: "Annuler (U)",
  fallback: "1x1 n'importe où", yourTurn: "À vous", waitingFor: "En attente de {names}",
  waitingOthers: "En attente des autres joueurs", pickCell: "Choisissez une case de la Carte",
  keysHelp: "Touches : flèches déplacer, R pivoter, F retourner, T terrain, 1-2 forme, Entrée placer/valider, Échap effacer, U annuler",
  illegalOff: "Hors de la Carte", illegalFilled: "Une case est déjà remplie", illegalRuins: "Doit chevaucher une case Ruine",
  illegalTarget: "Choisissez une des cases marquées", illegalTerrain: "Choisissez un terrain",
  ok: "La forme tient ici", placed: "Placée : validez ou effacez",
  modeRuins: "Ruines ! Votre forme doit chevaucher une case Ruine.",
  modeFallback: "Aucune forme ne tient (ou la Ruine ne peut être couverte) : dessinez un carré de 1x1 n'importe où.",
  decideHero: "Héros : choisissez une case et orientez son attaque (R, F).",
  decideAmbush: "Embuscade ! Dessinez le Monstre sur la Carte de {name}.",
  decideGorgon: "Gorgon Gaze : choisissez une case voisine à détruire.",
  decideTroll: "Giant Troll Ravage : choisissez une case vide voisine à détruire.",
  decideRift: "{card} : dessinez un carré de 1x1 d'un de ces cinq terrains.",
  decideAmbushFallback: "Embuscade ! {card} ne tient nulle part sur la Carte de {name} : dessinez-y un Monstre de 1x1 n'importe où.",
  okTarget: "Cette case peut être choisie", yourScore: "Score de {name}",
  ambushDrawn: "Embuscade ! Un Monstre a été dessiné sur votre Carte.",
  ambushNamed: "Embuscade ! {card} a été dessiné sur votre Carte.", zombieSpread: "Les zombies se propagent.",
  spacesDestroyed: "Des cases de votre Carte ont été détruites.",
  newSpaces: "Les cases modifiées sont entourées.",
  seasonScoring: "Score : {season}", continue: "Continuer", finalScore: "Score final", ranking: "Classement",
  rank: "Rang", rating: "Score solo", soloTitle: "Titre", gameOver: "Partie terminée", player: "Joueur",
  opponents: "Autres joueurs", close: "Fermer", stillDrawing: "dessine", done: "fini",
  seatRemoved: "L'hôte a repris votre place. Vous pouvez regarder, ou rejoindre si une place est libre.", remove: "retirer", removeSeat: "Retirer la place de {name}", closeMatch: "Fermer cette partie", closeMatchSure: "Fermer cette partie ? Les joueurs assis seront prévenus.",
  matchClosed: "Son hôte a fermé cette partie avant qu'elle commence.",
  soloStats: "En solo", best: "Meilleur", average: "Moyenne", titles: "Titres",
  ratingHistory: "Classement après chaque partie classée", ratingDetail: "mu {mu}, sigma {sigma}, {games} parties classées",
  ratingDetail1: "mu {mu}, sigma {sigma}, 1 partie classée",
  provisional: "(provisoire)", leaderboard: "Classement", joined: "Inscrit le {date}", noRatingYet: "Pas encore de partie classée.",
  botRatings: "Robots", botRatingsNote: "Les robots gardent un classement fixe, mesuré entre eux : une partie classée contre l'un d'eux ne change que le vôtre.",
  gamesPlayed: "Parties", played: "Jouées", won: "Gagnées", noSuchPlayer: "Joueur inconnu", rated: "Classée",
  addPasskey: "Ajouter une clé d'accès", passkeyAdded: "Clé d'accès ajoutée", passkeyFailed: "La clé d'accès n'a pas fonctionné.",
  passkeySignIn: "Se connecter avec une clé d'accès",
  signIn: "Se connecter", signUp: "Créer un compte", signOut: "Se déconnecter", signedInAs: "Connecté : {name}",
  accountWhy: "Avec un compte, vos parties vous suivent sur tous vos appareils. Sans compte, vous jouez en invité.",
  accountName: "Nom", password: "Mot de passe", wrongCredentials: "Nom ou mot de passe incorrect.",
  nameTaken: "Ce nom (ou un nom qui lui ressemble) est déjà pris.",
  waitHost: "En attente de {name}, l'hôte, pour commencer la partie.", storyAmbush: "{by} dessine {card} sur la carte de {who} : {spaces}", story: "Récit", storyEdicts: "Décrets : {list}", storyCard: "{season}, tour {turn} : {card}", storyType_ambush: "embuscade",
  storyType_hero: "héros", "storyPlaced_is drawn on": "{card} dessiné en {spaces} ({who})", "storyPlaced_spreads to": "{card} s'étend en {spaces} ({who})",
  storyPlaced_destroys: "{card} détruit {spaces} ({who})", storyPlaced_ignored: "{card} ne tient nulle part sur la carte de {who}",
  storyPlaced_nothing: "{card} ne trouve rien à détruire ({who})", storyCoins: "{who} gagne {n} pièce(s) ({total} en tout)",
  storySeason: "Fin de la saison {season} : {who} marque {n}, {total} en tout", storyEnd: "Fin : {who} {n} étoiles, rang {rank}",
  storyEndSolo: "Fin : {who} {n} étoiles, note {rating}", storyTile: "Tour {turn} : {who} pioche {tile}",
  storySetAside: "La tuile {tile} ne se pose nulle part : écartée", storyNobody: "personne ne marque", storyFinal: "Décompte final :",
  storyPiles: "Piles des Arpenteurs révélées", storyScores: "Scores finaux : {list}", storyCities: "{n} villes",
  storyTiles: "{n} tuiles", storyCities1: "1 ville", storyTiles1: "1 tuile",
  replayOf: "Revoir", step: "Coup {n} sur {total}", prev: "Précédent", next: "Suivant", first: "Début", last: "Fin",
  downloadRecord: "Télécharger la partie", backToLobby: "Accueil", error: "Erreur", reconnecting: "Reconnexion…",
  loading: "Chargement…", ruinsLabel: "Ruine", singleSource: "Les données de ce côté de carte viennent d'une seule source.",
  penalty: "Pénalité des Monstres", revealed: "Révélées cette saison", deckLeft: "{n} cartes restantes",
  you: "vous", matchNotFound: "Partie introuvable", attack: "Attaque", orientation: "Orientation",
  hits: "touches",
  playAgain: "Rejouer", joinRematch: "Rejoindre la revanche", toRematch: "Aller à la revanche",
  watchRematch: "Regarder la revanche", rematchWaiting: "En attente dans la revanche : {names}.", rematchAsked: "Une revanche a été demandée.",
  seasons: ["Printemps", "Été", "Automne", "Hiver"],
  terrains: { forest: "Forêt", village: "Village", farm: "Champs", water: "Eau", monster: "Monstre",
    hero: "Héros", mountain: "Montagne", wasteland: "Terre Désolée", destroyed: "Détruite", empty: "Vide", ruins: "Ruine" },
  titles: { "Legendary Cartographer": "Cartographe Légendaire", "Master Mapsmith": "Maître des Cartes",
    "Journeyman Topographer": "Topographe Voyageur", "Apprentice Surveyor": "Apprenti Géomètre",
    "Amateur Assessor": "Conseiller Amateur", "Inept Assistant": "Assistant Inapte",
    "Dimwitted Doodler": "Mauvais Gribouilleur", "Oblivious Inkdrinker": "Buveur d'Encre Inconscient" },
  // The French rulebook prints the scoring cards and Rift Lands under their English names.
  cards: {},
  // Texts of the base scoring cards as the French rulebook words them.
  rules: {
    "Sentinel Wood": "Gagnez une Étoile de Réputation pour chaque case Forêt adjacente au bord de la Carte.",
    "Treetower": "Gagnez une Étoile de Réputation pour chaque case Forêt entourée des quatre côtés par des cases remplies ou le bord de la Carte.",
    "Greenbough": "Gagnez une Étoile de Réputation pour chaque ligne et colonne avec au moins une case Forêt. La même case Forêt peut compter pour une rangée et une colonne.",
    "Stoneside Forest": "Gagnez trois Étoiles de Réputation pour chaque case Montagne connectée à une autre case Montagne par un Groupe de cases Forêt.",
    "Canal Lake": "Gagnez une Étoile de Réputation pour chaque case Eau adjacente à au moins une case Champs. Gagnez une Étoile de Réputation pour chaque case Champs adjacente à au moins une case Eau.",
    "The Golden Granary": "Gagnez une Étoile de Réputation pour chaque case Eau adjacente à une case Ruine. Gagnez trois Étoiles de Réputation pour chaque case Champs sur une case Ruines.",
    "Mages Valley": "Gagnez deux Étoiles de Réputation pour chaque case Eau adjacente à une case Montagne. Gagnez une Étoile de Réputation pour chaque case Champs adjacente à une case Montagne.",
    "Shoreside Expanse": "Gagnez trois Étoiles de Réputation pour chaque Groupe de cases Champs non adjacents à une case Eau ou au bord de la Carte. Gagnez trois Étoiles de Réputation pour chaque Groupe de cases Eau non adjacents à une case Champs ou au bord de la Carte.",
    "Wildholds": "Gagnez huit Étoiles de Réputation pour chaque Groupe de six Villages ou plus.",
    "Great City": "Gagnez une Étoile de Réputation pour chaque case Village dans le plus grand Groupe de Village non adjacents à une case Montagne.",
    "Borderlands": "Gagnez six Étoiles de Réputation pour chaque ligne ou colonne complète (cases remplies).",
    "Lost Barony": "Gagnez trois Étoiles de Réputation pour chaque case d'un côté du plus grand carré de cases remplies (ex : un carré de 4 × 4 = 12 Étoiles).",
    "Greengold Plains": "Gagnez trois Étoiles de Réputation pour chaque Groupe de Villages adjacents à trois types de terrain différents ou plus.",
    "Shieldgate": "Gagnez deux Étoiles de Réputation pour chaque case Village dans le deuxième plus grand Groupe de Village.",
    "The Broken Road": "Gagnez trois Étoiles de Réputation pour chaque ligne diagonale complète (cases remplies) qui touche les bords gauche et inférieur de la Carte.",
    "The Cauldrons": "Gagnez une Étoile de Réputation pour chaque case vide entouré des quatre côtés par des cases remplies ou le bord de la Carte.",
  },
  whichGame: "Jeu", carcWithSurveyors: "avec les Géomètres", againstBots: "Contre des robots", botCount: "Robots",
  botLevel: "Niveau du robot", addBot: "Ajouter un robot", botTag: "(robot · {level})", botTagPlain: "(robot)",
  botLevels: { strong: "fort", auto: "simple", fast: "rapide", random: "au hasard" },
  carcBoard: "Plateau de Carcassonne", carcTilesLeft: "{n} tuiles restantes", carcTilesLeft1: "1 tuile restante", carcTurnOf: "À {name} de jouer",
  carcDiscarded: "Tuiles écartées (posables nulle part)", carcMeeples: "Meeples", carcSurveyors: "Les Géomètres",
  carcNextUp: "ensuite : {name} · {n} dans la pile", carcNobody: "personne", carcCities: "{n} villes achevées", carcCity1: "1 ville achevée",
  carcTiles: "{n} tuiles", carcTile1: "1 tuile", carcFinal: "Évaluation finale :", carcScorings: "Évaluations", carcYourTile: "Votre tuile",
  carcChooseMeeple: "Posez un meeple sur un emplacement marqué (ou aucun), puis validez. Un clic sur la tuile la fait pivoter.",
  carcIllegalPlaced: "La tuile ne peut pas être posée ici.", carcPickCell: "Cliquez sur un emplacement en surbrillance ou glissez-y la tuile ; R ou la molette la fait pivoter.",
  carcOccupied: "Une tuile est déjà posée ici.", carcAlone: "La tuile doit toucher une tuile posée.",
  carcMismatch: "Son côté {side} montre {mine} mais la voisine montre {theirs}.", carcNotHere: "La tuile ne peut pas être posée ici.",
  carcOtherRotation: "Une autre orientation convient : appuyez sur R.", carcMeeple: "Meeple", carcNoMeeple: "Pas de meeple",
  carcAllTaken: "Chaque zone de cette tuile a déjà un meeple.", carcNoneLeft: "Vous n'avez plus de meeple.",
  carcKeys: "Touches : flèches pour déplacer, R ou molette pour pivoter, Entrée pour poser puis valider, 0-9 meeple, Échap reprendre",
  carcPile: "pile", carcZoom: "Zoom", carcZoomIn: "Agrandir (+)", carcZoomOut: "Réduire (-)", carcZoomFit: "Tout le plateau",
  sideN: "nord", sideE: "est", sideS: "sud", sideW: "ouest",
  dirs: { c: "centre", n: "nord", ne: "nord-est", e: "est", se: "sud-est", s: "sud", sw: "sud-ouest", w: "ouest", nw: "nord-ouest" },
  features: { city: "Ville", road: "Route", field: "Pré", monastery: "Abbaye" },
  surveyors: {
    citizens_jury: ["Jury de Citoyens", "Lors de l’évaluation d’une ville, la règle de majorité ne s’applique pas. Chaque joueur qui possède au moins 1 meeple dans la ville marque des points."],
    bad_neighbourhood: ["Mauvais Quartiers", "Lors de l’évaluation d’une ville, les sections en demi-cercle qui complètent les villes ne sont pas prises en compte dans l’évaluation et ne rapportent aucun point."],
    siege: ["Siège", "Lors de l’évaluation d’une ville, chaque blason rapporte un point supplémentaire."],
    city_wealth: ["Richesse", "Lors de l’évaluation d’une ville, d’une route ou d’une abbaye, vous recevez +3 ou −3 points (selon l’indication de la tuile d’évaluation)."],
    city_poverty: ["Pauvreté", "Lors de l’évaluation d’une ville, d’une route ou d’une abbaye, vous recevez +3 ou −3 points (selon l’indication de la tuile d’évaluation). Par conséquent, il est donc également possible d’obtenir des points en moins et il peut arriver que le total de votre évaluation soit inférieur à 0."],
    street_fair: ["Foire de Rue", "Lors de l’évaluation d’une route vous recevez deux fois plus de points."],
    highway: ["Autoroute", "Lors de l’évaluation d’une route, vous marquez 5 points, quelle que soit la longueur de la route."],
    peasant_uprising: ["Révolte paysanne", "Lors de l’évaluation d’une route, chaque tuile avec une ferme vous rapporte un point de moins. Les étables n’ont pas d’incidence sur l’évaluation."],
    road_wealth: ["Richesse", "Lors de l’évaluation d’une ville, d’une route ou d’une abbaye, vous recevez +3 ou −3 points (selon l’indication de la tuile d’évaluation)."],
    road_poverty: ["Pauvreté", "Lors de l’évaluation d’une ville, d’une route ou d’une abbaye, vous recevez +3 ou −3 points (selon l’indication de la tuile d’évaluation). Par conséquent, il est donc également possible d’obtenir des points en moins et il peut arriver que le total de votre évaluation soit inférieur à 0."],
    hermit_monastery: ["Abbaye de l’Ermite", "Vous recevez 1 point de moins pour chacune des 9 tuiles de l’évaluation d’une abbaye comportant une section de ville."],
    pilgrimage_route: ["Route de Pèlerinage", "Vous recevez 1 point supplémentaire pour chacune des 9 tuiles de l’évaluation d’une abbaye comportant une section de route."],
    monastery_wealth: ["Richesse", "Lors de l’évaluation d’une ville, d’une route ou d’une abbaye, vous recevez +3 ou −3 points (selon l’indication de la tuile d’évaluation)."],
    monastery_poverty: ["Pauvreté", "Lors de l’évaluation d’une ville, d’une route ou d’une abbaye, vous recevez +3 ou −3 points (selon l’indication de la tuile d’évaluation). Par conséquent, il est donc également possible d’obtenir des points en moins et il peut arriver que le total de votre évaluation soit inférieur à 0."],
  },

  yourGames: "Vos parties", timeLeft: "reste {time}", notStarted: "Pas commencée", finished: "Terminée",
  finishedPlace: "Terminée — vous êtes {place}", olderFinished: "Terminées il y a plus d'une semaine ({n})",
  units: { d: "j", h: "h", min: "min", s: "s" },
};

const pt = {
  title: "Surveyor", tagline: "Cartographers e Carcassonne online: sozinho, com amigos ou contra robôs.",
  language: "Idioma", lobby: "Início", newGame: "Nova partida", yourName: "Seu nome",
  preset: "Conteúdo", presetCartographers: "Cartographers", presetHeroes: "Cartographers Heroes", presetBoth: "Ambos",
  side: "Lado do mapa", sideDefault: "lado do jogo", mode: "Jogadores", solo: "Solo", withOthers: "Com outros",
  seats: "Lugares", clock: "Relógio", clockNone: "nenhum", clockMove: "por jogada", clockGame: "por partida", seconds: "segundos",
  create: "Criar", openGames: "Partidas abertas", runningGames: "Partidas em andamento", finishedGames: "Partidas terminadas",
  none: "nenhuma", join: "Entrar", resume: "Voltar", watch: "Assistir", replay: "Rever", players: "jogadores", noOne: "ninguém ainda",
  invite: "Link de convite", copy: "Copiar", copied: "Copiado", waitingRoom: "Aguardando jogadores", start: "Começar a partida",
  joinAs: "Entrar nesta partida", spectating: "Você está assistindo", season: "Estação", time: "Tempo",
  edict: "Decreto", edicts: "Decretos", explore: "Carta de exploração", decks: "Baralho", coins: "Moedas",
  score: "Pontuação", total: "Total", monsters: "Monstros", projected: "agora", shapes: "Forma", terrain: "Terreno",
  rotate: "Girar (R)", flip: "Espelhar (F)", confirm: "Confirmar (Enter)", clear: "Limpar (Esc)", undo: "Desfazer (U)",
  fallback: "1x1 em qualquer lugar", yourTurn: "Sua vez", waitingFor: "Aguardando {names}",
  waitingOthers: "Aguardando os outros jogadores", pickCell: "Escolha um espaço do mapa",
  keysHelp: "Teclas: setas movem, R girar, F espelhar, T terreno, 1-2 forma, Enter posicionar/confirmar, Esc limpar, U desfazer",
  illegalOff: "Fora do mapa", illegalFilled: "Um espaço já está preenchido", illegalRuins: "Deve sobrepor um espaço de ruínas",
  illegalTarget: "Escolha um dos espaços marcados", illegalTerrain: "Escolha um terreno",
  ok: "Cabe aqui", placed: "Posicionada: confirme ou limpe",
  modeRuins: "Ruínas! Sua forma deve sobrepor um espaço de ruínas.",
  modeFallback: "Nenhuma forma cabe (ou as ruínas não podem ser cobertas): desenhe um quadrado 1x1 em qualquer lugar.",
  decideHero: "Herói: escolha um espaço e oriente o padrão de ataque (R, F).",
  decideAmbush: "Cilada! Desenhe o monstro no mapa de {name}.",
  decideGorgon: "Gorgon Gaze: escolha um espaço vizinho para destruir.",
  decideTroll: "Giant Troll Ravage: escolha um espaço vazio vizinho para destruir.",
  decideRift: "{card}: desenhe um 1x1 de um destes cinco terrenos.",
  decideAmbushFallback: "Cilada! {card} não cabe em lugar nenhum do mapa de {name}: desenhe nele um monstro 1x1 em qualquer lugar.",
  okTarget: "Este espaço pode ser escolhido", yourScore: "Pontuação de {name}",
  ambushDrawn: "Cilada! Um monstro foi desenhado no seu mapa.",
  ambushNamed: "Cilada! {card} foi desenhado no seu mapa.", zombieSpread: "Os zumbis se espalham.",
  spacesDestroyed: "Espaços do seu mapa foram destruídos.",
  newSpaces: "Os espaços alterados estão contornados.",
  seasonScoring: "Pontuação: {season}", continue: "Continuar", finalScore: "Pontuação final", ranking: "Classificação",
  rank: "Posição", rating: "Classificação solo", soloTitle: "Título", gameOver: "Fim de jogo", player: "Jogador",
  opponents: "Outros jogadores", close: "Fechar", stillDrawing: "desenhando", done: "pronto",
  seatRemoved: "O anfitrião retomou o seu lugar. Você pode assistir, ou entrar de novo se houver lugar.", remove: "remover", removeSeat: "Remover o lugar de {name}", closeMatch: "Encerrar esta partida", closeMatchSure: "Encerrar esta partida? Os jogadores sentados serão avisados.",
  matchClosed: "O anfitrião encerrou esta partida antes de começar.",
  soloStats: "Solo", best: "Melhor", average: "Média", titles: "Títulos",
  ratingHistory: "Classificação após cada partida valendo", ratingDetail: "mu {mu}, sigma {sigma}, {games} partidas valendo",
  ratingDetail1: "mu {mu}, sigma {sigma}, 1 partida valendo",
  provisional: "(provisória)", leaderboard: "Classificação", joined: "Desde {date}", noRatingYet: "Nenhuma partida valendo ainda.",
  botRatings: "Robôs", botRatingsNote: "Os robôs têm uma classificação fixa, medida entre eles: uma partida valendo contra um deles muda só a sua.",
  gamesPlayed: "Partidas", played: "Jogadas", won: "Vencidas", noSuchPlayer: "Jogador desconhecido", rated: "Valendo classificação",
  addPasskey: "Adicionar uma chave de acesso", passkeyAdded: "Chave de acesso adicionada", passkeyFailed: "A chave de acesso não funcionou.",
  passkeySignIn: "Entrar com uma chave de acesso",
  signIn: "Entrar", signUp: "Criar uma conta", signOut: "Sair", signedInAs: "Conectado como {name}",
  accountWhy: "Com uma conta, suas partidas acompanham você em qualquer aparelho. Sem conta, você joga como convidado.",
  accountName: "Nome", password: "Senha", wrongCredentials: "Nome ou senha incorretos.",
  nameTaken: "Esse nome (ou um parecido) já está em uso.",
  waitHost: "Aguardando {name}, o anfitrião, começar a partida.", storyAmbush: "{by} desenha {card} no mapa de {who}: {spaces}", story: "Narrativa", storyEdicts: "Decretos: {list}", storyCard: "{season}, rodada {turn}: {card}", storyType_ambush: "emboscada",
  storyType_hero: "herói", "storyPlaced_is drawn on": "{card} desenhado em {spaces} ({who})", "storyPlaced_spreads to": "{card} se espalha para {spaces} ({who})",
  storyPlaced_destroys: "{card} destrói {spaces} ({who})", storyPlaced_ignored: "{card} não cabe no mapa de {who}",
  storyPlaced_nothing: "{card} não encontra nada para destruir ({who})", storyCoins: "{who} ganha {n} moeda(s) ({total} no total)",
  storySeason: "Fim de {season}: {who} marca {n}, {total} no total", storyEnd: "Fim: {who} {n} estrelas, posição {rank}",
  storyEndSolo: "Fim: {who} {n} estrelas, nota {rating}", storyTile: "Turno {turn}: {who} compra {tile}",
  storySetAside: "O bloco {tile} não cabe em lugar nenhum: posto de lado", storyNobody: "ninguém pontua", storyFinal: "Pontuação final:",
  storyPiles: "Pilhas dos Agrimensores reveladas", storyScores: "Pontuação final: {list}", storyCities: "{n} cidades",
  storyTiles: "{n} blocos", storyCities1: "1 cidade", storyTiles1: "1 bloco",
  replayOf: "Rever", step: "Jogada {n} de {total}", prev: "Anterior", next: "Próxima", first: "Início", last: "Fim",
  downloadRecord: "Baixar registro", backToLobby: "Início", error: "Erro", reconnecting: "Reconectando…",
  loading: "Carregando…", ruinsLabel: "Ruínas", singleSource: "Os dados deste lado do mapa vêm de uma única fonte.",
  penalty: "Penalidade dos monstros", revealed: "Reveladas nesta estação", deckLeft: "{n} cartas restantes",
  you: "você", matchNotFound: "Partida não encontrada", attack: "Padrão de ataque", orientation: "Orientação",
  hits: "acertos",
  playAgain: "Jogar de novo", joinRematch: "Entrar na revanche", toRematch: "Ir para a revanche",
  watchRematch: "Assistir à revanche", rematchWaiting: "Aguardando na revanche: {names}.", rematchAsked: "Uma revanche foi pedida.",
  seasons: ["Primavera", "Verão", "Outono", "Inverno"],
  terrains: { forest: "Floresta", village: "Aldeia", farm: "Fazenda", water: "Água", monster: "Monstro",
    hero: "Herói", mountain: "Montanha", wasteland: "Abismo", destroyed: "Destruído", empty: "Vazio", ruins: "Ruínas" },
  titles: { "Legendary Cartographer": "Cartógrafo Lendário", "Master Mapsmith": "Mapeador Mestre",
    "Journeyman Topographer": "Topógrafo Oficial", "Apprentice Surveyor": "Estudioso de Mapas",
    "Amateur Assessor": "Assessor Amador", "Inept Assistant": "Assistente Inepto",
    "Dimwitted Doodler": "Rabiscador Inculto", "Oblivious Inkdrinker": "Bebedor de Tintas" },
  cards: {
    "Sentinel Wood": "Bosque Sentinela", "Treetower": "Torre da Árvore", "Greenbough": "Ramos Verdes",
    "Stoneside Forest": "Floresta de Encosta", "Canal Lake": "Canal", "The Golden Granary": "Celeiro Dourado",
    "Mages Valley": "Vale dos Magos", "Shoreside Expanse": "Extensão da Costa", "Wildholds": "Vilarejos Selvagens",
    "Greengold Plains": "Planícies Auspiciosas", "Great City": "Metrópole", "Shieldgate": "Cidadela",
    "Borderlands": "Fronteiras", "The Broken Road": "Estrada Partida", "Lost Barony": "Baronato Perdido",
    "The Cauldrons": "Caldeirões", "Rift Lands": "Fenda Planar",
  },
  // Texts of the base scoring cards as the Portuguese rulebook words them.
  rules: {
    "Sentinel Wood": "Ganhe uma estrela de reputação por espaço de floresta adjacente à borda do mapa.",
    "Treetower": "Ganhe uma estrela de reputação por espaço de floresta cercado nos quatro lados por espaços preenchidos ou pelas bordas do mapa.",
    "Greenbough": "Ganhe uma estrela de reputação por linha e coluna com pelo menos um espaço de floresta. O mesmo espaço de floresta pode ser pontuado em uma linha e uma coluna.",
    "Stoneside Forest": "Ganhe três estrelas de reputação por espaço de montanha conectado a outro espaço de montanha por um grupo de espaços de floresta.",
    "Canal Lake": "Ganhe uma estrela de reputação por espaço de água adjacente a pelo menos um espaço de fazenda e uma estrela de reputação por espaço de fazenda adjacente a pelo menos um espaço de água.",
    "The Golden Granary": "Ganhe uma estrela de reputação por espaço de água adjacente a um espaço de ruínas e três estrelas de reputação por espaço de fazenda em um espaço de ruínas.",
    "Mages Valley": "Ganhe duas estrelas de reputação por espaço de água adjacente a um espaço de montanha e uma estrela de reputação por espaço de fazenda adjacente a um espaço de montanha.",
    "Shoreside Expanse": "Ganhe três estrelas de reputação por grupo de espaços de fazenda não adjacente a um espaço de água ou à borda do mapa e três estrelas de reputação por grupo de espaços de água não adjacente a um espaço de fazenda ou à borda do mapa.",
    "Wildholds": "Ganhe oito estrelas de reputação por grupo de seis ou mais espaços de aldeia.",
    "Greengold Plains": "Ganhe três estrelas de reputação por grupo de espaços de aldeia adjacente a três ou mais tipos diferentes de terreno.",
    "Great City": "Ganhe uma estrela de reputação por espaço de aldeia no maior grupo de espaços de aldeia que não seja adjacente a um espaço de montanha.",
    "Shieldgate": "Ganhe duas estrelas de reputação por espaço de aldeia no segundo maior grupo de espaços de aldeia.",
    "Borderlands": "Ganhe seis estrelas de reputação por linha completa ou coluna completa de espaços preenchidos.",
    "The Broken Road": "Ganhe três estrelas de reputação por linha diagonal completa de espaços preenchidos que tocam as bordas esquerda e inferior do mapa.",
    "Lost Barony": "Ganhe três estrelas de reputação por espaço ao longo da borda do maior quadrado de espaços preenchidos.",
    "The Cauldrons": "Ganhe uma estrela de reputação por espaço vazio cercado nos quatro lados por espaços preenchidos ou pela borda do mapa.",
  },
  whichGame: "Jogo", carcWithSurveyors: "com os Agrimensores", againstBots: "Contra robôs", botCount: "Robôs",
  botLevel: "Nível do robô", addBot: "Adicionar um robô", botTag: "(robô · {level})", botTagPlain: "(robô)",
  botLevels: { strong: "forte", auto: "simples", fast: "rápido", random: "aleatório" },
  carcBoard: "Tabuleiro de Carcassonne", carcTilesLeft: "{n} peças restantes", carcTilesLeft1: "1 peça restante", carcTurnOf: "Vez de {name}",
  carcDiscarded: "Peças descartadas (não cabem em lugar nenhum)", carcMeeples: "Meeples", carcSurveyors: "Os Agrimensores",
  carcNextUp: "a seguir: {name} · {n} na pilha", carcNobody: "ninguém", carcCities: "{n} cidades completas", carcCity1: "1 cidade completa",
  carcTiles: "{n} peças", carcTile1: "1 peça", carcFinal: "Pontuação final:", carcScorings: "Pontuações", carcYourTile: "Sua peça",
  carcChooseMeeple: "Coloque um meeple num lugar marcado (ou nenhum) e confirme. Um clique na peça a gira.",
  carcIllegalPlaced: "A peça não pode ficar aqui.", carcPickCell: "Clique num lugar destacado ou arraste a peça até lá; R ou a roda do mouse a gira.",
  carcOccupied: "Já há uma peça aqui.", carcAlone: "A peça deve tocar uma peça já colocada.",
  carcMismatch: "O lado {side} mostra {mine}, mas a vizinha mostra {theirs}.", carcNotHere: "A peça não pode ficar aqui.",
  carcOtherRotation: "Outra rotação serve: aperte R.", carcMeeple: "Meeple", carcNoMeeple: "Nenhum meeple",
  carcAllTaken: "Cada área desta peça já tem um meeple.", carcNoneLeft: "Você não tem mais meeples.",
  carcKeys: "Teclas: setas movem, R ou roda giram, Enter coloca e confirma, 0-9 meeple, Esc desfaz a colocação",
  carcPile: "pilha", carcZoom: "Zoom", carcZoomIn: "Aproximar (+)", carcZoomOut: "Afastar (-)", carcZoomFit: "Tabuleiro inteiro",
  sideN: "norte", sideE: "leste", sideS: "sul", sideW: "oeste",
  dirs: { c: "centro", n: "norte", ne: "nordeste", e: "leste", se: "sudeste", s: "sul", sw: "sudoeste", w: "oeste", nw: "noroeste" },
  features: { city: "Cidade", road: "Estrada", field: "Campo", monastery: "Mosteiro" },
  surveyors: {
    citizens_jury: ["Júri de Cidadãos", "Ao pontuar uma cidade, a regra da maioria não se aplica: todo jogador com pelo menos 1 meeple na cidade marca os pontos."],
    bad_neighbourhood: ["Bairro Ruim", "Ao pontuar uma cidade, os pequenos segmentos que a fecham (os arcos) ficam fora da contagem e não rendem pontos."],
    siege: ["Cerco", "Ao pontuar uma cidade, cada brasão rende um ponto a mais."],
    city_wealth: ["Riqueza", "Ao pontuar uma cidade, você recebe +3 pontos."],
    city_poverty: ["Pobreza", "Ao pontuar uma cidade, você recebe −3 pontos; uma pontuação pode ficar abaixo de 0."],
    street_fair: ["Feira de Rua", "Ao pontuar uma estrada, você recebe o dobro dos pontos."],
    highway: ["Rodovia", "Ao pontuar uma estrada, você marca 5 pontos, seja qual for o comprimento da estrada."],
    peasant_uprising: ["Revolta Camponesa", "Ao pontuar uma estrada, cada peça com uma casa de fazenda rende um ponto a menos. Os estábulos não contam."],
    road_wealth: ["Riqueza", "Ao pontuar uma estrada, você recebe +3 pontos."],
    road_poverty: ["Pobreza", "Ao pontuar uma estrada, você recebe −3 pontos; uma pontuação pode ficar abaixo de 0."],
    hermit_monastery: ["Mosteiro do Eremita", "Você recebe 1 ponto a menos por peça, entre as 9 da pontuação de um mosteiro, que tenha um segmento de cidade."],
    pilgrimage_route: ["Rota de Peregrinação", "Você recebe 1 ponto a mais por peça, entre as 9 da pontuação de um mosteiro, que tenha um segmento de estrada."],
    monastery_wealth: ["Riqueza", "Ao pontuar um mosteiro, você recebe +3 pontos."],
    monastery_poverty: ["Pobreza", "Ao pontuar um mosteiro, você recebe −3 pontos; uma pontuação pode ficar abaixo de 0."],
  },

  yourGames: "Suas partidas", timeLeft: "restam {time}", notStarted: "Não começou", finished: "Terminada",
  finishedPlace: "Terminada — você ficou em {place}", olderFinished: "Terminadas há mais de uma semana ({n})",
  units: { d: "d", h: "h", min: "min", s: "s" },
};

export const languages = { en, fr, pt };
export const languageNames = { en: "English", fr: "Français", pt: "Português" };

let current = "en";

// pickLanguage returns the saved choice, else the first browser language we have, else English.
export function pickLanguage() {
  const saved = localStorage.getItem("surveyor.lang");
  if (saved && languages[saved]) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (languages[base]) return base;
  }
  return "en";
}

export function setLanguage(l, save) {
  current = languages[l] ? l : "en";
  if (save) localStorage.setItem("surveyor.lang", current);
  document.documentElement.lang = current;
}

export function lang() { return current; }

export function t(key, params) {
  let s = languages[current][key] ?? en[key] ?? key;
  if (params && typeof s === "string") {
    s = s.replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? ""));
  }
  return s;
}

// ruleText is a scoring card's text in the current language when a rulebook gives it, else the engine's.
export function ruleText(name, english) { return (languages[current].rules || {})[name] || english; }

export function cardName(name) { return languages[current].cards[name] || name; }
export function terrainName(k) { return languages[current].terrains[k] || en.terrains[k] || k; }
export function seasonName(i) { return languages[current].seasons[i] || en.seasons[i]; }
export function titleName(s) { return languages[current].titles[s] || s; }

const pick = (table, k) => (languages[current][table] || {})[k] ?? en[table][k];
export function carcName(k) { return pick("features", k) || k; }
export function surveyorName(id) { return (pick("surveyors", id) || [id])[0]; }
export function surveyorText(id) { return (pick("surveyors", id) || ["", ""])[1]; }
export function botLevelName(l) { return pick("botLevels", l) || l; }
export function dirName(d) { return pick("dirs", d) || d; }
// botTag marks a bot's seat, with its level unless the bot is named after it.
export function botTag(p) { return p.name === p.bot ? t("botTagPlain") : t("botTag", { level: botLevelName(p.bot) }); }

// ordinal writes a rank as each language abbreviates it (1st, 1er, 1º).
export function ordinal(n) {
  if (current === "fr") return n === 1 ? "1er" : `${n}e`;
  if (current === "pt") return `${n}º`;
  const tens = n % 100, last = n % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

// duration writes a time left with its two largest units ("1 h 20 min", "45 s").
export function duration(ms) {
  const u = pick.bind(null, "units");
  let s = Math.max(0, Math.round(ms / 1000));
  const d = Math.floor(s / 86400), hr = Math.floor(s / 3600) % 24, m = Math.floor(s / 60) % 60;
  s %= 60;
  if (d) return hr ? `${d} ${u("d")} ${hr} ${u("h")}` : `${d} ${u("d")}`;
  if (hr) return m ? `${hr} ${u("h")} ${m} ${u("min")}` : `${hr} ${u("h")}`;
  if (m) return `${m} ${u("min")}`;
  return `${s} ${u("s")}`;
}
