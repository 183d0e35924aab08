// Strings of the client in English, French and Portuguese. Card names come from the rulebooks in
// shared/rules/: the French rulebook keeps the English names of the scoring cards; the Portuguese one
// translates them (and Rift Lands). Names no rulebook translates (explore cards, monsters, the Heroes
// content) keep their official English names.

const en = {
  title: "Surveyor", tagline: "Cartographers online: solo or with friends.",
  language: "Language", lobby: "Lobby", newGame: "New game", yourName: "Your name",
  preset: "Game", presetCartographers: "Cartographers", presetHeroes: "Cartographers Heroes", presetBoth: "Both",
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
  replayOf: "Replay", step: "Move {n} of {total}", prev: "Previous", next: "Next", first: "First", last: "Last",
  downloadRecord: "Download record", backToLobby: "Lobby", error: "Error", reconnecting: "Reconnecting…",
  loading: "Loading…", ruinsLabel: "Ruins", singleSource: "This map side's data comes from a single source.",
  penalty: "Monster penalty now", revealed: "Revealed this season", deckLeft: "{n} cards left",
  you: "you", matchNotFound: "No such game", attack: "Attack pattern", orientation: "Orientation",
  hits: "hits",
  seasons: ["Spring", "Summer", "Fall", "Winter"],
  terrains: { forest: "Forest", village: "Village", farm: "Farm", water: "Water", monster: "Monster",
    hero: "Hero", mountain: "Mountain", wasteland: "Wasteland", destroyed: "Destroyed", empty: "Empty", ruins: "Ruins" },
  titles: { "Legendary Cartographer": "Legendary Cartographer", "Master Mapsmith": "Master Mapsmith",
    "Journeyman Topographer": "Journeyman Topographer", "Apprentice Surveyor": "Apprentice Surveyor",
    "Amateur Assessor": "Amateur Assessor", "Inept Assistant": "Inept Assistant",
    "Dimwitted Doodler": "Dimwitted Doodler", "Oblivious Inkdrinker": "Oblivious Inkdrinker" },
  cards: {},
};

const fr = {
  title: "Surveyor", tagline: "Cartographers en ligne : en solo ou entre amis.",
  language: "Langue", lobby: "Accueil", newGame: "Nouvelle partie", yourName: "Votre nom",
  preset: "Jeu", presetCartographers: "Cartographers", presetHeroes: "Cartographers Heroes", presetBoth: "Les deux",
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
  replayOf: "Revoir", step: "Coup {n} sur {total}", prev: "Précédent", next: "Suivant", first: "Début", last: "Fin",
  downloadRecord: "Télécharger la partie", backToLobby: "Accueil", error: "Erreur", reconnecting: "Reconnexion…",
  loading: "Chargement…", ruinsLabel: "Ruine", singleSource: "Les données de ce côté de carte viennent d'une seule source.",
  penalty: "Pénalité des Monstres", revealed: "Révélées cette saison", deckLeft: "{n} cartes restantes",
  you: "vous", matchNotFound: "Partie introuvable", attack: "Attaque", orientation: "Orientation",
  hits: "touches",
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
};

const pt = {
  title: "Surveyor", tagline: "Cartographers online: sozinho ou com amigos.",
  language: "Idioma", lobby: "Início", newGame: "Nova partida", yourName: "Seu nome",
  preset: "Jogo", presetCartographers: "Cartographers", presetHeroes: "Cartographers Heroes", presetBoth: "Ambos",
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
  replayOf: "Rever", step: "Jogada {n} de {total}", prev: "Anterior", next: "Próxima", first: "Início", last: "Fim",
  downloadRecord: "Baixar registro", backToLobby: "Início", error: "Erro", reconnecting: "Reconectando…",
  loading: "Carregando…", ruinsLabel: "Ruínas", singleSource: "Os dados deste lado do mapa vêm de uma única fonte.",
  penalty: "Penalidade dos monstros", revealed: "Reveladas nesta estação", deckLeft: "{n} cartas restantes",
  you: "você", matchNotFound: "Partida não encontrada", attack: "Padrão de ataque", orientation: "Orientação",
  hits: "acertos",
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
