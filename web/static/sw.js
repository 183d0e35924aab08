// Surveyor's service worker: it shows the Web Push notifications the server sends (a JSON object with the
// title, the sentence in the player's language, the match's address and a tag per match, so that a newer
// note about a game replaces the older one) and opens the match when the player taps one. It caches
// nothing: the game needs the server anyway.

self.addEventListener("push", (event) => {
  let d = {};
  try { d = event.data ? event.data.json() : {}; } catch { d = { body: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(d.title || "Surveyor", {
    body: d.body || "", tag: d.tag || undefined, renotify: !!d.tag, data: { url: d.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data && event.notification.data.url || "/", self.location.origin);
  event.waitUntil((async () => {
    const wins = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const w of wins) {
      if (new URL(w.url).origin === url.origin && "focus" in w) {
        await w.focus();
        if ("navigate" in w) return w.navigate(url.href);
        return;
      }
    }
    return self.clients.openWindow(url.href);
  })());
});
