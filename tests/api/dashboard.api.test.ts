import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjector, type RunningProjector } from '../../api/processes/projector';
import { startServer, type RunningServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { testBank } from '../support/test-app';

type Panel = {
  id: number;
  title: string;
  datasource: { uid: string };
  targets: { refId: string; expr: string }[];
};
const dashboard = JSON.parse(readFileSync('infra/grafana/boon-dashboard.json', 'utf8')) as {
  uid: string;
  panels: Panel[];
};

let api: RunningServer;
let projector: RunningProjector;
let dataDir: string;
const configFor = (role: string) =>
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLE: role,
    AUTH_SECRET: 'a-shared-secret-for-both-processes-here',
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'boon-dashboard-'));
  projector = await startProjector({ config: configFor('projector'), logger: silentLogger() });
  api = await startServer({
    config: configFor('api'),
    logger: silentLogger(),
    bank: testBank,
    passwordCost: 2 ** 10,
    admin: { username: 'admin', password: 'dashboard test password' },
  });
});
afterAll(async () => {
  await api.close();
  await projector.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Metric families a process exports, by the names its `# TYPE` lines give. */
const exported = async (url: string) => {
  const text = await (await fetch(`${url}/metrics`)).text();
  return [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => ({ name: m[1]!, type: m[2]! }));
};

/** The series names an expression reads (histograms through their _bucket/_sum/_count). */
const seriesIn = (expr: string) =>
  [...expr.matchAll(/\b((?:boon|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]!);

describe('the Grafana dashboard (infra/grafana/boon-dashboard.json)', () => {
  it('reads only metrics the API and projector processes export', async () => {
    const families = [...(await exported(api.url)), ...(await exported(projector.url))];
    const series = new Set(
      families.flatMap(({ name, type }) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
      ),
    );
    const missing = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap((t) => seriesIn(t.expr).filter((name) => !series.has(name))),
    );
    expect(missing).toEqual([]);
    // Every Boon metric has a place on it.
    const shown = new Set(
      dashboard.panels.flatMap((p) => p.targets.flatMap((t) => seriesIn(t.expr))),
    );
    const unshown = families.filter(
      ({ name }) =>
        name.startsWith('boon_') && ![name, `${name}_bucket`].some((series) => shown.has(series)),
    );
    expect(unshown.map((f) => f.name)).toEqual([]);
  });

  it('is importable: unique panel ids, a query in each, one Prometheus data source input', () => {
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      expect(panel.datasource.uid).toBe('${DS_PROMETHEUS}');
    }
    expect(dashboard.uid).toBe('boon-operations');
  });
});
