import { ROUTES } from '@parley/protocol';
import type { App } from '../app-type.ts';
import { requireAdmin } from '../auth.ts';

/** What the metrics route serves: the registry's text and its content type (app/metrics/). */
export interface MetricsSource {
  readonly contentType: string;
  render(): Promise<string>;
}

/**
 * `GET /metrics`: this node's metrics in the Prometheus text format (MET1), for the admin key only, given as the
 * admin header or as a bearer token (MET2, decision 0042). Not in the OpenAPI document: it is for operators.
 */
export function metricsRoutes(app: App, adminKey: string | undefined, source: MetricsSource): void {
  app.get(
    ROUTES.metrics,
    { schema: { hide: true }, preHandler: requireAdmin(adminKey, { bearer: true }) },
    async (_request, reply) => {
      const text = await source.render();
      return reply.header('cache-control', 'no-store').type(source.contentType).send(text);
    },
  );
}
