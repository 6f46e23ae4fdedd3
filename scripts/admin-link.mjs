// `npm run admin-link -- <username>`: a one-time sign-in link for an admin, made by whoever
// runs Boon, on its machine (the app answers this over loopback only). The admin's way in
// when guessing elsewhere keeps their login throttled: it works once, for 15 minutes.
const [username, ...rest] = process.argv.slice(2);
if (!username || rest.length > 0 || username.startsWith('-')) {
  console.error('usage: npm run admin-link -- <username>');
  process.exit(2);
}

const url = `http://127.0.0.1:${process.env.PORT ?? 3000}/api/admin/sign-in-links`;
let res;
try {
  res = await fetch(url, {
    method: 'POST',
    // The operations header: without it the app refuses, so a web page cannot call this.
    headers: { 'Content-Type': 'application/json', 'X-Boon-Ops': '1' },
    body: JSON.stringify({ username }),
  });
} catch {
  console.error(`Boon does not answer at ${url}: is it running here, on PORT?`);
  process.exit(1);
}
const body = await res.json().catch(() => ({}));
if (!res.ok) {
  console.error(`${res.status}: ${body.detail ?? body.title ?? res.statusText}`);
  process.exit(1);
}
console.log(`A sign-in link for ${body.username}, once, until ${body.expiresAt}:\n\n${body.link}`);
