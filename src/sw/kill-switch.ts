/**
 * The kill switch (build flag --sw-kill-switch, docs/service-worker.md): a worker served at
 * /sw.js that replaces whatever worker a browser has, deletes every cache of the origin,
 * unregisters itself and reloads the pages it took over, which then load from the network
 * with no worker. Pages opened later register it, and it removes itself again at once; it
 * only navigates pages it controls, so it cannot cause a reload loop.
 */
export function generateKillSwitchWorker(): string {
  return `/* cinema-build service worker kill switch: removes the service worker and its caches. */
self.addEventListener("install", function () {
  self.skipWaiting();
});
self.addEventListener("activate", function (event) {
  event.waitUntil(
    (async function () {
      var keys = await caches.keys();
      await Promise.all(keys.map(function (key) { return caches.delete(key); }));
      await self.registration.unregister();
      var windows = await self.clients.matchAll({ type: "window" });
      await Promise.all(
        windows.map(function (client) {
          return client.navigate(client.url).catch(function () {});
        })
      );
    })()
  );
});
`;
}
