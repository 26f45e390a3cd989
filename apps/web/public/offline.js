// The offline page's one button: ask for the page again (the service worker serves this page only
// while the network fails).
document.getElementById('reload')?.addEventListener('click', () => window.location.reload());
