// The offline page's one script (offline.html): "Try again" asks for the page once more. A file of
// its own, kept with the page by the service worker: the Content-Security-Policy runs no inline one.
document.getElementById('try-again').addEventListener('click', () => window.location.reload());
