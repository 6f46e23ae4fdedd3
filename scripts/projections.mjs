// `npm run projections -- status` / `npm run projections -- rebuild <name>`:
// asks the running app (on PORT, default 3000) over loopback.
const [command, name] = process.argv.slice(2);
const base = `http://127.0.0.1:${process.env.PORT ?? 3000}/ops/projections`;

const call = async (url, method = 'GET') => {
  // The operations header: without it the app refuses, so a web page cannot call this.
  const res = await fetch(url, { method, headers: { 'X-Boon-Ops': '1' } });
  const body = await res.json();
  if (!res.ok) {
    console.error(`${res.status}: ${body.detail ?? JSON.stringify(body)}`);
    process.exit(1);
  }
  return body;
};

if (command === 'status') {
  console.table(await call(base));
} else if (command === 'rebuild' && name) {
  console.log(`Rebuilding ${name} while the app keeps serving…`);
  const report = await call(`${base}/${encodeURIComponent(name)}/rebuild`, 'POST');
  console.log(
    `${report.name}: ${report.events} events in ${report.seconds.toFixed(2)} s (generation ${report.generation})`,
  );
} else {
  console.error('usage: npm run projections -- status | rebuild <name>');
  process.exit(2);
}
