import { routeTable } from '../../../shared/api/routeTable';
import { routeUrl } from '../../../shared/api/route';
import { call, createTestApp } from '../../testing/harness';

describe('the route table drives the server', () => {
  it('registers every entry of the shared route table, and the OpenAPI document lists each one', async () => {
    const t = await createTestApp('sqlite');
    try {
      const entries = Object.entries(routeTable);
      expect(entries.length).toBeGreaterThan(0);
      const missing = entries.filter(([, def]) => !t.app.hasRoute({ method: def.method, url: routeUrl(def) }));
      expect(missing.map(([name]) => name)).toEqual([]);

      const doc = await call(t.app, { method: 'GET', url: '/api/v1/openapi.json' });
      expect(doc.statusCode).toBe(200);
      const operations = Object.values(doc.data.paths as Record<string, Record<string, { operationId?: string }>>)
        .flatMap((methods) => Object.values(methods).map((op) => op.operationId));
      for (const [name] of entries) expect(operations).toContain(name);
    } finally {
      await t.close();
    }
  });
});
