// A bare Express route in a process of its own, the baseline of the HTTP figures: started by
// `bareRoute` (load.ts), it answers until its parent ends it.
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BareSpec } from './load';

process.once('message', (spec: BareSpec) => {
  const app = express();
  if (spec.method === 'GET') {
    app.get('/bare', (_req, res) => {
      res.type('application/json').send(spec.body);
    });
  } else {
    app.post('/bare', express.json(), (_req, res) => {
      res.status(201).type('application/json').send(spec.body);
    });
  }
  const server = createServer(app);
  server.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port });
  });
  process.once('disconnect', () => process.exit(0));
});
