import { type Profile, type ProfilePatch, ROUTES } from '@parley/protocol';
import type { Emitter } from '../core/emitter.ts';
import { ChatError, type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import { EVENT } from '../constants/events.ts';

/** TIM's updateMyProfile options; fields Parley does not store yet are accepted and ignored with a warning. */
export type UpdateMyProfileOptions = ProfilePatch & {
  messageSettings?: number;
  adminForbidType?: string;
  level?: number;
  role?: number;
  profileCustomField?: { key: string; value: string }[];
};

const PATCHABLE = [
  'nick',
  'avatar',
  'gender',
  'selfSignature',
  'birthday',
  'allowType',
  'location',
  'language',
] as const;
/** The server accepts at most this many IDs per query (ProfileQuerySchema). */
const QUERY_BATCH = 100;

interface Deps {
  http: HttpClient;
  emitter: Emitter;
  logger: Logger;
}

/** Profiles (reference §6). Only the logged-in user's profile is cached; others are fetched on demand. */
export class ProfileModule {
  readonly #deps: Deps;
  #mine: Profile | null = null;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  /** Login already fetched the profile to verify the userSig; keep it so getMyProfile needs no round trip. */
  seed(profile: Profile): void {
    this.#mine = profile;
  }

  reset(): void {
    this.#mine = null;
  }

  /** The cached profile of the logged-in user (messages carry its nick and avatar from creation on). */
  peek(): Profile | null {
    return this.#mine;
  }

  /**
   * A profile pushed by the server: mine, changed in another tab or device. Returns false when this tab already
   * has it (its own updateMyProfile emitted PROFILE_UPDATED already), so the event is not repeated.
   */
  applyPushed(profile: Profile): boolean {
    if (this.#mine && profile.userID !== this.#mine.userID) return true;
    if (this.#mine && JSON.stringify(this.#mine) === JSON.stringify(profile)) return false;
    this.#mine = profile;
    return true;
  }

  async getMyProfile(): Promise<ChatResponse<Profile>> {
    this.#mine ??= await this.#deps.http.get<Profile>(ROUTES.myProfile);
    return ok(structuredClone(this.#mine));
  }

  getUserProfile(options: { userIDList: string[] }): Promise<ChatResponse<Profile[]>> {
    const list = options?.userIDList;
    assertParams(
      Array.isArray(list) && list.every((id) => typeof id === 'string'),
      'getUserProfile',
      'userIDList must be string[]',
    );
    return this.#query([...new Set(list)]);
  }

  updateMyProfile(options: UpdateMyProfileOptions): Promise<ChatResponse<Profile>> {
    assertParams(typeof options === 'object' && options !== null, 'updateMyProfile', 'options must be an object');
    const patch: Record<string, unknown> = {};
    for (const key of PATCHABLE) if (options[key] !== undefined) patch[key] = options[key];
    const ignored = Object.keys(options).filter((key) => !(PATCHABLE as readonly string[]).includes(key));
    if (ignored.length > 0) this.#deps.logger.warn('updateMyProfile: not supported yet, ignored:', ignored.join(', '));
    if (Object.keys(patch).length === 0) return Promise.reject(ChatError.from('UPDATE_PROFILE_NO_KEY'));
    return this.#update(patch as ProfilePatch);
  }

  async #query(userIDList: string[]): Promise<ChatResponse<Profile[]>> {
    const batches: string[][] = [];
    for (let i = 0; i < userIDList.length; i += QUERY_BATCH) batches.push(userIDList.slice(i, i + QUERY_BATCH));
    const results = await Promise.all(
      batches.map((batch) => this.#deps.http.post<{ profiles: Profile[] }>(ROUTES.profiles, { userIDList: batch })),
    );
    const profiles = results.flatMap((r) => r.profiles);
    const mine = this.#mine && profiles.find((p) => p.userID === this.#mine?.userID);
    if (mine) this.#mine = mine;
    return ok(profiles);
  }

  async #update(patch: ProfilePatch): Promise<ChatResponse<Profile>> {
    const profile = await this.#deps.http.patch<Profile>(ROUTES.myProfile, patch);
    // The server's push of this very change may have come first and emitted already: one event per change.
    const alreadyApplied = JSON.stringify(this.#mine) === JSON.stringify(profile);
    this.#mine = profile;
    if (!alreadyApplied) this.#deps.emitter.emit(EVENT.PROFILE_UPDATED, [structuredClone(profile)]);
    return ok(structuredClone(profile));
  }
}
