// The games the client knows, by the name the server gives them. (The start of the client's one list of
// games: the tables, replays and options forms still live in play.js, carcassonne.js and main.js.)
export const games = {
  cartographers: { title: "Cartographers" },
  carcassonne: { title: "Carcassonne" },
};

// gameName is a game's title (its own name for one this client does not know).
export const gameName = (g) => (games[g] || {}).title || g;
