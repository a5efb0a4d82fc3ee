/** The profile feature: the own profile and others', declared for the registry (decision 0029). */
import type { Profile } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import type { ChatResponse } from '../core/errors.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import type { Sender } from '../message/factories.ts';
import { ProfileModule, type UpdateMyProfileOptions } from './profile-module.ts';

type Response<T> = Promise<ChatResponse<T>>;

export interface ProfilePart {
  readonly host: SdkHost;
  readonly profile: ProfileModule;
}

/**
 * Profiles (reference §6): my profile is cached per login (seeded by the userSig check), others' are read on demand;
 * a profile pushed to me (mine changed in another tab, a watched user's) is announced with PROFILE_UPDATED.
 */
export const profileFeature = defineFeature({
  name: 'profile',
  create: (host): ProfilePart => ({ host, profile: new ProfileModule(host) }),
  methods: {
    getMyProfile(): Response<Profile> {
      return this.host.guarded('getMyProfile', () => this.profile.getMyProfile());
    },
    getUserProfile(options: { userIDList: string[] }): Response<Profile[]> {
      return this.host.guarded('getUserProfile', () => this.profile.getUserProfile(options));
    },
    updateMyProfile(options: UpdateMyProfileOptions): Response<Profile> {
      return this.host.guarded('updateMyProfile', () => this.profile.updateMyProfile(options));
    },
  },
  push: {
    'profile.updated': (part, event) => {
      if (part.profile.applyPushed(event.profile)) part.host.emitter.emit(EVENT.PROFILE_UPDATED, [event.profile]);
    },
  },
  verified: (part, profile) => part.profile.seed(profile),
  reset: (part) => part.profile.reset(),
});

/** Who I am on the messages I create: my ID with the nick and avatar of my cached profile. */
export function senderOf(host: SdkHost): () => Sender {
  return () => {
    const mine = host.part(profileFeature).profile.peek();
    return { userID: host.me(), nick: mine?.nick ?? '', avatar: mine?.avatar ?? '' };
  };
}
