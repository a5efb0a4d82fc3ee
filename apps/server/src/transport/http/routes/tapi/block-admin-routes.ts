import { BlockSchema, PStrict, PText } from '@parley/protocol';
import { Type } from 'typebox';
import type { Domain } from '../../../../domain/context.ts';
import { saveBlock } from '../../../../domain/portal/content-actions.ts';
import type { App } from '../../app-type.ts';
import { requireAdmin } from '../../auth.ts';

export const PORTAL_BLOCK_ROUTE = '/admin/v1/portal/blocks/:id';

const BlockInputSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('block'), Type.Literal('page')]),
    title: PText({ maxLength: 200 }),
    image: PText({ maxLength: 200_000 }),
    content: PText({ maxLength: 200_000 }),
  },
  PStrict,
);

/** Admin API: write a content block or page (PRT14: HTML that could run code is refused, nothing stored). */
export function blockAdminRoutes(app: App, d: Domain, adminKey: string | undefined): void {
  app.put(
    PORTAL_BLOCK_ROUTE,
    {
      schema: {
        tags: ['admin', 'portal'],
        summary: 'Write a portal content block (30, 31, 32, 42 …) or content page (29, 36 …)',
        security: [{ adminKey: [] }],
        params: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) }),
        body: BlockInputSchema,
        response: { 200: BlockSchema },
      },
      preHandler: requireAdmin(adminKey),
    },
    async (request) => saveBlock(d, Number(request.params.id), request.body),
  );
}
