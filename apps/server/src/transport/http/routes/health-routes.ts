import { ERRORS, ROUTES } from '@parley/protocol';
import { Type } from 'typebox';
import type { Domain } from '../../../domain/context.ts';
import type { App } from '../app-type.ts';

const tags = ['health'];

/** Self-hosting has no purchased packages: every ability is on. Kept as data for later gating. */
export const FEATURES: Record<string, boolean> = {
  readReceipt: true,
  onlineStatus: true,
  messageReaction: true,
  translation: false,
  voiceToText: false,
  call: true,
};

/** What a client may know of the operator's choices (KLOC5): sent with the features, read by the SDK's getServerConfig. */
export interface ClientConfig {
  mapUrlTemplate: string;
  /** How long a sender may edit a text (EDIT3: the kit offers Edit only within it); 0 for no limit. */
  editWindowSeconds: number;
}

export function healthRoutes(app: App, d: Domain, client: ClientConfig): void {
  app.get(ROUTES.health, { schema: { tags, summary: 'The process is alive' } }, async () => ({ status: 'ok' }));
  app.get(
    ROUTES.ready,
    { schema: { tags, summary: 'Database reachable, migrations applied, bus up' } },
    async (_request, reply) => {
      const [db, bus] = await Promise.all([d.storage.ready(), d.bus.ping().catch(() => false)]);
      if (db && bus) return { status: 'ready' };
      return reply.code(503).send({
        code: ERRORS.UNAVAILABLE.code,
        message: `not ready: database ${db ? 'ok' : 'down'}, bus ${bus ? 'ok' : 'down'}`,
      });
    },
  );
  app.get(
    ROUTES.features,
    {
      schema: {
        tags,
        summary: 'Abilities this server offers (isCommercialAbilityEnabled)',
        response: {
          200: Type.Object({
            features: Type.Record(Type.String(), Type.Boolean()),
            config: Type.Object({ mapUrlTemplate: Type.String(), editWindowSeconds: Type.Integer({ minimum: 0 }) }),
          }),
        },
      },
    },
    async () => ({
      features: FEATURES,
      config: { mapUrlTemplate: client.mapUrlTemplate, editWindowSeconds: client.editWindowSeconds },
    }),
  );
}
