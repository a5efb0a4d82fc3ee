/**
 * Personal data (decision 0051): the user's data archive and the deletion of their account. Parley's own methods, not
 * in the reference SDK; declared for the registry (decision 0029).
 */
import { type AccountDeleted, PERSONAL_DATA_ROUTES, type ExportLink } from '@parley/protocol';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';

type Response<T> = Promise<ChatResponse<T>>;

export type { AccountDeleted, ExportLink };

const absolute = (host: SdkHost, path: string) => new URL(path, host.config.serverURL).toString();

export class PersonalDataModule {
  readonly #host: SdkHost;

  constructor(host: SdkHost) {
    this.#host = host;
  }

  /**
   * PDAT6: a link to the user's archive, valid for ten minutes. Open it as a plain link (or `<a download>`): the
   * browser streams the tar to disk. One link an hour (PDAT7: 60007 with a `Retry-After` otherwise).
   */
  async getMyDataExportLink(): Response<ExportLink> {
    const link = await this.#host.http.post<ExportLink>(PERSONAL_DATA_ROUTES.export, {});
    return ok({ url: absolute(this.#host, link.url), expiresAt: link.expiresAt });
  }

  /**
   * PDAT9: deletes the account for good, confirmed with the password. The server then closes every socket of the
   * user, so the SDK hears KICKED_OUT and logs out as it does for any kick.
   */
  async deleteMyAccount(options: { password: string }): Response<AccountDeleted> {
    const api = 'deleteMyAccount';
    assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
    assertParams(typeof options.password === 'string' && options.password !== '', api, 'password must be a string');
    return ok(await this.#host.http.post<AccountDeleted>(PERSONAL_DATA_ROUTES.delete, { password: options.password }));
  }
}

export const personalDataFeature = defineFeature({
  name: 'personalData',
  create: (host: SdkHost) => ({ host, module: new PersonalDataModule(host) }),
  methods: {
    getMyDataExportLink(): Response<ExportLink> {
      return this.host.guarded('getMyDataExportLink', () => this.module.getMyDataExportLink());
    },
    deleteMyAccount(options: { password: string }): Response<AccountDeleted> {
      return this.host.guarded('deleteMyAccount', () => this.module.deleteMyAccount(options));
    },
  },
});
