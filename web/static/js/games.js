// The games the client knows, by the name the server gives them: each is its folder's default export, the
// one thing the match shell, the replay and the lobby use of it (docs/client.md, "A game's folder"). A new
// game is a folder and one line here.

import cartographers from "./cartographers/index.js";
import carcassonne from "./carcassonne/index.js";

export const games = { cartographers, carcassonne };

// clientOf is a game's part of the client, null for a game this client does not know.
export const clientOf = (g) => games[g] || null;

// gameName is a game's title (its own name for one this client does not know).
export const gameName = (g) => (games[g] || {}).title || g;
