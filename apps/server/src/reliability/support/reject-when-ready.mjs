// Preloaded into a server under test (NODE_OPTIONS=--import): once the server answers /readyz, a
// promise rejects with nobody to handle it, as a forgotten await would in production
// (process-failures.reliability.ts).
const ready = `http://127.0.0.1:${process.env.PORT}/readyz`;
const timer = setInterval(async () => {
  const answered = await fetch(ready).then(
    (response) => response.ok,
    () => false,
  );
  if (!answered) return;
  clearInterval(timer);
  Promise.reject(new Error('a promise nobody awaited'));
}, 200);
